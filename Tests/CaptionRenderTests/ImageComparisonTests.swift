import CaptionLayout
import CaptionModel
@testable import CaptionRender
import Foundation
import CaptionExpectations
import Testing
import CaptionTestSupport

@Suite struct ImageComparisonTests {
    let face: FontFace
    init() throws { face = try Fonts.bold() }

    @Test func identicalImagesAreSame() throws {
        let image = glyphScene("a", face: face, size: 80, penX: 20, penY: 90)
        let result = try ImageComparison(actual: image, expected: image)
        expectTrue(result.grade == .same && result.score == 0 && result.worstPixel == nil && result.differingPixels == 0)
    }

    /// Hand-computed: a flat 3×3 black image; the centre's red off by 1 → 257 / 257 = 1.0; a border
    /// pixel off by 1 → 257 / (257 + 65535/4) = 257 / 16640.
    @Test func scoreFollowsLibassFormula() throws {
        let expected = RGBAImage(width: 3, height: 3, filling: .black)
        var centre = expected
        centre[1, 1] = RGBAColor(red: 1, green: 0, blue: 0)
        let a = try ImageComparison(actual: centre, expected: expected)
        expectTrue(a.score == 1.0 && a.grade == .good && a.worstPixel == PixelPoint(x: 1, y: 1))
        var corner = expected
        corner[0, 0] = RGBAColor(red: 1, green: 0, blue: 0)
        expectTrue(try ImageComparison(actual: corner, expected: expected).score == 257.0 / 16640)
        // A white right neighbour in the reference: g = 257 + (255·257)/4 = 16640; d = 64·257.
        var edged = expected
        edged[2, 1] = .white
        var shifted = edged
        shifted[1, 1] = RGBAColor(red: 64, green: 64, blue: 64)
        expectTrue(try ImageComparison(actual: shifted, expected: edged).score == 64.0 * 257 / 16640)
        // Premultiplied: colour under zero alpha does not count.
        let clear = RGBAImage(width: 3, height: 3)
        expectTrue(try ImageComparison(actual: RGBAImage(width: 3, height: 3, filling: RGBAColor(red: 9, green: 9, blue: 9, alpha: 0)),
                                    expected: clear).grade == .same)
    }

    @Test func antiAliasingDifferenceOnAnEdgeIsGood() throws {
        let reference = glyphScene("a", face: face, size: 80, penX: 20, penY: 90)
        let nudged = glyphScene("a", face: face, size: 80, penX: 20.125, penY: 90)
        let result = try ImageComparison(actual: nudged, expected: reference)
        expectEqual(result.grade, .good, "score \(result.score) at \(String(describing: result.worstPixel))")
    }

    @Test func glyphMovedByTwoPixelsIsBadOrFail() throws {
        let reference = glyphScene("a", face: face, size: 80, penX: 20, penY: 90)
        let moved = glyphScene("a", face: face, size: 80, penX: 22, penY: 90)
        expectTrue(try ImageComparison(actual: moved, expected: reference).grade >= .bad)
    }

    @Test func recolouredGlyphFails() throws {
        let reference = glyphScene("a", face: face, size: 80, penX: 20, penY: 90)
        let yellow = glyphScene("a", face: face, size: 80, penX: 20, penY: 90, color: RGBAColor(red: 255, green: 230, blue: 0))
        let result = try ImageComparison(actual: yellow, expected: reference)
        expectEqual(result.grade, .fail)
        let map = try ImageComparison.heatMap(actual: yellow, expected: reference)
        let worst = try #require(result.worstPixel)
        expectEqual(map[worst.x, worst.y], RGBAColor(red: 255, green: 0, blue: 0))
        expectEqual(map[0, 0], RGBAColor(red: 0, green: 0, blue: 0))
    }

    @Test func psnrIsInfiniteForIdenticalImagesAndDropsWithNoise() throws {
        let reference = glyphScene("a", face: face, size: 80, penX: 20, penY: 90)
        expectTrue(try ImageComparison.psnr(actual: reference, expected: reference) == .infinity)
        func noisy(_ amplitude: Int) -> RGBAImage {
            var random = SplitMix64(seed: 3)
            var image = reference
            for y in 0..<image.height { for x in 0..<image.width {
                var p = image[x, y]
                let n = Int(random.next() % UInt64(2 * amplitude + 1)) - amplitude
                p.green = UInt8(max(0, min(255, Int(p.green) + n)))
                image[x, y] = p
            } }
            return image
        }
        let low = try ImageComparison.psnr(actual: noisy(2), expected: reference)
        let high = try ImageComparison.psnr(actual: noisy(20), expected: reference)
        expectTrue(low.isFinite && high < low, "\(low) dB, \(high) dB")
        let inRect = try ImageComparison.psnr(actual: noisy(20), expected: reference, in: PixelRect(x: 0, y: 0, width: 10, height: 10))
        expectTrue(inRect.isFinite)
        // The comparison finds the same PSNR in its own pass.
        expectTrue(try ImageComparison(actual: noisy(20), expected: reference).psnr == high)
        expectTrue(try ImageComparison(actual: reference, expected: reference).psnr == .infinity)
    }

    @Test func psnrDefaultRegionIsTheNonTransparentPixels() throws {
        var a = RGBAImage(width: 10, height: 10), b = RGBAImage(width: 10, height: 10)
        a[2, 2] = RGBAColor(red: 100, green: 100, blue: 100); b[2, 2] = RGBAColor(red: 110, green: 100, blue: 100)
        // One pixel in the region, MSE = 10² / 4 = 25 → 10·log10(65025/25).
        let expected = 10 * (65025.0 / 25).log10
        expectTrue(abs(try ImageComparison.psnr(actual: a, expected: b) - expected) < 1e-9)
        expectTrue(abs(try ImageComparison(actual: a, expected: b).psnr - expected) < 1e-9)
    }

    @Test func sizeMismatchThrows() {
        #expect(throws: ImageComparisonError.self) {
            try ImageComparison(actual: RGBAImage(width: 2, height: 2), expected: RGBAImage(width: 3, height: 2))
        }
    }
}

private extension Double {
    var log10: Double { Foundation.log10(self) }
}
