import CaptionModel

/// Building JSON by hand, as bytes into a `ByteSink`: the writer controls key order and number
/// formatting, and is fast.
struct JSONText {
    let sink: ByteSink
    /// The last string written by `stringKept`, escaped and quoted, for `repeatKept`.
    private let kept = ByteSink(capacity: 256)

    init(sink: ByteSink = ByteSink()) { self.sink = sink }

    /// A string written and kept, so the same literal can be written again without escaping it twice
    /// (a plain cue's text and source text are the same bytes).
    mutating func stringKept(_ s: StoredText) {
        kept.removeAll()
        s.withUTF8 { JSONText.write(bytes: $0, into: kept) }
        kept.withBytes { sink.append($0) }
    }

    mutating func repeatKept() { kept.withBytes { sink.append($0) } }

    var text: String { sink.string }

    mutating func raw(_ s: StaticString) { sink.append(s) }
    mutating func raw(string s: String) { sink.appendString(s) }

    mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { string(bytes: $0) }
    }

    mutating func string(_ s: StoredText) {
        s.withUTF8 { string(bytes: $0) }
    }

    /// A string literal: `"` and `\` escaped, control characters as `\n`, `\r`, `\t` or `\u00XX`;
    /// everything else (all of UTF-8 above 0x1F) as it is.
    mutating func string(bytes: UnsafeBufferPointer<UInt8>) { JSONText.write(bytes: bytes, into: sink) }

    private static func write(bytes: UnsafeBufferPointer<UInt8>, into sink: ByteSink) {
        sink.append(0x22)
        var start = 0
        while let i = ByteScan.firstJSONSpecial(bytes, from: start) {
            sink.append(UnsafeBufferPointer(rebasing: bytes[start..<i]))
            let b = bytes[i]
            switch b {
            case 0x22: sink.append("\\\"")
            case 0x5C: sink.append("\\\\")
            case 0x0A: sink.append("\\n")
            case 0x0D: sink.append("\\r")
            case 0x09: sink.append("\\t")
            default:
                let hex: StaticString = "0123456789abcdef"
                sink.append("\\u00")
                hex.withUTF8Buffer { digits in
                    sink.append(digits[Int(b >> 4)])
                    sink.append(digits[Int(b & 15)])
                }
            }
            start = i + 1
        }
        sink.append(UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        sink.append(0x22)
    }

    mutating func number(_ v: Int) { sink.appendDecimal(v) }

    mutating func number(_ v: Double) {
        if v == v.rounded(), abs(v) < 1e15 { sink.appendDecimal(Int(v)) } else { sink.appendString(String(v)) }
    }

    /// `"key":` with the comma that separates it from a previous member.
    mutating func key(_ k: StaticString, first: inout Bool) {
        if !first { sink.append(0x2C) }
        first = false
        sink.append(0x22)
        sink.append(k)
        sink.append("\":")
    }
}

/// `s` as a JSON string literal, quoted and escaped as the toolkit's JSON writer escapes strings, for
/// other modules that write small JSON documents by hand.
public func jsonStringLiteral(_ s: String) -> String {
    var json = JSONText()
    json.string(s)
    return json.text
}
