import CaptionModel
import CaptionRender
import CaptionTestSupport
import CaptionExpectations
import Testing

/// `PageIndex` finds exactly the pages a scan of every page finds (start ≤ t < end), in list order:
/// random lists with overlaps, equal starts, empty and negative spans, and a long page early on.
@Suite struct PageIndexTests {
    @Test(arguments: Array(UInt64(1)...40))
    func findsWhatAScanFinds(seed: UInt64) {
        var g = SplitMix64(seed: seed)
        let count = g.int(0...60)
        var pages: [CaptionEvent] = []
        for _ in 0..<count {
            let start = g.int(-200...5000)
            let end = start + g.int(-50...(g.below(10) == 0 ? 4000 : 600))
            pages.append(CaptionEvent(start: start, end: end, text: CaptionText(plain: "x")))
        }
        let index = PageIndex(pages)
        for t in stride(from: -300, through: 6000, by: 7) {
            let scanned = pages.indices.filter { pages[$0].start <= t && t < pages[$0].end }
            expectEqual(index.shown(at: t, in: pages), scanned, "seed \(seed), t \(t)")
        }
    }
}
