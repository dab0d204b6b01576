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
        let comparison = try ImageComparison(actual: actual, expected: expected)
        let a = actual.opaqueBounds, b = expected.opaqueBounds
        self.time = time
        actualDrew = a != nil
        expectedDrew = b != nil
        grade = actualDrew == expectedDrew ? comparison.grade : .fail
        score = comparison.score
        psnr = try ImageComparison.psnr(actual: actual, expected: expected)
        worstPixel = comparison.worstPixel
        differingPixels = comparison.differingPixels
        switch (a, b) {
        case let (a?, b?):
            let x = min(a.x, b.x), y = min(a.y, b.y)
            captionArea = PixelRect(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
        default: captionArea = a ?? b
        }
    }

    /// A result graded some other way (frames of a video: `VideoFrameComparison`); both sides drew.
    public init(time: Milliseconds, grade: ComparisonGrade, score: Double, psnr: Double, worstPixel: PixelPoint?,
                differingPixels: Int, captionArea: PixelRect?) {
        self.time = time; self.grade = grade; self.score = score; self.psnr = psnr; self.worstPixel = worstPixel
        self.differingPixels = differingPixels; self.captionArea = captionArea
        actualDrew = true; expectedDrew = true
    }

    public var passed: Bool { grade <= Self.allowed }

    /// `31.20 dB`, or `inf` where the frames agree on every drawn pixel.
    public var psnrDescription: String { psnr.isFinite ? String(format: "%.2f dB", psnr) : "inf" }
}
