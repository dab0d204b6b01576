/// The highlight sweeps left to right through each word as it is spoken; spoken words stay filled.
enum FillMode: KaraokeMode {
    static func appearance(of word: TimedWord, state: WordState, style: CaptionStyle) -> WordAppearance {
        var appearance = WordAppearance(color: style.textColor)
        appearance.sweepColor = style.highlightColor
        switch state {
        case .upcoming: appearance.sweep = 0
        case .active(let progress): appearance.sweep = progress
        case .past: appearance.sweep = 1
        }
        return appearance
    }
}
