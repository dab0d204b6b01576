import CaptionASS
import CaptionFormats
import CaptionLayout
import CaptionModel
import CaptionStyles

/// `convert --to ass` with a preset or style: the preset compiler's script (every word placed by the
/// native layout, karaoke effects as events) instead of the plain ASS writer's one event per caption.
enum CompiledASS {
    /// The default frame: the presets are designed for a 1080x1920 portrait video.
    static let defaultSize = SizeArgument(width: 1080, height: 1920)

    static func script(_ document: CaptionDocument, style: CaptionStyle, size: SizeArgument, secondary: [CaptionEvent] = []) throws -> String {
        let (pages, style) = StyledPages.prepare(document.events, style: style, secondary: secondary, stylesheets: document.stylesheets)
        ColorEmojiWarning.check(pages, style: style)
        let compiler = ASSCompiler(style: style, width: size.width, height: size.height)
        do {
            return try compiler.script(for: pages)
        } catch {
            // No font file could be resolved for the style's family (fontconfig found nothing usable).
            throw CaptionFormatError(.unreadable, "cannot lay out the captions in '\(style.name)': \(error)")
        }
    }
}
