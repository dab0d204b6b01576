import CaptionModel

/// The style's karaoke mode applied to a page's words: what each word looks like at a time, and where
/// its look changes in steps.
public enum Karaoke {
    /// The appearance of every word of a caption at time `t`, under the style's mode, each word in its
    /// own look (speaker, emphasis).
    public static func appearances(of words: [TimedWord], at t: Milliseconds, style: CaptionStyle) -> [WordAppearance] {
        let looks = WordLooks(words: words, style: style)
        return words.indices.map { appearance(of: $0, in: words, looks: looks, at: t, style: style) }
    }

    /// Word `i`'s appearance at `t`, with its page's looks worked out once by the caller.
    public static func appearance(of i: Int, in words: [TimedWord], looks: WordLooks, at t: Milliseconds,
                                  style: CaptionStyle) -> WordAppearance {
        let word = words[i]
        var appearance = modeType(style.karaoke.mode).appearance(of: word, state: WordState.of(word, at: t), style: looks.styles[i])
        if looks.emphasized[i], appearance.box == nil { appearance.box = style.emphasis.box }
        return appearance
    }

    /// Where the style's mode changes `word` in steps (`KaraokeMode.cuts`).
    public static func cuts(of word: TimedWord, style: CaptionStyle) -> [Milliseconds] {
        modeType(style.karaoke.mode).cuts(of: word, style: style)
    }

    static func modeType(_ mode: CaptionStyle.Karaoke.Mode) -> any KaraokeMode.Type {
        switch mode {
        case .none: NoKaraoke.self
        case .highlight: HighlightMode.self
        case .background: BackgroundMode.self
        case .scale: ScaleMode.self
        case .fill: FillMode.self
        case .cumulative: CumulativeMode.self
        case .threeState: ThreeStateMode.self
        case .popIn: PopInMode.self
        case .typewriter: TypewriterMode.self
        case .letter: LetterMode.self
        case .fadeIn: FadeInMode.self
        case .slideUp: SlideUpMode.self
        case .bounce: BounceMode.self
        }
    }
}

enum NoKaraoke: KaraokeMode {
    static func appearance(of word: TimedWord, state: WordState, style: CaptionStyle) -> WordAppearance {
        WordAppearance(color: style.textColor)
    }
}
