import CaptionSpelling
import Foundation

/// Fixes for what recognisers read wrong in subtitles: the ones that need no dictionary to be sure of,
/// and the usual confusions (l and I, 1 and I, 0 and O, rn and m...) tried on words the language's
/// dictionary does not accept, kept only when exactly one way of undoing them gives a word it does.
enum OCRCorrections {
    /// A vertical bar standing as a word, or before an apostrophe (`|`, `|'m`, `|'ll`), is the pronoun
    /// I: a bar is never a word of dialogue, and the capital I of most subtitle fonts is a bar.
    static func corrected(_ line: String) -> String {
        guard line.contains("|") else { return line }
        return line.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            guard word.first == "|" else { return String(word) }
            let rest = word.dropFirst()
            if rest.isEmpty || rest.first == "'" || rest.first == "\u{2019}" || rest.allSatisfy({ ",.!?;:".contains($0) }) { return "I" + rest }
            return String(word)
        }.joined(separator: " ")
    }

    /// What a recogniser writes for what was drawn, each way round.
    static let confusions: [(read: String, meant: String)] = [
        ("I", "l"), ("l", "I"), ("I", "1"), ("1", "I"), ("l", "1"), ("1", "l"), ("0", "O"), ("O", "0"),
        ("rn", "m"), ("m", "rn"), ("vv", "w"), ("cl", "d"), ("|", "I"), ("|", "l"), ("5", "S"), ("S", "5"),
    ]
    /// Punctuation around a word, kept as it is.
    static let edges: Set<Character> = [".", ",", "!", "?", ";", ":", "\"", "'", "(", ")", "[", "]", "\u{2026}", "-", "\u{2014}",
                                        "\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}"]

    /// `line` with each word the dictionary does not accept replaced by the one variant of it (one
    /// confusion undone, at one place or at every place) that it does accept; and the fixes made.
    static func fixed(_ line: String, dictionary: SpellingDictionary) -> (line: String, fixes: [(read: String, meant: String)]) {
        var fixes: [(read: String, meant: String)] = []
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map { token -> String in
            var core = Substring(token)
            while let first = core.first, edges.contains(first) { core = core.dropFirst() }
            while let last = core.last, edges.contains(last) { core = core.dropLast() }
            let word = String(core)
            // Numbers, and words the dictionary takes, stand.
            guard word.contains(where: \.isLetter), !dictionary.accepts(word) else { return String(token) }
            let accepted = Set(variants(of: word).filter { $0 != word && dictionary.accepts($0) })
            guard accepted.count == 1, let meant = accepted.first else { return String(token) }
            fixes.append((word, meant))
            let prefix = token[token.startIndex..<core.startIndex], suffix = token[core.endIndex...]
            return prefix + meant + suffix
        }
        return (words.joined(separator: " "), fixes)
    }

    /// `word` with one confusion undone: at each place it occurs, and at all of them at once.
    static func variants(of word: String) -> [String] {
        var out: [String] = []
        for (read, meant) in confusions {
            var ranges: [Range<String.Index>] = []
            var from = word.startIndex
            while let r = word.range(of: read, range: from..<word.endIndex) {
                ranges.append(r)
                from = r.upperBound
            }
            guard !ranges.isEmpty else { continue }
            for r in ranges { out.append(word.replacingCharacters(in: r, with: meant)) }
            if ranges.count > 1 { out.append(word.replacingOccurrences(of: read, with: meant)) }
        }
        return out
    }

    /// A cue's dialogue dashes written one way: when one line starts `- ` (a dash and a space) and
    /// another starts with a dash run into its word (`-In`), the recogniser lost a space (a dash is
    /// narrow, the gap after it narrower), so the space goes back. A cue whose dashes all touch their
    /// words is left so.
    static func dialogueDashes(_ lines: [String]) -> [String] {
        func dash(_ c: Character) -> Bool { c == "-" || c == "\u{2010}" || c == "\u{2013}" || c == "\u{2014}" }
        guard lines.contains(where: { $0.count > 1 && dash($0.first!) && $0.dropFirst().first == " " }) else { return lines }
        return lines.map { line in
            guard let first = line.first, dash(first), let next = line.dropFirst().first, next.isLetter || next.isNumber else { return line }
            return String(first) + " " + line.dropFirst()
        }
    }
}
