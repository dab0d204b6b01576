/// The CEA-608 character sets (CTA-608-E, Annex A / section 6.4), both ways: what a byte or a
/// two-byte code shows, and how to send a character. The decoder and the encoder both read these
/// tables, so what one writes the other reads back as the same character.
///
/// - Standard characters are single bytes 0x20-0x7F: ASCII, except nine places where 608 puts
///   accented letters and symbols (0x2A á, 0x5C é, 0x5E í, 0x5F ó, 0x60 ú, 0x7B ç, 0x7C ÷, 0x7D Ñ,
///   0x7E ñ, 0x7F a solid block).
/// - Special characters are two-byte codes 0x11 0x30-0x3F (channel 1; 0x19 for channel 2): ® ° ½ ¿
///   ™ ¢ £ ♪ à, a transparent space, è â ê î ô û.
/// - Extended characters are 0x12/0x13 0x20-0x3F (0x1A/0x1B for channel 2): Spanish, French,
///   Portuguese, German and Danish letters and symbols. Each one replaces the character before it
///   (a decoder backspaces first), so an encoder sends a standard fallback character before it for
///   decoders that do not know the extended set.
public enum CEA608Characters {
    /// The transparent space (0x11 0x39): a space that shows the video behind it. Decoded as a
    /// no-break space, which keeps its place in the row as a space would.
    public static let transparentSpace: Character = "\u{00A0}"

    /// What standard byte `b` (parity removed, 0x20-0x7F) shows.
    public static func standard(_ b: UInt8) -> Character {
        switch b {
        case 0x2A: return "á"
        case 0x5C: return "é"
        case 0x5E: return "í"
        case 0x5F: return "ó"
        case 0x60: return "ú"
        case 0x7B: return "ç"
        case 0x7C: return "÷"
        case 0x7D: return "Ñ"
        case 0x7E: return "ñ"
        case 0x7F: return "\u{2588}" // solid block
        default: return Character(Unicode.Scalar(b))
        }
    }

    /// Special characters, indexed by the second byte minus 0x30.
    public static let special: [Character] = ["®", "°", "½", "¿", "™", "¢", "£", "♪", "à", transparentSpace, "è", "â", "ê", "î", "ô", "û"]

    /// Extended characters of 0x12 (Spanish, miscellaneous, French), indexed by the second byte minus 0x20.
    public static let extended12: [Character] = ["Á", "É", "Ó", "Ú", "Ü", "ü", "‘", "¡", "*", "’", "—", "©", "℠", "•", "“", "”",
                                                 "À", "Â", "Ç", "È", "Ê", "Ë", "ë", "Î", "Ï", "ï", "Ô", "Ù", "ù", "Û", "«", "»"]
    /// Extended characters of 0x13 (Portuguese, German, Danish), indexed by the second byte minus 0x20.
    public static let extended13: [Character] = ["Ã", "ã", "Í", "Ì", "ì", "Ò", "ò", "Õ", "õ", "{", "}", "\\", "^", "_", "|", "~",
                                                 "Ä", "ä", "Ö", "ö", "ß", "¥", "¤", "¦", "Å", "å", "Ø", "ø", "┌", "┐", "└", "┘"]

    /// How to send one character: a standard byte, a special code's second byte, or an extended
    /// code (first byte 0x12 or 0x13 for channel 1, second byte) with the standard fallback a decoder
    /// without the extended set shows (the extended code then backspaces over it).
    public enum Code: Sendable, Hashable {
        case standard(UInt8)
        case special(UInt8)
        case extended(first: UInt8, second: UInt8, fallback: UInt8)
    }

    /// The code that sends `character`, or nil when 608 has no such character (the caller then picks
    /// `closest(to:)` and warns).
    public static func code(for character: Character) -> Code? { codes[character] }

    /// A character 608 can send that stands in for one it cannot: the letter without its accent
    /// (ŝ -> s, Ł -> L), typographic punctuation as ASCII (… -> ., – -> -), anything else as `?`.
    /// Always a character `code(for:)` has.
    public static func closest(to character: Character) -> Character {
        if let mapped = substitutes[character] { return mapped }
        // An accented letter 608 lacks becomes its base letter (ŝ -> s).
        if let base = baseLetter(of: character), codes[base] != nil { return base }
        return "?"
    }

    private static let substitutes: [Character: Character] = [
        "…": ".", "–": "-", "‐": "-", "‑": "-", "−": "-", "„": "\"", "‚": "'", "′": "'", "″": "\"", "‹": "<", "›": ">",
        "\t": " ", "\u{2007}": " ", "\u{2009}": " ", "\u{200A}": " ", "\u{202F}": " ", "\u{3000}": " ",
        "Œ": "O", "œ": "o", "Æ": "A", "æ": "a", "Ð": "D", "ð": "d", "Þ": "T", "þ": "t", "Ł": "L", "ł": "l", "ı": "i",
        "€": "E", "♫": "♪", "♬": "♪", "✓": "*", "×": "x",
    ]

    private static let codes: [Character: Code] = {
        var table: [Character: Code] = [:]
        for b in UInt8(0x20)...0x7F { table[standard(b)] = .standard(b) }
        for (i, c) in special.enumerated() where c != transparentSpace { table[c] = .special(0x30 + UInt8(i)) }
        for (first, set) in [(UInt8(0x12), extended12), (UInt8(0x13), extended13)] {
            for (i, c) in set.enumerated() where table[c] == nil {
                table[c] = .extended(first: first, second: 0x20 + UInt8(i), fallback: fallback(for: c))
            }
        }
        return table
    }()

    /// The standard character shown before an extended one: its letter without the accent, or the
    /// nearest ASCII symbol.
    private static func fallback(for c: Character) -> UInt8 {
        let symbols: [Character: Character] = ["‘": "'", "’": "'", "“": "\"", "”": "\"", "¡": "!", "—": "-", "©": "c", "℠": "s",
                                               "•": ".", "«": "\"", "»": "\"", "¥": "Y", "¤": "*", "¦": "|", "ß": "s",
                                               "┌": "+", "┐": "+", "└": "+", "┘": "+", "Ø": "O", "ø": "o",
                                               // The ASCII the extended set repeats: the standard set has
                                               // accented letters at these bytes (0x2A is á), so the
                                               // fallback is the nearest other ASCII.
                                               "*": "+", "{": "(", "}": ")", "\\": "/", "^": "'", "_": "-", "|": "!", "~": "-"]
        let stand = symbols[c] ?? baseLetter(of: c) ?? c
        if case .standard(let b)? = codes0[stand] { return b }
        return 0x20
    }

    /// The standard set alone (used while the full table is being built).
    private static let codes0: [Character: Code] = {
        var table: [Character: Code] = [:]
        for b in UInt8(0x20)...0x7F { table[standard(b)] = .standard(b) }
        return table
    }()

    /// `b` with its top bit set so that it has an odd number of one bits (608's parity).
    @inlinable public static func withOddParity(_ b: UInt8) -> UInt8 {
        let low = b & 0x7F
        return low.nonzeroBitCount % 2 == 1 ? low : low | 0x80
    }

    /// True when `b` (parity bit included) has odd parity, as every byte of a sound 608 pair has.
    @inlinable public static func hasOddParity(_ b: UInt8) -> Bool { b.nonzeroBitCount % 2 == 1 }
}

/// The unaccented letter of an accented Latin letter (é -> e, Ñ -> N), or nil. Swift's standard
/// library has no public decomposition, and a Latin-1 / Latin Extended-A table covers what 608 lacks.
private func baseLetter(of character: Character) -> Character? {
    guard character.unicodeScalars.count == 1, let base = latinBase[character.unicodeScalars.first!] else { return nil }
    return Character(base)
}

/// Base letters of accented Latin letters (Latin-1 Supplement and Latin Extended-A) that 608 lacks.
private let latinBase: [Unicode.Scalar: Unicode.Scalar] = {
    var table: [Unicode.Scalar: Unicode.Scalar] = [:]
    let groups: [(String, Character)] = [
        ("ÀÁÂÃÄÅĀĂĄ", "A"), ("àáâãäåāăą", "a"), ("ÇĆĈĊČ", "C"), ("çćĉċč", "c"), ("ĎĐ", "D"), ("ďđ", "d"),
        ("ÈÉÊËĒĔĖĘĚ", "E"), ("èéêëēĕėęě", "e"), ("ĜĞĠĢ", "G"), ("ĝğġģ", "g"), ("ĤĦ", "H"), ("ĥħ", "h"),
        ("ÌÍÎÏĨĪĬĮİ", "I"), ("ìíîïĩīĭį", "i"), ("Ĵ", "J"), ("ĵ", "j"), ("Ķ", "K"), ("ķ", "k"), ("ĹĻĽĿ", "L"), ("ĺļľŀ", "l"),
        ("ÑŃŅŇ", "N"), ("ñńņň", "n"), ("ÒÓÔÕÖØŌŎŐ", "O"), ("òóôõöøōŏő", "o"), ("ŔŖŘ", "R"), ("ŕŗř", "r"),
        ("ŚŜŞŠ", "S"), ("śŝşš", "s"), ("ŢŤŦ", "T"), ("ţťŧ", "t"), ("ÙÚÛÜŨŪŬŮŰŲ", "U"), ("ùúûüũūŭůűų", "u"),
        ("Ŵ", "W"), ("ŵ", "w"), ("ÝŶŸ", "Y"), ("ýÿŷ", "y"), ("ŹŻŽ", "Z"), ("źżž", "z"),
    ]
    for (letters, base) in groups {
        for c in letters.unicodeScalars { table[c] = base.unicodeScalars.first! }
    }
    return table
}()
