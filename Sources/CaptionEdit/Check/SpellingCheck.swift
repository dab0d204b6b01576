import CaptionModel
import CaptionSpelling

/// A word of a caption that the dictionary does not know.
public struct UnknownWord: Sendable, Hashable {
    /// 1-based, in file order.
    public var caption: Int
    public var word: String

    public init(caption: Int, word: String) { self.caption = caption; self.word = word }
}

/// `check --spelling`: the words of every caption a Hunspell dictionary does not accept. What is not
/// prose is skipped: markup (the plain text is checked), `[SDH]` descriptions in brackets, a speaker's
/// label in capitals before a colon (`JOHN:`, `- MAN 2:`), music notes, numbers and words with digits.
public enum SpellingCheck {
    public static func unknownWords(in document: CaptionDocument, dictionary: SpellingDictionary) -> [UnknownWord] {
        var unknown: [UnknownWord] = []
        for (k, event) in document.events.enumerated() {
            for word in words(of: event.text.plain) where !dictionary.accepts(word) {
                unknown.append(UnknownWord(caption: k + 1, word: word))
            }
        }
        return unknown
    }

    /// The words of a caption's text a dictionary should know, in order.
    static func words(of text: String) -> [String] {
        var words: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = Substring(withoutBrackets(line))
            // A speaker's label: capitals (and digits, spaces) before a colon, after an optional dash.
            let trimmed = rest.drop { $0 == " " || $0 == "-" || $0 == "\u{2013}" || $0 == "\u{2014}" }
            if let colon = trimmed.firstIndex(of: ":"), trimmed.startIndex < colon,
               trimmed[..<colon].allSatisfy({ $0.isUppercase || $0.isNumber || $0 == " " || $0 == "." || $0 == "'" }),
               trimmed[..<colon].contains(where: \.isLetter) {
                rest = trimmed[trimmed.index(after: colon)...]
            }
            var current = ""
            func flush() {
                // Apostrophes and hyphens only inside a word; a word with a digit is a number.
                let word = current.trimmingApostrophesAndHyphens
                current = ""
                guard word.contains(where: \.isLetter), !word.contains(where: \.isNumber) else { return }
                // Hyphenated compounds are checked part by part (dictionaries list few compounds).
                words += word.split(separator: "-").map(String.init).filter { $0.contains(where: \.isLetter) }
            }
            for character in rest {
                if character.isLetter || character.isNumber || character == "'" || character == "-" {
                    current.append(character)
                } else if character == "\u{2019}" {
                    current.append("'")
                } else {
                    flush()
                }
            }
            flush()
        }
        return words
    }

    /// The line with every `[...]` description taken out.
    private static func withoutBrackets(_ line: Substring) -> String {
        var out = ""
        var depth = 0
        for character in line {
            if character == "[" { depth += 1; continue }
            if character == "]" { depth = max(0, depth - 1); out.append(" "); continue }
            if depth == 0 { out.append(character) }
        }
        return out
    }
}

extension String {
    fileprivate var trimmingApostrophesAndHyphens: String {
        var s = Substring(self)
        while let first = s.first, first == "'" || first == "-" { s = s.dropFirst() }
        while let last = s.last, last == "'" || last == "-" { s = s.dropLast() }
        return String(s)
    }
}
