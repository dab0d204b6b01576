import CaptionLayout
import CaptionModel
import CaptionStyles

/// `[Script Info]` and `[V4+ Styles]`: PlayRes equal to the frame, so script pixels are frame pixels,
/// and a style row per caption style (`Default`, then one per speaker with a style of their own), each
/// scaled to the frame the way the layout scales it (`min(width, height) / 1080`). Font sizes need no
/// conversion: both sides use the ASS convention (ascender + descender = size).
struct ASSHeader {
    let rows: [(name: String, style: CaptionStyle)]
    let width: Int
    let height: Int

    /// The layout's length scale for this frame.
    var scale: Double { LayoutEngine.frameScale(width: Double(width), height: Double(height)) }

    var text: String {
        let styles = rows.map { "Style: " + row(name: $0.name, $0.style) }.joined(separator: "\n")
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
            \(styles)

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

            """
    }

    func row(name: String, _ s: CaptionStyle) -> String {
        let k = scale, n = ASSSyntax.number
        // BorderStyle 1 (outline + shadow). Shadow depth 0 in the style: shadows are separate events.
        return [
            name, s.fontFamily, n(s.fontSize * k), ASSSyntax.styleColor(s.textColor), ASSSyntax.styleColor(s.highlightColor),
            ASSSyntax.styleColor(s.strokeColor), ASSSyntax.styleColor(Self.shadowColor(s)), s.fontWeight >= 600 ? "-1" : "0", "0", "0", "0",
            "100", "100", "0", "0", "1", n(s.strokeWidth * k), "0", "\(s.anchor)",
            n(s.marginLeft * k), n(s.marginRight * k), n(Self.marginV(s) * k), "1",
        ].joined(separator: ",")
    }

    /// The vertical margin for the anchor: bottom for 1-3, top for 7-9, none for the middle row.
    static func marginV(_ style: CaptionStyle) -> Double {
        style.anchor <= 3 ? style.marginBottom : style.anchor >= 7 ? style.marginTop : 0
    }

    /// Shadow colour with the style's shadow opacity folded into its alpha, as the native painter blends it.
    static func shadowColor(_ style: CaptionStyle) -> RGBAColor { style.shadow.drawnColor }
}

/// The script's style rows: `Default` for the style itself, and one per speaker whose pages are drawn
/// in a style of their own, named after the speaker (so an editor shows who speaks), in order of first
/// appearance.
struct ASSStyleRows {
    let base: CaptionStyle
    private(set) var rows: [(name: String, style: CaptionStyle)]

    init(base: CaptionStyle) {
        self.base = base
        // With secondary captions shown, the main captions' own style (room kept) is the default.
        rows = [("Default", base.mainPageStyle)]
    }

    /// The row a page is drawn in, added when new: `Secondary` for the secondary track's pages.
    mutating func row(for page: CaptionEvent, words: [TimedWord]) -> (name: String, style: CaptionStyle) {
        let style = base.forPage(page, words: words)
        if let row = rows.first(where: { $0.style == style }) { return row }
        let speaker = page.style == SecondaryCaptions.styleName ? "Secondary" : words.lazy.compactMap(\.speaker).first ?? "Main"
        // A comma would end the row's name field; a name already taken gets a number.
        let stem = speaker.replacingOccurrences(of: ",", with: " ")
        var name = stem, n = 2
        while rows.contains(where: { $0.name == name }) { name = "\(stem) \(n)"; n += 1 }
        rows.append((name, style))
        return (name, style)
    }
}
