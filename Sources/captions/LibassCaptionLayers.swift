import CaptionASS
import CaptionFormats
import CaptionLayout
import CaptionModel
import CaptionRender
import CaptionStyles
import CaptionVerify
import CaptionVideo

/// `--engine libass`: the ASS the toolkit compiles for the captions, drawn by libass at the output
/// size with exactly the font files the native layout resolved (as `captions verify` does), one full
/// frame per video frame, cropped to what was drawn and blended like the native layers.
final class LibassCaptionLayers: CaptionLayerSource {
    private let libass: LibassRenderer
    private let canvas: LayerCanvas

    init(style: CaptionStyle, pages: [CaptionEvent], width: Int, height: Int, engine: LayoutEngine) throws {
        let compiler = ASSCompiler(style: style, width: width, height: height, engine: engine)
        var fonts: [String] = []
        let script: String
        do {
            script = try compiler.script(for: pages)
            for page in pages {
                for path in try compiler.layout(of: page).glyphs.map(\.face.path) where !fonts.contains(path) { fonts.append(path) }
            }
        } catch { throw CaptionFormatError(.unreadable, "\(error)") }
        let primary = pages.first.flatMap { try? compiler.layout(of: $0).face.path }
        guard let defaultFont = primary ?? fonts.first else { throw CaptionFormatError(.unreadable, "no font was resolved") }
        if !fonts.contains(defaultFont) { fonts.insert(defaultFont, at: 0) }
        do {
            libass = try LibassRenderer(fontFiles: fonts, defaultFamily: style.fontFamily, defaultFont: defaultFont, width: width, height: height)
            try libass.load(assText: script)
        } catch { throw CaptionFormatError(.unreadable, "libass: \(error)") }
        canvas = LayerCanvas(width: width, height: height)
    }

    func layer(at t: Milliseconds) throws(VideoError) -> CaptionLayer? {
        canvas.draw { libass.render(at: t, onto: &$0) }
    }
}
