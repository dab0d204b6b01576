import CaptionFormats
import CaptionLayout
import CaptionModel
import CaptionRender
import CaptionLibass
import CaptionStyles
import CaptionVideo

/// `--engine libass`: the ASS the toolkit compiles for the captions, drawn by libass at the output
/// size with exactly the font files the native layout resolved (as `captions verify` does), one full
/// frame per video frame, cropped to what was drawn and blended like the native layers.
public final class LibassCaptionLayers: CaptionLayerSource {
    private let libass: LibassRenderer
    private let canvas: LayerCanvas

    public init(style: CaptionStyle, pages: [CaptionEvent], width: Int, height: Int, engine: LayoutEngine) throws {
        // The same compiled script and font files `captions verify` gives libass.
        do {
            libass = try LibassCompiledScript(style: style, pages: pages, width: width, height: height, engine: engine).renderer
        } catch { throw CaptionFormatError(.unreadable, "libass: \(error)") }
        canvas = LayerCanvas(width: width, height: height)
    }

    public func layer(at t: Milliseconds) throws(VideoError) -> CaptionLayer? {
        canvas.draw { libass.render(at: t, onto: &$0) }
    }
}
