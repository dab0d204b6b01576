/// A frame rate as an exact fraction of frames per second. The NTSC rates are 24000/1001,
/// 30000/1001 and 60000/1001 exactly: "23.976" taken at its face value drifts by 7 ms over two hours
/// ("23.98" by 1.2 s), and frame times would not land on the frames a round trip comes back to.
public struct FrameRate: Sendable, Hashable, CustomStringConvertible {
    public let numerator: Int
    public let denominator: Int

    /// 23.976 fps, what most frame-timed files without a stated rate were made for (DVD rips of films).
    public static let ntscFilm = FrameRate(numerator: 24000, denominator: 1001)!

    public init?(numerator: Int, denominator: Int) {
        // At most 1000 frames a second: every frame then lasts at least a millisecond.
        guard numerator > 0, denominator > 0, numerator <= 1_000_000, denominator <= 1_000_000,
              numerator <= 1000 * denominator else { return nil }
        let g = FrameRate.gcd(numerator, denominator)
        self.numerator = numerator / g
        self.denominator = denominator / g
    }

    /// `25`, `29.97`, `23.976`, `24000/1001`. The decimal spellings of the NTSC rates (23.976, 23.98,
    /// 29.97, 47.952, 59.94, 119.88) are read as the exact x1000/1001 rates; other decimals as written.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: " \t")
        if let slash = trimmed.firstIndex(of: "/") {
            guard let n = Int(trimmed[..<slash]), let d = Int(trimmed[trimmed.index(after: slash)...]) else { return nil }
            self.init(numerator: n, denominator: d)
            return
        }
        guard let value = Double(trimmed), value.isFinite, value > 0, value <= 1000 else { return nil }
        for base in [24, 30, 48, 60, 120] {
            let ntsc = Double(base) * 1000 / 1001
            if abs(value - ntsc) < 0.006 { self.init(numerator: base * 1000, denominator: 1001); return }
        }
        // As written: up to three decimals (25, 12.5, 23.5).
        let thousandths = (value * 1000).rounded()
        guard abs(thousandths - value * 1000) < 1e-6 else { return nil }
        self.init(numerator: Int(thousandths), denominator: 1000)
    }

    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// The duration of `frames` frames in milliseconds, rounded to the nearest.
    public func milliseconds(frames: Int) -> Int {
        RationalScale(numerator: frames * 1000 * denominator, denominator: numerator).apply(1)
    }

    /// The frame nearest to time `t` (ms).
    public func frame(at t: Int) -> Int {
        RationalScale(numerator: numerator, denominator: denominator * 1000).apply(t)
    }

    /// The frame on screen at time `t`: the last whose (rounded) time is at or before `t`.
    public func frame(containing t: Int) -> Int {
        var n = frame(at: t)
        while milliseconds(frames: n) > t { n -= 1 }
        while milliseconds(frames: n + 1) <= t { n += 1 }
        return n
    }

    /// `25`, `23.976` (24000/1001), `12.5`: up to three decimals, trailing zeros dropped.
    public var description: String {
        let thousandths = RationalScale(numerator: 1000 * numerator, denominator: denominator).apply(1)
        var fraction = String(thousandths % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return "\(thousandths / 1000)" + (fraction.isEmpty ? "" : "." + fraction)
    }

    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? abs(a) : gcd(b, a % b) }
}

/// Multiplication of integer milliseconds by an exact fraction, rounded to the nearest millisecond
/// (halves away from zero, the model's one rounding rule).
public struct RationalScale: Sendable, Hashable {
    public let numerator: Int
    public let denominator: Int

    /// `denominator` must be positive.
    public init(numerator: Int, denominator: Int) { self.numerator = numerator; self.denominator = denominator }

    public func apply(_ value: Int) -> Int {
        let (product, overflow) = value.multipliedReportingOverflow(by: numerator)
        guard !overflow else { return Int((Double(value) * Double(numerator) / Double(denominator)).rounded(.toNearestOrAwayFromZero)) }
        return RationalScale.divideRounded(product, denominator)
    }

    /// a / b rounded to the nearest integer, halves away from zero (b > 0).
    public static func divideRounded(_ a: Int, _ b: Int) -> Int {
        let q = a / b, r = a % b
        if 2 * abs(r) >= b { return a < 0 ? q - 1 : q + 1 }
        return q
    }
}
