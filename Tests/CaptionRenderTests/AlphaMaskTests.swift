import CaptionModel
@testable import CaptionRender
import Testing

@Suite struct AlphaMaskTests {
    @Test func unionTakesTheMaximumOverBothFrames() {
        let a = AlphaMask(x: 0, y: 0, width: 2, height: 1, coverage: [10, 200])
        let b = AlphaMask(x: 1, y: 0, width: 2, height: 2, coverage: [100, 50, 7, 8])
        let u = a.union(b)
        #expect(u.frame == PixelRect(x: 0, y: 0, width: 3, height: 2))
        #expect(u.coverage == [10, 200, 50, 0, 7, 8])
        #expect(AlphaMask.union([AlphaMask.empty, a]) == a)
    }

    @Test func inkBoundsTrimAndCrop() {
        var m = AlphaMask(x: 5, y: 5, width: 6, height: 4)
        m[x: 7, y: 6] = 9; m[x: 9, y: 7] = 255
        #expect(m.inkBounds == PixelRect(x: 7, y: 6, width: 3, height: 2))
        #expect(m.trimmed().frame == PixelRect(x: 7, y: 6, width: 3, height: 2))
        #expect(m.trimmed().totalCoverage == 264)
        #expect(AlphaMask(width: 3, height: 3).inkBounds == nil)
        #expect(m.cropped(to: PixelRect(x: 9, y: 7, width: 3, height: 1)).coverage == [255, 0, 0])
    }

    @Test func removingFillIsLibassFixOutline() {
        let border = AlphaMask(width: 3, height: 1, coverage: [255, 255, 100])
        let fill = AlphaMask(width: 3, height: 1, coverage: [255, 100, 200])
        #expect(border.removingFill(fill).coverage == [0, 205, 0])
    }

    @Test func imageFillCropAndOpaqueBounds() {
        var image = RGBAImage(width: 5, height: 4)
        image.fill(.white, in: PixelRect(x: 3, y: 2, width: 10, height: 10))
        #expect(image.opaqueBounds == PixelRect(x: 3, y: 2, width: 2, height: 2))
        let crop = image.cropped(to: PixelRect(x: 2, y: 1, width: 2, height: 2))
        #expect(crop.width == 2 && crop[1, 1] == .white && crop[0, 0].alpha == 0)
        #expect(RGBAImage(width: 2, height: 2).opaqueBounds == nil)
    }
}
