import CaptionASS
import CaptionFormats
import CaptionLayout
import CaptionModel
import CaptionStyles

/// `convert --to ass` with a preset or style: the preset compiler's script (every word placed by the
/// native layout, karaoke effects as events) instead of the plain ASS writer's one event per caption.
public enum CompiledASS {
    /// The default frame: the presets are designed for a 1080x1920 portrait video.
    public static let defaultSize = FrameSize(width: 1080, height: 1920)!

    /// The script of the pages drawn at WIDTHxHEIGHT; `warn` hears the colour-emoji warning.
    public static func script(_ drawn: DrawnCaptions, width: Int, height: Int, warn: (String) -> Void) throws -> String {
        if let warning = ColorEmojiWarning.message(drawn.pages, style: drawn.style) { warn(warning) }
        let compiler = ASSCompiler(style: drawn.style, width: width, height: height)
        do {
            return try compiler.script(for: drawn.pages)
        } catch {
            // No font file could be resolved for the style's family (fontconfig found nothing usable).
            throw CaptionFormatError(.unreadable, "cannot lay out the captions in '\(drawn.style.name)': \(error)")
        }
    }
}
