/// Characters appear across each word's duration: none before it starts, all once it has ended.
enum TypewriterMode: KaraokeMode {
    static func appearance(of word: TimedWord, state: WordState, style: CaptionStyle) -> WordAppearance {
        var appearance = WordAppearance(color: style.textColor)
        let count = word.text.count
        switch state {
        case .upcoming: appearance.visibleCharacters = 0
        case .active(let progress): appearance.visibleCharacters = min(count, Int((progress * Double(count)).rounded(.down)) + 1)
        case .past: appearance.visibleCharacters = nil
        }
        return appearance
    }
}
