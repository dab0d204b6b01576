/// Upcoming words dimmed, the spoken word bright, past words normal.
enum ThreeStateMode: KaraokeMode {
    static func appearance(of word: TimedWord, state: WordState, style: CaptionStyle) -> WordAppearance {
        switch state {
        case .upcoming: WordAppearance(color: style.upcomingColor)
        case .active: WordAppearance(color: style.highlightColor)
        case .past: WordAppearance(color: style.textColor)
        }
    }
}
