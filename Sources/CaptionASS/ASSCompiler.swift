import CaptionLayout
import CaptionModel
import CaptionRender
import CaptionStyles

/// Compiles styled caption pages into an ASS script that libass draws like the native renderer.
///
/// Positions come from the native layout, never from libass's own wrapping: every word is its own
/// event placed with `\an7\pos` at its advance box's left end and its line's top (measured: per word
/// beats per line, whose advances drift from the native ones across a line), so per-word effects never
/// reflow a line and no `\N` is needed (`LineEvents.perWord` switches back to one event per line). The karaoke state comes from `CaptionFrameRenderer.scene`,
/// so it is the native one. Per page, bottom to top, as the native painter layers them:
/// - layer 0: shadows (`ShadowEvents`): the text with fill and outline transparent, blurred with `\blur`;
/// - layer 1: the spoken word's rounded box as a `\p1` drawing (background-by-word, `WordBoxEvents`);
/// - layer 2: the lines, sharp, each word in its karaoke colour (`LineEvents`);
/// - layers 0 and 3: the scaled word alone at its centre with `\t` transitions (word-and-scale, `ScaledWordEvents`).
/// A page is cut where any word's state can change; an event that stays the same across cuts is extended.
public struct ASSCompiler {
    public let style: CaptionStyle
    public let width: Int
    public let height: Int
    let renderer: CaptionFrameRenderer

    public init(style: CaptionStyle, width: Int, height: Int, engine: LayoutEngine = LayoutEngine()) {
        self.style = style
        self.width = width
        self.height = height
        renderer = CaptionFrameRenderer(style: style, width: width, height: height, engine: engine)
    }

    /// The complete script for `pages` (caption events, already paged).
    public func script(for pages: [CaptionEvent]) throws(FontError) -> String {
        var lines: [String] = []
        for page in pages { lines += try events(for: page).map(\.line) }
        return ASSHeader(style: style, width: width, height: height).text + lines.joined(separator: "\n") + "\n"
    }

    /// The layout the events of `page` are placed by (the native renderer's own).
    public func layout(of page: CaptionEvent) throws(FontError) -> TextLayout {
        try renderer.scene(page, at: page.start).layout
    }

    func events(for page: CaptionEvent) throws(FontError) -> [ASSEvent] {
        let layout = try self.layout(of: page)
        let timed = WordTimeline.words(of: page)
        let scaled = ScaledWordEvents(style: style, layout: layout, timed: timed, page: page)

        var cuts: Set<Milliseconds> = [page.start, page.end]
        for w in timed { cuts.formUnion([w.start, w.end, scaled.settled(w)]) }
        let bounds = cuts.filter { $0 >= page.start && $0 <= page.end }.sorted()

        var events = EventList()
        for (a, b) in zip(bounds, bounds.dropFirst()) {
            let (from, to) = (ASSSyntax.centiseconds(a), ASSSyntax.centiseconds(b))
            guard from < to else { continue }
            let appearances = try renderer.scene(page, at: a).appearances
            let hidden = scaled.hidden(at: a)
            let lines = LineEvents(style: style, layout: layout, appearances: appearances, hidden: hidden)
            for (layer, text) in lines.shadows() + WordBoxEvents(style: style, layout: layout, appearances: appearances).boxes() + lines.texts() {
                events.add(ASSEvent(layer: layer, from: from, to: to, text: text))
            }
        }
        return events.events + scaled.events()
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
