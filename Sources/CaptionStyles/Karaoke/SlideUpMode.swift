import CaptionModel

/// Each word rises into place as it is spoken: from `karaoke.rise` pixels below, fading in, straight up
/// over the transition; upcoming words are invisible, their place kept.
enum SlideUpMode: KaraokeMode {
    static func appearance(of word: TimedWord, state: WordState, style: CaptionStyle) -> WordAppearance {
        var appearance = FadeInMode.appearance(of: word, state: state, style: style)
        if let t = MotionKeys.time(of: word, state: state) { appearance.rise = MotionKeys.rise(along: path(of: word, style: style), at: t) }
        return appearance
    }

    static func path(of word: TimedWord, style: CaptionStyle) -> [(t: Milliseconds, offset: Double)] {
        MotionKeys.path(of: word, style: style, [(0, style.karaoke.rise), (1, 0)])
    }

    static func cuts(of word: TimedWord, style: CaptionStyle) -> [Milliseconds] {
        FadeInMode.cuts(of: word, style: style) + path(of: word, style: style).map(\.t)
    }
}
