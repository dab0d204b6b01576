import CaptionModel

/// Each word fades in as it is spoken, from invisible to its own colours over the transition; upcoming
/// words are invisible, their place kept.
enum FadeInMode: KaraokeMode {
    static func appearance(of word: TimedWord, state: WordState, style: CaptionStyle) -> WordAppearance {
        var appearance = WordAppearance(color: style.textColor)
        guard let t = MotionKeys.time(of: word, state: state) else {
            appearance.opacity = 0
            return appearance
        }
        appearance.fade = MotionKeys.fade(of: word, style: style, at: t)
        return appearance
    }

    static func cuts(of word: TimedWord, style: CaptionStyle) -> [Milliseconds] {
        [MotionKeys.grid(word.start), MotionKeys.grid(word.start + style.karaoke.transition)]
    }
}
