import CaptionASS
import CaptionLibass
import CaptionModel
import CaptionRender
import CaptionStyles
import CaptionVerify
import Foundation
import CaptionExpectations
import Testing

/// The compiled ASS plays in ffmpeg (libass inside libavfilter, an independent player) and its frame
/// matches LibassRenderer's frame of the same script, both drawn over an opaque grey so libavfilter's
/// blend and ours are compared on the same footing.
///
/// - `-vf ass=FILE` (libass reads the script itself, as players do): the same frame, graded GOOD or
///   better (measured: score 0.57 for plain at 350 ms, blend rounding at edges).
/// - `-vf subtitles=FILE` (ffmpeg 5.1) always renders with libass's simple shaper: the filter has no
///   `shaping` option and leaves the setting at 0, `ASS_SHAPING_SIMPLE` (`-vf ass=...:shaping=simple`
///   reproduces its frames to the pixel). Simple shaping takes unhinted advances and never kerns, so
///   a word's later glyphs can land an eighth of a pixel from where the complex shaper (libass's
///   default, ours) puts them; with kerning its frames were FAIL at 20.8-31.0 dB, which is why the
///   toolkit does not kern. Measured 33.6-38.0 dB over the caption area. Asserted: it plays the script
///   and draws the captions, at least 33 dB.
@Suite struct FFmpegPlaybackTests {
    static let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let grey = RGBAColor(red: 128, green: 128, blue: 128, alpha: 255)

    /// ffmpeg's frame of the preset's script at the first page's second word middle, with `filter`
    /// ("ass" or "subtitles"), and LibassRenderer's frame of it, both over grey, and the caption area.
    func frames(preset: String, filter: String, simpleShaping: Bool = false) throws -> (played: RGBAImage, ours: RGBAImage, area: PixelRect, t: Milliseconds) {
        let f = try Fixture(preset: preset)
        let libass = simpleShaping ? try f.libassWithSimpleShaping() : f.libass
        let t = try #require(f.wordMiddles(pages: 1).dropFirst().first)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("captionass-ffmpeg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("captions.ass"), frame = folder.appendingPathComponent("frame.png")
        try f.script.write(to: script, atomically: true, encoding: .utf8)
        let fontsDir = URL(fileURLWithPath: try f.compiler.layout(of: f.pages[0]).face.path).deletingLastPathComponent().path

        // A 1000 fps grey source trimmed to the frame at t: the filter sees exactly t ms.
        let (w, h) = (Fixture.width, Fixture.height)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.ffmpeg!)
        process.arguments = ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "color=c=0x808080:s=\(w)x\(h):r=1000,format=rgba",
                             "-vf", "trim=start_pts=\(t),\(filter)=filename=\(script.path):fontsdir=\(fontsDir)",
                             "-frames:v", "1", frame.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "ffmpeg failed: \(message)")

        let played = try PNGFile.read(frame.path)
        var ours = RGBAImage(width: w, height: h, filling: Self.grey)
        expectTrue(libass.render(at: t, onto: &ours) > 0)
        var clear = RGBAImage(width: w, height: h)
        libass.render(at: t, onto: &clear)
        // Not just two grey frames: ffmpeg drew the captions.
        expectTrue(try ImageComparison(actual: played, expected: RGBAImage(width: w, height: h, filling: Self.grey)).grade == .fail)
        return (played, ours, try #require(clear.opaqueBounds), t)
    }

    @Test(.enabled(if: ffmpeg != nil, "ffmpeg is not installed"), arguments: ["plain", "highlight-by-word", "broadcast", "karaoke-fill", "pop-in"])
    func assFilterDrawsTheFrameLibassDraws(preset: String) throws {
        let (played, ours, area, t) = try frames(preset: preset, filter: "ass")
        let comparison = try ImageComparison(actual: played, expected: ours)
        let psnr = try ImageComparison.psnr(actual: played, expected: ours, in: area)
        print(String(format: "[ffmpeg -vf ass vs LibassRenderer] %@ at %d ms: score %.2f (%@), PSNR %.2f dB", preset, t, comparison.score, comparison.grade.rawValue, psnr))
        expectTrue(comparison.grade <= .good, "\(preset) at \(t) ms: score \(comparison.score) at \(String(describing: comparison.worstPixel)), PSNR \(psnr) dB")
    }

    @Test(.enabled(if: ffmpeg != nil, "ffmpeg is not installed"), arguments: ["plain", "highlight-by-word", "broadcast", "karaoke-fill", "pop-in"])
    func subtitlesFilterPlaysTheScript(preset: String) throws {
        let (played, ours, area, t) = try frames(preset: preset, filter: "subtitles")
        let psnr = try ImageComparison.psnr(actual: played, expected: ours, in: area)
        print(String(format: "[ffmpeg -vf subtitles vs LibassRenderer] %@ at %d ms: PSNR %.2f dB", preset, t, psnr))
        expectTrue(psnr >= 33, "\(preset) at \(t) ms: PSNR \(psnr) dB")
    }

    /// What is left between `subtitles=` and libass's API is the shaper alone: libass drawing the same
    /// script with its simple shaper gives `subtitles=`'s frame (graded GOOD; measured identical up
    /// to the blend's rounding, like `ass=`).
    @Test(.enabled(if: ffmpeg != nil, "ffmpeg is not installed"), arguments: ["plain", "highlight-by-word", "pop-in"])
    func subtitlesFilterIsLibassWithItsSimpleShaper(preset: String) throws {
        let (played, ours, area, t) = try frames(preset: preset, filter: "subtitles", simpleShaping: true)
        let comparison = try ImageComparison(actual: played, expected: ours)
        let psnr = try ImageComparison.psnr(actual: played, expected: ours, in: area)
        print(String(format: "[ffmpeg -vf subtitles vs LibassRenderer simple] %@ at %d ms: score %.2f (%@), PSNR %.2f dB", preset, t, comparison.score, comparison.grade.rawValue, psnr))
        expectTrue(comparison.grade <= .good, "\(preset) at \(t) ms: score \(comparison.score), PSNR \(psnr) dB")
    }
}
