import CaptionTestSupport
import CaptionTiming
import Foundation
import CaptionExpectations
import Testing

/// The detector on synthetic 64x36 shots (moving sinusoid patterns with noise, one look per shot):
/// cuts at their exact frames; flashes, inserts, crossfades and busy motion not reported.
@Suite struct ShotDetectorTests {
    static let width = 64, height = 36

    /// One shot's look: three moving waves of its own frequencies, phases, speeds and colours.
    struct Look {
        var waves: [(fx: Double, fy: Double, phase: Double, speed: Double, amplitude: Double)]
        var base: Double, u: Double, v: Double
        var noise: Int

        init(_ random: inout SplitMix64, speed: Double = 1, noise: Int = 6) {
            waves = (0..<3).map { _ in
                (random.unit() * 0.4 + 0.05, random.unit() * 0.4 + 0.05, random.unit() * 6.3, (random.unit() - 0.5) * 0.4 * speed,
                 random.unit() * 40 + 20)
            }
            base = random.unit() * 120 + 60
            u = random.unit() * 160 + 48
            v = random.unit() * 160 + 48
            self.noise = noise
        }

        func picture(at t: Int, _ random: inout SplitMix64) -> (luma: [UInt8], u: [UInt8], v: [UInt8]) {
            func clamp(_ x: Double) -> UInt8 { UInt8(max(0, min(255, x.rounded()))) }
            var luma = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    var value = base
                    for w in waves { value += w.amplitude * sin(w.fx * Double(x) + w.fy * Double(y) + w.phase + w.speed * Double(t)) }
                    luma[y * width + x] = clamp(value + Double(random.int(-noise...noise)))
                }
            }
            let chroma = width * height / 4
            let shift = sin(Double(t) * 0.05) * 6
            return (luma, [UInt8](repeating: clamp(u + shift), count: chroma), [UInt8](repeating: clamp(v - shift), count: chroma))
        }
    }

    static func frame(_ number: Int, _ p: (luma: [UInt8], u: [UInt8], v: [UInt8])) -> ShotFrame {
        ShotFrame(number: number, width: width, luma: p.luma, u: p.u, v: p.v)
    }

    static func blend(_ a: (luma: [UInt8], u: [UInt8], v: [UInt8]), _ b: (luma: [UInt8], u: [UInt8], v: [UInt8]), _ w: Double) -> (luma: [UInt8], u: [UInt8], v: [UInt8]) {
        func mix(_ x: [UInt8], _ y: [UInt8]) -> [UInt8] { zip(x, y).map { UInt8((Double($0) * (1 - w) + Double($1) * w).rounded()) } }
        return (mix(a.luma, b.luma), mix(a.u, b.u), mix(a.v, b.v))
    }

    static let white = ([UInt8](repeating: 235, count: width * height), [UInt8](repeating: 128, count: width * height / 4),
                        [UInt8](repeating: 128, count: width * height / 4))

    static func detect(_ frames: [ShotFrame], threshold: Double = ShotDetector.defaultThreshold) -> [Int] {
        var detector = ShotDetector(threshold: threshold)
        for f in frames { detector.add(f) }
        return detector.finish()
    }

    /// Shots of random lengths (12-60 frames) joined by hard cuts: each cut found at its first frame.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func cutsAreFoundAtTheirExactFrames(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var frames: [ShotFrame] = [], cuts: [Int] = []
        for shot in 0..<8 {
            let look = Look(&random)
            if shot > 0 { cuts.append(frames.count) }
            for t in 0..<random.int(12...60) { frames.append(Self.frame(frames.count, look.picture(at: t, &random))) }
        }
        expectEqual(Self.detect(frames), cuts)
    }

    /// One- and two-frame white flashes, and a one-frame insert of another shot, inside shots: no cut
    /// there (nor where the picture comes back), and the real cut after them still found.
    @Test func flashesAndInsertsAreNotCuts() {
        var random = SplitMix64(seed: 11)
        let a = Look(&random), b = Look(&random), other = Look(&random)
        var frames: [ShotFrame] = []
        for t in 0..<80 {
            let p: (luma: [UInt8], u: [UInt8], v: [UInt8])
            switch t {
            case 20, 40, 41: p = Self.white
            case 60: p = other.picture(at: t, &random)
            default: p = a.picture(at: t, &random)
            }
            frames.append(Self.frame(t, p))
        }
        for t in 0..<30 { frames.append(Self.frame(80 + t, b.picture(at: t, &random))) }
        expectEqual(Self.detect(frames), [80])
    }

    /// A flash right at the end of the video (no frame after it to come back to) is reported as what it
    /// looks like: a change.
    @Test func aChangeInTheLastFramesIsDecidedAtTheEnd() {
        var random = SplitMix64(seed: 12)
        let a = Look(&random), b = Look(&random)
        let frames = (0..<40).map { t in Self.frame(t, t < 38 ? a.picture(at: t, &random) : b.picture(at: t, &random)) }
        expectEqual(Self.detect(frames), [38])
        expectEqual(Self.detect(Array(frames.prefix(39))), [38])
        expectEqual(Self.detect(Array(frames.prefix(3))), [])
    }

    /// Crossfades of 4 to 25 frames between a dark and a bright shot are not cuts, nor are their ends,
    /// though the short ones' steps are above the threshold; a cut with one blended frame is one change,
    /// at the blend or the frame after it.
    @Test(arguments: [1, 4, 6, 25])
    func crossfades(length: Int) {
        var random = SplitMix64(seed: UInt64(100 + length))
        var a = Look(&random), b = Look(&random)
        (a.base, a.u, a.v, b.base, b.u, b.v) = (50, 70, 180, 200, 190, 60)
        var frames: [ShotFrame] = []
        for t in 0..<40 { frames.append(Self.frame(t, a.picture(at: t, &random))) }
        for k in 1...length {
            let t = 40 + k - 1
            frames.append(Self.frame(t, Self.blend(a.picture(at: t, &random), b.picture(at: t, &random), Double(k) / Double(length + 1))))
        }
        for t in (40 + length)..<(80 + length) { frames.append(Self.frame(t, b.picture(at: t, &random))) }
        let found = Self.detect(frames)
        let steps = (40...(40 + length)).map { frames[$0].difference(from: frames[$0 - 1]) }
        if length <= 6 { expectTrue(steps.min()! > ShotDetector.defaultThreshold, "steps \(steps)") }
        if length == 1 {
            expectTrue(found.count == 1 && [40, 41].contains(found[0]), "found \(found)")
        } else {
            expectEqual(found, [], "a \(length)-frame crossfade")
        }
    }

    /// A shot whose every frame differs from the last by more than the threshold (fast, noisy motion)
    /// has no cuts in it; the cuts into it and out of it are found.
    @Test func busyMotionRaisesTheBar() {
        var random = SplitMix64(seed: 21)
        let calm = Look(&random, speed: 0.5), busy = Look(&random, speed: 25, noise: 40), after = Look(&random)
        var frames: [ShotFrame] = []
        for t in 0..<50 { frames.append(Self.frame(t, calm.picture(at: t, &random))) }
        for t in 50..<150 { frames.append(Self.frame(t, busy.picture(at: t, &random))) }
        for t in 150..<200 { frames.append(Self.frame(t, after.picture(at: t, &random))) }
        var differences: [Double] = []
        for i in 51..<150 { differences.append(frames[i].difference(from: frames[i - 1])) }
        expectTrue(differences.sorted()[differences.count / 2] > ShotDetector.defaultThreshold, "the busy shot's median difference")
        expectEqual(Self.detect(frames), [50, 150])
    }

    /// The threshold is the bar: a cut between two dim, similar shots is found by default and not with a
    /// threshold above its jump.
    @Test func theThresholdDecides() {
        var random = SplitMix64(seed: 31)
        var a = Look(&random, speed: 0.3, noise: 2), b = a
        b.base += 30
        b.waves[0].phase += 1
        let frames = (0..<60).map { t in Self.frame(t, (t < 30 ? a : b).picture(at: t, &random)) }
        let jump = frames[30].difference(from: frames[29])
        expectTrue(jump > ShotDetector.defaultThreshold)
        expectEqual(Self.detect(frames), [30])
        expectEqual(Self.detect(frames, threshold: jump + 1), [])
    }

    /// Cuts are reported at the numbers the frames carry (timestamps), not at their count.
    @Test func cutsCarryTheFramesNumbers() {
        var random = SplitMix64(seed: 41)
        let a = Look(&random), b = Look(&random)
        // Every third frame missing, as in a variable-rate stream; the video starts at frame 100.
        let numbers = (0..<90).filter { $0 % 3 != 1 }.map { $0 + 100 }
        let frames = numbers.map { n in Self.frame(n, (n < 160 ? a : b).picture(at: n, &random)) }
        expectEqual(Self.detect(frames), [160])
    }
}

/// Camera moves: a still shot that breaks into a whip pan (a tenth of the picture a frame, each step a
/// jump far above the still shot's motion) is no cut; a cut out of the pan is.
@Suite struct ShotDetectorCameraTests {
    @Test func aWhipPanOutOfAStillShotIsNoCut() {
        var random = SplitMix64(seed: 51)
        // A textured landscape three pictures wide; the camera holds, then pans 6 of 64 pixels a frame.
        let (w, h, wide) = (ShotDetectorTests.width, ShotDetectorTests.height, ShotDetectorTests.width * 3)
        let look = ShotDetectorTests.Look(&random, speed: 0, noise: 0)
        let scene = (0..<(wide * h)).map { i -> UInt8 in
            let (x, y) = (Double(i % wide), Double(i / wide))
            var value = look.base
            for wave in look.waves { value += wave.amplitude * sin(wave.fx * 2.5 * x + wave.fy * 2.5 * y + wave.phase) }
            return UInt8(max(0, min(255, value.rounded())))
        }
        let chroma = [UInt8](repeating: 128, count: w * h / 4)
        var offsets = Array(repeating: 0, count: 30)
        for step in 1...20 { offsets.append(step * 6) }
        offsets += Array(repeating: 120, count: 20)
        var frames = offsets.enumerated().map { n, x in
            ShotFrame(number: n, width: w, luma: (0..<(w * h)).map { scene[($0 / w) * wide + x + $0 % w] }, u: chroma, v: chroma)
        }
        let other = ShotDetectorTests.Look(&random).picture(at: 0, &random)
        frames += (70..<100).map { ShotFrame(number: $0, width: w, luma: other.luma, u: other.u, v: other.v) }
        let firstStep = frames[30].difference(from: frames[29])
        expectTrue(firstStep > 2 * ShotDetector.defaultThreshold, "the pan's first step jumps \(firstStep)")
        expectEqual(ShotDetectorTests.detect(frames), [70])
    }
}
