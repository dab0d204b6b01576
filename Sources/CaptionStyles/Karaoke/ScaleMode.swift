import CaptionModel

/// The spoken word grows to `karaoke.scale` in place and takes the highlight colour: it eases up over
/// the transition time from its start, holds, and eases back over the same time after its end. A word
/// shorter than two transitions ramps over half its length, so it always reaches full scale at its middle.
enum ScaleMode: KaraokeMode {
    static func appearance(of word: TimedWord, state: WordState, style: CaptionStyle) -> WordAppearance {
        var isActive = false
        if case .active = state { isActive = true }
        var appearance = WordAppearance(color: isActive ? style.highlightColor : style.textColor)
        appearance.scale = scale(of: word, state: state, style: style)
        appearance.drawnAlone = ScaledSpan.contains(word, state: state, style: style)
        return appearance
    }

    static func scale(of word: TimedWord, state: WordState, style: CaptionStyle) -> Double {
        let duration = Double(max(word.end - word.start, 1))
        let ramp = min(Double(style.karaoke.transition), duration / 2)
        let grow = style.karaoke.scale - 1
        switch state {
        case .upcoming:
            return 1
        case .active(let progress):
            let elapsed = progress * duration
            return 1 + grow * (ramp > 0 ? Easing.inOut(elapsed / ramp) : 1)
        case .past(let sinceEnd):
            guard ramp > 0, Double(sinceEnd) < ramp else { return 1 }
            return 1 + grow * (1 - Easing.inOut(Double(sinceEnd) / ramp))
        }
    }
}
