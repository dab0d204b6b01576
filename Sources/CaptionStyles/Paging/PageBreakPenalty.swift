/// How bad it is to end a page between two words, when the page does not have to end there.
///
/// Caption editors end a caption where the speech has a seam: after a comma, semicolon, colon or
/// dash, or before a conjunction or preposition that opens the next phrase; and they avoid leaving
/// a word that leads into the next phrase ("the", "of", "and") dangling at the end of a caption.
/// The page breaker (`PageBreaker`) weighs these penalties against how full the pages are, so a good
/// seam wins only while it keeps the pages reasonably full. The word lists are English; other
/// languages get punctuation seams only.
enum PageBreakPenalty {
    /// After clause or sentence punctuation.
    static let afterPunctuation = 0.0
    /// Before a conjunction, preposition or article.
    static let beforeLinkWord = 0.2
    /// Any other seam between words.
    static let plain = 0.5
    /// After a conjunction, preposition or article: it would dangle at the end of the page.
    static let afterLinkWord = 1.0

    static func between(_ left: String, and right: String) -> Double {
        penalty(leftEndsClause: WordJoining.endsClause(left), leftIsLinkWord: isLinkWord(left), rightIsLinkWord: isLinkWord(right))
    }

    /// penalties[j]: ending a page just before word j (penalties[0] is 0). Each word is read once.
    static func seams(_ texts: [String]) -> [Double] {
        var penalties = [Double](repeating: 0, count: texts.count)
        var previous: (endsClause: Bool, isLinkWord: Bool)?
        for (j, text) in texts.enumerated() {
            let isLink = isLinkWord(text)
            if let previous {
                penalties[j] = penalty(leftEndsClause: previous.endsClause, leftIsLinkWord: previous.isLinkWord, rightIsLinkWord: isLink)
            }
            previous = (WordJoining.endsClause(text), isLink)
        }
        return penalties
    }

    private static func penalty(leftEndsClause: Bool, leftIsLinkWord: Bool, rightIsLinkWord: Bool) -> Double {
        if leftEndsClause { return afterPunctuation }
        if leftIsLinkWord { return afterLinkWord }
        if rightIsLinkWord { return beforeLinkWord }
        return plain
    }

    /// A word that leads into the phrase after it, compared without case or surrounding punctuation
    /// (`And`, `(the`, `of,`).
    static func isLinkWord(_ word: String) -> Bool {
        guard let key = asciiKey(word) else { return false }
        return linkWordKeys.contains(key)
    }

    /// The word's ASCII letters, lowercased and packed into an integer, when it is at most eight
    /// letters with only ASCII punctuation (no digits) around them; nil otherwise. Link words all fit, and
    /// comparing integers instead of lowercased strings keeps this cheap for every word of a transcript.
    static func asciiKey(_ word: String) -> UInt64? {
        var word = word
        return word.withUTF8 { bytes -> UInt64? in
            // Eight letters and a few marks around them at most; longer words are not link words.
            guard bytes.count <= 12 else { return nil }
            var key: UInt64 = 0
            var letters = 0
            var lettersEnded = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                guard byte < 0x80, !(byte >= 0x30 && byte <= 0x39) else { return nil }
                let lower = byte | 0x20
                if lower >= 0x61 && lower <= 0x7A {
                    guard !lettersEnded, letters < 8 else { return nil }
                    key = key << 8 | UInt64(lower)
                    letters += 1
                } else if letters > 0 {
                    lettersEnded = true
                }
            }
            return letters > 0 ? key : nil
        }
    }

    static let linkWords: [String] = [
        // conjunctions
        "and", "but", "or", "nor", "so", "yet", "because", "although", "though", "while", "whereas",
        "if", "unless", "until", "since", "when", "where", "whether", "that", "which", "who", "than", "as",
        // prepositions
        "of", "in", "on", "at", "to", "for", "with", "from", "by", "about", "into", "onto", "over", "under",
        "after", "before", "through", "between", "without", "within", "during", "against", "among",
        "around", "across", "behind", "beyond", "like", "near", "toward", "towards", "upon", "via",
        // articles
        "a", "an", "the",
    ]

    private static let linkWordKeys = Set(linkWords.compactMap(asciiKey))
}
