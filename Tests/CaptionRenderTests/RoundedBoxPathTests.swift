import CaptionLayout
@testable import CaptionRender
import Foundation
import CaptionExpectations
import Testing

/// The boxes behind captions and spoken words, drawn as libass draws the compiled ASS's `\p1`
/// rounded rectangles (the match against libass itself is in PresetFrameMatchTests: broadcast's
/// boxes are identical).
@Suite struct RoundedBoxPathTests {
    @Test(arguments: [(10.3, 20.6, 200.5, 80.25, 20.0), (0, 0, 60, 40, 0), (5.5, 5.5, 50, 50, 25), (1.2, 3.7, 31.1, 12.9, 4.4)])
    func areaIsTheRoundedRectanglesArea(x: Double, y: Double, w: Double, h: Double, r: Double) {
        let mask = RoundedBoxPath.mask(x: x, y: y, width: w, height: h, radius: r)
        let area = Double(mask.totalCoverage) / 255
        let expected = w * h - (4 - Double.pi) * r * r
        expectTrue(abs(area / expected - 1) < 0.01, "area \(area), expected \(expected)")
    }

    @Test func cornersAreTransparentAndTheCentreOpaque() {
        let mask = RoundedBoxPath.mask(x: 10.3, y: 20.6, width: 200.5, height: 80.25, radius: 20)
        for (x, y) in [(10, 20), (210, 20), (10, 100), (210, 100), (12, 22), (208, 98)] {
            expectEqual(mask[x: x, y: y], 0, "corner \(x), \(y)")
        }
        expectEqual(mask[x: 110, y: 60], 255)
        expectEqual(mask[x: 110, y: 21], 255)  // the straight top edge, fully inside
        // The top edge pixel is 40% covered (the edge at y = 20.6, on libass's 1/8 px grid: 20.625).
        expectTrue(abs(Int(mask[x: 110, y: 20]) - 96) <= 2)
    }

    @Test func theAssPrintsThePathTheMaskDraws() {
        let commands = RoundedBoxPath.commands(width: 64.703125, height: 48, radius: 9)
        expectEqual(commands.first, .move(9, 0))
        expectEqual(commands[1], .line(55.703125, 0))
        expectEqual(commands.count, 9)
        expectTrue(ASSNumber.text(64.703125) == "64.703125" && ASSNumber.text(9) == "9" && ASSNumber.text(0.1 + 0.2) == "0.3")
        expectEqual(ASSNumber.d6(0.1 + 0.2), 19)  // 0.3 px as libass reads "0.3": lrint(19.2)
    }

    @Test func radiusIsClampedAndDegenerateSizesAreEmpty() {
        let pill = RoundedBoxPath.mask(x: 0, y: 0, width: 40, height: 10, radius: 100)
        let expected = 40.0 * 10 - (4 - Double.pi) * 25
        expectTrue(abs(Double(pill.totalCoverage) / 255 / expected - 1) < 0.01)
        expectTrue(RoundedBoxPath.mask(x: 0, y: 0, width: 0, height: 10, radius: 2).isEmpty)
    }
}
