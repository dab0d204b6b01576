/// Byte-level helpers every WebVTT stage shares. The reader never converts the input to a String:
/// it works on the UTF-8 bytes and makes Strings only of what the document keeps.
enum WebVTTBytes {
    /// ASCII whitespace as the spec means it: tab, LF, form feed, CR, space (not vertical tab).
    @inline(__always)
    static func isWhitespace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D
    }

    @inline(__always)
    static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }

    static func equals(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ literal: StaticString) -> Bool {
        range.count == literal.utf8CodeUnitCount && b.hasPrefix(literal, in: range)
    }

    /// The first index of `byte` in the range, or nil.
    static func firstIndex(of byte: UInt8, in b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        for i in range where b[i] == byte { return i }
        return nil
    }

    /// The range without leading and trailing ASCII whitespace.
    static func trimmed(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, isWhitespace(b[lower]) { lower += 1 }
        while upper > lower, isWhitespace(b[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// The bytes as a String after the spec's preprocessing: NUL becomes U+FFFD, and CRLF or a lone CR
    /// becomes LF (so a multi-line range reads with `\n` line breaks). Most ranges need neither, and
    /// then this is a single copy.
    static func string(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var clean = true
        for i in range where b[i] == 0x00 || b[i] == 0x0D { clean = false; break }
        if clean { return b.string(range) }
        var bytes: [UInt8] = []
        appendNormalized(b, range, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the range to `out` with the preprocessing of `string(_:_:)`.
    static func appendNormalized(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + range.count + 8)
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            let c = b[i]
            switch c {
            case 0x00:
                out.append(0xEF); out.append(0xBF); out.append(0xBD)
            case 0x0D:
                out.append(0x0A)
                if i + 1 < end, b[i + 1] == 0x0A { i += 1 }
            default:
                out.append(c)
            }
            i += 1
        }
    }
}

/// The `name:value` settings of a cue timing line or a REGION block, as the spec splits them: tokens
/// separated by ASCII whitespace; a token without a colon, or whose first colon is its first or last
/// character, is skipped.
struct WebVTTSettingTokens {
    let b: UnsafeBufferPointer<UInt8>
    private var i: Int
    private let end: Int

    init(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        self.b = b; i = range.lowerBound; end = range.upperBound
    }

    mutating func next() -> (name: Range<Int>, value: Range<Int>)? {
        while true {
            while i < end, WebVTTBytes.isWhitespace(b[i]) { i += 1 }
            guard i < end else { return nil }
            let start = i
            var colon = -1
            while i < end, !WebVTTBytes.isWhitespace(b[i]) {
                if colon < 0, b[i] == 0x3A { colon = i }
                i += 1
            }
            if colon > start, colon < i - 1 { return (start..<colon, (colon + 1)..<i) }
        }
    }
}

/// Numbers in settings, by the spec's rules.
enum WebVTTNumber {
    /// "Parse a percentage string": digits, optionally `.` and digits, then `%`; 0 to 100 inclusive.
    static func percentage(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        guard range.count >= 2, b[range.upperBound - 1] == 0x25 else { return nil }
        let number = range.lowerBound..<(range.upperBound - 1)
        var i = number.lowerBound
        while i < number.upperBound, WebVTTBytes.isDigit(b[i]) { i += 1 }
        guard i > number.lowerBound else { return nil }
        if i < number.upperBound {
            guard b[i] == 0x2E else { return nil }
            i += 1
            let fraction = i
            while i < number.upperBound, WebVTTBytes.isDigit(b[i]) { i += 1 }
            guard i > fraction, i == number.upperBound else { return nil }
        }
        guard let value = decimal(b, number), value <= 100 else { return nil }
        return value
    }

    /// A `line` setting's number: an optional leading `-`, digits, at most one `.` with a digit on
    /// each side (the spec's checks before "the rules for parsing floating-point number values").
    static func lineNumber(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        var dots = 0
        var sawDigit = false
        for i in range {
            let c = b[i]
            if WebVTTBytes.isDigit(c) { sawDigit = true; continue }
            if c == 0x2D, i == range.lowerBound { continue }
            guard c == 0x2E else { return nil }
            dots += 1
            guard dots == 1, i > range.lowerBound, i + 1 < range.upperBound,
                  WebVTTBytes.isDigit(b[i - 1]), WebVTTBytes.isDigit(b[i + 1]) else { return nil }
        }
        guard sawDigit else { return nil }
        return decimal(b, range)
    }

    /// The value of an already validated decimal: exact integer arithmetic for short integers, the
    /// standard library's correctly rounded conversion otherwise.
    private static func decimal(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        var negative = false
        var i = range.lowerBound
        if i < range.upperBound, b[i] == 0x2D { negative = true; i += 1 }
        if range.upperBound - i <= 15 {
            var value = 0
            var integer = true
            for k in i..<range.upperBound {
                let d = b[k] &- 0x30
                guard d < 10 else { integer = false; break }
                value = value * 10 + Int(d)
            }
            if integer { return negative ? -Double(value) : Double(value) }
        }
        guard let value = Double(b.string(range)), value.isFinite else { return nil }
        return value
    }

    /// A number as settings write it: plain decimal digits (never an exponent), shortest form that
    /// reads back to the same Double.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        let text = String(value)
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
        // Shift the decimal point of "d.ddde±x" by hand.
        var mantissa = String(text[..<e])
        let exponent = Int(text[text.index(after: e)...]) ?? 0
        var sign = ""
        if mantissa.hasPrefix("-") { sign = "-"; mantissa.removeFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let integerDigits = String(parts[0])
        let fractionDigits = parts.count > 1 ? String(parts[1]) : ""
        var digits = integerDigits + fractionDigits
        var point = integerDigits.count + exponent
        if point <= 0 {
            digits = String(repeating: "0", count: -point + 1) + digits
            point = 1
        } else if point > digits.count {
            digits += String(repeating: "0", count: point - digits.count)
        }
        var integerPart = String(digits.prefix(point))
        var fractionPart = String(digits.dropFirst(point))
        while fractionPart.hasSuffix("0") { fractionPart.removeLast() }
        if integerPart.isEmpty { integerPart = "0" }
        return sign + integerPart + (fractionPart.isEmpty ? "" : "." + fractionPart)
    }
}
