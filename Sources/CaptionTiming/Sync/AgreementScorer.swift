/// How well captions placed at given times agree with a reference signal. The signal is one value per
/// 10 ms frame in -1 ... 1 (speech +1, silence -1, from `SpeechActivity`, or another caption file's
/// cues); frames are summed through a prefix array, so a caption costs a few lookups whatever its
/// length, and fractional frame ends are interpolated, so offsets finer than a frame still score
/// differently.
struct AgreementScorer: Sendable {
    /// What a caption is expected to line up with.
    enum Scoring: Sendable {
        /// The whole caption on the reference, start to end: for a caption file as the reference,
        /// whose ends are as deliberate as its starts; and for finding split points, where a caption's
        /// whole span says which side of a break it belongs to.
        case spans
        /// Its start on a speech onset: speech under its first second (all of it when shorter) and
        /// none in the half second before. Caption ends are loose (a reading-time minimum, a line held
        /// until the next), so scoring the whole caption made every placement whose speech fills the
        /// caption's first part score alike, and the middle of that plateau landed captions early.
        case starts
    }

    static let frameMilliseconds = Double(SpeechActivity.frameMilliseconds)
    /// The part of a caption that must be speech, and the stretch before it that must not be (ms).
    static let startBody = 1_000.0
    static let beforeStart = 500.0

    var scoring: Scoring
    private let prefix: [Double]
    private let values: [Float]

    init(signal: [Float], scoring: Scoring = .spans) {
        self.scoring = scoring
        values = signal
        var prefix = [Double](repeating: 0, count: signal.count + 1)
        for (i, v) in signal.enumerated() { prefix[i + 1] = prefix[i] + Double(v) }
        self.prefix = prefix
    }

    /// The same signal scored another way (the prefix array is shared, not copied).
    func scored(_ other: Scoring) -> AgreementScorer {
        var copy = self
        copy.scoring = other
        return copy
    }

    var frameCount: Int { values.count }

    /// The signal summed from time 0 to `milliseconds` (outside the signal: nothing more).
    @inline(__always)
    func cumulative(_ milliseconds: Double) -> Double {
        let x = milliseconds / Self.frameMilliseconds
        if x <= 0 { return 0 }
        if x >= Double(values.count) { return prefix[values.count] }
        let i = Int(x)
        return prefix[i] + (x - Double(i)) * Double(values[i])
    }

    /// The agreement of `intervals` (input ms) moved by `t * ratio + offset`, in frames.
    func score(_ intervals: [CaptionInterval], ratio: Double, offset: Double) -> Double {
        var total = 0.0
        for c in intervals { total += score(c, ratio: ratio, offset: offset) }
        return total
    }

    /// One caption's agreement, in frames.
    @inline(__always)
    func score(_ c: CaptionInterval, ratio: Double, offset: Double) -> Double {
        let start = c.start * ratio + offset, end = c.end * ratio + offset
        switch scoring {
        case .spans:
            return cumulative(end) - cumulative(start)
        case .starts:
            let atStart = cumulative(start)
            return cumulative(min(end, start + Self.startBody)) - 2 * atStart + cumulative(start - Self.beforeStart)
        }
    }
}

/// A caption's time span as the sync search sees it, in milliseconds.
struct CaptionInterval: Sendable, Hashable {
    var start: Double
    var end: Double
}
