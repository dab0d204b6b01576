import Foundation
import CaptionModel
import CaptionRender

/// One frame compared with its reference (libass's frame, or a golden frame): libass's compare grade
/// over the whole frame, PSNR over the caption area, and where the worst pixel is.
public struct FrameResult: Sendable {
    public let time: Milliseconds
    /// libass's compare grade, except that ink on one side only is always FAIL: a frame where one
    /// renderer drew nothing must not pass because the other drew little.
    public let grade: ComparisonGrade
    /// The metric's score (largest pixel error over the local gradient): < 2 GOOD, < 4 BAD.
    public let score: Double
    /// dB over the pixels where either frame is not transparent; +∞ when they agree there.
    public let psnr: Double
    public let worstPixel: PixelPoint?
    public let differingPixels: Int
    /// The union of both frames' opaque bounds; nil when neither drew anything.
    public let captionArea: PixelRect?
    public let actualDrew: Bool
    public let expectedDrew: Bool

    /// The grade that still passes: libass's compare tolerates edge anti-aliasing up to GOOD.
    public static let allowed = ComparisonGrade.good

    public init(time: Milliseconds, actual: RGBAImage, expected: RGBAImage) throws(ImageComparisonError) {
        // Identical frames (what a passing golden check mostly sees) need no metric: one memcmp.
        if actual.width == expected.width, actual.height == expected.height, Self.sameBytes(actual, expected) {
            let area = expected.opaqueBounds
            self.init(time: time, grade: .same, score: 0, psnr: .infinity, worstPixel: nil, differingPixels: 0, captionArea: area,
                      actualDrew: area != nil, expectedDrew: area != nil)
            return
        }
        let comparison = try ImageComparison(actual: actual, expected: expected)
        let a = actual.opaqueBounds, b = expected.opaqueBounds
        let area: PixelRect?
        switch (a, b) {
        case let (a?, b?):
            let x = min(a.x, b.x), y = min(a.y, b.y)
            area = PixelRect(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
        default: area = a ?? b
        }
        self.init(time: time, grade: (a != nil) == (b != nil) ? comparison.grade : .fail, score: comparison.score,
                  psnr: comparison.psnr, worstPixel: comparison.worstPixel,
                  differingPixels: comparison.differingPixels, captionArea: area, actualDrew: a != nil, expectedDrew: b != nil)
    }

    /// A result graded some other way (frames of a video: `VideoFrameComparison`).
    public init(time: Milliseconds, grade: ComparisonGrade, score: Double, psnr: Double, worstPixel: PixelPoint?,
                differingPixels: Int, captionArea: PixelRect?, actualDrew: Bool = true, expectedDrew: Bool = true) {
        self.time = time; self.grade = grade; self.score = score; self.psnr = psnr; self.worstPixel = worstPixel
        self.differingPixels = differingPixels; self.captionArea = captionArea
        self.actualDrew = actualDrew; self.expectedDrew = expectedDrew
    }

    public var passed: Bool { grade <= Self.allowed }

    private static func sameBytes(_ a: RGBAImage, _ b: RGBAImage) -> Bool {
        a.pixels.withUnsafeBytes { x in b.pixels.withUnsafeBytes { y in x.count == y.count && memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
    }

    /// `31.20 dB`, or `inf` where the frames agree on every drawn pixel.
    public var psnrDescription: String { psnr.isFinite ? String(format: "%.2f dB", psnr) : "inf" }
}
