import CaptionLayout
import CaptionModel
import CaptionStyles

/// Compiles styled caption pages into an ASS script that libass draws like the native renderer.
///
/// Positions come from the native layout, never from libass's own wrapping: every word is its own
/// event placed with `\an7\pos` at its advance box's left end and its line's top, so per-word effects
/// never reflow a line and no `\N` is needed. The karaoke state comes from `CaptionFrameRenderer.scene`,
/// so it is the native one. Per page, bottom to top, as the native painter layers them (`ASSLayer`):
/// line boxes (`LineBoxEvents`), the spoken word's box (`WordBoxEvents`), shadows, translucent words'
/// strokes, the words (`LineEvents`, with karaoke sweeps in `SweepEvents`), and words that scale,
/// drawn alone with `\t` transitions (`ScaledWordEvents`); page fades become `\fade` (`PageFade`).
///
/// A page is cut at every time a word's drawn state can change (`cuts`) and each cut drawn in the state
/// at its start; an event that stays the same across cuts is extended. What moves continuously inside
/// a cut is animated instead: scales by `\t(\fscx)` keyframes, the sweep by `\t(\clip)`. What cannot be
/// animated changes at the cuts, which ASS rounds to centiseconds (the native typewriter and letter
/// modes step on that grid; word times that are not on it change up to 5 ms early or late).
public struct ASSCompiler {
    /// Where each page stands and how it looks at each cut: the same scenes the native renderer paints.
    let stager: CaptionStager
    /// The style for the frame's shape (`landscape` applied when it is wider than tall), as the stager has it.
    public var style: CaptionStyle { stager.style }
    public var width: Int { stager.width }
    public var height: Int { stager.height }

    /// A compiler for one style and frame size (the script's `PlayResX` and `PlayResY`); the events are
    /// placed as `CaptionFrameRenderer` draws a frame of that size (both go through `CaptionStager`).
    ///
    /// - Parameters:
    ///   - style: The style the pages are drawn in (the one `StyledPages.prepare` returned).
    ///   - width: The video's width in pixels.
    ///   - height: The video's height in pixels.
    ///   - engine: Fonts, shaping and line breaking, shared with any renderer to share its font cache.
    public init(style: CaptionStyle, width: Int, height: Int, engine: LayoutEngine = LayoutEngine()) {
        stager = CaptionStager(style: style, width: width, height: height, engine: engine)
    }

    /// The complete script for `pages` (caption events, already paged). A page whose speaker has a
    /// style of their own uses a style row named after the speaker (`ASSStyleRows`).
    ///
    /// - Parameter pages: The pages, as `StyledPages.prepare` returned them.
    /// - Returns: The ASS script's text: header, style rows and events, ending in a newline.
    /// - Throws: `FontError` (66) when no font at all can be found for the style.
    public func script(for pages: [CaptionEvent]) throws(FontError) -> String {
        // Pages on screen together are placed as the renderer stacks them: their words carry `\pos`,
        // which libass never moves.
        try stager.stack(pages)
        var rows = ASSStyleRows(base: style)
        var lines: [String] = []
        for page in pages {
            let (name, pageStyle) = rows.row(for: page, words: WordTimeline.words(of: page))
            lines += try events(for: page, style: pageStyle).map { $0.line(style: name) }
        }
        return ASSHeader(rows: rows.rows, width: width, height: height).text + lines.joined(separator: "\n") + "\n"
    }

    /// The layout the events of `page` are placed by (the native renderer's own).
    public func layout(of page: CaptionEvent) throws(FontError) -> TextLayout {
        try stager.scene(page, at: page.start).layout
    }

    /// The page's events in `style`, the page's own (`CaptionStyle.forPage`).
    func events(for page: CaptionEvent, style: CaptionStyle) throws(FontError) -> [ASSEvent] {
        let layout = try self.layout(of: page)
        let timed = WordTimeline.words(of: page)
        let scaled = ScaledWordEvents(style: style, layout: layout, timed: timed, page: page)
        let bounds = cuts(timed, style: style).union([page.start, page.end]).filter { $0 >= page.start && $0 <= page.end }.sorted()

        var events = EventList()
        for (a, b) in zip(bounds, bounds.dropFirst()) {
            let (from, to) = (ASSSyntax.centiseconds(a), ASSSyntax.centiseconds(b))
            guard from < to else { continue }
            let scene = try stager.scene(page, at: a)
            let appearances = scene.appearances
            let words = LineEvents(style: style, layout: layout, appearances: appearances, hidden: scaled.hidden(at: a), timed: timed,
                                   at: a, eventStart: from * 10, eventEnd: to * 10, frameWidth: width, frameHeight: height,
                                   bars: scene.bars)
            let boxes = LineBoxEvents(style: style, layout: layout).boxes()
                + WordBoxEvents(style: style, layout: layout, appearances: appearances, eventStart: from * 10).boxes()
            for (layer, text) in boxes {
                events.add(ASSEvent(layer: layer, from: from, to: to, text: text))
            }
            for (layer, text, word) in words.events() {
                events.add(ASSEvent(layer: layer, from: from, to: to, text: text, word: word))
            }
            for (layer, text, word) in words.barEvents() {
                events.add(ASSEvent(layer: layer, from: from, to: to, text: text, word: word, bar: true))
            }
        }
        // libass draws one layer's events in file order, and where two words' blurred shadows overlap
        // that order shows (a darker one over a lighter one rounds differently, by one level of alpha).
        // The native painter paints word after word, so the page's events go in word order (stably:
        // boxes first, each word's events in time order, its underline and strikeout bars after all of
        // them, scaled glyphs included, as the painter draws a word's bars after its glyphs).
        let ordered = (events.events + scaled.events()).enumerated().sorted {
            ($0.element.word ?? -1, $0.element.bar ? 1 : 0, $0.offset) < ($1.element.word ?? -1, $1.element.bar ? 1 : 0, $1.offset)
        }.map(\.element)
        return PageFade(style: style, page: page).apply(ordered)
    }

    /// The times a word's drawn state can change: page and word bounds, the end of a word's scaling,
    /// and the mode's own steps (`KaraokeMode.cuts`: typewriter's and letter's characters, the pieces
    /// of a bounce or slide), on the centisecond grid the events are written on.
    func cuts(_ timed: [TimedWord], style: CaptionStyle) -> Set<Milliseconds> {
        var cuts: Set<Milliseconds> = []
        for w in timed {
            cuts.formUnion([w.start, w.end, ScaledSpan.settled(w, style: style)])
            cuts.formUnion(Karaoke.cuts(of: w, style: style))
        }
        return cuts
    }
}

/// Events in order; an event equal in layer and text to one that ends where it starts extends that one.
struct EventList {
    private(set) var events: [ASSEvent] = []
    private var open: [String: Int] = [:]

    mutating func add(_ event: ASSEvent) {
        let key = "\(event.layer)|\(event.text)"
        if let i = open[key], events[i].to == event.from {
            events[i].to = event.to
            return
        }
        open[key] = events.count
        events.append(event)
    }
}
