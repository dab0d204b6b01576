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
