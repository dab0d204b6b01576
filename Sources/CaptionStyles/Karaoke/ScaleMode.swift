import CaptionModel

/// The spoken word grows to `karaoke.scale` in place and takes the highlight colour: it eases up over
/// the transition time from its start, holds, and eases back over the same time after its end. A word
/// shorter than two transitions ramps over half its length, so it always reaches full scale at its middle.
/// The ease is cubic in-out followed in `easingSegments` straight pieces (`Easing.piecewise`), the
/// path the compiled ASS's `\t` tags take, so libass shows the same scale at every frame.
public enum ScaleMode: KaraokeMode {
    /// Straight pieces per ease (the compiled ASS writes one `\t` per piece).
    public static let easingSegments = 6

    public static func appearance(of word: TimedWord, state: WordState, style: CaptionStyle) -> WordAppearance {
        var isActive = false
        if case .active = state { isActive = true }
        var appearance = WordAppearance(color: isActive ? style.highlightColor : style.textColor)
        appearance.scale = scale(of: word, state: state, style: style)
        return appearance
    }

    public static func scale(of word: TimedWord, state: WordState, style: CaptionStyle) -> Double {
        let duration = max(word.end - word.start, 1)
        // In whole milliseconds, as the compiled ASS times its pieces (see ScaledWordEvents.ramp).
        let ramp = min(style.karaoke.transition, duration / 2)
        let grow = style.karaoke.scale - 1
        func eased(_ elapsed: Double) -> Double {
            Easing.piecewise(Easing.inOut, elapsed: elapsed, duration: ramp, segments: easingSegments)
        }
        switch state {
        case .upcoming:
            return 1
        case .active(let progress):
            return 1 + grow * (ramp > 0 ? eased((progress * Double(duration)).rounded()) : 1)
        case .past(let sinceEnd):
            guard ramp > 0, sinceEnd < ramp else { return 1 }
            return 1 + grow * (1 - eased(Double(sinceEnd)))
        }
    }
}
