import CaptionLayout
import CaptionModel
import CaptionRender
import CaptionStyles

/// `[Script Info]` and `[V4+ Styles]`: PlayRes equal to the frame, so script pixels are frame pixels,
/// and one `Default` style row from the caption style scaled to the frame the way the layout scales it
/// (`min(width, height) / 1080`). Font sizes need no conversion: both sides use the ASS convention
/// (ascender + descender = size).
struct ASSHeader {
    let style: CaptionStyle
    let width: Int
    let height: Int

    /// The layout's length scale for this frame.
    var scale: Double { LayoutEngine.frameScale(width: Double(width), height: Double(height)) }

    var text: String {
        let s = style, k = scale, n = ASSSyntax.number
        // BorderStyle 1 (outline + shadow). Shadow depth 0 in the style: shadows are separate events.
        let row = [
            "Default", s.fontFamily, n(s.fontSize * k), ASSSyntax.styleColor(s.textColor), ASSSyntax.styleColor(s.highlightColor),
            ASSSyntax.styleColor(s.strokeColor), ASSSyntax.styleColor(shadowColor), s.fontWeight >= 600 ? "-1" : "0", "0", "0", "0",
            "100", "100", "0", "0", "1", n(s.strokeWidth * k), "0", "\(s.anchor)",
            n(s.marginLeft * k), n(s.marginRight * k), n(marginV * k), "1",
        ].joined(separator: ",")
        return """
            [Script Info]
            ScriptType: v4.00+
            PlayResX: \(width)
            PlayResY: \(height)
            ScaledBorderAndShadow: yes
            WrapStyle: 2
            Kerning: no
            YCbCr Matrix: None

            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
            Style: \(row)

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

            """
    }

    /// The vertical margin for the anchor: bottom for 1-3, top for 7-9, none for the middle row.
    var marginV: Double { style.anchor <= 3 ? style.marginBottom : style.anchor >= 7 ? style.marginTop : 0 }

    /// Shadow colour with the style's shadow opacity folded into its alpha, as the native painter blends it.
    var shadowColor: RGBAColor {
        var c = style.shadow.color
        c.alpha = Compositing.effectiveAlpha(c.alpha, opacity: style.shadow.opacity)
        return c
    }
}
