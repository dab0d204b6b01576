/// A box sits behind the spoken word only; the text keeps its colour and stroke.
enum BackgroundMode: KaraokeMode {
    static func appearance(of word: TimedWord, state: WordState, style: CaptionStyle) -> WordAppearance {
        var appearance = WordAppearance(color: style.textColor)
        if case .active = state { appearance.box = style.wordBox }
        return appearance
    }
}
