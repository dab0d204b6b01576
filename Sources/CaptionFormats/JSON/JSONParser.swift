/// A JSON parser over UTF-8 bytes that reports where it stopped (line and column), accepts what
/// Python's json module writes (`NaN`, `Infinity`, `-Infinity`), and limits nesting so hostile input
/// cannot exhaust the stack.
public struct JSONParser {
    public struct SyntaxError: Error, Sendable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var message: String
        public var description: String { "line \(line), column \(column): \(message)" }
    }

    public static let maxDepth = 512

    private let b: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var depth = 0
    private var scratch: [UInt8] = []

    private init(_ b: UnsafeBufferPointer<UInt8>) { self.b = b }

    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.i == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    public static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { (b) throws(SyntaxError) -> JSONValue in try parse(b) }
    }

    private mutating func value() throws(SyntaxError) -> JSONValue {
        guard i < b.count else { throw error("the JSON ends where a value should be (truncated file?)") }
        switch b[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "N"): try literal("NaN"); return .number(.nan)
        case UInt8(ascii: "I"): try literal("Infinity"); return .number(.infinity)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character '\(printable(b[i]))' where a value should be")
        }
    }

    private mutating func object() throws(SyntaxError) -> JSONValue {
        try enter()
        i += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return .object(JSONObject(members)) }
        while true {
            skipWhitespace()
            guard i < b.count, b[i] == UInt8(ascii: "\"") else { throw error(i < b.count ? "expected a member name in quotes" : "the JSON ends inside an object (truncated file?)") }
            let key = try string()
            skipWhitespace()
            guard i < b.count, b[i] == UInt8(ascii: ":") else { throw error("expected ':' after the member name \"\(key)\"") }
            i += 1
            skipWhitespace()
            members.append((key, try value()))
            skipWhitespace()
            guard i < b.count else { throw error("the JSON ends inside an object (truncated file?)") }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            if b[i] == UInt8(ascii: "}") { i += 1; break }
            throw error("expected ',' or '}' in an object")
        }
        depth -= 1
        return .object(JSONObject(members))
    }

    private mutating func array() throws(SyntaxError) -> JSONValue {
        try enter()
        i += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try value())
            skipWhitespace()
            guard i < b.count else { throw error("the JSON ends inside an array (truncated file?)") }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            if b[i] == UInt8(ascii: "]") { i += 1; break }
            throw error("expected ',' or ']' in an array")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        guard depth <= Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
    }

    private mutating func string() throws(SyntaxError) -> String {
        i += 1 // opening quote
        let start = i
        // Fast path: no escapes.
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
                i += 1
                return s
            }
            if c == UInt8(ascii: "\\") || c < 0x20 { break }
            i += 1
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: b[start..<i]))
        while i < b.count {
            let c = b[i]
            switch c {
            case UInt8(ascii: "\""):
                i += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                i += 1
                guard i < b.count else { break }
                let e = b[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(e)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"): appendScalar(try unicodeEscape())
                default: i -= 1; throw error("unknown escape '\\\(printable(e))' in a string")
                }
            case 0..<0x20:
                throw error("a control character (0x\(String(c, radix: 16))) inside a string; it must be escaped")
            default:
                scratch.append(c)
                i += 1
            }
        }
        throw error("the JSON ends inside a string (truncated file?)")
    }

    /// `\uXXXX`, joining surrogate pairs; a lone surrogate becomes U+FFFD.
    private mutating func unicodeEscape() throws(SyntaxError) -> UInt32 {
        let high = try hex4()
        guard (0xD800...0xDBFF).contains(high) else { return (0xDC00...0xDFFF).contains(high) ? 0xFFFD : high }
        guard i + 1 < b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else { return 0xFFFD }
        let save = i
        i += 2
        let low = try hex4()
        guard (0xDC00...0xDFFF).contains(low) else { i = save; return 0xFFFD }
        return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        guard i + 4 <= b.count else { throw error("the JSON ends inside a \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = b[i]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw error("'\(printable(c))' in a \\u escape is not a hex digit")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    private mutating func appendScalar(_ value: UInt32) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        scratch.append(contentsOf: String(Character(scalar)).utf8)
    }

    private mutating func number() throws(SyntaxError) -> Double {
        let start = i
        if b[i] == UInt8(ascii: "-") {
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "I") { try literal("Infinity"); return -.infinity }
        }
        let digitsStart = i
        while i < b.count, (0x30...0x39).contains(b[i]) { i += 1 }
        guard i > digitsStart else { throw error("a '-' without digits") }
        var isInteger = true
        if i < b.count, b[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            let fractionStart = i
            while i < b.count, (0x30...0x39).contains(b[i]) { i += 1 }
            guard i > fractionStart else { throw error("a '.' without digits after it") }
        }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            isInteger = false
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            let exponentStart = i
            while i < b.count, (0x30...0x39).contains(b[i]) { i += 1 }
            guard i > exponentStart else { throw error("an exponent without digits") }
        }
        // Short integers (the common case: milliseconds) without going through text.
        if isInteger, i - digitsStart <= 15 {
            var v = 0
            for k in digitsStart..<i { v = v * 10 + Int(b[k] - 0x30) }
            return Double(b[start] == UInt8(ascii: "-") ? -v : v)
        }
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)) else {
            throw error("'\(String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self))' is not a number")
        }
        return value
    }

    private mutating func literal(_ word: StaticString) throws(SyntaxError) {
        let n = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { w in i + n <= b.count && (0..<n).allSatisfy { b[i + $0] == w[$0] } }
        guard matches else { throw error("unexpected '\(printable(b[i]))' (expected \(word))") }
        i += n
    }

    private mutating func skipWhitespace() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    private func printable(_ c: UInt8) -> String {
        c >= 0x20 && c < 0x7F ? String(UnicodeScalar(c)) : "0x" + String(c, radix: 16)
    }

    /// An error at the current position, with its line and column (1-based).
    private func error(_ message: String) -> SyntaxError {
        var line = 1, lineStart = 0
        for k in 0..<min(i, b.count) where b[k] == 0x0A { line += 1; lineStart = k + 1 }
        return SyntaxError(line: line, column: i - lineStart + 1, message: message)
    }
}
