import CaptionModel
@testable import CaptionRender
import CaptionExpectations
import Testing
import CaptionTestSupport

@Suite struct CompositingTests {
    private func onePixel(_ dst: RGBAColor, coverage: UInt8, color: RGBAColor, opacity: Double = 1) -> RGBAColor {
        var image = RGBAImage(width: 1, height: 1, filling: dst)
        image.blend(AlphaMask(width: 1, height: 1, coverage: [coverage]), color: color, opacity: opacity)
        return image[0, 0]
    }

    @Test func opaqueColourAtFullCoverageReplacesThePixel() {
        let c = RGBAColor(red: 200, green: 100, blue: 50)
        expectEqual(onePixel(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0), coverage: 255, color: c), c)
        expectEqual(onePixel(RGBAColor(red: 9, green: 9, blue: 9), coverage: 255, color: c), c)
    }

    @Test func halfCoverageOverOpaque() {
        // S = 128·255 = 32640 of 65025: red 255·32640/65025 = 128.0, blue 255·32385/65025 = 127.0.
        let out = onePixel(RGBAColor(red: 0, green: 0, blue: 255), coverage: 128, color: RGBAColor(red: 255, green: 0, blue: 0))
        expectEqual(out, RGBAColor(red: 128, green: 0, blue: 127, alpha: 255))
    }

    @Test func halfTransparentColourOverOpaque() {
        let out = onePixel(.black, coverage: 255, color: RGBAColor(red: 255, green: 255, blue: 255, alpha: 128))
        expectEqual(out, RGBAColor(red: 128, green: 128, blue: 128, alpha: 255))
    }

    @Test func halfCoverageOverTransparentKeepsTheColourExactly() {
        let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
        expectEqual(onePixel(clear, coverage: 128, color: RGBAColor(red: 255, green: 255, blue: 255)), RGBAColor(red: 255, green: 255, blue: 255, alpha: 128))
        expectEqual(onePixel(clear, coverage: 255, color: RGBAColor(red: 10, green: 20, blue: 30, alpha: 77)), RGBAColor(red: 10, green: 20, blue: 30, alpha: 77))
    }

    @Test func halfTransparentOverHalfTransparent() {
        // outA = 0.502 + 0.502·0.498 → 191.75 → 192; red = 255·(255·32640)/(255·32640 + 128·32385) = 170.22 → 170;
        // blue = 255·(128·32385)/(…) = 84.78 → 85.
        let out = onePixel(RGBAColor(red: 0, green: 0, blue: 255, alpha: 128), coverage: 255,
                           color: RGBAColor(red: 255, green: 0, blue: 0, alpha: 128))
        expectEqual(out, RGBAColor(red: 170, green: 0, blue: 85, alpha: 192))
    }

    @Test func opacityFoldsIntoTheColourAlpha() {
        expectEqual(RGBAColor.alpha(255, times: 0.5), 128)
        expectEqual(RGBAColor.alpha(200, times: 0), 0)
        expectEqual(RGBAColor.alpha(200, times: 2), 200)
        expectEqual(onePixel(.black, coverage: 255, color: .white, opacity: 0.5), RGBAColor(red: 128, green: 128, blue: 128))
        expectEqual(onePixel(.black, coverage: 255, color: .white, opacity: 0), .black)
    }

    /// Every combination agrees with the real-valued "over" operator rounded to nearest.
    @Test func matchesTheRealValuedOverOperator() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<20_000 {
            let dst = RGBAColor(red: random.byte(), green: random.byte(), blue: random.byte(), alpha: [0, 255, random.byte()][Int(random.next() % 3)])
            let src = RGBAColor(red: random.byte(), green: random.byte(), blue: random.byte(), alpha: random.byte())
            let coverage = random.byte()
            let out = onePixel(dst, coverage: coverage, color: src)
            let sa = Double(coverage) / 255 * Double(src.alpha) / 255, da = Double(dst.alpha) / 255
            let oa = sa + da * (1 - sa)
            if sa == 0 { expectEqual(out, dst); continue }
            expectTrue(abs(Double(out.alpha) - oa * 255) <= 0.5 + 1e-9)
            func channel(_ s: UInt8, _ d: UInt8) -> Double { (Double(s) * sa + Double(d) * da * (1 - sa)) / oa }
            expectTrue(abs(Double(out.red) - channel(src.red, dst.red)) <= 0.5 + 1e-9, "\(dst) \(src) \(coverage) → \(out)")
            expectTrue(abs(Double(out.blue) - channel(src.blue, dst.blue)) <= 0.5 + 1e-9)
        }
    }

    @Test func masksAreClippedToTheImage() {
        var image = RGBAImage(width: 4, height: 3)
        let mask = AlphaMask(x: -2, y: 1, width: 4, height: 4, coverage: [UInt8](repeating: 255, count: 16))
        image.blend(mask, color: .white)
        expectEqual(image[0, 0].alpha, 0)
        expectTrue(image[1, 1] == .white && image[1, 2] == .white)
        expectEqual(image[2, 1].alpha, 0)
    }

    @Test func blendsAMaskHeldWithAStride() {
        var image = RGBAImage(width: 2, height: 2)
        let bitmap: [UInt8] = [255, 0, 99, 99, 0, 255, 99, 99]  // 2×2 in a stride of 4
        bitmap.withUnsafeBufferPointer {
            image.blend(coverage: $0.baseAddress!, stride: 4, width: 2, height: 2, x: 0, y: 0, color: .white)
        }
        expectTrue(image[0, 0] == .white && image[1, 1] == .white)
        expectTrue(image[1, 0].alpha == 0 && image[0, 1].alpha == 0)
    }

    @Test func compositesAnImageOverAnother() {
        var background = RGBAImage(width: 3, height: 3, filling: .white)
        let overlay = RGBAImage(width: 2, height: 2, filling: RGBAColor(red: 255, green: 0, blue: 0, alpha: 128))
        background.composite(overlay, x: 2, y: 2)
        expectEqual(background[2, 2], RGBAColor(red: 255, green: 127, blue: 127))
        expectEqual(background[1, 1], .white)
        var faded = RGBAImage(width: 1, height: 1, filling: .black)
        faded.composite(RGBAImage(width: 1, height: 1, filling: .white), opacity: 0.5)
        expectEqual(faded[0, 0], RGBAColor(red: 128, green: 128, blue: 128))
    }
}
