import CaptionModel
import Foundation

/// Writes an event's text as a TTI text field in ISO 6937 (character code table 00), the inverse of
/// `STLTextField`: italics and underline as 0x80-0x83, a teletext colour as its alpha colour code,
/// line breaks as 0x8A.
///
/// A control code occupies a character cell, shown as a space, and readers (ttconv among them) drop a
/// space written next to one. So styles change only between words, the codes taking the place of the
/// space there, and a style that starts or ends inside a word covers the whole word
/// (`<i>Déjà vu</i>,` is written with the comma in italics): a code inside the word would split it.
struct STLTextEncoder {
    /// What the text could not carry, for the writer's warnings.
    struct Losses {
        /// Characters ISO 6937 does not have, in the order met.
        var characters: [Character] = []
        /// Styling dropped: "bold", "colours other than the eight teletext colours", ...
        var features: [String] = []
        mutating func note(_ feature: String) { if !features.contains(feature) { features.append(feature) } }
    }

    private(set) var bytes: [UInt8] = []
    private(set) var lines = 1
    private(set) var losses = Losses()
    private var style = STLTextField.Style()

    init(_ text: CaptionText) {
        // Each line's characters with their styles.
        var rows: [[(Character, STLTextField.Style)]] = [[]]
        for run in text.runs {
            switch run {
            case .lineBreak:
                rows.append([])
            case .text(let string, let attributes):
                let style = style(of: attributes)
                rows[rows.count - 1] += string.map { ($0, style) }
            }
        }
        lines = rows.count
        for (n, row) in rows.enumerated() {
            if n > 0 { bytes.append(STLTextField.newline) }
            var k = row.startIndex
            while k < row.endIndex {
                guard !Self.isSpace(row[k].0) else { k += 1; append(" "); continue }
                var end = k
                while end < row.endIndex, !Self.isSpace(row[end].0) { end += 1 }
                setStyle(Self.union(row[k..<end].map(\.1)))
                append(String(row[k..<end].map(\.0)))
                k = end
            }
        }
    }

    private static func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" }

    /// A word's style: italic or underlined if any of it is, the first colour in it.
    private static func union(_ styles: [STLTextField.Style]) -> STLTextField.Style {
        STLTextField.Style(italic: styles.contains { $0.italic }, underline: styles.contains { $0.underline },
                           color: styles.lazy.compactMap(\.color).first)
    }

    /// The style a run asks for, noting what STL cannot show.
    private mutating func style(of attributes: TextAttributes) -> STLTextField.Style {
        if attributes.bold { losses.note("bold") }
        if attributes.strikethrough { losses.note("strikethrough") }
        if attributes.fontFace != nil { losses.note("font faces") }
        var target = STLTextField.Style(italic: attributes.italic, underline: attributes.underline)
        if let color = attributes.color {
            let opaque = RGBAColor(red: color.red, green: color.green, blue: color.blue)
            if let code = STLTextField.colors.firstIndex(of: opaque) {
                target.color = code == 7 ? nil : opaque
            } else {
                losses.note("colours other than the eight teletext colours")
            }
        }
        return target
    }

    /// The control codes that change the current style to `target`, in place of a space before them.
    private mutating func setStyle(_ target: STLTextField.Style) {
        var codes: [UInt8] = []
        if target.color != style.color {
            codes.append(UInt8(target.color.flatMap { STLTextField.colors.firstIndex(of: $0) } ?? 7))
        }
        if target.italic != style.italic { codes.append(target.italic ? 0x80 : 0x81) }
        if target.underline != style.underline { codes.append(target.underline ? 0x82 : 0x83) }
        guard !codes.isEmpty else { return }
        if bytes.last == 0x20 { bytes.removeLast() }
        bytes += codes
        style = target
    }

    private mutating func append(_ string: String) {
        for character in string {
            if Self.isSpace(character) {
                // After a control code a space would be dropped by readers anyway: the code is the space.
                if let last = bytes.last, !STLTextField.isCharacter(last), last != STLTextField.newline { continue }
                bytes.append(0x20)
                continue
            }
            if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1, scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
                continue  // control characters have no place in a text field
            }
            if let encoded = STLCharacterTable.encodeLatin(character) {
                bytes += encoded
            } else {
                losses.characters.append(character)
                bytes += Self.closest(to: character)
            }
        }
    }

    /// The nearest ISO 6937 text for a character it lacks: its compatibility decomposition's
    /// characters that ISO 6937 has (ẽ as e, ﬁ as fi, … as ...), a few look-alikes, else "?".
    static func closest(to character: Character) -> [UInt8] {
        var out: [UInt8] = []
        for scalar in String(character).decomposedStringWithCompatibilityMapping.unicodeScalars {
            if let encoded = STLCharacterTable.encodeLatin(Character(scalar)) { out += encoded }
        }
        if !out.isEmpty { return out }
        switch character.unicodeScalars.first?.value ?? 0 {
        case 0x2010...0x2013, 0x2212: return [0x2D]  // hyphens, en dash, minus: -
        case 0x201A: return [0xA9]  // ‚ as ‘
        case 0x201E: return [0xAA]  // „ as “
        case 0x2039: return [0x3C]  // ‹
        case 0x203A: return [0x3E]  // ›
        case 0x2022: return [0xB7]  // • as ·
        case 0x20AC: return Array("EUR".utf8)
        default: return [0x3F]
        }
    }
}
