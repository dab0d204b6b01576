import CaptionASS
import CaptionVerify
import CaptionRender
import Foundation
import CaptionExpectations
import Testing

/// `ImageComparison` and `FrameMatch` recognise two frames with the same bytes at once (one `memcmp`)
/// and `psnr(in:)` premultiplies only its rectangle: the answers are those of the full passes. Each
/// shortcut is checked against a twin that cannot take it: the same frame with one transparent pixel's
/// colour changed (other bytes, the same premultiplied pixels), and a plain PSNR written out here.
@Suite struct IdenticalFrameTests {
    /// `image` with the colour of its first transparent pixel changed: premultiplied, the same image.
    static func twin(of image: RGBAImage) throws -> RGBAImage {
        var copy = image
        let transparent = try #require(stride(from: 0, to: image.pixels.count, by: 4).first { image.pixels[$0 + 3] == 0 })
        copy.withUnsafeMutablePixels { $0[transparent] ^= 0x5a }
        return copy
    }

    /// PSNR over every pixel of `rect`, premultiplied as libass's PNG reader does, written out plainly.
    static func plainPSNR(_ a: RGBAImage, _ b: RGBAImage, in rect: PixelRect) -> Double {
        func premultiplied(_ p: [UInt8], _ i: Int) -> [Int] {
            let alpha = Int(p[i + 3])
            return (0..<3).map { k in let ca = Int(p[i + k]) * alpha; return (ca + (ca >> 8) + 128) >> 8 } + [alpha]
        }
        let area = rect.intersection(a.bounds)
        var sum = 0, samples = 0
        for y in area.y..<area.maxY where !area.isEmpty {
            for x in area.x..<area.maxX {
                let i = (y * a.width + x) * 4
                for (p, q) in zip(premultiplied(a.pixels, i), premultiplied(b.pixels, i)) { sum += (p - q) * (p - q) }
                samples += 4
            }
        }
        return sum == 0 ? .infinity : 10 * log10(255 * 255 / (Double(sum) / Double(samples)))
    }

    @Test func shortcutsGiveWhatTheFullPassesGive() throws {
        let f = try Fixture(preset: "highlight-by-word")
        let times = f.wordMiddles(pages: 1)
        let (a, b) = try f.frames(at: times[0])
        let (c, _) = try f.frames(at: times[1])
        try #require(a.pixels == b.pixels && a.pixels != c.pixels, "frames at \(times[0]) and \(times[1]) ms")
        // Identical frames, differing ones, and an empty frame against a drawn one.
        for (native, libass) in [(a, b), (a, c), (RGBAImage(width: 540, height: 960), b)] {
            let match = try FrameMatch(native: native, libass: libass)
            let full = try FrameMatch(native: try Self.twin(of: native), libass: libass)
            expectTrue(match.comparison.grade == full.comparison.grade && match.comparison.score == full.comparison.score)
            expectTrue(match.comparison.differingPixels == full.comparison.differingPixels && match.psnr == full.psnr)
            expectEqual(match.comparison.worstPixel, full.comparison.worstPixel)
            expectEqual(match.captionArea, full.captionArea)
            expectTrue(match.nativeDrewSomething == full.nativeDrewSomething && match.libassDrewSomething == full.libassDrewSomething)
            expectEqual(match.psnr, (try ImageComparison.psnr(actual: native, expected: libass)))
            let area = try #require(match.captionArea)
            for rect in [area, PixelRect(x: area.x - 3, y: area.y - 3, width: area.width / 2, height: area.height + 10)] {
                let psnr = try ImageComparison.psnr(actual: native, expected: libass, in: rect)
                expectEqual(psnr, Self.plainPSNR(native, libass, in: rect))
                expectEqual(psnr, (try ImageComparison.psnr(actual: Self.twin(of: native), expected: libass, in: rect)))
            }
        }
        expectTrue(try FrameMatch(native: a, libass: b).comparison.grade == .same)
    }
}
