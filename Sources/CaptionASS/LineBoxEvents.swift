import CaptionLayout
import CaptionStyles

/// `style.box` (broadcast): a rounded rectangle behind each line (its advance box from top to bottom,
/// padded), or one around the page's bounds with scope `page`, on the lowest layer, as the native
/// painter draws them before anything else. The same for every cut of a page, so `EventList` makes
/// one event per box and page.
struct LineBoxEvents {
    let style: CaptionStyle
    let layout: TextLayout

    func boxes() -> [(Int, String)] {
        guard let box = style.box else { return [] }
        let rects = box.scope == .page ? [layout.bounds] : layout.lines.map(\.box)
        return rects.filter { $0.width > 0 }.map { (ASSLayer.lineBox, RoundedBoxDrawing(around: $0, box: box, scale: layout.scale).text) }
    }
}
