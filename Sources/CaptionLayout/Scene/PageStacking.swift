import CaptionModel

/// Captions on screen together, stacked as libass stacks colliding events (`fix_collisions` in
/// ass_render.c), so that two speakers, a sign under dialogue or SDH never draw letters on letters.
///
/// libass keeps every event where it was on the frame before and fits each new event into the free
/// space: a bottom-aligned event moves up past the events it would touch, a top- or middle-aligned one
/// moves down, and only events whose boxes overlap horizontally collide. Played forward, an event is
/// placed once, when it appears, among the events already showing (those that started before it, or
/// at the same time earlier in the list), and keeps that place while it stays. This computes those
/// places once for the whole list, from each page's box where it would stand alone.
public enum PageStacking {
    public struct Box: Sendable, Equatable {
        public var start: Milliseconds
        public var end: Milliseconds
        /// The box in frame pixels (y down) where the page stands alone.
        public var top: Double
        public var bottom: Double
        public var left: Double
        public var right: Double
        /// True for a bottom-aligned page, which moves up; others move down.
        public var upward: Bool

        public init(start: Milliseconds, end: Milliseconds, top: Double, bottom: Double, left: Double, right: Double, upward: Bool) {
            self.start = start; self.end = end; self.top = top; self.bottom = bottom; self.left = left; self.right = right
            self.upward = upward
        }
    }

    /// The vertical shift of each box (0 for one that collides with nothing), in list order.
    public static func shifts(_ boxes: [Box]) -> [Double] {
        var shifts = [Double](repeating: 0, count: boxes.count)
        let order = boxes.indices.sorted { (boxes[$0].start, $0) < (boxes[$1].start, $1) }
        /// Pages showing, each at its place.
        var placed: [(end: Milliseconds, top: Double, bottom: Double, left: Double, right: Double)] = []
        for i in order {
            let box = boxes[i]
            placed.removeAll { $0.end <= box.start }
            guard box.end > box.start else { continue }
            // libass's fit_segment: the fixed boxes by top; upward it walks them bottom to top, each
            // one still touched moving the box to just above it, downward top to bottom.
            let fixed = placed.sorted { $0.top < $1.top }
            var shift = 0.0
            func touches(_ f: (end: Milliseconds, top: Double, bottom: Double, left: Double, right: Double)) -> Bool {
                !(box.bottom + shift <= f.top || box.top + shift >= f.bottom || box.right <= f.left || box.left >= f.right)
            }
            if box.upward {
                for f in fixed.reversed() where touches(f) { shift = f.top - box.bottom }
            } else {
                for f in fixed where touches(f) { shift = f.bottom - box.top }
            }
            shifts[i] = shift.rounded()
            placed.append((box.end, box.top + shifts[i], box.bottom + shifts[i], box.left, box.right))
        }
        return shifts
    }

    /// The pages that share some time with another page of the same named style: the only ones
    /// stacking can move, found without laying anything out.
    public static func overlapping(_ pages: [CaptionEvent]) -> [Int] {
        let order = pages.indices.sorted { (pages[$0].start, $0) < (pages[$1].start, $1) }
        var found = Set<Int>()
        var showing: [Int] = []
        for i in order {
            showing.removeAll { pages[$0].end <= pages[i].start }
            guard pages[i].end > pages[i].start else { continue }
            for j in showing where pages[j].style == pages[i].style {
                found.insert(i); found.insert(j)
            }
            showing.append(i)
        }
        return found.sorted()
    }
}
