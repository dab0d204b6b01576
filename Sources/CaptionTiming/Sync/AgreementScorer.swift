/// How well captions placed at given times agree with a reference signal: the sum of the signal under
/// each caption. The signal is one value per 10 ms frame in -1 ... 1 (speech +1, silence -1, from
/// `SpeechActivity`, or another caption file's cues); frames are summed through a prefix array, so a
/// caption costs two lookups whatever its length, and fractional frame ends are interpolated, so
/// offsets finer than a frame still score differently.
struct AgreementScorer: Sendable {
    static let frameMilliseconds = Double(SpeechActivity.frameMilliseconds)
    private let prefix: [Double]
    private let values: [Float]

    init(signal: [Float]) {
        values = signal
        var prefix = [Double](repeating: 0, count: signal.count + 1)
        for (i, v) in signal.enumerated() { prefix[i + 1] = prefix[i] + Double(v) }
        self.prefix = prefix
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
        for c in intervals { total += cumulative(c.end * ratio + offset) - cumulative(c.start * ratio + offset) }
        return total
    }
}

/// A caption's time span as the sync search sees it, in milliseconds.
struct CaptionInterval: Sendable, Hashable {
    var start: Double
    var end: Double
}
