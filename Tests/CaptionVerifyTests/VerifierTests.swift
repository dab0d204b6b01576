import CaptionASS
import CaptionModel
import CaptionRender
import CaptionStyles
import Foundation
import CaptionExpectations
import Testing
@testable import CaptionVerify

/// The verification can fail: a renderer that draws exactly what libass draws passes, and the same
/// renderer shifted by 2 px, or the real renderer with the highlight colour swapped, does not.
/// These hold whatever the current native/libass match quality is.
@Suite struct VerifierTests {
    @Test func aRendererDrawingLibassFramesPassesAndTheSameShiftedBy2PxFails() throws {
        let f = try VerifyFixture()
        let reference = try f.verifier().reference.frames
        let perfect = try f.verifier(native: reference)
        let shifted = try f.verifier(native: Breakage.shifting(reference))
        for t in f.times {
            let good = try perfect.frame(at: t).result
            expectTrue(good.grade == .same && good.passed && good.actualDrew, "at \(t) ms: \(good.grade)")
            let bad = try shifted.frame(at: t).result
            expectTrue(bad.grade > .good && !bad.passed, "shifted by 2 px at \(t) ms: \(bad.grade) (score \(bad.score))")
            expectTrue(bad.worstPixel != nil && bad.psnr < 30, "at \(t) ms: PSNR \(bad.psnr)")
        }
    }

    @Test func theRealRendererShiftedBy2PxGradesWorseThanUnshifted() throws {
        let f = try VerifyFixture()
        let real = try f.verifier(), broken = try f.verifier(native: Breakage.shifting(f.native))
        for t in f.times {
            let a = try real.frame(at: t).result, b = try broken.frame(at: t).result
            expectTrue(b.grade > .good, "at \(t) ms: \(b.grade)")
            expectTrue(b.score > a.score && b.psnr < a.psnr, "at \(t) ms: shifted score \(b.score) vs \(a.score), PSNR \(b.psnr) vs \(a.psnr)")
        }
    }

    @Test func aSwappedHighlightColourFails() throws {
        let f = try VerifyFixture()
        var swapped = f.style
        swap(&swapped.highlightColor, &swapped.textColor)
        let broken = try f.verifier(native: NativeFrames(style: swapped, pages: f.pages, width: VerifyFixture.width, height: VerifyFixture.height))
        for t in f.times {
            let r = try broken.frame(at: t).result
            // A recoloured word is a flat-area difference: the metric's maximum, far past BAD.
            expectTrue(r.grade == .fail && r.score > 50, "at \(t) ms: \(r.grade) (score \(r.score))")
        }
    }

    @Test func inkOnOneSideOnlyIsAFailureWhateverTheScore() throws {
        var dot = RGBAImage(width: 8, height: 8)
        dot[4, 4] = RGBAColor(red: 255, green: 255, blue: 255, alpha: 1)
        let r = try FrameResult(time: 0, actual: dot, expected: RGBAImage(width: 8, height: 8))
        expectTrue(r.score < 2 && r.grade == .fail && r.actualDrew && !r.expectedDrew)
        let nothing = try FrameResult(time: 0, actual: RGBAImage(width: 8, height: 8), expected: RGBAImage(width: 8, height: 8))
        expectTrue(nothing.grade == .same && nothing.passed && nothing.captionArea == nil)
    }

    @Test func stylesTheCompilerDoesNotReproduceAreRefusedByName() throws {
        let f = try VerifyFixture(preset: "karaoke-fill")
        expectTrue(ASSSupport.unsupportedFeatures(of: f.style).isEmpty)
        let sliding = try VerifyFixture(preset: "karaoke-fill") { $0.slideDistance = 40; $0.slideDuration = 200 }
        #expect(throws: VerifyError.unsupported(style: "karaoke-fill", features: ["slides"])) { try sliding.verifier() }
    }

    @Test func defaultTimesAreWordStartsMiddlesAndGapsInsideEachPage() {
        let page = CaptionEvent(start: 1000, end: 2000, text: CaptionText(plain: "a b"),
                                words: [Word(text: "a", start: 1000, end: 1200), Word(text: "b", start: 1400, end: 2000)])
        let plain = CaptionEvent(start: 3000, end: 3600, text: CaptionText(plain: "x"))
        expectEqual(FrameTimes.defaults(for: [page]), [1000, 1100, 1300, 1400, 1700])
        // Without word timings the words are spread over the caption (one word: the whole caption).
        expectEqual(FrameTimes.defaults(for: [plain]), [3000, 3300])
        expectEqual(FrameTimes.every(250, over: [page]), [1000, 1250, 1500, 1750])
    }
}

extension CaptionStyle {
    func with(_ edit: (inout CaptionStyle) -> Void) -> CaptionStyle { var s = self; edit(&s); return s }
}
