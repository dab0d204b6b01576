import CaptionStyles

/// A caption at one instant (`CaptionStager.scene`): everything a painter or the ASS compiler needs.
public struct CaptionScene: Sendable {
    /// The page's style: the stager's, with the page's speaker's style applied.
    public var style: CaptionStyle
    public var layout: TextLayout
    /// One per laid-out word.
    public var appearances: [WordAppearance]
    public var motion: CaptionMotion
    /// The underlines and strikeouts of the words the markup marks (`DecorationBars`).
    public var bars: [DecorationBar] = []
    /// The shaper the layout followed, which also decides how the painter groups glyphs into libass's
    /// runs (`TextShaping`).
    public var shaping: TextShaping = .complex

    public init(style: CaptionStyle, layout: TextLayout, appearances: [WordAppearance], motion: CaptionMotion, bars: [DecorationBar] = [],
                shaping: TextShaping = .complex) {
        self.shaping = shaping
        self.style = style
        self.layout = layout
        self.appearances = appearances
        self.motion = motion
        self.bars = bars
    }
}
