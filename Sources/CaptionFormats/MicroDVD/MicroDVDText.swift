import CaptionModel

/// A MicroDVD cue's text: `|` separates lines, and control codes `{letter:value}` style it. A code in
/// lower case applies from where it stands to the end of its line, in upper case to the end of the
/// cue (codes stand at a line's start in practice, so: the line, or the whole cue).
///
/// Mapped to spans: `{y:i}` italic, `{y:b}` bold, `{y:u}` underline, `{y:s}` strikeout (several at
/// once as `{y:b,i}`), `{c:$BBGGRR}` colour (blue first), `{f:name}` font. Not mapped, and reported by
/// the reader once per kind: `{s:}` size, `{p:}` position, `{h:}` character set, anything else.
/// Braces that are not a code (`{laughs}`) stay text.
struct MicroDVDText {
    var plain: String
    var spans: [TextSpan]
    /// Codes that had no effect: what kind they are (for the message) and how they were written.
    var unsupported: [(kind: String, code: String)] = []

    static func parse(_ text: Substring) -> MicroDVDText {
        var result = MicroDVDText(plain: "", spans: [])
        var cueSpans: [Int] = [] // indices of spans that run to the end of the cue
        for (n, line) in text.split(separator: "|", omittingEmptySubsequences: false).enumerated() {
            if n > 0 { result.plain += "\n" }
            var lineSpans: [Int] = []
            var rest = line
            while let open = rest.firstIndex(of: "{") {
                result.plain += rest[..<open]
                let after = rest[rest.index(after: open)...]
                guard let close = after.firstIndex(of: "}"), let code = Code(after[..<close]) else {
                    result.plain += "{"
                    rest = after
                    continue
                }
                let kinds = result.apply(code)
                for kind in kinds {
                    let index = result.spans.count
                    result.spans.append(TextSpan(start: result.plain.utf8.count, end: -1, kind: kind))
                    if code.wholeCue { cueSpans.append(index) } else { lineSpans.append(index) }
                }
                rest = after[after.index(after: close)...]
            }
            result.plain += rest
            for index in lineSpans { result.spans[index].end = result.plain.utf8.count }
        }
        for index in cueSpans { result.spans[index].end = result.plain.utf8.count }
        result.spans.removeAll { $0.end <= $0.start }
        return result
    }

    /// `{y:i}`: the letter (its case says the scope) and the value.
    struct Code {
        var letter: Character
        var value: String
        var wholeCue: Bool { letter.isUppercase }
        var written: String { "{\(letter):\(value)}" }

        init?(_ inside: Substring) {
            guard let colon = inside.firstIndex(of: ":"), inside.distance(from: inside.startIndex, to: colon) == 1,
                  let letter = inside.first, letter.isASCII, letter.isLetter else { return nil }
            self.letter = letter
            value = String(inside[inside.index(after: colon)...])
        }
    }

    /// The span kinds a code opens; a code that maps to nothing is noted as unsupported.
    private mutating func apply(_ code: Code) -> [TextSpan.Kind] {
        let value = code.value.trimmingWhitespace
        switch code.letter.lowercased() {
        case "y":
            var kinds: [TextSpan.Kind] = []
            for style in value.lowercased().split(separator: ",").map({ $0.trimmingSpaces }) {
                switch style {
                case "i": kinds.append(.italic)
                case "b": kinds.append(.bold)
                case "u": kinds.append(.underline)
                case "s": kinds.append(.strikethrough)
                default: unsupported.append(("font style '\(style)'", code.written))
                }
            }
            return kinds
        case "c":
            // `$BBGGRR`: MicroDVD writes colours blue first.
            let hex = value.hasPrefix("$") ? value.dropFirst() : Substring(value)
            guard hex.count == 6, let v = UInt32(hex, radix: 16) else {
                unsupported.append(("colour other than $BBGGRR", code.written))
                return []
            }
            return [.color(RGBAColor(red: UInt8(v & 255), green: UInt8((v >> 8) & 255), blue: UInt8(v >> 16)))]
        case "f":
            return value.isEmpty ? [] : [.fontFace(value)]
        case "s": unsupported.append(("font size", code.written))
        case "p": unsupported.append(("position", code.written))
        case "h": unsupported.append(("character set", code.written))
        default: unsupported.append(("'\(code.letter)'", code.written))
        }
        return []
    }
}
