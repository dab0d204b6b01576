/// Building JSON text by hand: the writer controls key order and number formatting, and is fast.
struct JSONText {
    private(set) var text = ""

    mutating func raw(_ s: String) { text += s }

    mutating func string(_ s: String) {
        text += "\""
        var needsEscape = false
        for b in s.utf8 where b < 0x20 || b == 0x22 || b == 0x5C { needsEscape = true; break }
        if !needsEscape { text += s; text += "\""; return }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    mutating func number(_ v: Int) { text += String(v) }

    mutating func number(_ v: Double) {
        if v == v.rounded(), abs(v) < 1e15 { text += String(Int(v)) } else { text += String(v) }
    }

    /// `"key":` with the comma that separates it from a previous member.
    mutating func key(_ k: String, first: inout Bool) {
        if !first { text += "," }
        first = false
        string(k)
        text += ":"
    }
}

/// `s` as a JSON string literal, quoted and escaped as the toolkit's JSON writer escapes strings, for
/// other modules that write small JSON documents by hand.
public func jsonStringLiteral(_ s: String) -> String {
    var json = JSONText()
    json.string(s)
    return json.text
}
