import CaptionStyles

/// The caption's text, normalized, cut into paragraphs and words, with the places a line may break.
///
/// Normalization: uppercased when the style says so (Swift's locale-independent full mapping, so `ß`
/// becomes `SS`); every line break (`\n`, `\r\n`, U+2028...) becomes `\n`; inside a paragraph each run
/// of whitespace becomes one space, and paragraphs are trimmed; blank paragraphs at the start and end
/// are dropped (inner blank paragraphs stay, as empty lines).
///
/// Words: the caption's word list when given (an empty list is none), matched in order against the
/// text (a word may be followed by whitespace or, as between CJK words, by nothing). When the list
/// does not match, the words are laid out on their own (joined as `WordJoining.join` joins them) with
/// a warning, so word indices still match the word timings. Without a list, the text's
/// whitespace-separated tokens are the words, except that each CJK character is a word of its own
/// (closing punctuation such as `。` and `」` joins the word before it, opening punctuation the word
/// after it), which lets CJK text break between characters.
///
/// Breaks: between words separated by a space; between unspaced words when the characters on both
/// sides are CJK and the line would neither start with closing punctuation nor end with opening
/// punctuation (basic kinsoku). Nowhere else (`Hello` + `,` stay together).
struct CaptionWords {
    /// The normalized text, paragraphs joined with `\n`.
    let characters: [Character]
    /// Each paragraph's characters (without the `\n`).
    let paragraphs: [Range<Int>]
    /// Each word's characters.
    let words: [Range<Int>]
    let paragraphOfWord: [Int]
    /// Whether a space separates word i from the word before it (false for a paragraph's first word).
    let spaceBefore: [Bool]
    /// Whether a line may break before word i (false for a paragraph's first word).
    let breakBefore: [Bool]
    let warnings: [LayoutWarning]

    var text: String { String(characters) }

    init(text: String, words given: [String]?, uppercase: Bool) {
        let paragraphTexts = Self.paragraphs(of: uppercase ? text.uppercased() : text)
        var warnings: [LayoutWarning] = []
        var matched: (characters: [Character], paragraphs: [Range<Int>], words: [Range<Int>])?
        if let given, !given.isEmpty {
            let normalizedWords = given.map { Self.collapse(uppercase ? $0.uppercased() : $0) }
            matched = Self.match(normalizedWords, in: paragraphTexts)
            if matched == nil {
                warnings.append(.wordsDoNotMatchText)
                let joined = WordJoining.join(normalizedWords.filter { !$0.isEmpty })
                matched = Self.match(normalizedWords, in: Self.paragraphs(of: joined))
            }
        }
        let result = matched ?? Self.split(paragraphTexts)
        characters = result.characters
        paragraphs = result.paragraphs
        words = result.words
        self.warnings = warnings

        var paragraphOfWord: [Int] = [], spaceBefore: [Bool] = [], breakBefore: [Bool] = []
        var p = 0
        for (i, word) in result.words.enumerated() {
            while p + 1 < result.paragraphs.count, word.lowerBound > result.paragraphs[p].upperBound { p += 1 }
            paragraphOfWord.append(p)
            let first = i == 0 || paragraphOfWord[i - 1] != p
            guard !first else { spaceBefore.append(false); breakBefore.append(false); continue }
            let previous = result.words[i - 1]
            let space = word.lowerBound > previous.upperBound && result.characters[previous.upperBound] == " "
            spaceBefore.append(space)
            if space {
                breakBefore.append(true)
            } else if let left = previous.last.map({ result.characters[$0] }), let right = word.first.map({ result.characters[$0] }) {
                breakBefore.append(Self.isCJK(left) && Self.isCJK(right) && !Self.isNoLineStart(right) && !Self.isNoLineEnd(left))
            } else {
                breakBefore.append(false)
            }
        }
        self.paragraphOfWord = paragraphOfWord
        self.spaceBefore = spaceBefore
        self.breakBefore = breakBefore
    }

    // MARK: Normalization

    /// Paragraphs with whitespace collapsed and trimmed; blank ones at both ends dropped.
    static func paragraphs(of text: String) -> [[Character]] {
        var paragraphs: [[Character]] = [[]]
        for character in text {
            if character.isNewline {
                paragraphs.append([])
            } else {
                paragraphs[paragraphs.count - 1].append(character)
            }
        }
        var result = paragraphs.map { Array(collapse(String($0))) }
        while result.first?.isEmpty == true { result.removeFirst() }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
    }

    /// Whitespace runs (line breaks included) as one space, trimmed.
    static func collapse(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return result
    }

    private static func joined(_ paragraphs: [[Character]]) -> (characters: [Character], ranges: [Range<Int>]) {
        var characters: [Character] = [], ranges: [Range<Int>] = []
        for (i, paragraph) in paragraphs.enumerated() {
            if i > 0 { characters.append("\n") }
            ranges.append(characters.count..<(characters.count + paragraph.count))
            characters += paragraph
        }
        return (characters, ranges)
    }

    // MARK: Words

    /// The words found in order in the text, or nil when one is missing or text is left over. An
    /// empty word matches where the previous one ended.
    private static func match(_ words: [String], in paragraphs: [[Character]]) -> (characters: [Character], paragraphs: [Range<Int>], words: [Range<Int>])? {
        let (characters, ranges) = joined(paragraphs)
        var cursor = 0
        var result: [Range<Int>] = []
        for word in words {
            let wanted = Array(word)
            if wanted.isEmpty {
                let end = result.last?.upperBound ?? 0
                result.append(end..<end)
                continue
            }
            while cursor < characters.count, characters[cursor] == " " || characters[cursor] == "\n" { cursor += 1 }
            guard cursor + wanted.count <= characters.count,
                  characters[cursor..<(cursor + wanted.count)].elementsEqual(wanted) else { return nil }
            result.append(cursor..<(cursor + wanted.count))
            cursor += wanted.count
        }
        while cursor < characters.count, characters[cursor] == " " || characters[cursor] == "\n" { cursor += 1 }
        guard cursor == characters.count else { return nil }
        return (characters, ranges, result)
    }

    /// Whitespace-separated tokens, CJK characters as words of their own.
    private static func split(_ paragraphs: [[Character]]) -> (characters: [Character], paragraphs: [Range<Int>], words: [Range<Int>]) {
        let (characters, ranges) = joined(paragraphs)
        var words: [Range<Int>] = []
        for range in ranges {
            var start = range.lowerBound
            for i in range.lowerBound...range.upperBound where i == range.upperBound || characters[i] == " " {
                if start < i { words += cjkWords(characters, start..<i) }
                start = i + 1
            }
        }
        return (characters, ranges, words)
    }

    /// One token cut into words: each CJK character alone, other runs whole; closing punctuation
    /// joins the piece before it and opening punctuation the piece after it.
    private static func cjkWords(_ characters: [Character], _ token: Range<Int>) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var i = token.lowerBound
        while i < token.upperBound {
            if isCJK(characters[i]) {
                pieces.append(i..<(i + 1))
                i += 1
            } else {
                var end = i + 1
                while end < token.upperBound, !isCJK(characters[end]) { end += 1 }
                pieces.append(i..<end)
                i = end
            }
        }
        var words: [Range<Int>] = []
        var joinNext = false
        for piece in pieces {
            let character = characters[piece.lowerBound]
            if let last = words.last, joinNext || (piece.count == 1 && isNoLineStart(character)) {
                words[words.count - 1] = last.lowerBound..<piece.upperBound
            } else {
                words.append(piece)
            }
            joinNext = piece.count == 1 && isNoLineEnd(character)
        }
        return words
    }

    // MARK: Character classes

    /// Han, kana, Bopomofo, CJK symbols and punctuation, full- and halfwidth forms (the ranges
    /// CaptionStyles' `WordJoining` joins without spaces); not Hangul, which Korean separates with spaces.
    static func isCJK(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x309F, 0x30A0...0x30FF, 0x3100...0x312F,
             0x3190...0x31FF, 0x3300...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF01...0xFF9F, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    /// Characters a line must not start with: closing punctuation, small kana, the prolonged sound
    /// mark, iteration marks.
    static func isNoLineStart(_ character: Character) -> Bool {
        "、。，．：；？！）］｝〕〉》」』】〙〗〟’”｠ゝゞーァィゥェォッャュョヮヵヶぁぃぅぇぉっゃゅょゎゕゖ々〻・‥…｡､｣ｰ".contains(character)
    }

    /// Characters a line must not end with: opening brackets and quotes.
    static func isNoLineEnd(_ character: Character) -> Bool {
        "（［｛〔〈《「『【〘〖〝‘“｟｢".contains(character)
    }
}
