import CaptionASS
import CaptionLayout
import CaptionModel
import CaptionStyles

/// The ASS the toolkit compiles for styled pages, loaded into libass with exactly the font files the
/// native layout resolved (the primary face first, as libass's default, so a family libass cannot
/// match never falls back to a different font). What `burn --engine libass` draws and what `verify`
/// and the golden suites compare the native frames against: one set-up for both.
public struct LibassCompiledScript {
    public let script: String
    public let fontFiles: [String]
    public let renderer: LibassRenderer

    /// Why the script could not be drawn; each case says what.
    public enum Failure: Error, Sendable, Equatable {
        /// There are no pages to compile.
        case noCaptions
        /// The compiler could not lay the pages out (a font it could not resolve).
        case fonts(String)
        /// libass refused its set-up or the compiled script.
        case libass(String)
    }

    public init(style: CaptionStyle, pages: [CaptionEvent], width: Int, height: Int,
                engine: LayoutEngine = LayoutEngine()) throws(Failure) {
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
            renderer = try LibassRenderer(fontFiles: fontFiles, defaultFamily: style.fontFamily, defaultFont: primary,
                                          width: width, height: height)
            try renderer.load(assText: script)
        } catch { throw .libass("\(error)") }
    }
}
