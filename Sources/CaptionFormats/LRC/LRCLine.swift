import CaptionModel

/// One line of an LRC file, classified: an ID tag (`[ar:Artist]`), a lyric line (one or more time
/// tags, then its text with optional word times), or something the reader skips with a message.
enum LRCLine: Equatable {
    case blank
    case idTag(key: String, value: String)
    case lyric(times: [Milliseconds], body: LRCBody)
    /// Not usable; the message names what was wrong and ends with what happened to the line.
    case skipped(String)

    static func parse(_ line: String) -> LRCLine {
        let trimmed = line.trimmingWhitespace
        guard !trimmed.isEmpty else { return .blank }
        guard trimmed.hasPrefix("[") else {
            return .skipped("'\(shown(trimmed))' has no time tag; line skipped")
        }
        var rest = Substring(trimmed)
        var times: [Milliseconds] = []
        // The leading tags: time tags repeat the line at each time; the first tag that is not a time
        // ends them (it is the text's, as in `[00:12.00][Chorus] la la`).
        while rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else {
                if times.isEmpty { return .skipped("'\(shown(rest))' is not closed with ']'; line skipped") }
                break
            }
            let inside = rest[rest.index(after: rest.startIndex)..<close]
            if let time = LRCTime.parse(inside) {
                times.append(time)
                rest = rest[rest.index(after: close)...]
                continue
            }
            // Something that starts like a time but is not one: the whole line is suspect.
            if inside.trimmingSpaces.first?.isASCIIDigit == true {
                return .skipped("'[\(inside)]' is not an LRC time tag; line skipped")
            }
            if times.isEmpty { return idTag(rest) }
            break
        }
        return .lyric(times: times, body: LRCBody.parse(rest))
    }

    /// `[key:value]`: the key a word (letters, digits, `#`, `_`), the value up to the line's last `]`
    /// (titles may hold brackets: `[ti:Song [Live]]`).
    private static func idTag(_ text: Substring) -> LRCLine {
        guard let colon = text.firstIndex(of: ":"), let close = text.lastIndex(of: "]"), colon < close else {
            return .skipped("'\(shown(text))' is not an LRC tag ([mm:ss.xx] or [key:value]); line skipped")
        }
        let key = text[text.index(after: text.startIndex)..<colon].trimmingSpaces
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isASCIIDigit || $0 == "#" || $0 == "_" }) else {
            return .skipped("'\(shown(text))' is not an LRC tag ([mm:ss.xx] or [key:value]); line skipped")
        }
        let value = String(text[text.index(after: colon)..<close]).trimmingWhitespace
        return .idTag(key: String(key), value: value)
    }

    static func shown<S: StringProtocol>(_ text: S) -> String {
        text.count > 60 ? String(text.prefix(60)) + "…" : String(text)
    }
}

/// A lyric line's text after its time tags, cut at its word time tags (`<00:01.50>`, enhanced LRC).
/// Each piece is the text from one word tag to the next; the text before the first tag (usually
/// empty) has no time of its own. A tag followed by nothing (or only spaces) times the end of the
/// word before it: at the end of the line it is the closing tag of the A2 format.
struct LRCBody: Equatable {
    struct Piece: Equatable {
        var start: Milliseconds?
        var text: String
    }
    var pieces: [Piece]
    /// The text as written, word tags included, spaces at both ends trimmed (the event's source text).
    var raw: String
    /// Problems inside the text (a broken word tag), each ending with what was done.
    var problems: [String] = []

    var hasWordTimes: Bool { pieces.contains { $0.start != nil } }

    /// The line's text: the pieces joined, spaces at both ends trimmed. Where spaces meet at a word tag
    /// (the A2 spelling `word 1 <00:12.52> word 2`) one is kept.
    var text: String {
        var text = ""
        for piece in pieces {
            if let last = text.last, last.isWhitespace {
                text += piece.text.drop { $0.isWhitespace }
            } else {
                text += piece.text
            }
        }
        return text.trimmingWhitespace
    }

    static func parse(_ text: Substring) -> LRCBody {
        var body = LRCBody(pieces: [Piece(start: nil, text: "")], raw: String(text).trimmingWhitespace)
        var rest = text
        var previous = -1
        while let open = rest.firstIndex(of: "<") {
            body.pieces[body.pieces.count - 1].text += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: ">") else {
                rest = rest[open...]
                break
            }
            let inside = after[..<close]
            if var time = LRCTime.parse(inside) {
                if time < previous {
                    body.problems.append("'<\(inside)>' is earlier than the word time before it; moved up to it")
                    time = previous
                }
                previous = time
                body.pieces.append(Piece(start: time, text: ""))
            } else {
                // `<3` in a love song is text; `<00:0x.00>` was meant as a word time.
                if inside.trimmingSpaces.first?.isASCIIDigit == true, inside.contains(":") {
                    body.problems.append("'<\(inside)>' is not an LRC word time; kept as text")
                }
                body.pieces[body.pieces.count - 1].text += "<" + inside + ">"
            }
            rest = after[after.index(after: close)...]
        }
        body.pieces[body.pieces.count - 1].text += rest
        if body.pieces.count > 1, body.pieces[0].text.isEmpty { body.pieces.removeFirst() }
        return body
    }
}
