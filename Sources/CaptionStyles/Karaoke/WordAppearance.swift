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
    /// Multiplies every layer of the word.
    public var opacity = 1.0
    /// How many of the word's characters are shown (typewriter); nil for all.
    public var visibleCharacters: Int?
    /// Draw the style's word box behind this word.
    public var boxed = false

    public init(color: RGBAColor) { self.color = color }
}

/// A karaoke mode: the appearance of a word from its state.
public protocol KaraokeMode: Sendable {
    static func appearance(of word: TimedWord, state: WordState, style: CaptionStyle) -> WordAppearance
}

public enum Karaoke {
    /// The appearance of every word of a caption at time `t`, under the style's mode.
    public static func appearances(of words: [TimedWord], at t: Milliseconds, style: CaptionStyle) -> [WordAppearance] {
        let mode = modeType(style.karaoke.mode)
        return words.map { mode.appearance(of: $0, state: WordState.of($0, at: t), style: style) }
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
        }
    }
}

enum NoKaraoke: KaraokeMode {
    static func appearance(of word: TimedWord, state: WordState, style: CaptionStyle) -> WordAppearance {
        WordAppearance(color: style.textColor)
    }
}
