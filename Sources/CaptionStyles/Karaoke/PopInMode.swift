/// Each word appears when spoken, scaling from `popFrom` up past 1 to `popOvershoot` and settling
/// at 1, over the transition time.
enum PopInMode: KaraokeMode {
    static func appearance(of word: TimedWord, state: WordState, style: CaptionStyle) -> WordAppearance {
        var appearance = WordAppearance(color: style.textColor)
        appearance.drawnAlone = ScaledSpan.contains(word, state: state, style: style)
        switch state {
        case .upcoming:
            appearance.opacity = 0
        case .active(let progress):
            let elapsed = progress * Double(max(word.end - word.start, 1))
            appearance.scale = scale(elapsed: elapsed, style: style)
        case .past:
            break
        }
        return appearance
    }

    /// 0 → 60% of the transition: popFrom up to the overshoot (ease-out); 60% → 100%: back to 1.
    static func scale(elapsed: Double, style: CaptionStyle) -> Double {
        let duration = Double(style.karaoke.transition)
        guard duration > 0, elapsed < duration else { return 1 }
        let x = elapsed / duration
        let from = style.karaoke.popFrom, peak = style.karaoke.popOvershoot
        if x < 0.6 { return from + (peak - from) * Easing.out(x / 0.6) }
        return peak + (1 - peak) * Easing.inOut((x - 0.6) / 0.4)
    }
}
