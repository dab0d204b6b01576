import CaptionModel

/// One line of a plain shot-change list, in the forms the editors exchange:
/// - seconds, `12.480` (Subtitle Edit's `.shotchanges`; it writes a whole second as `12`) or `12.48s`;
/// - milliseconds, `12480ms`;
/// - a frame number, `312` (EZTitles' frame lists; Subtitle Edit's import reads frames too);
/// - a time code `HH:MM:SS:FF`, or `HH:MM:SS;FF` drop-frame at 29.97 (EZTitles);
/// - a clock time `H:MM:SS.mmm`, `MM:SS.mmm` (what Subtitle Edit's ffmpeg import lists).
enum ShotChangeLine: Equatable {
    /// A time in milliseconds (seconds with a decimal point, `ms`, a clock time).
    case time(Int)
    /// Frames counted from a time code (exact at the list's rate).
    case frame(Int)
    /// A bare whole number: a frame number, or whole seconds in a list of seconds (see `ShotChangeList`).
    case whole(Int)

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// `ms` as seconds with three decimals: `12.480`.
    static func seconds(_ ms: Int) -> String {
        let f = ms % 1000
        return "\(ms / 1000)." + (f < 10 ? "00" : f < 100 ? "0" : "") + "\(f)"
    }

    /// The line's value, or nil when it is none of the forms. `rate` counts time codes' frames.
    /// A drop-frame time code at another rate than 29.97 is a reason, thrown as a message.
    static func parse(_ line: ArraySlice<UInt8>, rate: FrameRate) throws(Problem) -> ShotChangeLine? {
        var s = line
        if s.count > 2, s.suffix(2).elementsEqual("ms".utf8) {
            return digits(s.dropLast(2)).map { .time($0) }
        }
        var secondsUnit = false
        if s.last == UInt8(ascii: "s") { s = s.dropLast(); secondsUnit = true }
        let separators = s.filter { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") }
        if separators.isEmpty {
            if let dot = s.firstIndex(of: UInt8(ascii: ".")) {
                guard let whole = digits(s[..<dot]), let fraction = fraction(s[(dot + 1)...]) else { return nil }
                return .time(whole * 1000 + fraction)
            }
            guard let n = digits(s) else { return nil }
            return secondsUnit ? .time(n * 1000) : .whole(n)
        }
        guard !secondsUnit else { return nil }
        // A time code: three separators, the last ':' or ';', two-digit fields.
        if separators.count == 3, let last = s.lastIndex(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") }),
           !s[last...].contains(UInt8(ascii: ".")) {
            let parts = s.split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") }
            let numbers = parts.compactMap { digits($0) }
            guard numbers.count == 4, parts.dropFirst().allSatisfy({ $0.count == 2 }) else { return nil }
            let nominal = Int((rate.framesPerSecond - 1e-9).rounded(.up))
            let (h, m, sec, ff) = (numbers[0], numbers[1], numbers[2], numbers[3])
            guard m < 60, sec < 60, ff < nominal else {
                throw Problem("a time code's minutes and seconds are below 60 and its frames below \(nominal) at \(rate) fps")
            }
            let label = ((h * 60 + m) * 60 + sec) * nominal + ff
            guard s[last] == UInt8(ascii: ";") else { return .frame(label) }
            guard rate == FrameRate(numerator: 30000, denominator: 1001) else {
                throw Problem("a drop-frame time code (';' before the frames) needs 29.97 fps, not \(rate)")
            }
            return .frame(DropFrame.frame(label: label, totalMinutes: h * 60 + m))
        }
        // A clock time: [H:]MM:SS with an optional decimal fraction.
        guard !s.contains(UInt8(ascii: ";")), separators.count <= 2 else { return nil }
        var clock = s, fractionMs = 0
        if let dot = s.lastIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }) {
            guard let f = fraction(s[(dot + 1)...]) else { return nil }
            clock = s[..<dot]
            fractionMs = f
        }
        let fields = clock.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        let numbers = fields.compactMap { digits($0) }
        guard numbers.count == fields.count, fields.dropFirst().allSatisfy({ $0.count == 2 }),
              numbers.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        let secondsTotal = numbers.reduce(0) { $0 * 60 + $1 }
        // Nine digits of hours would overflow the frame arithmetic: the same bound as every form's.
        guard secondsTotal < 999_999_999 else { throw Problem("more than 999,999,999 s is out of range") }
        return .time(secondsTotal * 1000 + fractionMs)
    }

    struct Problem: Error { var message: String; init(_ m: String) { message = m } }

    /// 1 to 9 ASCII digits.
    private static func digits(_ s: ArraySlice<UInt8>) -> Int? {
        guard (1...9).contains(s.count) else { return nil }
        var n = 0
        for b in s {
            guard b >= 0x30, b <= 0x39 else { return nil }
            n = n * 10 + Int(b - 0x30)
        }
        return n
    }

    /// The digits after a decimal point as milliseconds, under the model's rounding rule.
    private static func fraction(_ s: ArraySlice<UInt8>) -> Int? {
        guard let n = digits(s) else { return nil }
        return CaptionTime.milliseconds(fraction: n, digits: s.count)
    }
}
