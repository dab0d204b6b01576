import CaptionASS
import CaptionLayout
import CaptionLibass
import CaptionModel
import CaptionRender
import CaptionStyles
import CaptionVerify

/// One caption of `text` in `style` at 540x960, drawn natively and by libass from the compiled ASS
/// with the font the layout resolved, at 500 ms; and the layout, for tests that look at single glyphs.
struct TextFrames {
    static let (width, height) = (540, 960)

    let native: RGBAImage
    let libass: RGBAImage
    let layout: TextLayout

    init(_ text: String, style: CaptionStyle) throws {
        let page = CaptionEvent(start: 0, end: 2000, text: CaptionText(plain: text))
        let (w, h) = (Self.width, Self.height)
        let compiler = ASSCompiler(style: style, width: w, height: h)
        layout = try compiler.layout(of: page)
        let reference = try LibassRenderer(fontFiles: [layout.face.path], defaultFamily: style.fontFamily,
                                           defaultFont: layout.face.path, width: w, height: h)
        try reference.load(assText: try compiler.script(for: [page]))
        var a = RGBAImage(width: w, height: h), b = RGBAImage(width: w, height: h)
        try CaptionFrameRenderer(style: style, width: w, height: h).render([page], at: 500, onto: &a)
        reference.render(at: 500, onto: &b)
        (native, libass) = (a, b)
    }

    /// The plain preset without shadow, with `edit` applied.
    static func plainStyle(_ edit: (inout CaptionStyle) -> Void) throws -> CaptionStyle {
        var style = try StyleLibrary.locate().style(preset: "plain", styleFile: nil)
        style.shadow.opacity = 0
        edit(&style)
        return style
    }
}
