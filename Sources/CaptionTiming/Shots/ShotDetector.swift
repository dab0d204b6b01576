/// Finds hard cuts in frames fed one at a time (`add`), deciding each frame three frames later
/// (`finish` decides the last ones). A frame is the first of a new shot when:
///
/// 1. it jumps: its difference from the frame before (`ShotFrame.difference`) is at least `threshold`
///    and at least 3 times the clip's recent motion (the median difference over the last second of the
///    current shot: `MotionLevel`);
/// 2. it is no flash: none of the next 3 frames comes back to look like the frame before the jump (a
///    white frame, a photographer's flash, a one- or two-frame insert), and the frames it comes back in
///    are no cut either;
/// 3. the change happens at once: the jump is at least 0.45 of the change between 3 frames before it and
///    2 frames after it. A crossfade or a dissolve spreads its change over its frames, each a small part
///    of the whole, so it is not reported (nor is the end of one, where the last step alone might look
///    like a cut). A cut with one blended frame (telecined or field-blended video) is two half jumps: both
///    pass, and the larger is kept;
/// 4. it is no camera move: the frame before, moved by up to a sixth of the picture each way, does not
///    come to agree with it (`ShotFrame.movedDifference`). A whip pan out of a still shot jumps as much as
///    a cut, but a shifted copy of the frame before matches it again.
///
/// Only jumps (rare) are examined further, so the cost per frame is one difference of two small pictures
/// (the camera test, a few hundred shifted differences, runs for the rare jumps that pass 1-3).
public struct ShotDetector: Sendable {
    /// The difference a cut must reach, in `ShotFrame.difference`'s units (luma plus chroma mean absolute
    /// difference). Steady motion at 64x36 stays under ~20; cuts between unrelated shots reach 60-250.
    public static let defaultThreshold = 20.0
    /// How many times the recent motion a jump must be.
    static let motionRatio = 3.0
    /// How many frames make the recent motion: a second at 25 fps.
    static let motionWindow = 25
    /// A flash lasts at most this many frames before the picture returns.
    static let longestFlash = 3
    /// A frame nearer than this part of its jump to the frame before the jump has returned to it.
    static let returnRatio = 0.5
    /// The part of the surrounding change a cut's own jump must carry.
    static let concentration = 0.45
    /// How far the camera may move in a frame, as a part of the picture's width and height.
    static let cameraReach = 0.16
    /// A jump whose luma difference falls below this part of itself once the frame before is moved is
    /// the camera moving. Measured: whip pans 0.004-0.006, the test clip's cuts 0.73-1.0.
    static let cameraMatch = 0.35
    /// Cuts this close keep only the larger jump (a blended frame before a cut).
    static let closest = 2

    public let threshold: Double

    /// The recent frames, the last `lookBehind + longestFlash + 1`, with their differences.
    private var recent: [(frame: ShotFrame, difference: Double)] = []
    private static let lookBehind = 3
    /// The position (in frames fed) of `recent[0]`.
    private var firstPosition = 0
    private var fed = 0
    private var motion = MotionLevel(window: ShotDetector.motionWindow)
    /// Frames up to this position are inside a flash just found: their jumps are returns, not cuts.
    private var flashEnd = -1
    private var found: [(number: Int, position: Int, difference: Double)] = []

    public init(threshold: Double = ShotDetector.defaultThreshold) {
        self.threshold = threshold
    }

    /// The cuts decided so far: the first frame of each new shot.
    public var cuts: [Int] { found.map(\.number) }

    public mutating func add(_ frame: ShotFrame) {
        let difference = recent.last.map { frame.difference(from: $0.frame) } ?? 0
        if !recent.isEmpty { motion.add(difference, at: fed) }
        recent.append((frame, difference))
        fed += 1
        let decidable = fed - 1 - Self.longestFlash
        if decidable >= 1 { decide(decidable) }
        let keep = Self.lookBehind + Self.longestFlash + 1
        if recent.count > keep {
            recent.removeFirst(recent.count - keep)
            firstPosition = fed - keep
        }
    }

    /// Decides the frames still waiting for the frames after them; returns every cut.
    public mutating func finish() -> [Int] {
        for position in max(1, fed - Self.longestFlash)..<max(1, fed) { decide(position) }
        return cuts
    }

    private func entry(_ position: Int) -> (frame: ShotFrame, difference: Double) {
        recent[min(max(position, firstPosition), fed - 1) - firstPosition]
    }

    private mutating func decide(_ position: Int) {
        let (frame, jump) = entry(position)
        guard jump >= threshold, jump >= Self.motionRatio * motion.median(before: position), position > flashEnd else { return }
        let before = entry(position - 1).frame
        for k in 1...Self.longestFlash where position + k < fed {
            if entry(position + k).frame.difference(from: before) < Self.returnRatio * jump {
                flashEnd = position + k
                return
            }
        }
        let around = entry(position + 2).frame.difference(from: entry(position - Self.lookBehind).frame)
        guard jump >= Self.concentration * around else { return }
        let still = ShotFrame.meanAbsoluteDifference(frame.luma, before.luma)
        guard frame.movedDifference(from: before, reach: Self.cameraReach) >= Self.cameraMatch * still else { return }
        if let last = found.last, position - last.position <= Self.closest {
            guard jump > last.difference else { return }
            found.removeLast()
        }
        found.append((frame.number, position, jump))
        motion.startShot(at: position)
    }
}
