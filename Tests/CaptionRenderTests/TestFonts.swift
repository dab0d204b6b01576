import CaptionModel
import CaptionStyles

/// Fonts by file path, so renders do not depend on what else the machine has installed.
enum TestFonts {
    static let bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    static let cjk = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"
    static let emoji = "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"
    static let colorEmoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    /// A preset with its fonts pinned to files.
    static func pinned(_ style: CaptionStyle) -> CaptionStyle {
        var s = style
        s.fontFile = bold
        s.fallbackFonts = [cjk, emoji]
        s.emojiFont = colorEmoji
        return s
    }
}
