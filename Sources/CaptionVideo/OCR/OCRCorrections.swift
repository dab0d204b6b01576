/// Fixes for what recognisers read wrong in subtitles that need no dictionary to be sure of.
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
}
