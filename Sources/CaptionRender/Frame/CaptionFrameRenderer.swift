import CaptionLayout
import CaptionModel
import CaptionStyles
import Foundation

/// Renders captions in a style onto frames at exact times: the renderer the preview, the golden tests
/// and the burn-in share.
///
/// The pipeline per caption, top-down: lay out (cached per caption) → the words' timing and karaoke
/// state at `t` → page motion (fade, slide) → glyph masks (cached per glyph) → layers, bottom to top:
/// page or line boxes, the spoken word's box, shadow, stroke, fill.
public final class CaptionFrameRenderer: @unchecked Sendable {
    // Unchecked: the mask cache is guarded by its lock; everything else is immutable (the stager locks its own).
    /// Layout, stacking and each instant's scene: what this renderer paints.
    public let stager: CaptionStager
    /// The style for the frame's shape (`landscape` applied when it is wider than tall), as the stager has it.
    public var style: CaptionStyle { stager.style }
    public var width: Int { stager.width }
    public var height: Int { stager.height }
    private let rasterizer: GlyphRasterizer
    private let masks: FrameMaskCache
    /// Stroke and shadow lengths at this frame size (the layout's scale: shorter side / 1080).
    private let lengths: PrintedLengths
    /// The style's colour emoji font, when it can be found.
    public let colorEmoji: ColorEmojiFont?

    /// A renderer for one style and frame size; keep it for every frame of those pages, since it
    /// caches their layouts and masks.
    ///
    /// - Parameters:
    ///   - style: The style the pages are drawn in (the one `StyledPages.prepare` returned), with its
    ///     `landscape` fields applied when the frame is wider than tall (`CaptionStyle.forFrame`).
    ///   - width: The frame's width in pixels; the style's lengths scale with the shorter side / 1080.
    ///   - height: The frame's height in pixels.
    ///   - engine: Fonts, shaping and line breaking; share one between renderers to share its font cache.
    ///   - rasterizer: Glyph outlines to masks, with its own cache.
    ///   - maskCacheBytes: Bounds the cache of composed masks (shadows, boxes, words' summed glyphs):
    ///     a caller that moves forward in time (burning a video) needs only the current pages' and can
    ///     keep it small so memory does not grow with the video's length.
    ///   - shaping: Which of libass's shapers to draw as (`TextShaping`): `.complex`, what players
    ///     and the compiled ASS show, or `.simple`, what `ffmpeg -vf subtitles=` burns.
    public init(style: CaptionStyle, width: Int, height: Int, engine: LayoutEngine = LayoutEngine(),
                rasterizer: GlyphRasterizer = GlyphRasterizer(), maskCacheBytes: Int = 32 << 20, shaping: TextShaping = .complex) {
        stager = CaptionStager(style: style, width: width, height: height, engine: engine, shaping: shaping)
        let style = stager.style
        self.rasterizer = rasterizer
        masks = FrameMaskCache(byteLimit: maskCacheBytes)
        lengths = PrintedLengths(style: style, scale: LayoutEngine.frameScale(width: Double(width), height: Double(height)))
        colorEmoji = style.emojiFont.flatMap { ColorEmojiFonts.shared.font($0, resolver: engine.resolver) }
    }

    /// Draws the captions visible at `t` (start ≤ t < end), in order, onto `image`.
    ///
    /// - Parameters:
    ///   - events: The pages, as `StyledPages.prepare` returned them.
    ///   - t: The time, in milliseconds from the start of the media.
    ///   - image: The frame, of the renderer's size: transparent, a colour, or a video frame's pixels.
    /// - Throws: `FontError` (66) when no font at all can be found for the style; a family that is not
    ///   installed falls back to another instead, with a message in `warnings`.
    public func render(_ events: [CaptionEvent], at t: Milliseconds, onto image: inout RGBAImage) throws(FontError) {
        try render(pages: events.lazy.filter { $0.start <= t && t < $0.end }, at: t, onto: &image, ink: nil)
    }

    /// Pages on screen together, painted a layer at a time across all of them (boxes, shadows,
    /// strokes, fills: `CaptionPainter.Phase`), as libass draws the compiled ASS's layers.
    func render(pages: some Sequence<CaptionEvent>, at t: Milliseconds, onto image: inout RGBAImage, ink: InkArea?) throws(FontError) {
        var prepared: [(CaptionPainter, CaptionPainter.Prepared)] = []
        for page in pages {
            let (painter, scene) = try self.painter(page, at: t, ink: ink)
            if let p = painter.prepare(scene) { prepared.append((painter, p)) }
        }
        for phase in CaptionPainter.Phase.allCases {
            for (painter, p) in prepared { painter.paint(p, phase, onto: &image) }
        }
    }

    /// One caption at `t`, whether or not `t` is inside its interval (tests use times outside words).
    public func render(_ event: CaptionEvent, at t: Milliseconds, onto image: inout RGBAImage) throws(FontError) {
        try render(event, at: t, onto: &image, ink: nil)
    }

    /// The same, telling `ink` the rectangle of everything drawn.
    public func render(_ event: CaptionEvent, at t: Milliseconds, onto image: inout RGBAImage, ink: InkArea?) throws(FontError) {
        let (painter, scene) = try self.painter(event, at: t, ink: ink)
        painter.paint(scene, onto: &image)
    }

    /// The page's scene at `t` and the painter for its style.
    private func painter(_ event: CaptionEvent, at t: Milliseconds, ink: InkArea?) throws(FontError) -> (CaptionPainter, CaptionScene) {
        let scene = try self.scene(event, at: t)
        // A speaker's page may have its own stroke and shadow lengths.
        let lengths = scene.style == style ? self.lengths : PrintedLengths(style: scene.style, scale: scene.layout.scale)
        return (CaptionPainter(style: scene.style, rasterizer: rasterizer, cache: masks, lengths: lengths, colorEmoji: colorEmoji, ink: ink), scene)
    }

    /// Where colour emoji are drawn at `t` (with the reach of their stroke and shadow): what libass,
    /// which draws them in the monochrome fallback, cannot match, so `verify` leaves them out.
    public func colorEmojiBoxes(_ events: [CaptionEvent], at t: Milliseconds) throws(FontError) -> [PixelRect] {
        guard let colorEmoji else { return [] }
        var boxes: [PixelRect] = []
        for event in events where event.start <= t && t < event.end {
            let scene = try self.scene(event, at: t)
            let lengths = PrintedLengths(style: scene.style, scale: scene.layout.scale)
            let reach = Int((lengths.strokeWidth + lengths.shadowBlur * 3 + max(abs(lengths.shadowOffsetX), abs(lengths.shadowOffsetY))).rounded(.up)) + 4
            for cluster in ColorEmojiLayer.clusters(in: scene.layout, font: colorEmoji) {
                // Where the painter puts it (a page's slide, a word's rise), and wide enough for the
                // outline glyphs libass draws there too.
                let word = scene.layout.glyphs[cluster.glyphs.lowerBound].wordIndex
                let rise = scene.appearances[word].rise.map { WordTop.offset(of: word, in: scene.layout, rise: $0) } ?? 0
                let dy = scene.motion.offsetY * scene.layout.scale + rise
                var box = ColorEmojiLayer.draw(cluster, layout: scene.layout, font: colorEmoji, dy: dy)?.frame ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
                for glyph in scene.layout.glyphs[cluster.glyphs] {
                    let ink = glyph.inkBox ?? LayoutRect(x: glyph.x, y: glyph.y, width: glyph.advance, height: 0)
                    box = box.union(PixelRect(x: Int(ink.minX.rounded(.down)), y: Int((ink.minY + rise).rounded(.down)),
                                              width: Int(ink.width.rounded(.up)) + 1, height: Int(ink.height.rounded(.up)) + 1))
                }
                boxes.append(PixelRect(x: box.x - reach, y: box.y - reach, width: box.width + 2 * reach, height: box.height + 2 * reach))
            }
        }
        return boxes
    }

    /// Every distinct layout warning so far (a font substituted, a character no font has), in order.
    public var warnings: [String] { stager.warnings }

    /// Stacks the pages on screen together as libass stacks colliding events (`CaptionStager.stack`);
    /// call it once with the whole list before drawing it.
    public func stack(_ pages: [CaptionEvent]) throws(FontError) { try stager.stack(pages) }

    /// What the caption looks like at `t`, before anything is drawn (`CaptionStager.scene`).
    public func scene(_ event: CaptionEvent, at t: Milliseconds) throws(FontError) -> CaptionScene { try stager.scene(event, at: t) }
}
