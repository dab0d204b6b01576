/// Where a video's shot changes: the frames that begin a new shot, counted at the video's frame rate.
/// Found by `captions shots` (CaptionTiming), read from the plain lists editors exchange, and used by
/// the shot-change rules of `captions check` and the studio's timeline.
public struct ShotChanges: Sendable, Hashable {
    /// The rate the frames are counted at (the video's).
    public var frameRate: FrameRate
    /// Sorted, distinct frame numbers, each the first frame of a new shot (frame 0 is never a change).
    public private(set) var frames: [Int]

    public init(frameRate: FrameRate, frames: [Int]) {
        self.frameRate = frameRate
        self.frames = Array(Set(frames.filter { $0 > 0 })).sorted()
    }

    /// The time each change is shown from, in milliseconds (its first frame's start).
    public var milliseconds: [Milliseconds] { frames.map { frameRate.milliseconds(frames: $0) } }

    public var isEmpty: Bool { frames.isEmpty }
}
