import CaptionLayout
import CaptionModel
import CaptionRender
import CaptionStyles

/// The native renderer as a frame source: paged captions drawn by `CaptionFrameRenderer`.
public struct NativeFrames: FrameSource {
    public let renderer: CaptionFrameRenderer
    public let pages: [CaptionEvent]

    public init(style: CaptionStyle, pages: [CaptionEvent], width: Int, height: Int, engine: LayoutEngine = LayoutEngine()) {
        renderer = CaptionFrameRenderer(style: style, width: width, height: height, engine: engine)
        self.pages = pages
        // A font error here comes back, thrown, from the first frame.
        try? renderer.stack(pages)
    }

    public func frame(at time: Milliseconds) throws -> RGBAImage {
        var image = RGBAImage(width: renderer.width, height: renderer.height)
        do { try renderer.render(pages, at: time, onto: &image) } catch {
            throw VerifyError.render(time: time, reason: "\(error)")
        }
        return image
    }

    /// Layout warnings so far (a font substituted, a character no font has).
    public var warnings: [String] { renderer.warnings }
}
