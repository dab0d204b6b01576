import CaptionASS
import CaptionModel
import CaptionRender
import CaptionStyles
import CaptionVerify
import CaptionExpectations
import Testing

/// The compiled ASS under libass's simple shaper (`ASS_SHAPING_SIMPLE`), as ffmpeg 5.1-8.x's
/// `-vf subtitles=` and Jellyfin's and Emby's burn-in draw it, against the native frame, for every
/// preset at its default times, at 540x960 and 1080x1920. The simple shaper takes each glyph's advance
/// unhinted where the complex shaper (libass's default, `-vf ass=`, mpv) takes it hinted; the compiled
/// ASS writes filler characters that take the difference back (`SimpleShaperFillers`). Printed per
/// preset: how many frames are identical and the lowest PSNR over the caption area.
@Suite struct SimpleShaperTests {
    /// Presets where some glyphs still land apart: a word drawn alone while it scales keeps the fillers
    /// planned at rest, and at some steps of its scale no shift of theirs lands every glyph.
    static let notYetIdentical: Set<String> = ["pop-in", "word-and-scale"]
    /// The bar for those (they reach 40.5 dB and up).
    static let minimumPSNR = 38.0

    @Test(arguments: Fixture.presets, [540, 1080])
    func simpleShaperFramesMatchNative(preset: String, width: Int) throws {
        // Portrait frames, the corpus's default size and its double.
        let (height, size) = (width * 16 / 9, "\(width)x\(width * 16 / 9)")
        let f = try Fixture(preset: preset, width: width, height: height)
        let simple = try f.libassWithSimpleShaping()
        var lowest = Double.infinity, identical = 0, frames = 0
        for t in FrameTimes.defaults(for: f.pages) {
            var native = RGBAImage(width: f.width, height: f.height), drawn = RGBAImage(width: f.width, height: f.height)
            try f.native.render(f.pages, at: t, onto: &native)
            simple.render(at: t, onto: &drawn)
            guard let area = native.opaqueBounds ?? drawn.opaqueBounds else { continue }
            frames += 1
            let psnr = try ImageComparison.psnr(actual: drawn, expected: native, in: area)
            if psnr.isInfinite { identical += 1 }
            lowest = min(lowest, psnr)
        }
        print("[simple shaper vs native] \(preset) at \(size): \(identical) of \(frames) frames identical, lowest PSNR \(lowest) dB")
        expectTrue(frames > 0)
        if Self.notYetIdentical.contains(preset) {
            expectTrue(lowest >= Self.minimumPSNR, "\(preset) at \(size): lowest PSNR \(lowest) dB under the simple shaper")
        } else {
            expectEqual(identical, frames, "\(preset) at \(size): \(frames - identical) frames differ under the simple shaper (lowest \(lowest) dB)")
        }
    }
}
