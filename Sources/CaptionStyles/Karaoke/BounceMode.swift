import CaptionModel

/// The spoken word takes the highlight colour and bounces: from its start it rises `karaoke.rise`
/// pixels, falls back, rises a quarter as high again and settles, over the transition, in straight
/// pieces (ASS draws each with one `\move`).
enum BounceMode: KaraokeMode {
    static func appearance(of word: TimedWord, state: WordState, style: CaptionStyle) -> WordAppearance {
        var isActive = false
        if case .active = state { isActive = true }
        var appearance = WordAppearance(color: isActive ? style.highlightColor : style.textColor)
        if let t = MotionKeys.time(of: word, state: state) {
            appearance.rise = MotionKeys.rise(along: path(of: word, style: style), at: t)
        }
        return appearance
    }

    static func path(of word: TimedWord, style: CaptionStyle) -> [(t: Milliseconds, offset: Double)] {
        let h = style.karaoke.rise
        return MotionKeys.path(of: word, style: style, [(0, 0), (0.35, -h), (0.7, 0), (0.85, -h / 4), (1, 0)])
    }

    static func cuts(of word: TimedWord, style: CaptionStyle) -> [Milliseconds] { path(of: word, style: style).map(\.t) }
}
