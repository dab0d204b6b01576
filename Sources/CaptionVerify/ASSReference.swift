import CaptionASS
import CaptionLayout
import CaptionModel
import CaptionStyles

/// The reference side of a verification: the ASS the toolkit compiles for the captions, loaded into
/// libass with exactly the font files the native layout resolved (the primary face first, as libass's
/// default, so a family libass cannot match never falls back to a different font).
public struct ASSReference {
    public let script: String
    public let fontFiles: [String]
    public let frames: LibassFrames

    public init(style: CaptionStyle, pages: [CaptionEvent], width: Int, height: Int,
                engine: LayoutEngine = LayoutEngine()) throws(VerifyError) {
        guard !pages.isEmpty else { throw .noCaptions }
        let compiler = ASSCompiler(style: style, width: width, height: height, engine: engine)
        var fonts: [String] = []
        let primary: String
        do {
            script = try compiler.script(for: pages)
            for page in pages {
                for path in try compiler.layout(of: page).glyphs.map(\.face.path) where !fonts.contains(path) { fonts.append(path) }
            }
            primary = try compiler.layout(of: pages[0]).face.path
        } catch { throw .fonts("\(error)") }
        fonts.removeAll { $0 == primary }
        fontFiles = [primary] + fonts
        do {
            let libass = try LibassRenderer(fontFiles: fontFiles, defaultFamily: style.fontFamily, defaultFont: primary,
                                            width: width, height: height)
            try libass.load(assText: script)
            frames = LibassFrames(renderer: libass)
        } catch { throw .libass("\(error)") }
    }
}
