import CaptionModel

/// When a word of word-and-scale or pop-in is drawn alone, its scale animating: from its start until it
/// is back at rest. The compiled ASS draws it by its own scaled event then (`ScaledWordEvents`), and
/// the native renderer lays it out as that event does (`WordAppearance.drawnAlone`), so both take the
/// span from here.
public enum ScaledSpan {
    /// Whether the style's mode draws words alone while they scale (word-and-scale, pop-in).
    public static func isUsed(by style: CaptionStyle) -> Bool { style.karaoke.mode == .scale || style.karaoke.mode == .popIn }

    /// word-and-scale's ease time: the transition, at most half the word, in whole milliseconds.
    public static func ramp(of word: TimedWord, style: CaptionStyle) -> Milliseconds {
        min(style.karaoke.transition, max(word.end - word.start, 1) / 2)
    }

    /// When the word is back at rest: word-and-scale after its ramp back, pop-in after the transition
    /// (or at its end when it ends sooner); its start in other modes, which never scale.
    public static func settled(_ word: TimedWord, style: CaptionStyle) -> Milliseconds {
        switch style.karaoke.mode {
        case .scale: word.end + ramp(of: word, style: style)
        case .popIn: word.start + max(0, min(style.karaoke.transition, word.end - word.start))
        default: word.start
        }
    }

    /// Whether the word is drawn alone at the time `state` describes.
    static func contains(_ word: TimedWord, state: WordState, style: CaptionStyle) -> Bool {
        switch state {
        case .upcoming: false
        case .active(let progress): word.start + Int((progress * Double(max(word.end - word.start, 1))).rounded()) < settled(word, style: style)
        case .past(let sinceEnd): word.end + sinceEnd < settled(word, style: style)
        }
    }
}
