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
    // Unchecked: the layout cache is guarded by its lock; everything else is immutable.
    public let style: CaptionStyle
    public let width: Int
    public let height: Int
    private let engine: LayoutEngine
    private let rasterizer: GlyphRasterizer
    private let layouts = LayoutCache()
    /// Where `stack` moved pages that share the screen.
    private let shifts = PageShifts()
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
    public init(style: CaptionStyle, width: Int, height: Int, engine: LayoutEngine = LayoutEngine(),
                rasterizer: GlyphRasterizer = GlyphRasterizer(), maskCacheBytes: Int = 32 << 20) {
        let style = style.forFrame(width: width, height: height)
        self.style = style
        self.width = width
        self.height = height
        self.engine = engine
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
    public var warnings: [String] { layouts.warnings }

    /// Stacks the pages of `pages` that are on screen together as libass stacks colliding events
    /// (`PageStacking`); every later drawing of these pages (and the compiled ASS) puts them there.
    /// Pages of different named styles (main and secondary captions) do not collide. Call it once with
    /// the whole list before drawing it; a list with no overlapping pages lays nothing out.
    public func stack(_ pages: [CaptionEvent]) throws(FontError) {
        var groups: [String?: [Int]] = [:]
        for i in PageStacking.overlapping(pages) { groups[pages[i].style, default: []].append(i) }
        var entries: [(page: CaptionEvent, shift: Double)] = []
        for group in groups.values {
            var boxes: [PageStacking.Box] = []
            for i in group {
                let (_, style, layout) = try laidOut(pages[i])
                // The lines' box grown by the outline on every side, as libass measures an event.
                let b = layout.bounds, border = PrintedLengths.strokeWidth(style, scale: layout.scale)
                boxes.append(PageStacking.Box(start: pages[i].start, end: pages[i].end, top: b.minY - border, bottom: b.maxY + border,
                                              left: b.minX - border, right: b.maxX + border, upward: (1...3).contains(style.anchor)))
            }
            entries += zip(group, PageStacking.shifts(boxes)).map { (pages[$0], $1) }
        }
        shifts.set(entries)
    }

    /// The page's words, style and layout where it would stand alone.
    private func laidOut(_ event: CaptionEvent) throws(FontError) -> (timed: [TimedWord], style: CaptionStyle, layout: TextLayout) {
        let timed = WordTimeline.words(of: event)
        // The cue's own placement ({\anN}, WebVTT settings) over the page's style.
        // An ASS event's `\pos` is in its script's PlayRes, which the pages do not carry: not placed.
        let style = self.style.forPage(event, words: timed).placed(event.placement, frameWidth: Double(width), frameHeight: Double(height),
                                                                   pointSpace: event.ass == nil ? (384, 288) : nil)
        let layout = try layouts.layout(for: event, words: timed.map(\.text)) { () throws(FontError) -> TextLayout in
            try engine.layout(LayoutRequest(text: event.text.plain, words: timed.map(\.text), style: style,
                                            frameWidth: Double(width), frameHeight: Double(height),
                                            emphasized: Self.laidOutLarger(timed, style: style),
                                            italic: Set(timed.indices.filter { timed[$0].markup.italic }),
                                            bold: Set(timed.indices.filter { timed[$0].markup.bold }),
                                            families: timed.indices.reduce(into: [:]) { $0[$1] = timed[$1].markup.fontFamily },
                                            scales: timed.indices.reduce(into: [:]) { $0[$1] = timed[$1].markup.fontScale }))
        }
        return (timed, style, layout)
    }

    /// What the caption looks like at `t`, before anything is drawn: its layout (moved where `stack`
    /// put it), each word's appearance and the page motion. Tests read it to check karaoke semantics
    /// without pixels.
    public func scene(_ event: CaptionEvent, at t: Milliseconds) throws(FontError) -> CaptionScene {
        var (timed, style, layout) = try laidOut(event)
        let shift = shifts.shift(of: event)
        if shift != 0 { layout = layout.shifted(dy: shift) }
        var appearances = Karaoke.appearances(of: timed, at: t, style: style)
        // The layout may find a different number of words (text it could not match): pad or cut.
        if appearances.count < layout.words.count {
            appearances += Array(repeating: WordAppearance(color: style.textColor), count: layout.words.count - appearances.count)
        }
        return CaptionScene(style: style, layout: layout, appearances: Array(appearances.prefix(layout.words.count)),
                            motion: CaptionMotion.at(t, start: event.start, end: event.end, style: style),
                            bars: DecorationBars.bars(layout: layout, words: timed))
    }
}

extension CaptionFrameRenderer {
    /// The words laid out in the emphasis weight or size, when the style gives one.
    static func laidOutLarger(_ words: [TimedWord], style: CaptionStyle) -> Set<Int> {
        guard style.emphasis.scale != 1 || style.emphasis.fontWeight != nil else { return [] }
        return Set(EmphasisMatch.emphasized(words, by: style.emphasis).enumerated().filter(\.element).map(\.offset))
    }
}

/// A caption at one instant: everything the painter needs.
public struct CaptionScene: Sendable {
    /// The page's style: the renderer's, with the page's speaker's style applied.
    public var style: CaptionStyle
    public var layout: TextLayout
    /// One per laid-out word.
    public var appearances: [WordAppearance]
    public var motion: CaptionMotion
    /// The underlines and strikeouts of the words the markup marks (`DecorationBars`).
    public var bars: [DecorationBar] = []
}

/// Layouts by caption, so a caption is shaped once however many frames show it.
final class LayoutCache: @unchecked Sendable {
    /// The event's named style too: a secondary caption with the same times and text as a main one is
    /// laid out in another style. Its spans (the words' italic and bold) and placement place it too:
    /// kept by reference, so the key costs no copy per frame.
    private struct Key: Hashable {
        var start: Int; var end: Int; var text: String; var words: [String]; var spans: [TextSpan]; var style: String?
        var placement: CuePlacement?
    }
    private var entries: [Key: TextLayout] = [:]
    private var seenWarnings: [String] = []
    private let lock = NSLock()

    var warnings: [String] { lock.withLock { seenWarnings } }

    func layout(for event: CaptionEvent, words: [String], make: () throws(FontError) -> TextLayout) throws(FontError) -> TextLayout {
        let key = Key(start: event.start, end: event.end, text: event.text.plain, words: words, spans: event.spans, style: event.style,
                      placement: event.placement)
        if let hit = lock.withLock({ entries[key] }) { return hit }
        let layout = try make()
        lock.withLock {
            if entries.count > 4096 { entries.removeAll(keepingCapacity: true) }
            entries[key] = layout
            for warning in layout.warnings.map({ "\($0)" }) where !seenWarnings.contains(warning) { seenWarnings.append(warning) }
        }
        return layout
    }
}
