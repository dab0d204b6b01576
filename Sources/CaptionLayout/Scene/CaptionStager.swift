import CaptionModel
import CaptionStyles

/// Where captions stand on a frame of one size and how they look at an instant, before anything is
/// drawn: each page laid out (cached per page), stacked against the pages it shares the screen with,
/// its words' karaoke state and its motion at `t`. Both drawing paths start here: the native renderer
/// paints the scene, the ASS compiler writes it as events for libass, so they cannot disagree about
/// where a word is.
public final class CaptionStager: @unchecked Sendable {
    // Unchecked: the layout cache and the shifts are guarded by their locks; everything else is immutable.
    /// The style with its `landscape` fields applied when the frame is wider than tall.
    public let style: CaptionStyle
    public let width: Int
    public let height: Int
    private let engine: LayoutEngine
    /// The shaper every layout follows: `.complex` for the compiled ASS and what players show.
    public let shaping: TextShaping
    private let layouts = LayoutCache()
    /// Where `stack` moved pages that share the screen.
    private let shifts = PageShifts()

    /// A stager for one style and frame size; keep it for every frame of those pages, since it caches
    /// their layouts.
    ///
    /// - Parameters:
    ///   - style: The style the pages are drawn in (the one `StyledPages.prepare` returned).
    ///   - width: The frame's width in pixels; the style's lengths scale with the shorter side / 1080.
    ///   - height: The frame's height in pixels.
    ///   - engine: Fonts, shaping and line breaking; share one to share its font cache.
    ///   - shaping: Which of libass's shapers the layouts follow (`TextShaping`).
    public init(style: CaptionStyle, width: Int, height: Int, engine: LayoutEngine = LayoutEngine(), shaping: TextShaping = .complex) {
        self.shaping = shaping
        self.style = style.forFrame(width: width, height: height)
        self.width = width
        self.height = height
        self.engine = engine
    }

    /// Every distinct layout warning so far (a font substituted, a character no font has), in order.
    public var warnings: [String] { layouts.warnings }

    /// Stacks the pages of `pages` that are on screen together as libass stacks colliding events
    /// (`PageStacking`); every later scene of these pages (and so every drawing, and the compiled ASS)
    /// puts them there. Pages of different named styles (main and secondary captions) do not collide.
    /// Call it once with the whole list before drawing it; a list with no overlapping pages lays
    /// nothing out.
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

    /// What the caption looks like at `t`: its layout (moved where `stack` put it), each word's
    /// appearance and the page motion. Tests read it to check karaoke semantics without pixels.
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
                            bars: DecorationBars.bars(layout: layout, words: timed), shaping: shaping)
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
                                            scales: timed.indices.reduce(into: [:]) { $0[$1] = timed[$1].markup.fontScale },
                                            shaping: shaping))
        }
        return (timed, style, layout)
    }

    /// The words laid out in the emphasis weight or size, when the style gives one.
    static func laidOutLarger(_ words: [TimedWord], style: CaptionStyle) -> Set<Int> {
        guard style.emphasis.scale != 1 || style.emphasis.fontWeight != nil else { return [] }
        return Set(EmphasisMatch.emphasized(words, by: style.emphasis).enumerated().filter(\.element).map(\.offset))
    }
}
