import Foundation

/// What two words must share to count as the same word when a corrected transcript is aligned with
/// speech-to-text output: case, accents and punctuation folded away (`Café,` and `cafe` match;
/// `don't` and `dont` match). A token with no letters or digits (`-`, `…`) has an empty key and rides
/// along with its neighbour instead of being aligned.
enum AlignmentKey {
    static func key(_ word: String) -> String {
        let folded = word.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return String(String.UnicodeScalarView(folded.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }))
    }
}
