/// How words are joined into caption text, and what their punctuation says about where a caption
/// may end. Every other paging stage asks here, so the text a page shows and the lengths the
/// breakers measure always agree.
///
/// Punctuation is classified per Unicode scalar, reading past combining marks and variation
/// selectors at a word's end; each question has an ASCII fast path, because it is asked of every
/// word of a transcript.
public enum WordJoining {
    /// What goes between two adjacent words on a line: nothing between two CJK words (Chinese and
    /// Japanese are written without spaces) or before a word that is only closing punctuation
    /// (`,` `.` `)` `」`...); one space otherwise. Hangul is not CJK here: Korean separates words with spaces.
    public static func separator(between left: String, and right: String) -> String {
        needsSpace(between: left, and: right) ? " " : ""
    }

    /// The words of one line, joined with `separator(between:and:)`.
    public static func join<S: Sequence<String>>(_ words: S) -> String {
        var text = ""
        var previous: String?
        for word in words {
            if let previous, needsSpace(between: previous, and: word) { text += " " }
            text += word
            previous = word
        }
        return text
    }

    /// Whether a space separates `left` and `right`. "Two CJK words" is decided at the seam: the last
    /// letter of `left` and the first of `right` (so `テスト` + `「字幕」` joins, `字幕` + `OK` does not).
    public static func needsSpace(between left: String, and right: String) -> Bool {
        guard let first = right.unicodeScalars.first, !left.isEmpty else { return false }
        // Fast path (most words): a word starting with an ASCII letter or digit is neither CJK nor punctuation.
        if first.isASCII, isASCIIAlphanumeric(first) { return true }
        if isCJK(first), let last = lastBaseScalar(of: left), isCJK(last) { return false }
        return !isClosingPunctuationOnly(right)
    }

    /// True when the word ends a sentence: its last character, after any closing quotes and brackets,
    /// is `.` `!` `?` `…` or a CJK/fullwidth form of them. (`Mr.` counts too: telling abbreviations
    /// apart needs a language model, and a page break after one is harmless.)
    public static func endsSentence(_ word: String) -> Bool {
        guard let last = lastPunctuation(of: word) else { return false }
        return isSentenceEnder(last)
    }

    /// True when the word ends a clause: a sentence end, or `,` `;` `:` or a dash (with CJK forms),
    /// possibly followed by closing quotes and brackets. A page that must end prefers to end here.
    public static func endsClause(_ word: String) -> Bool {
        guard let last = lastPunctuation(of: word) else { return false }
        return isSentenceEnder(last) || isClauseEnder(last) || isDash(last)
    }

    /// Han, Hiragana, Katakana, Bopomofo, CJK symbols and punctuation, and full- and halfwidth
    /// forms; not Hangul (its jamo and syllable blocks are skipped on purpose).
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FDF,   // CJK and Kangxi radicals
             0x3000...0x303F,   // CJK symbols and punctuation (、。「」々〜)
             0x3040...0x309F,   // Hiragana
             0x30A0...0x30FF,   // Katakana
             0x3100...0x312F,   // Bopomofo (0x3130...0x318F is Hangul jamo: excluded)
             0x3190...0x31FF,   // Kanbun, Bopomofo extended, CJK strokes, Katakana extensions
             0x3300...0x33FF,   // CJK compatibility (㌔)
             0x3400...0x4DBF,   // Han extension A
             0x4E00...0x9FFF,   // Han
             0xF900...0xFAFF,   // Han compatibility ideographs
             0xFE30...0xFE4F,   // CJK compatibility forms
             0xFF01...0xFF9F,   // fullwidth forms, halfwidth CJK punctuation and Katakana (Hangul halfwidth starts at 0xFFA0)
             0x20000...0x3FFFF: // Han extensions B and later
            return true
        default:
            return false
        }
    }

    /// A word made only of closing punctuation attaches to the word before it. Dashes do not.
    static func isClosingPunctuationOnly(_ word: String) -> Bool {
        for scalar in word.unicodeScalars {
            if isSentenceEnder(scalar) || isClauseEnder(scalar) { continue }
            switch category(scalar) {
            case .closer, .mark: continue
            case .other: return false
            }
        }
        return !word.isEmpty
    }

    /// Closing brackets and closing quotes (Unicode Pe and Pf), plus the straight quotes, which at the
    /// end of a word can only be closing. (A word that is a lone straight quote is treated as closing
    /// too: it is rare, and attaching it is the lesser harm.)
    static func isClosingBracketOrQuote(_ scalar: Unicode.Scalar) -> Bool {
        category(scalar) == .closer
    }

    private enum Category { case closer, mark, other }

    /// Closing bracket or quote; combining mark or variation selector (which belong to the character
    /// before them); anything else. One property lookup, none for ASCII.
    private static func category(_ scalar: Unicode.Scalar) -> Category {
        if scalar.isASCII {
            return scalar == "\"" || scalar == "'" || scalar == ")" || scalar == "]" || scalar == "}" ? .closer : .other
        }
        switch scalar.properties.generalCategory {
        case .closePunctuation, .finalPunctuation: return .closer
        case .nonspacingMark, .spacingMark, .enclosingMark: return .mark
        default: return .other
        }
    }

    static func isSentenceEnder(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E, 0x21, 0x3F,              // . ! ?
             0x2026, 0x203C, 0x2047...0x2049, // … ‼ ⁇ ⁈ ⁉
             0x3002, 0xFF01, 0xFF1F, 0xFF0E, 0xFF61: // 。 ！ ？ ． ｡
            return true
        default:
            return false
        }
    }

    /// Comma, semicolon, colon and their CJK forms (dashes are `isDash`).
    static func isClauseEnder(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2C, 0x3B, 0x3A,                          // , ; :
             0x3001, 0xFF0C, 0xFF1B, 0xFF1A, 0xFF64:    // 、 ， ； ： ､
            return true
        default:
            return false
        }
    }

    /// Hyphen-minus (a cut-off word, "--"), en dash, em dash, horizontal bar.
    static func isDash(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2D, 0x2013, 0x2014, 0x2015: return true
        default: return false
        }
    }

    static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        isASCIIAlphanumeric(UInt8(truncatingIfNeeded: scalar.value))
    }

    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
    }

    /// The word's last scalar that is not a combining mark or variation selector.
    private static func lastBaseScalar(of word: String) -> Unicode.Scalar? {
        let scalars = word.unicodeScalars
        var index = scalars.endIndex
        while index != scalars.startIndex {
            scalars.formIndex(before: &index)
            if category(scalars[index]) != .mark { return scalars[index] }
        }
        return nil
    }

    /// The scalar that decides how a word ends: the last one before any closing quotes, brackets and
    /// marks, when it is punctuation; nil when the word ends in a letter, digit or other symbol.
    private static func lastPunctuation(of word: String) -> Unicode.Scalar? {
        let scalars = word.unicodeScalars
        var index = scalars.endIndex
        while index != scalars.startIndex {
            scalars.formIndex(before: &index)
            let scalar = scalars[index]
            if scalar.isASCII, isASCIIAlphanumeric(scalar) { return nil }
            if isSentenceEnder(scalar) || isClauseEnder(scalar) || isDash(scalar) { return scalar }
            if category(scalar) == .other { return nil }
        }
        return nil
    }
}
