import CaptionModel

/// The text of one `<P>` as HTML shows it: runs of whitespace (line ends included) are one space,
/// spaces at the start and end of a line go, `<br>` breaks the line, `&nbsp;` counts as a space (a
/// block of only `&nbsp;` is empty: it clears the screen), character references are decoded, and
/// `<b> <i> <u> <s> <font color face>` become spans. Other tags are dropped; their text stays.
struct SAMIParagraph {
    /// The language class (`ENUSCC`), upper-cased; nil when the `<P>` has none.
    var languageClass: String?
    private(set) var plain: [UInt8] = []
    private(set) var spans: [TextSpan] = []
    private var open: [(tag: String, index: Int)] = []
    private var fontGroups: [Int] = []
    private var pendingSpace = false

    init(languageClass: String?) { self.languageClass = languageClass }

    var isEmpty: Bool { plain.isEmpty }

    mutating func appendText(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        var k = range.lowerBound
        while k < range.upperBound {
            let c = b[k]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D {
                space()
                k += 1
            } else if c == 0xC2, k + 1 < range.upperBound, b[k + 1] == 0xA0 { // U+00A0 written as such
                space()
                k += 2
            } else if c == 0x26 {
                if let (text, length) = CharacterReferences.decode(b, at: k, end: range.upperBound) {
                    if text == "\u{00A0}" { space() } else { characters(Array(text.utf8)) }
                    k += length
                } else if b.hasPrefix("&nbsp", in: k..<range.upperBound) || b.hasPrefix("&NBSP", in: k..<range.upperBound) {
                    space() // `&nbsp` without its semicolon, common in SAMI files
                    k += 5
                } else {
                    characters([c])
                    k += 1
                }
            } else {
                characters([c])
                k += 1
            }
        }
    }

    mutating func lineBreak() {
        pendingSpace = false
        plain.append(0x0A)
    }

    /// A formatting tag opening or closing (any other tag changes nothing).
    mutating func formatting(_ tag: SAMITokenizer.Tag) {
        let key: String, kind: TextSpan.Kind
        switch tag.name {
        case "B", "STRONG": (key, kind) = ("B", .bold)
        case "I", "EM": (key, kind) = ("I", .italic)
        case "U": (key, kind) = ("U", .underline)
        case "S", "STRIKE": (key, kind) = ("S", .strikethrough)
        case "FONT":
            if tag.isEnd {
                for _ in 0..<(fontGroups.popLast() ?? 0) { close("FONT") }
                return
            }
            // Colour and face are separate spans, both closed by the same </font>.
            var opened = 0
            if let value = tag.attributes["color"], let color = RGBAColor(parsing: value) { openSpan("FONT", .color(color)); opened += 1 }
            if let face = tag.attributes["face"], !face.isEmpty { openSpan("FONT", .fontFace(face)); opened += 1 }
            fontGroups.append(opened)
            return
        default:
            return
        }
        if tag.isEnd { close(key) } else { openSpan(key, kind) }
    }

    /// The finished text and spans: line breaks and spaces at both ends trimmed.
    func finished() -> (plain: [UInt8], spans: [TextSpan]) {
        var text = plain
        while let last = text.last, last == 0x0A || last == 0x20 { text.removeLast() }
        var lead = 0
        while lead < text.count, text[lead] == 0x0A || text[lead] == 0x20 { lead += 1 }
        text.removeFirst(lead)
        // A line's trailing space before a `<br>`.
        var cleaned: [UInt8] = []
        var shift: [Int] = [] // bytes removed before each offset
        cleaned.reserveCapacity(text.count)
        var removed = 0
        for (k, c) in text.enumerated() {
            shift.append(removed)
            if c == 0x20, k + 1 < text.count, text[k + 1] == 0x0A { removed += 1; continue }
            cleaned.append(c)
        }
        shift.append(removed)
        let spans = spans.compactMap { span -> TextSpan? in
            func map(_ offset: Int) -> Int {
                let o = min(max(offset - lead, 0), text.count)
                return o - shift[o]
            }
            let end = span.end < 0 ? plain.count : span.end
            var mapped = span
            mapped.start = map(span.start)
            mapped.end = map(end)
            return mapped.end > mapped.start ? mapped : nil
        }
        return (cleaned, spans)
    }

    private mutating func space() {
        if let last = plain.last, last != 0x0A { pendingSpace = true }
    }

    private mutating func characters(_ bytes: [UInt8]) {
        if pendingSpace { plain.append(0x20); pendingSpace = false }
        plain.append(contentsOf: bytes)
    }

    private mutating func openSpan(_ tag: String, _ kind: TextSpan.Kind) {
        open.append((tag, spans.count))
        // A pending space belongs before the span, not in it.
        spans.append(TextSpan(start: plain.count + (pendingSpace ? 1 : 0), end: -1, kind: kind))
    }

    private mutating func close(_ tag: String) {
        guard let k = open.lastIndex(where: { $0.tag == tag }) else { return }
        spans[open[k].index].end = plain.count
        open.remove(at: k)
    }
}
