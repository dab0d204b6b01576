import CaptionModel
import CaptionExpectations
import Testing
@testable import CaptionStyles

/// A cue's placement as anchor and margins (`CaptionStyle.placed`): values; `PlacementDrawingTests`
/// measures the pixels.
@Suite struct CuePlacementStyleTests {
    static var base: CaptionStyle {
        var style = CaptionStyle()
        style.anchor = 2
        style.marginLeft = 96; style.marginRight = 96; style.marginTop = 54; style.marginBottom = 54
        style.fontSize = 64; style.lineSpacing = 1
        return style
    }

    @Test func noPlacementKeepsTheStyle() {
        expectEqual(Self.base.placed(nil, frameWidth: 1920, frameHeight: 1080), Self.base)
        expectEqual(Self.base.placed(CuePlacement(), frameWidth: 1920, frameHeight: 1080), Self.base)
    }

    @Test func anAnchorReplacesTheStylesOnly() {
        var p = CuePlacement()
        p.anchor = 9
        let style = Self.base.placed(p, frameWidth: 1920, frameHeight: 1080)
        expectTrue(style.anchor == 9 && style.marginTop == 54 && style.marginRight == 96)
    }

    @Test func webVTTBoxesBecomeMargins() {
        // position:10% align:start at 1920x1080 (scale 1): the box from 192 px to the right edge.
        var p = CuePlacement()
        p.position = 10; p.align = .start
        var style = Self.base.placed(p, frameWidth: 1920, frameHeight: 1080)
        expectTrue(style.anchor == 1 && style.marginLeft == 192 && style.marginRight == 0)
        // size:40% centred: 30 % on each side; at 1280x720 (scale 2/3) in reference pixels.
        p = CuePlacement(); p.size = 40
        style = Self.base.placed(p, frameWidth: 1280, frameHeight: 720)
        expectTrue(style.anchor == 2 && abs(style.marginLeft - 576) < 1e-9 && abs(style.marginRight - 576) < 1e-9)
        // position:90% align:end: the box ends at 90 %.
        p = CuePlacement(); p.position = 90; p.align = .end
        style = Self.base.placed(p, frameWidth: 1920, frameHeight: 1080)
        expectTrue(style.anchor == 3 && style.marginLeft == 0 && abs(style.marginRight - 192) < 1e-9)
    }

    @Test func webVTTLines() {
        var p = CuePlacement()
        p.line = .number(0)
        expectEqual(Self.base.placed(p, frameWidth: 1920, frameHeight: 1080).anchor, 8)
        p.line = .number(2)
        expectEqual(Self.base.placed(p, frameWidth: 1920, frameHeight: 1080).marginTop, 54 + 128, "two lines below the top margin")
        p.line = .number(-2)
        let second = Self.base.placed(p, frameWidth: 1920, frameHeight: 1080)
        expectTrue(second.anchor == 2 && second.marginBottom == 54 + 64, "one line above the bottom line")
        p.line = .percent(25)
        let quarter = Self.base.placed(p, frameWidth: 1920, frameHeight: 1080)
        expectTrue(quarter.anchor == 8 && quarter.marginTop == 270)
        p.lineAlign = .end
        let end = Self.base.placed(p, frameWidth: 1920, frameHeight: 1080)
        expectTrue(end.anchor == 2 && end.marginBottom == 810)
    }
}
