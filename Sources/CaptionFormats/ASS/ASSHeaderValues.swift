import CaptionModel

/// Numbers and colours in Style rows and Dialogue fields, read as libass reads them (`atoi`, `strtod`,
/// `parse_color_header`): the longest leading number, 0 when there is none. A writer that writes the
/// value back therefore gives libass what it read from the input, whatever the input's spelling.
enum ASSHeaderValues {
    /// `atoi`: optional sign, decimal digits; 0 without any. Clamped to Int32 as libass's int fields are.
    static func int<S: StringProtocol>(_ text: S) -> Int {
        var value = 0, negative = false, started = false
        for (n, c) in text.utf8.enumerated() {
            if n == 0, c == 0x2D || c == 0x2B { negative = c == 0x2D; continue }
            guard c >= 0x30, c <= 0x39 else { break }
            started = true
            value = min(value * 10 + Int(c - 0x30), Int(Int32.max) + 1)
        }
        guard started else { return 0 }
        return negative ? -value : min(value, Int(Int32.max))
    }

    /// `int` of `bytes[range]`, for the fields of every Dialogue line.
    static func int(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var value = 0, negative = false, started = false
        var k = range.lowerBound
        if k < range.upperBound, bytes[k] == 0x2D || bytes[k] == 0x2B { negative = bytes[k] == 0x2D; k += 1 }
        while k < range.upperBound {
            let d = bytes[k] &- 0x30
            guard d < 10 else { break }
            started = true
            value = min(value * 10 + Int(d), Int(Int32.max) + 1)
            k += 1
        }
        guard started else { return 0 }
        return negative ? -value : min(value, Int(Int32.max))
    }

    /// `strtod` of the longest leading decimal number (`12.5abc` is 12.5); 0 without one, and for
    /// values that are not finite.
    static func double<S: StringProtocol>(_ text: S) -> Double {
        let bytes = Array(text.utf8)
        var end = 0
        if end < bytes.count, bytes[end] == 0x2D || bytes[end] == 0x2B { end += 1 }
        var digits = 0
        while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39 { end += 1; digits += 1 }
        if end < bytes.count, bytes[end] == 0x2E {
            var fraction = end + 1
            while fraction < bytes.count, bytes[fraction] >= 0x30, bytes[fraction] <= 0x39 { fraction += 1; digits += 1 }
            end = fraction
        }
        guard digits > 0 else { return 0 }
        if end < bytes.count, bytes[end] == 0x65 || bytes[end] == 0x45 {
            var exponent = end + 1
            if exponent < bytes.count, bytes[exponent] == 0x2D || bytes[exponent] == 0x2B { exponent += 1 }
            let first = exponent
            while exponent < bytes.count, bytes[exponent] >= 0x30, bytes[exponent] <= 0x39 { exponent += 1 }
            if exponent > first { end = exponent }
        }
        let value = Double(String(decoding: bytes[..<end], as: UTF8.self)) ?? 0
        return value.isFinite ? value : 0
    }

    /// A Style row's colour: `parseInteger`'s number as `AABBGGRR`, AA the transparency.
    static func color<S: StringProtocol>(_ text: S) -> RGBAColor {
        let value = integer(text)
        return RGBAColor(red: UInt8(value & 255), green: UInt8((value >> 8) & 255),
                         blue: UInt8((value >> 16) & 255), alpha: 255 - UInt8(value >> 24))
    }

    /// libass's `parse_int_header`: `&H` or `0x` then hexadecimal digits, else decimal (SSA writes
    /// colours as `65535` and `-2147483640`), modulo 2^32.
    static func integer<S: StringProtocol>(_ text: S) -> UInt32 {
        var bytes = Substring(text).utf8[...]
        var base: UInt32 = 10
        if bytes.count >= 2, let first = bytes.first, first == 0x26 || first == 0x30,
           let second = bytes.dropFirst().first, second | 0x20 == (first == 0x26 ? 0x68 : 0x78) {
            base = 16
            bytes = bytes.dropFirst(2)
        }
        var negative = false
        if let sign = bytes.first, sign == 0x2D || sign == 0x2B { negative = sign == 0x2D; bytes = bytes.dropFirst() }
        var value: UInt32 = 0
        for c in bytes {
            let digit: UInt32
            switch c {
            case 0x30...0x39: digit = UInt32(c - 0x30)
            case 0x61...0x66 where base == 16: digit = UInt32(c - 0x61 + 10)
            case 0x41...0x46 where base == 16: digit = UInt32(c - 0x41 + 10)
            default: digit = base
            }
            guard digit < base else { break }
            value = value &* base &+ digit
        }
        return negative ? 0 &- value : value
    }
}
