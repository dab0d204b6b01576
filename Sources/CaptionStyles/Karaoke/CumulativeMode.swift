/// Spoken words stay highlighted: the spoken word and every word before it.
enum CumulativeMode: KaraokeMode {
    static func appearance(of word: TimedWord, state: WordState, style: CaptionStyle) -> WordAppearance {
        if case .upcoming = state { return WordAppearance(color: style.textColor) }
        return WordAppearance(color: style.highlightColor)
    }
}
