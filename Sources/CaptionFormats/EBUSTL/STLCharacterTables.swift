import Foundation

/// The character code tables a GSI block's CCT field names: 00 is ISO 6937 (Latin, with accents as a
/// non-spacing diacritic byte before the letter), 01-04 are the ISO 8859 Latin/Cyrillic, Arabic,
/// Greek and Hebrew tables. Bytes 0x20-0x7E are ASCII in every table (as ttconv reads them, though
/// ISO 6937 itself puts ¤ at 0x24); 0x00-0x1F and 0x80-0x9F are teletext control codes, handled by
/// `STLTextField` before a byte gets here.
enum STLCharacterTable: String, Sendable, CaseIterable {
    case latin = "00", cyrillic = "01", arabic = "02", greek = "03", hebrew = "04"

    var name: String {
        switch self {
        case .latin: "Latin, ISO 6937"
        case .cyrillic: "Latin/Cyrillic, ISO 8859-5"
        case .arabic: "Latin/Arabic, ISO 8859-6"
        case .greek: "Latin/Greek, ISO 8859-7"
        case .hebrew: "Latin/Hebrew, ISO 8859-8"
        }
    }

    /// Decodes one run of character bytes (control codes already taken out) into UTF-8, appended to
    /// `out`. A byte the table leaves undefined becomes U+FFFD.
    func decode(_ bytes: [UInt8], into out: inout [UInt8]) {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            if b >= 0x20 && b < 0x7F { out.append(b); continue }
            guard b >= 0xA0 else { Self.append(0xFFFD, to: &out); continue }
            if self == .latin, let mark = ISO6937.combiningMark(b) {
                // A diacritic applies to the character after it; at the end of the run it stands alone.
                guard i < bytes.count, bytes[i] >= 0x20, bytes[i] < 0x7F else {
                    Self.append(ISO6937.spacingForm(b), to: &out); continue
                }
                let base = bytes[i]
                i += 1
                if base == 0x20 { Self.append(ISO6937.spacingForm(b), to: &out) }
                else if let composed = ISO6937.composed[UInt16(b) << 8 | UInt16(base)] { Self.append(composed, to: &out) }
                else { out.append(base); Self.append(mark, to: &out) }  // no precomposed form: letter + combining mark
                continue
            }
            Self.append(upperHalf[Int(b) - 0xA0], to: &out)
        }
    }

    /// The ISO 6937 bytes for one character (a diacritic byte and a letter for an accented letter),
    /// nil when ISO 6937 has no such character. The writer writes table 00 only.
    static func encodeLatin(_ character: Character) -> [UInt8]? {
        let scalars = character.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first {
            if scalar.value >= 0x20 && scalar.value < 0x7F { return [UInt8(scalar.value)] }
            return ISO6937.encoded[scalar.value]
        }
        // A letter written with a separate combining mark (decomposed input): compose it first.
        let composed = String(character).precomposedStringWithCanonicalMapping.unicodeScalars
        guard composed.count == 1, let scalar = composed.first, scalar.value >= 0x80 else { return nil }
        return ISO6937.encoded[scalar.value]
    }

    /// 0xA0-0xFF; 0 where the table has no character.
    private var upperHalf: [UInt32] {
        switch self {
        case .latin: ISO6937.upperHalf
        case .cyrillic: ISO8859.cyrillic
        case .arabic: ISO8859.arabic
        case .greek: ISO8859.greek
        case .hebrew: ISO8859.hebrew
        }
    }

    private static func append(_ scalar: UInt32, to out: inout [UInt8]) {
        let s = Unicode.Scalar(scalar == 0 ? 0xFFFD : scalar) ?? "\u{FFFD}"
        out.append(contentsOf: String(Character(s)).utf8)
    }
}

/// ISO 6937's upper half: single characters, and 0xC1-0xCF, the non-spacing diacritics that precede
/// the letter they accent.
enum ISO6937 {
    /// 0xA0-0xFF (0xC1-0xCF are the diacritics; 0 where ISO 6937 defines nothing). 0xD0 and 0xE2 are
    /// read as ttconv reads them (— U+2014, Ð U+00D0); the writer also writes ― U+2015 and Đ U+0110 there.
    static let upperHalf: [UInt32] = [
        0x00A0, 0x00A1, 0x00A2, 0x00A3, 0x0024, 0x00A5, 0x0023, 0x00A7, 0x00A4, 0x2018, 0x201C, 0x00AB, 0x2190, 0x2191, 0x2192, 0x2193,
        0x00B0, 0x00B1, 0x00B2, 0x00B3, 0x00D7, 0x00B5, 0x00B6, 0x00B7, 0x00F7, 0x2019, 0x201D, 0x00BB, 0x00BC, 0x00BD, 0x00BE, 0x00BF,
        0, 0x0300, 0x0301, 0x0302, 0x0303, 0x0304, 0x0306, 0x0307, 0x0308, 0x0308, 0x030A, 0x0327, 0x0332, 0x030B, 0x0328, 0x030C,
        0x2014, 0x00B9, 0x00AE, 0x00A9, 0x2122, 0x266A, 0x00AC, 0x00A6, 0, 0, 0, 0, 0x215B, 0x215C, 0x215D, 0x215E,
        0x2126, 0x00C6, 0x00D0, 0x00AA, 0x0126, 0, 0x0132, 0x013F, 0x0141, 0x00D8, 0x0152, 0x00BA, 0x00DE, 0x0166, 0x014A, 0x0149,
        0x0138, 0x00E6, 0x0111, 0x00F0, 0x0127, 0x0131, 0x0133, 0x0140, 0x0142, 0x00F8, 0x0153, 0x00DF, 0x00FE, 0x0167, 0x014B, 0x00AD,
    ]

    /// The combining mark a diacritic byte (0xC1-0xCF) stands for; nil for any other byte.
    static func combiningMark(_ byte: UInt8) -> UInt32? {
        (0xC1...0xCF).contains(byte) ? upperHalf[Int(byte) - 0xA0] : nil
    }

    /// A diacritic before a space (or alone): the accent itself, as a spacing character.
    static func spacingForm(_ byte: UInt8) -> UInt32 {
        switch byte {
        case 0xC1: 0x0060  // `
        case 0xC2: 0x00B4  // ´
        case 0xC3: 0x005E  // ^
        case 0xC4: 0x007E  // ~
        case 0xC5: 0x00AF  // ¯
        case 0xC6: 0x02D8  // ˘
        case 0xC7: 0x02D9  // ˙
        case 0xC8, 0xC9: 0x00A8  // ¨
        case 0xCA: 0x02DA  // ˚
        case 0xCB: 0x00B8  // ¸
        case 0xCC: 0x005F  // _ (non-spacing underline)
        case 0xCD: 0x02DD  // ˝
        case 0xCE: 0x02DB  // ˛
        default: 0x02C7  // ˇ
        }
    }

    /// The letters ISO 6937 accents with each diacritic: its repertoire. Only these are written as
    /// diacritic + letter, so what the writer makes is what every ISO 6937 decoder reads.
    private static let repertoire: [(UInt8, String)] = [
        (0xC1, "AEIOUaeiou"), (0xC2, "ACEILNORSUYZaceilnorsuyz"), (0xC3, "ACEGHIJOSUWYaceghijosuwy"),
        (0xC4, "AINOUainou"), (0xC5, "AEIOUaeiou"), (0xC6, "AGUagu"), (0xC7, "CEGIZcegz"),
        (0xC8, "AEIOUYaeiouy"), (0xCA, "AUau"), (0xCB, "CGKLNRSTcgklnrst"), (0xCD, "OUou"), (0xCE, "AEIUaeiu"),
        (0xCF, "CDELNRSTZcdelnrstz"),
    ]

    /// (diacritic << 8 | letter) → the precomposed character, for reading. Built from the repertoire
    /// by Unicode composition, plus ISO 6937's one oddity: ģ is written with the acute (0xC2 g), its
    /// cedilla being drawn above the g. 0xC9, the old umlaut, reads as the diaeresis.
    static let composed: [UInt16: UInt32] = {
        var table: [UInt16: UInt32] = [:]
        for (diacritic, letters) in repertoire {
            for letter in letters.unicodeScalars {
                guard let mark = combiningMark(diacritic).flatMap(Unicode.Scalar.init) else { continue }
                let text = (String(letter) + String(mark)).precomposedStringWithCanonicalMapping.unicodeScalars
                guard text.count == 1, let scalar = text.first else { continue }
                table[UInt16(diacritic) << 8 | UInt16(letter.value)] = scalar.value
                if diacritic == 0xC8 { table[0xC900 | UInt16(letter.value)] = scalar.value }
            }
        }
        table[0xC267] = 0x0123  // ģ
        return table
    }()

    /// Character → bytes, for writing: the single characters and the accented letters.
    static let encoded: [UInt32: [UInt8]] = {
        var table: [UInt32: [UInt8]] = [:]
        for (k, scalar) in upperHalf.enumerated() where scalar != 0 && !(0xC1...0xCF).contains(k + 0xA0) && scalar >= 0x80 {
            table[scalar] = [UInt8(k + 0xA0)]
        }
        table[0x2015] = [0xD0]  // ― horizontal bar, ISO 6937's own character there
        table[0x0110] = [0xE2]  // Đ
        table[0x03A9] = [0xE0]  // Ω as the Greek letter
        // The diaeresis as 0xC8 (not the old 0xC9), ģ as the cedilla 0xCB (which ttconv reads too).
        for (key, scalar) in composed where key >> 8 != 0xC9 && key != 0xC267 {
            table[scalar] = [UInt8(key >> 8), UInt8(key & 0xFF)]
        }
        return table
    }()
}

/// The upper halves (0xA0-0xFF) of the ISO 8859 tables STL's CCT 01-04 name; 0 where undefined.
enum ISO8859 {
    static let cyrillic: [UInt32] = [
        0x00A0, 0x0401, 0x0402, 0x0403, 0x0404, 0x0405, 0x0406, 0x0407, 0x0408, 0x0409, 0x040A, 0x040B,
        0x040C, 0x00AD, 0x040E, 0x040F, 0x0410, 0x0411, 0x0412, 0x0413, 0x0414, 0x0415, 0x0416, 0x0417,
        0x0418, 0x0419, 0x041A, 0x041B, 0x041C, 0x041D, 0x041E, 0x041F, 0x0420, 0x0421, 0x0422, 0x0423,
        0x0424, 0x0425, 0x0426, 0x0427, 0x0428, 0x0429, 0x042A, 0x042B, 0x042C, 0x042D, 0x042E, 0x042F,
        0x0430, 0x0431, 0x0432, 0x0433, 0x0434, 0x0435, 0x0436, 0x0437, 0x0438, 0x0439, 0x043A, 0x043B,
        0x043C, 0x043D, 0x043E, 0x043F, 0x0440, 0x0441, 0x0442, 0x0443, 0x0444, 0x0445, 0x0446, 0x0447,
        0x0448, 0x0449, 0x044A, 0x044B, 0x044C, 0x044D, 0x044E, 0x044F, 0x2116, 0x0451, 0x0452, 0x0453,
        0x0454, 0x0455, 0x0456, 0x0457, 0x0458, 0x0459, 0x045A, 0x045B, 0x045C, 0x00A7, 0x045E, 0x045F,
    ]
    static let arabic: [UInt32] = [
        0x00A0, 0, 0, 0, 0x00A4, 0, 0, 0, 0, 0, 0, 0,
        0x060C, 0x00AD, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0x061B, 0, 0, 0, 0x061F, 0, 0x0621, 0x0622, 0x0623,
        0x0624, 0x0625, 0x0626, 0x0627, 0x0628, 0x0629, 0x062A, 0x062B, 0x062C, 0x062D, 0x062E, 0x062F,
        0x0630, 0x0631, 0x0632, 0x0633, 0x0634, 0x0635, 0x0636, 0x0637, 0x0638, 0x0639, 0x063A, 0,
        0, 0, 0, 0, 0x0640, 0x0641, 0x0642, 0x0643, 0x0644, 0x0645, 0x0646, 0x0647,
        0x0648, 0x0649, 0x064A, 0x064B, 0x064C, 0x064D, 0x064E, 0x064F, 0x0650, 0x0651, 0x0652, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]
    static let greek: [UInt32] = [
        0x00A0, 0x2018, 0x2019, 0x00A3, 0x20AC, 0x20AF, 0x00A6, 0x00A7, 0x00A8, 0x00A9, 0x037A, 0x00AB,
        0x00AC, 0x00AD, 0, 0x2015, 0x00B0, 0x00B1, 0x00B2, 0x00B3, 0x0384, 0x0385, 0x0386, 0x00B7,
        0x0388, 0x0389, 0x038A, 0x00BB, 0x038C, 0x00BD, 0x038E, 0x038F, 0x0390, 0x0391, 0x0392, 0x0393,
        0x0394, 0x0395, 0x0396, 0x0397, 0x0398, 0x0399, 0x039A, 0x039B, 0x039C, 0x039D, 0x039E, 0x039F,
        0x03A0, 0x03A1, 0, 0x03A3, 0x03A4, 0x03A5, 0x03A6, 0x03A7, 0x03A8, 0x03A9, 0x03AA, 0x03AB,
        0x03AC, 0x03AD, 0x03AE, 0x03AF, 0x03B0, 0x03B1, 0x03B2, 0x03B3, 0x03B4, 0x03B5, 0x03B6, 0x03B7,
        0x03B8, 0x03B9, 0x03BA, 0x03BB, 0x03BC, 0x03BD, 0x03BE, 0x03BF, 0x03C0, 0x03C1, 0x03C2, 0x03C3,
        0x03C4, 0x03C5, 0x03C6, 0x03C7, 0x03C8, 0x03C9, 0x03CA, 0x03CB, 0x03CC, 0x03CD, 0x03CE, 0,
    ]
    static let hebrew: [UInt32] = [
        0x00A0, 0, 0x00A2, 0x00A3, 0x00A4, 0x00A5, 0x00A6, 0x00A7, 0x00A8, 0x00A9, 0x00D7, 0x00AB,
        0x00AC, 0x00AD, 0x00AE, 0x00AF, 0x00B0, 0x00B1, 0x00B2, 0x00B3, 0x00B4, 0x00B5, 0x00B6, 0x00B7,
        0x00B8, 0x00B9, 0x00F7, 0x00BB, 0x00BC, 0x00BD, 0x00BE, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0x2017, 0x05D0, 0x05D1, 0x05D2, 0x05D3, 0x05D4, 0x05D5, 0x05D6, 0x05D7,
        0x05D8, 0x05D9, 0x05DA, 0x05DB, 0x05DC, 0x05DD, 0x05DE, 0x05DF, 0x05E0, 0x05E1, 0x05E2, 0x05E3,
        0x05E4, 0x05E5, 0x05E6, 0x05E7, 0x05E8, 0x05E9, 0x05EA, 0, 0, 0x200E, 0x200F, 0,
    ]
}
