import CaptionModel

/// A frame rate as an exact fraction, and frames to milliseconds without floating point: frame `n`
/// starts at n * 1000 * denominator / numerator ms, rounded to the nearest (halves away from zero).
/// 23.976 (and 23.98) mean 24000/1001: two hours in (frame 172,627), 23.976 taken literally is 8 ms
/// off and 23.98 taken literally 1.2 s.
///
/// The same rule as `CaptionEdit.FrameRate(parsing:)`, which `CaptionFormats` cannot import; the
/// command line parses `--fps` with that one and passes its fraction in `ReadOptions`.
struct MicroDVDFrameRate: Equatable, CustomStringConvertible {
    let numerator: Int
    let denominator: Int

    /// 23.976 fps, what most MicroDVD files without a frame-rate line were made for (DVD rips of films).
    static let fallback = MicroDVDFrameRate(numerator: 24000, denominator: 1001)!

    init?(numerator: Int, denominator: Int) {
        // At most 1000 frames a second, so every frame lasts at least a millisecond.
        guard numerator > 0, denominator > 0, numerator <= 1_000_000, denominator <= 1_000_000,
              numerator <= 1000 * denominator else { return nil }
        var a = numerator, b = denominator
        while b != 0 { (a, b) = (b, a % b) }
        self.numerator = numerator / a
        self.denominator = denominator / a
    }

    /// `25`, `23.976`, `29.97`: the NTSC decimals (23.976, 23.98, 29.97, 47.952, 59.94, 119.88) are the
    /// exact x*1000/1001 rates; other decimals count as written (up to three decimals).
    init?(decimal text: String) {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCIIDigit || $0 == "." }),
              let value = Double(trimmed), value > 0, value <= 1000 else { return nil }
        for base in [24, 30, 48, 60, 120] where abs(value - Double(base) * 1000 / 1001) < 0.006 {
            self.init(numerator: base * 1000, denominator: 1001)
            return
        }
        let thousandths = (value * 1000).rounded()
        guard abs(thousandths - value * 1000) < 1e-6 else { return nil }
        self.init(numerator: Int(thousandths), denominator: 1000)
    }

    func milliseconds(frame: Int) -> Milliseconds {
        let a = frame * 1000 * denominator, b = numerator
        let q = a / b, r = a % b
        return 2 * abs(r) >= b ? (a < 0 ? q - 1 : q + 1) : q
    }

    var description: String {
        if denominator == 1 { return String(numerator) }
        return String(format3: Double(numerator) / Double(denominator)).trimmingTrailingZeros
    }
}

extension String {
    /// `23.976` from `23.976`, `25` from `25.000`.
    var trimmingTrailingZeros: String {
        guard contains(".") else { return self }
        var s = Substring(self)
        while s.last == "0" { s = s.dropLast() }
        if s.last == "." { s = s.dropLast() }
        return String(s)
    }
}
