import CaptionModel

/// How one word looks at one instant: what every karaoke mode computes and the renderer draws.
public struct WordAppearance: Sendable, Hashable {
    /// The fill colour of the word (or of its not-yet-swept part, with `sweep`).
    public var color: RGBAColor
    /// Karaoke fill: the fraction (0...1) of the word's width, from its left, drawn in `sweepColor`.
    public var sweep: Double?
    public var sweepColor: RGBAColor?
    /// Letter by letter: the first this many characters (grapheme clusters, in reading order) drawn in
    /// `sweepColor`, split where the next character's glyphs begin; nil when the word is not split so.
    public var sweepCharacters: Int?
    /// Scale about the word's centre (1 = as laid out); neighbours never move.
    public var scale = 1.0
    /// Drawn alone while its scale animates (word-and-scale, pop-in; `ScaledSpan`), even where the scale
    /// is 1: the compiled ASS draws it by its own scaled event then, centred on its scaled width.
    public var drawnAlone = false
    /// Multiplies every layer of the word.
    public var opacity = 1.0
    /// How many of the word's characters are shown (typewriter); nil for all.
    public var visibleCharacters: Int?
    /// The box drawn behind this word: the spoken word's (`word_box`) or the emphasis box; nil for none.
    public var box: CaptionStyle.Box?
    /// Fading in (fade-in, slide-up); nil when not fading.
    public var fade: WordFade?
    /// Moving up or down (bounce, slide-up); nil when at rest.
    public var rise: WordRise?

    public init(color: RGBAColor) { self.color = color }
}

/// A word fading in: every colour of it (fill, stroke, shadow, box) goes from invisible at `from` to
/// its own alpha at `to`, linearly (`LibassFade.apply`), and is `progress` of the way at the instant
/// the appearance describes. Times are on the 10 ms grid ASS events are written on.
public struct WordFade: Sendable, Hashable {
    public var from: Milliseconds
    public var to: Milliseconds
    public var progress: Double
}

/// A word moving vertically from `fromOffset` at `from` to `toOffset` at `to` (pixels of the reference
/// frame, positive down), linearly, `progress` of the way: one straight piece of the mode's motion,
/// as ASS draws it with `\move`. Times are on the 10 ms grid.
public struct WordRise: Sendable, Hashable {
    public var from: Milliseconds
    public var to: Milliseconds
    public var fromOffset: Double
    public var toOffset: Double
    public var progress: Double
}

/// A karaoke mode: the appearance of a word from its state.
public protocol KaraokeMode: Sendable {
    static func appearance(of word: TimedWord, state: WordState, style: CaptionStyle) -> WordAppearance
    /// Times (besides the word's start and end) at which the word's drawn state can change in a way
    /// that is not animated: where the compiled ASS must start new events.
    static func cuts(of word: TimedWord, style: CaptionStyle) -> [Milliseconds]
}

extension KaraokeMode {
    static func cuts(of word: TimedWord, style: CaptionStyle) -> [Milliseconds] { [] }
}

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
