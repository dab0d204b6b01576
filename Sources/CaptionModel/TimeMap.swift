/// How times move under `captions retime`: a shift, a sync through fixed points, or a frame-rate change.
/// Every map is exact on integer milliseconds up to one rounding to the nearest millisecond, so a
/// sync point maps exactly onto its target and a map never drifts over a long file.
public enum TimeMap: Sendable, Hashable {
    /// Every time moves by this many milliseconds (negative: earlier).
    case shift(Milliseconds)
    /// Piecewise-linear through the points (input time, output time), sorted by input time. One point
    /// is a shift; beyond the first and last points the nearest segment's line continues.
    case sync([SyncPoint])
    /// Frame-rate conversion: what is shown at frame n at `from` is shown at frame n at `to`, so
    /// times scale by from / to. Frame times are the anchors: a time that is a frame's time at `from`
    /// (rounded to the millisecond, as frame-timed subtitles are) becomes exactly that frame's time at
    /// `to`, and a time between two frames keeps its place between them, scaled to the new frame
    /// length. Frame-timed files therefore go there and back exactly; any other time comes back within
    /// a millisecond (a faster rate has fewer milliseconds per frame than the slower one has times).
    case frameRate(from: FrameRate, to: FrameRate)
    /// Pieces of the input timeline, each scaled and shifted on its own (`captions sync --splits`: a cut
    /// or an ad break moves everything after it). Sorted by `from`; the first applies from `.min`.
    case segments([Segment])

    /// Input times from `from` (to the next segment's) become `scale.apply(t) + offset`.
    public struct Segment: Sendable, Hashable {
        public var from: Milliseconds
        public var scale: RationalScale
        public var offset: Milliseconds
        public init(from: Milliseconds, scale: RationalScale, offset: Milliseconds) {
            self.from = from; self.scale = scale; self.offset = offset
        }
    }

    public struct SyncPoint: Sendable, Hashable {
        public var input: Milliseconds
        public var output: Milliseconds
        public init(_ input: Milliseconds, _ output: Milliseconds) { self.input = input; self.output = output }
    }

    /// The output time of input time `t` (may be negative; the retimer clips).
    public func apply(_ t: Milliseconds) -> Milliseconds {
        switch self {
        case .shift(let offset):
            return t + offset
        case .sync(let points):
            guard points.count > 1 else { return t + (points[0].output - points[0].input) }
            // The segment whose input range holds t; the first and last segments extend outwards.
            var k = 0
            while k + 2 < points.count, t >= points[k + 1].input { k += 1 }
            let a = points[k], b = points[k + 1]
            let scale = RationalScale(numerator: b.output - a.output, denominator: b.input - a.input)
            return a.output + scale.apply(t - a.input)
        case .frameRate(let from, let to):
            let n = from.frame(containing: t)
            let a = from.milliseconds(frames: n), b = from.milliseconds(frames: n + 1)
            let c = to.milliseconds(frames: n), d = to.milliseconds(frames: n + 1)
            // Inside frame n: the offset scaled from one frame length to the other, kept inside the frame.
            let offset = RationalScale(numerator: d - c, denominator: b - a).apply(t - a)
            return c + min(offset, d - c - 1)
        case .segments(let segments):
            let segment = segments.last { $0.from <= t } ?? segments[0]
            return segment.scale.apply(t) + segment.offset
        }
    }
}
