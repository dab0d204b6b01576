import CaptionASS
import CaptionRender
import Foundation
import Testing

extension RGBAImage {
    /// Whether both images have the same size and the same bytes (one `memcmp`).
    func hasSameBytes(as other: RGBAImage) -> Bool {
        guard width == other.width, height == other.height else { return false }
        guard !pixels.isEmpty else { return true }
        return withUnsafePixels { a in other.withUnsafePixels { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
    }
}

/// What the tests read of a `FrameMatch` of a native frame and libass's frame, without the metric's
/// passes over the whole frame when the two are the same bytes.
///
/// Premultiplying is a function of a pixel's bytes, so two frames with the same bytes agree at every
/// pixel after it too: libass's score is 0 (SAME), no pixel differs and PSNR is +∞, exactly what
/// `FrameMatch` computes for them. Only which side drew something and where is measured then. Any
/// other pair, however close, goes through `FrameMatch` itself. (In a debug build `FrameMatch` costs
/// about 0.2 s a 540x960 frame, four premultiplying passes and three loops over every pixel; the
/// preset-match tests compare thousands of frames, nearly all identical.)
struct FrameAgreement {
    struct Comparison {
        let grade: ComparisonGrade
        let score: Double
        let differingPixels: Int
    }

    let comparison: Comparison
    /// dB over the pixels either frame draws; +∞ when identical.
    let psnr: Double
    let captionArea: PixelRect?
    let nativeDrewSomething: Bool
    let libassDrewSomething: Bool

    init(native: RGBAImage, libass: RGBAImage) throws {
        if native.hasSameBytes(as: libass) {
            let drawn = native.opaqueBounds
            comparison = Comparison(grade: .same, score: 0, differingPixels: 0)
            psnr = .infinity
            captionArea = drawn
            nativeDrewSomething = drawn != nil
            libassDrewSomething = drawn != nil
        } else {
            let match = try FrameMatch(native: native, libass: libass)
            comparison = Comparison(grade: match.comparison.grade, score: match.comparison.score,
                                    differingPixels: match.comparison.differingPixels)
            psnr = match.psnr
            captionArea = match.captionArea
            nativeDrewSomething = match.nativeDrewSomething
            libassDrewSomething = match.libassDrewSomething
        }
    }

    /// `ImageComparison.psnr(actual:expected:in:)` over `area`, the same number: +∞ at once for frames
    /// with the same bytes; otherwise computed on both frames cropped to `area` with the whole crop as
    /// the region (every pixel of the region counted, as with `in: area`), so the premultiplying passes
    /// cover the caption area instead of the frame.
    static func psnr(actual: RGBAImage, expected: RGBAImage, in area: PixelRect) throws -> Double {
        guard actual.width == expected.width, actual.height == expected.height else {
            return try ImageComparison.psnr(actual: actual, expected: expected, in: area)
        }
        if actual.hasSameBytes(as: expected) { return .infinity }
        let a = actual.cropped(to: area), e = expected.cropped(to: area)
        return try ImageComparison.psnr(actual: a, expected: e, in: a.bounds)
    }
}

/// The shortcut gives what `FrameMatch` and `ImageComparison.psnr` give: on identical frames (the
/// shortcut's own case), on frames that differ (the one it passes on), and on cropped areas.
@Suite struct FrameAgreementTests {
    @Test func agreesWithFrameMatch() throws {
        let f = try Fixture(preset: "highlight-by-word")
        let times = f.wordMiddles(pages: 1)
        let (a, b) = try f.frames(at: times[0])
        let (c, _) = try f.frames(at: times[1])
        try #require(a.hasSameBytes(as: b) && !a.hasSameBytes(as: c), "frames at \(times[0]) and \(times[1]) ms")
        for (native, libass) in [(a, b), (a, c), (RGBAImage(width: 540, height: 960), b)] {
            let match = try FrameMatch(native: native, libass: libass), agreement = try FrameAgreement(native: native, libass: libass)
            #expect(agreement.comparison.grade == match.comparison.grade && agreement.comparison.score == match.comparison.score)
            #expect(agreement.comparison.differingPixels == match.comparison.differingPixels && agreement.psnr == match.psnr)
            #expect(agreement.captionArea == match.captionArea)
            #expect(agreement.nativeDrewSomething == match.nativeDrewSomething && agreement.libassDrewSomething == match.libassDrewSomething)
            let area = try #require(match.captionArea)
            for rect in [area, PixelRect(x: area.x - 3, y: area.y - 3, width: area.width / 2, height: area.height + 10)] {
                #expect(try FrameAgreement.psnr(actual: native, expected: libass, in: rect) == ImageComparison.psnr(actual: native, expected: libass, in: rect))
            }
        }
    }
}
