import CaptionModel
import CaptionExpectations
import Testing
import CaptionLayout

/// libass's collision rule on boxes: values, not pixels (`StackingCommandTests` compares pixels).
@Suite struct PageStackingTests {
    static func box(_ start: Int, _ end: Int, top: Double, bottom: Double, left: Double = 0, right: Double = 100, upward: Bool = true) -> PageStacking.Box {
        PageStacking.Box(start: start, end: end, top: top, bottom: bottom, left: left, right: right, upward: upward)
    }

    @Test func aLaterBottomCueGoesAboveTheOnesShowing() {
        // Three cues at the same place; each later one above the ones already there.
        let boxes = [Self.box(0, 5000, top: 900, bottom: 1000), Self.box(1000, 5000, top: 900, bottom: 1000),
                     Self.box(2000, 3000, top: 920, bottom: 1000)]
        expectEqual(PageStacking.shifts(boxes), [0, -100, -200], "its bottom on the top of the one above")
    }

    @Test func aCueKeepsItsPlaceAndAFreedSlotIsReused() {
        // The second ends; the third keeps its place above it; a fourth fills the freed slot.
        let boxes = [Self.box(0, 9000, top: 900, bottom: 1000), Self.box(1000, 3000, top: 900, bottom: 1000),
                     Self.box(2000, 9000, top: 900, bottom: 1000), Self.box(4000, 9000, top: 900, bottom: 1000)]
        expectEqual(PageStacking.shifts(boxes), [0, -100, -200, -100])
    }

    @Test func topCuesGoDownAndCuesSideBySideDoNotCollide() {
        let top = [Self.box(0, 5000, top: 50, bottom: 150, upward: false), Self.box(0, 5000, top: 50, bottom: 150, upward: false)]
        expectEqual(PageStacking.shifts(top), [0, 100], "same start: list order decides")
        let apart = [Self.box(0, 5000, top: 900, bottom: 1000, left: 0, right: 100),
                     Self.box(1000, 5000, top: 900, bottom: 1000, left: 100, right: 200)]
        expectEqual(PageStacking.shifts(apart), [0, 0])
    }

    @Test func onlyPagesSharingTimeAndStyleAreCandidates() {
        var a = CaptionEvent(start: 0, end: 2000, text: CaptionText(plain: "a"))
        let b = CaptionEvent(start: 1000, end: 3000, text: CaptionText(plain: "b"))
        let c = CaptionEvent(start: 3000, end: 4000, text: CaptionText(plain: "c"))
        expectEqual(PageStacking.overlapping([a, b, c]), [0, 1], "c starts as b ends")
        a.style = "secondary"
        expectEqual(PageStacking.overlapping([a, b, c]), [])
    }
}
