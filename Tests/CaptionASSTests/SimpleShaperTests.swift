import CaptionASS
import CaptionModel
import CaptionRender
import CaptionStyles
import CaptionVerify
import Testing

/// The compiled ASS under libass's simple shaper (`ASS_SHAPING_SIMPLE`), as ffmpeg 5.1-8.x's
/// `-vf subtitles=` and Jellyfin's and Emby's burn-in draw it, against the native frame, for every
/// preset at its default times. The simple shaper takes each glyph's advance unhinted where the complex
/// shaper (libass's default, `-vf ass=`, mpv) takes it hinted, so glyphs after a word's first drift by up
/// to 1/16 px each (see README, "How close to libass"). Printed per preset: the lowest PSNR over the
/// caption area and how many frames are identical.
@Suite struct SimpleShaperTests {
    /// What every checked frame reaches today: 30.0 dB (fade-in and slide-up) to 35.5 dB (broadcast)
    /// at 540x960. The bar of issue 17 is identical frames, or 38 dB at least, which the compiled ASS
    /// does not reach yet: this floor only keeps it from getting worse.
    static let minimumPSNR = 29.5

    @Test(arguments: Fixture.presets)
    func simpleShaperFramesStayCloseToNative(preset: String) throws {
        let f = try Fixture(preset: preset)
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
        print("[simple shaper vs native] \(preset): \(identical) of \(frames) frames identical, lowest PSNR \(lowest) dB")
        #expect(lowest >= Self.minimumPSNR, "\(preset): lowest PSNR \(lowest) dB under the simple shaper")
    }
}
