import CaptionModel
@testable import CaptionRender
import CaptionTestSupport
import CaptionExpectations
import Testing

@Suite struct AlphaMaskTests {
    @Test func unionTakesTheMaximumOverBothFrames() {
        let a = AlphaMask(x: 0, y: 0, width: 2, height: 1, coverage: [10, 200])
        let b = AlphaMask(x: 1, y: 0, width: 2, height: 2, coverage: [100, 50, 7, 8])
        let u = a.union(b)
        expectEqual(u.frame, PixelRect(x: 0, y: 0, width: 3, height: 2))
        expectEqual(u.coverage, [10, 200, 50, 0, 7, 8])
        expectEqual(AlphaMask.union([AlphaMask.empty, a]), a)
    }

    @Test func inkBoundsTrimAndCrop() {
        var m = AlphaMask(x: 5, y: 5, width: 6, height: 4)
        m[x: 7, y: 6] = 9; m[x: 9, y: 7] = 255
        expectEqual(m.inkBounds, PixelRect(x: 7, y: 6, width: 3, height: 2))
        expectEqual(m.trimmed().frame, PixelRect(x: 7, y: 6, width: 3, height: 2))
        expectEqual(m.trimmed().totalCoverage, 264)
        expectNil(AlphaMask(width: 3, height: 3).inkBounds)
        expectEqual(m.cropped(to: PixelRect(x: 9, y: 7, width: 3, height: 1)).coverage, [255, 0, 0])
    }

    @Test func removingFillIsLibassFixOutline() {
        let border = AlphaMask(width: 3, height: 1, coverage: [255, 255, 100])
        let fill = AlphaMask(width: 3, height: 1, coverage: [255, 100, 200])
        expectEqual(border.removingFill(fill).coverage, [0, 205, 0])
    }

    @Test func imageFillCropAndOpaqueBounds() {
        var image = RGBAImage(width: 5, height: 4)
        image.fill(.white, in: PixelRect(x: 3, y: 2, width: 10, height: 10))
        expectEqual(image.opaqueBounds, PixelRect(x: 3, y: 2, width: 2, height: 2))
        let crop = image.cropped(to: PixelRect(x: 2, y: 1, width: 2, height: 2))
        expectTrue(crop.width == 2 && crop[1, 1] == .white && crop[0, 0].alpha == 0)
        expectNil(RGBAImage(width: 2, height: 2).opaqueBounds)
    }

    /// The word-at-a-time scan against a pixel-by-pixel one: random images of odd and even widths with
    /// a few inked pixels (colour left in alpha-0 pixels too), in random areas, some reaching outside.
    @Test(arguments: Array(UInt64(1)...30))
    func opaqueBoundsWithinAnAreaAreWhatAPixelScanFinds(seed: UInt64) {
        var g = SplitMix64(seed: seed)
        var image = RGBAImage(width: g.int(1...37), height: g.int(1...23))
        for _ in 0..<g.int(0...6) {
            let colour = RGBAColor(red: 255, green: 9, blue: 9, alpha: g.chance(0.3) ? 0 : UInt8(g.int(1...255)))
            image[g.below(image.width), g.below(image.height)] = colour
        }
        for _ in 0..<20 {
            let area = PixelRect(x: g.int(-5...image.width), y: g.int(-5...image.height), width: g.int(0...45), height: g.int(0...30))
            var found: PixelRect?
            for y in 0..<image.height { for x in 0..<image.width where area.contains(x: x, y: y) && image[x, y].alpha != 0 {
                found = found.map { $0.union(PixelRect(x: x, y: y, width: 1, height: 1)) } ?? PixelRect(x: x, y: y, width: 1, height: 1)
            } }
            expectEqual(image.opaqueBounds(within: area), found, "seed \(seed), \(image.width)x\(image.height), area \(area)")
        }
    }
}
