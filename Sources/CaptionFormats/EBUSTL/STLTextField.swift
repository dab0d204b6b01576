import CaptionModel

/// Reads a subtitle's text field (its blocks' fields joined) into text and styling spans.
///
/// The field mixes characters with teletext control codes: 0x00-0x07 set the text colour, 0x80/0x81
/// italics on/off, 0x82/0x83 underline on/off, 0x8A is a line break (two in a row are one, as double
/// height writes them), 0x8F fill ends the text. The other codes (boxing 0x0A/0x0B, double height
/// 0x0C/0x0D, backgrounds 0x1C/0x1D/0x84/0x85) change nothing the model keeps, and the rest are unused.
///
/// Spaces follow ttconv's rule, the reference this reader is measured against: a control code takes a
/// character cell on screen, so it reads as a space between two printable characters, and a space
/// counts only between two printable characters. That drops the padding teletext files carry (spaces
/// around box codes, runs of spaces for centring) and, like ttconv, also a doubled space. One
/// difference: where several control codes stand together between two words (italics off and a
/// colour on at once), they read as one space; ttconv reads them as none, joining the words.
enum STLTextField {
    struct Style: Equatable {
        var italic = false
        var underline = false
        /// nil for the default, white.
        var color: RGBAColor?
    }

    /// The teletext alpha colours, codes 0x00-0x07.
    static let colors: [RGBAColor] = [
        RGBAColor(red: 0, green: 0, blue: 0), RGBAColor(red: 255, green: 0, blue: 0), RGBAColor(red: 0, green: 255, blue: 0),
        RGBAColor(red: 255, green: 255, blue: 0), RGBAColor(red: 0, green: 0, blue: 255), RGBAColor(red: 255, green: 0, blue: 255),
        RGBAColor(red: 0, green: 255, blue: 255), RGBAColor(red: 255, green: 255, blue: 255),
    ]
    static let newline: UInt8 = 0x8A

    static func isCharacter(_ c: UInt8) -> Bool { (0x20...0x7F).contains(c) || c >= 0xA0 }
    static func isPrintable(_ c: UInt8) -> Bool { isCharacter(c) && c != 0x20 }
    static func isControl(_ c: UInt8) -> Bool {
        c <= 0x07 || (0x0A...0x0D).contains(c) || c == 0x1C || c == 0x1D || (0x80...0x85).contains(c)
    }

    /// The text of `field` in `table`. `teletext` (DSC 1 or 2): colour and styles end with each row,
    /// as a teletext decoder resets them at the start of a row.
    static func decode(_ field: [UInt8], table: STLCharacterTable, teletext: Bool) -> CaptionText {
        var lines: [[(Style, [UInt8])]] = [[]]
        var style = Style(), run: [UInt8] = []
        func flush() {
            if !run.isEmpty { lines[lines.count - 1].append((style, run)); run = [] }
        }
        var i = 0
        while i < field.count, field[i] != STLTextBlock.unusedSpace {
            let c = field[i]
            if isPrintable(c) {
                run.append(c)
                i += 1
            } else if c == newline {
                i += 1
                // Two in a row are one break (double height); one before the fill or the end is none.
                guard i < field.count, field[i] != newline, field[i] != STLTextBlock.unusedSpace else { continue }
                flush()
                lines.append([])
                if teletext { style = Style() }
            } else {
                // A gap: spaces, control codes and unused bytes up to the next character or break.
                let after = isPrintable(i > 0 ? field[i - 1] : 0), before = style
                var codes = 0, spaces = 0, others = 0
                while i < field.count, !isPrintable(field[i]), field[i] != newline, field[i] != STLTextBlock.unusedSpace {
                    let g = field[i]
                    i += 1
                    if g == 0x20 { spaces += 1; continue }
                    guard isControl(g) else { others += 1; continue }
                    codes += 1
                    flush()
                    switch g {
                    case 0x00...0x07: style.color = g == 0x07 ? nil : colors[Int(g)]
                    case 0x80: style.italic = true
                    case 0x81: style.italic = false
                    case 0x82: style.underline = true
                    case 0x83: style.underline = false
                    default: break
                    }
                }
                // Between two characters the gap is one space if it holds a control code or is one space;
                // styled as both sides are, so "Hello <i>world</i>" is not italic from the space.
                guard after, i < field.count, isPrintable(field[i]), codes > 0 || (spaces == 1 && others == 0) else { continue }
                if codes == 0 { run.append(0x20); continue }
                let shared = Style(italic: before.italic && style.italic, underline: before.underline && style.underline,
                                   color: before.color == style.color ? style.color : nil)
                lines[lines.count - 1].append((shared, [0x20]))
            }
        }
        flush()
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return text(lines, table: table)
    }

    /// The decoded lines joined by `\n`, with a span for each stretch of italic, underlined or coloured runs.
    private static func text(_ lines: [[(Style, [UInt8])]], table: STLCharacterTable) -> CaptionText {
        var plain: [UInt8] = []
        var spans: [TextSpan] = []
        func add(_ kind: TextSpan.Kind, _ start: Int, _ end: Int) {
            // Continue the same kind's span when only line breaks lie between (styles carry over rows in open subtitles).
            if let k = spans.lastIndex(where: { $0.kind == kind }), spans[k].end <= start,
               plain[spans[k].end..<start].allSatisfy({ $0 == 0x0A }) {
                spans[k].end = end
            } else {
                spans.append(TextSpan(start: start, end: end, kind: kind))
            }
        }
        for (n, line) in lines.enumerated() {
            if n > 0 { plain.append(0x0A) }
            for (style, raw) in line {
                let start = plain.count
                table.decode(raw, into: &plain)
                let end = plain.count
                guard end > start else { continue }
                if style.italic { add(.italic, start, end) }
                if style.underline { add(.underline, start, end) }
                if let color = style.color { add(.color(color), start, end) }
            }
        }
        return CaptionText(plain: String(decoding: plain, as: UTF8.self), spans: spans)
    }
}
