import CaptionModel
import CaptionRender
import Foundation

/// How frames pulled from a video are judged. An encoder's output moves by a level or two from run to
/// run (another thread count, another x264 build), and libass's metric, which divides a difference by
/// the local gradient, would call that FAIL on any flat area. So a video frame is graded as `burn`'s
/// own WYSIWYG check reads a burned frame after the 4:2:0 round trip, by PSNR, but locally: the PSNR of
/// the worst 32x32 block, so that a caption moved by a few pixels (a few blocks far off) is not averaged
/// away over a whole frame of unchanged picture.
///
/// Grades: SAME when every pixel is equal; GOOD when the worst block is at least 35 dB (the WYSIWYG
/// bar); BAD from 30 dB; FAIL below. `score` is the largest channel difference (0-255), `psnr` the
/// worst block's.
public enum VideoFrameComparison {
    public static let block = 32
    public static let goodPSNR = 35.0
    public static let badPSNR = 30.0

    public static func result(time: Milliseconds, actual: RGBAImage, expected: RGBAImage) throws(ImageComparisonError) -> FrameResult {
        guard actual.width == expected.width, actual.height == expected.height else {
            throw ImageComparisonError.sizeMismatch(actual: actual.bounds, expected: expected.bounds)
        }
        let width = actual.width, height = actual.height
        var largest = 0, worst: PixelPoint?, differing = 0
        var worstBlock = Double.infinity
        let a = actual.pixels, e = expected.pixels
        a.withUnsafeBufferPointer { a in
            e.withUnsafeBufferPointer { e in
                for by in stride(from: 0, to: height, by: block) {
                    for bx in stride(from: 0, to: width, by: block) {
                        var sum = 0, count = 0
                        for y in by..<min(height, by + block) {
                            for x in bx..<min(width, bx + block) {
                                let i = (y * width + x) * 4
                                var pixelLargest = 0
                                for c in 0..<3 {
                                    let d = Int(a[i + c]) - Int(e[i + c])
                                    sum += d * d
                                    pixelLargest = max(pixelLargest, abs(d))
                                }
                                count += 3
                                if pixelLargest > 0 { differing += 1 }
                                if pixelLargest > largest { largest = pixelLargest; worst = PixelPoint(x: x, y: y) }
                            }
                        }
                        if sum > 0 { worstBlock = min(worstBlock, 10 * log10(255.0 * 255.0 * Double(count) / Double(sum))) }
                    }
                }
            }
        }
        let grade: ComparisonGrade = differing == 0 ? .same : worstBlock >= goodPSNR ? .good : worstBlock >= badPSNR ? .bad : .fail
        return FrameResult(time: time, grade: grade, score: Double(largest), psnr: worstBlock, worstPixel: worst,
                           differingPixels: differing, captionArea: PixelRect(x: 0, y: 0, width: width, height: height))
    }

    /// Where two video frames differ, by how much: the golden dimmed where they agree within a level or
    /// two (an encoder's noise), yellow to red as the difference grows, so a moved caption stands out.
    public static func heatMap(actual: RGBAImage, expected: RGBAImage) -> RGBAImage {
        var map = RGBAImage(width: expected.width, height: expected.height)
        let a = actual.pixels, e = expected.pixels
        map.withUnsafeMutablePixels { out in
            for i in stride(from: 0, to: min(a.count, e.count), by: 4) {
                var d = 0
                for c in 0..<3 { d = max(d, abs(Int(a[i + c]) - Int(e[i + c]))) }
                if d <= 2 {
                    let luma: Int = 54 * Int(e[i]) + 183 * Int(e[i + 1]) + 19 * Int(e[i + 2])
                    let dim = UInt8(luma >> 10)
                    out[i] = dim; out[i + 1] = dim; out[i + 2] = dim
                } else {
                    out[i] = 255; out[i + 1] = UInt8(max(0, 255 - d * 4)); out[i + 2] = 0
                }
                out[i + 3] = 255
            }
        }
        return map
    }
}
