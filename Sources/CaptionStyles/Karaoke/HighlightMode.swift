/// Only the spoken word takes the highlight colour.
enum HighlightMode: KaraokeMode {
    static func appearance(of word: TimedWord, state: WordState, style: CaptionStyle) -> WordAppearance {
        if case .active = state { return WordAppearance(color: style.highlightColor) }
        return WordAppearance(color: style.textColor)
    }
}
