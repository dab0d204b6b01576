import CaptionLayout
import CaptionModel
import CaptionRender
import CaptionStyles

/// The captions' look on every frame of a video, as the native renderer draws it (`burn`, `render`),
/// reported only on the frames where it changes: the display sets a PGS track needs.
///
/// A frame's pixels follow from its `FrameState` (which pages show and each one's scene), so a frame
/// is drawn only when its state differs from the previous frame's.
public struct PGSCaptionLooks {
    /// One change: from `frame` on, `pages` show, drawn as `image` at `x`, `y` (nil: nothing shows).
    public struct Look {
        public var frame: Int
        public var pages: [Int]
        public var image: RGBAImage?
        public var x: Int
        public var y: Int
    }

    public let renderer: CaptionFrameRenderer
    public let pages: [CaptionEvent]
    public let frameRate: FrameRate

    public init(style: CaptionStyle, pages: [CaptionEvent], width: Int, height: Int, frameRate: FrameRate) {
        // Written forward in time, as burn draws: small caches keep memory flat in the video's length.
        renderer = CaptionFrameRenderer(style: style, width: width, height: height, engine: LayoutEngine(),
                                        rasterizer: GlyphRasterizer(cache: GlyphCache(byteLimit: 8 << 20)), maskCacheBytes: 4 << 20)
        self.pages = pages
        self.frameRate = frameRate
    }

    /// The frames to look at: up to the first that starts at or after the last page's end (where the
    /// captions clear).
    public var frameCount: Int {
        guard let end = pages.map(\.end).max(), end > 0 else { return 0 }
        var last = frameRate.frame(containing: end)
        if frameRate.milliseconds(frames: last) < end { last += 1 }
        return last + 1
    }

    /// Calls `body` with each change in frame order; the last one shows nothing.
    public func forEachChange(_ body: (Look) throws(VideoError) -> Void) throws(VideoError) {
        let index = PageIndex(pages)
        let canvas = LayerCanvas(width: renderer.width, height: renderer.height)
        var last: FrameState?
        /// The last look reported with something in it (nil after one showing nothing).
        var drawn: Look?
        for frame in 0..<frameCount {
            let t = frameRate.milliseconds(frames: frame)
            do {
                let state = try renderer.state(of: pages, index: index, at: t)
                guard state != last else { continue }
                last = state
                guard !state.pages.isEmpty else {
                    if drawn != nil { try body(Look(frame: frame, pages: [], image: nil, x: 0, y: 0)) }
                    drawn = nil
                    continue
                }
                let layer = try canvas.draw { (image: inout RGBAImage) throws(FontError) in
                    try renderer.render(state, of: pages, at: t, onto: &image)
                }
                // A new state can draw the same pixels (a growing word's size rounding to the same
                // glyphs): no change, no display set.
                let look = Look(frame: frame, pages: state.pages.map(\.index), image: layer?.image, x: layer?.x ?? 0, y: layer?.y ?? 0)
                if let drawn, drawn.image == look.image, drawn.x == look.x, drawn.y == look.y { continue }
                drawn = look
                try body(look)
            } catch let error as VideoError {
                throw error
            } catch {
                throw VideoError(.unreadableInput, "captions: \(error)")
            }
        }
    }
}
