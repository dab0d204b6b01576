import CaptionLayout
import CaptionStyles

/// Font files the tests resolve by path, so results do not depend on what else is installed (the
/// Makefile installs them).
enum Fonts {
    static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let dejaVuSansBold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    static let droidFallback = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"
    static let symbola = "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"

    /// A style with every font given as a file: DejaVu Sans Bold, then Droid Sans Fallback and Symbola.
    static func style(size: Double = 80, anchor: Int = 2) -> CaptionStyle {
        var style = CaptionStyle()
        style.fontFile = dejaVuSansBold
        style.fallbackFonts = [droidFallback, symbola]
        style.fontSize = size
        style.anchor = anchor
        return style
    }
}

/// A layout of `text` in a 1080x1920 frame (scale 1) unless told otherwise.
func layout(_ text: String, words: [String]? = nil, style: CaptionStyle = Fonts.style(),
            width: Double = 1080, height: Double = 1920, engine: LayoutEngine = LayoutEngine()) throws -> TextLayout {
    try engine.layout(LayoutRequest(text: text, words: words, style: style, frameWidth: width, frameHeight: height))
}
