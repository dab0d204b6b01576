import CaptionLayout
import CaptionModel
import CaptionRender
import CaptionStyles

/// The native engine as a layer source. A frame's pixels are fully determined by its `FrameState`
/// (which pages show and each one's scene), so the layer is redrawn only when that changes: at word
/// boundaries, and on every frame of an animation (fades, scaling, fill sweeps).
public final class NativeCaptionLayers: CaptionLayerSource {

    public let renderer: CaptionFrameRenderer
    public let pages: [CaptionEvent]
    /// Which pages show at a time, without reading every page at every frame.
    private let index: PageIndex
    private let canvas: LayerCanvas
    /// Where the renderer drew, so that the canvas looks for the ink only there: at 1080x1920 the
    /// empty rows of a whole-frame scan cost more than drawing the caption.
    private let ink = InkArea()
    private var lastState: FrameState?
    private var lastLayer: CaptionLayer?
    /// How many frames were drawn (the rest reused the previous layer); for --stats.
    public private(set) var redraws = 0

    public init(renderer: CaptionFrameRenderer, pages: [CaptionEvent]) {
        self.renderer = renderer
        self.pages = pages
        // Pages on screen together stacked as libass stacks them. A font error here comes back,
        // thrown, from the first frame drawn.
        try? renderer.stack(pages)
        index = PageIndex(pages)
        canvas = LayerCanvas(width: renderer.width, height: renderer.height)
    }

    /// For a video written forward in time (burn, overlay): a page is redrawn only when its state
    /// changes, so small caches (glyphs 8 MiB, composed masks 4 MiB) keep memory flat in the video's
    /// length; the renderer's defaults (64 + 32 MiB) suit previews that jump around.
    public static func forward(style: CaptionStyle, pages: [CaptionEvent], width: Int, height: Int,
                               shaping: TextShaping = .complex) -> NativeCaptionLayers {
        NativeCaptionLayers(renderer: .forward(style: style, width: width, height: height, shaping: shaping), pages: pages)
    }

    public func layer(at t: Milliseconds) throws(VideoError) -> CaptionLayer? {
        do {
            let state = try renderer.state(of: pages, index: index, at: t)
            guard !state.pages.isEmpty else {
                lastState = state; lastLayer = nil
                return nil
            }
            if state == lastState { return lastLayer }
            let layer = try canvas.draw(inking: ink) { (image: inout RGBAImage) throws(FontError) in
                try renderer.render(state, of: pages, at: t, onto: &image, ink: ink)
            }
            redraws += 1
            lastState = state; lastLayer = layer
            return layer
        } catch {
            throw VideoError(.unreadable, "captions: \(error)")
        }
    }
}

extension CaptionFrameRenderer {
    /// A renderer for frames drawn forward in time (burn, overlay, a PGS track's looks): small caches
    /// (glyphs 8 MiB, composed masks 4 MiB), as a page is redrawn only when its state changes.
    static func forward(style: CaptionStyle, width: Int, height: Int, shaping: TextShaping = .complex) -> CaptionFrameRenderer {
        CaptionFrameRenderer(style: style, width: width, height: height, engine: LayoutEngine(),
                             rasterizer: GlyphRasterizer(cache: GlyphCache(byteLimit: 8 << 20)), maskCacheBytes: 4 << 20, shaping: shaping)
    }
}
