import CaptionModel

/// Characters appear across each word's duration (`CharacterSteps`): none before it starts, all once it
/// has ended.
enum TypewriterMode: KaraokeMode {
    static func appearance(of word: TimedWord, state: WordState, style: CaptionStyle) -> WordAppearance {
        var appearance = WordAppearance(color: style.textColor)
        appearance.visibleCharacters = CharacterSteps.reached(by: word, in: state)
        return appearance
    }

    static func cuts(of word: TimedWord, style: CaptionStyle) -> [Milliseconds] { CharacterSteps.times(of: word) }
}
