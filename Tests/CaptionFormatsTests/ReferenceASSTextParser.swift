import CaptionModel
@testable import CaptionFormats

// The ASS Text-field parser as it was before it scanned bytes (String per tag, tag names tried with
// `hasPrefix` on Characters): kept, unchanged but for its name, as the reference that
// ASSParserDifferentialTests holds the byte parser to.

/// Parses the Text field of a Dialogue line. Override blocks `{...}` are removed from the plain text
/// and the common tags understood; unknown tags are ignored.
enum ReferenceASSTextParser {
    /// Tag names, longest first where one is a prefix of another (`\blur` before `\b`).
    static let tagNames: [String] = [
        "alpha", "iclip", "xbord", "ybord", "xshad", "yshad", "blur", "bord", "clip", "fade", "fscx", "fscy", "shad", "move",
        "org", "pos", "fad", "fax", "fay", "frx", "fry", "frz", "fsp", "pbo",
        "1c", "2c", "3c", "4c", "1a", "2a", "3a", "4a", "an", "be", "fe", "fn", "fr", "fs", "kf", "ko", "kt",
        "b", "i", "u", "s", "c", "a", "k", "K", "p", "q", "r", "t",
    ]

    static func parse(_ text: String, eventStart: Milliseconds) -> ASSParsedText {
        var result = ASSParsedText()
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var open: [String: (start: Int, seq: Int, kind: TextSpan.Kind)] = [:]
        var closed: [(span: TextSpan, seq: Int)] = []
        var seq = 0
        var drawing = false
        var karaoke: [(offset: Int, startCS: Int, durationCS: Int)] = []
        var karaokeCS = 0

        func close(_ key: String) {
            guard let o = open.removeValue(forKey: key) else { return }
            if out.count > o.start { closed.append((TextSpan(start: o.start, end: out.count, kind: o.kind), o.seq)) }
        }
        func openSpan(_ key: String, _ kind: TextSpan.Kind) {
            if let existing = open[key] {
                if existing.kind == kind { return }
                close(key)
            }
            open[key] = (out.count, seq, kind)
            seq += 1
        }
        func flag(_ key: String, _ kind: TextSpan.Kind, _ on: Bool) { if on { openSpan(key, kind) } else { close(key) } }

        func tag(_ raw: Substring) {
            guard let name = tagNames.first(where: { raw.hasPrefix($0) }) else { return }
            let arg = raw.dropFirst(name.count).assTrimming(" \t")
            switch name {
            case "b":
                let v = Int(arg) ?? 0
                flag("b", .bold, v == 1 || v >= 600)
            case "i": flag("i", .italic, (Int(arg) ?? 0) != 0)
            case "u": flag("u", .underline, (Int(arg) ?? 0) != 0)
            case "s": flag("s", .strikethrough, (Int(arg) ?? 0) != 0)
            case "c", "1c":
                if let color = ASSColor.parse(arg) {
                    openSpan("c", .color(RGBAColor(red: color.red, green: color.green, blue: color.blue)))
                } else {
                    close("c")
                }
            case "fn": if arg.isEmpty { close("fn") } else { openSpan("fn", .fontFace(arg)) }
            case "an": if result.anchor == nil, let v = Int(arg), (1...9).contains(v) { result.anchor = v }
            case "a": if result.anchor == nil, let v = Int(arg), let n = numpadAlignment(legacy: v) { result.anchor = n }
            case "pos":
                let inner = arg.assTrimming("() \t")
                let parts = inner.split(separator: ",").map { Double($0.assTrimming(" \t")) }
                if result.point == nil, parts.count == 2, let x = parts[0], let y = parts[1] { result.point = .init(x: x, y: y) }
            case "p":
                drawing = (Int(arg) ?? 0) > 0
                if drawing { result.hadDrawing = true }
            case "k", "K", "kf", "ko":
                // Clamped before it becomes an Int: `\k1e300`, `\kinf` or `\knan` would trap, and a
                // day of centiseconds is longer than any karaoke syllable.
                let value = Double(arg) ?? 0
                let cs = value.isNaN ? 0 : Int(min(max(value.rounded(), 0), 8_640_000))
                karaoke.append((out.count, karaokeCS, cs))
                karaokeCS += cs
            case "r":
                for key in Array(open.keys) { close(key) }
            default:
                break // \alpha, \fad, \t, \move, \fs, ...: understood as not text
            }
        }

        func block(_ body: ArraySlice<UInt8>) {
            var i = body.startIndex
            while i < body.endIndex {
                guard body[i] == 0x5C else { i += 1; continue } // text in a block without a tag is a comment
                var j = i + 1, depth = 0
                while j < body.endIndex {
                    let b = body[j]
                    if b == 0x28 { depth += 1 } else if b == 0x29 { depth = max(0, depth - 1) } else if b == 0x5C && depth == 0 { break }
                    j += 1
                }
                tag(Substring(String(decoding: body[(i + 1)..<j], as: UTF8.self)))
                i = j
            }
        }

        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0x7B, let end = bytes[(i + 1)...].firstIndex(of: 0x7D) { // {...}
                block(bytes[(i + 1)..<end])
                i = end + 1
                continue
            }
            if b == 0x5C, i + 1 < n {
                let c = bytes[i + 1]
                switch c {
                case 0x4E, 0x6E: if !drawing { out.append(0x0A) }; i += 2; continue       // \N \n
                case 0x68: if !drawing { out += [0xC2, 0xA0] }; i += 2; continue            // \h
                case 0x7B, 0x7D: if !drawing { out.append(c) }; i += 2; continue            // \{ \}
                default: break
                }
            }
            if !drawing { out.append(b) }
            i += 1
        }
        for key in Array(open.keys) { close(key) }
        result.spans = closed.sorted { ($0.span.start, $0.seq) < ($1.span.start, $1.seq) }.map(\.span)
        for (k, mark) in karaoke.enumerated() {
            let end = k + 1 < karaoke.count ? karaoke[k + 1].offset : out.count
            let word = trimmed(String(decoding: out[mark.offset..<end], as: UTF8.self))
            guard !word.isEmpty else { continue }
            let start = eventStart + mark.startCS * 10
            result.words.append(Word(text: word, start: start, end: start + mark.durationCS * 10))
        }
        result.plain = String(decoding: out, as: UTF8.self)
        return result
    }

    static func trimmed(_ s: String) -> String {
        var slice = Substring(s)
        while let c = slice.first, c.isWhitespace { slice = slice.dropFirst() }
        while let c = slice.last, c.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
