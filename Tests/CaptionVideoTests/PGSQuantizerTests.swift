import CaptionModel
import CaptionRender
@testable import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// Median cut on the renderer's captions (more than 255 colours each, from anti-aliasing), measured
/// over black by itself (no Y'CbCr, no decoder): with and without k-means passes after it. Prints the
/// figures (`swift test --filter PGSQuantizerTests`); fails if any caption drops under 50 dB.
@Suite struct PGSQuantizerTests {
    static func psnrOverBlack(_ result: PGSQuantizer.Result, _ original: RGBAImage) throws -> Double {
        var back = RGBAImage(width: original.width, height: original.height)
        back.withUnsafeMutablePixels { p in
            for (i, index) in result.bitmap.indices.enumerated() where index != 0 {
                let c = result.colours[Int(index) - 1]
                p[i * 4] = c.red; p[i * 4 + 1] = c.green; p[i * 4 + 2] = c.blue; p[i * 4 + 3] = c.alpha
            }
        }
        var actual = RGBAImage(width: original.width, height: original.height, filling: RGBAColor(red: 0, green: 0, blue: 0))
        var expected = actual
        actual.composite(back); expected.composite(original)
        return try ImageComparison.psnr(actual: actual, expected: expected)
    }

    @Test(arguments: ["highlight-by-word", "karaoke-fill", "background-by-word", "word-and-scale"])
    func renderedCaptionsQuantizeClosely(preset: String) throws {
        let renderer = CaptionFrameRenderer(style: try TestCaptions.style(preset), width: 360, height: 640)
        for t in [150, 700, 1800] {
            var image = RGBAImage(width: 360, height: 640)
            try renderer.render(TestCaptions.pages, at: t, onto: &image)
            let caption = image.cropped(to: try #require(image.opaqueBounds))
            var line = "PGS quantization \(preset) at \(t) ms:"
            for refinements in [0, 1, 3] {
                let start = Date()
                let result = PGSQuantizer(refinements: refinements).quantize(caption)
                let ms = Date().timeIntervalSince(start) * 1000
                expectTrue(!result.exact && result.colours.count == 255)
                let psnr = try Self.psnrOverBlack(result, caption)
                expectTrue(psnr >= 50, "\(preset) at \(t) ms, \(refinements) k-means passes: \(psnr) dB")
                line += " k-means \(refinements): \((psnr * 100).rounded() / 100) dB in \(Int(ms)) ms;"
            }
            print(line)
        }
    }
}
