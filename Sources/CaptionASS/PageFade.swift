import CaptionModel
import CaptionStyles

/// Page fades (broadcast): the native painter multiplies the whole page by
/// `min((t − start) / fade_in, (end − t) / fade_out)`. A page is cut into many events, so each gets
/// `\fade(255,0,255,t1,t2,t3,t4)` with the page's own fade times relative to that event's start:
/// libass interpolates the transparency linearly between them as the native opacity runs, and
/// combines it with every colour's own transparency as the native opacity multiplies alpha.
///
/// Not reproduced: `slide_distance` (no preset slides; the native ease-out rise has no exact `\move`
/// form and would need an event per frame).
struct PageFade {
    let style: CaptionStyle
    let page: CaptionEvent

    var isActive: Bool { style.fadeIn > 0 || style.fadeOut > 0 }

    func apply(_ events: [ASSEvent]) -> [ASSEvent] {
        guard isActive else { return events }
        return events.map { event in
            let origin = event.from * 10
            let t1 = page.start - origin, t2 = t1 + style.fadeIn
            let t4 = page.end - origin, t3 = t4 - style.fadeOut
            var faded = event
            guard faded.text.hasPrefix("{") else { return faded }
            faded.text.insert(contentsOf: "\\fade(255,0,255,\(t1),\(t2),\(t3),\(t4))", at: faded.text.index(after: faded.text.startIndex))
            return faded
        }
    }
}
