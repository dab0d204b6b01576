import CaptionRender
import Foundation
import CaptionExpectations
import Testing

/// Cues on screen together stack as libass stacks them: the same cues as plain ASS Dialogue lines in
/// the same font, size, outline and margins, drawn by ffmpeg's `ass` filter over a video played from
/// the start (libass places an event when it appears and keeps it there, so a frame reached by seeking
/// would be placed afresh), against `captions render` at times with one, two, three and four cues on
/// screen, and after one of them ended (the others keep their places). And the compiled ASS, whose
/// words carry `\pos` that libass never moves, draws the same stacking (`verify`).
@Suite struct StackingCommandTests {
    static let srt = """
        1
        00:00:01,000 --> 00:00:06,000
        First speaker says this

        2
        00:00:02,000 --> 00:00:06,000
        Second speaker answers
        across two lines

        3
        00:00:03,000 --> 00:00:04,000
        A third cue

        4
        00:00:03,500 --> 00:00:06,000
        And a fourth one

        """

    /// The same cues for libass, in `plain`'s landscape look at 1920x1080.
    static let ass = """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 1920
        PlayResY: 1080
        ScaledBorderAndShadow: yes
        WrapStyle: 0

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,DejaVu Sans,64,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,4,0,2,96,96,54,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:01.00,0:00:06.00,Default,,0,0,0,,First speaker says this
        Dialogue: 0,0:00:02.00,0:00:06.00,Default,,0,0,0,,Second speaker answers\\Nacross two lines
        Dialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,A third cue
        Dialogue: 0,0:00:03.50,0:00:06.00,Default,,0,0,0,,And a fourth one

        """

    /// Tenths of a second: one cue, two, three (the third above), four, and the fourth after the third ended.
    static let frames = [15, 25, 32, 37, 45]

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "ffmpeg is not installed"))
    func overlappingCuesStackAsLibassStacksThem() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.srt.write(to: dir.appendingPathComponent("cues.srt"), atomically: true, encoding: .utf8)
        try Self.ass.write(to: dir.appendingPathComponent("cues.ass"), atomically: true, encoding: .utf8)
        let select = "select='" + Self.frames.map { "eq(n\\,\($0))" }.joined(separator: "+") + "'"
        try PGSConvertCommandTests.tool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=c=0x406080:s=1920x1080:r=10:d=5", "-vf",
                       "format=rgb24,ass=filename=cues.ass,\(select)", "-fps_mode", "passthrough",
                       "-f", "rawvideo", "-pix_fmt", "rgba", "libass.rgba"], in: dir)
        let bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent("libass.rgba")))
        let size = 1920 * 1080 * 4
        try #require(bytes.count == size * Self.frames.count)

        for (k, n) in Self.frames.enumerated() {
            let name = "native-\(n).png"
            let render = try CommandRunner.run(["render", "cues.srt", "--at", "\(Double(n) / 10)", "--size", "1920x1080",
                                                "--background", "#406080", "-o", name], in: dir)
            try #require(render.status == 0, "\(render.stderr)")
            let native = try PNGFile.read(dir.appendingPathComponent(name).path)
            let libass = RGBAImage(width: 1920, height: 1080, pixels: Array(bytes[(k * size)..<((k + 1) * size)]))
            let psnr = try ImageComparison.psnr(actual: native, expected: libass)
            print("[stacking vs libass] \(Double(n) / 10) s: \(String(format: "%.1f", psnr)) dB")
            // Measured 44.5-45.5 dB (the same glyphs, blended with other rounding); a cue a line off is
            // below 27 dB.
            expectTrue(psnr >= 40, "at \(Double(n) / 10) s: \(psnr) dB")
        }

        let verify = try CommandRunner.run(["verify", "cues.srt", "--size", "1920x1080", "--times", "2.5,3.2,3.7,4.5"], in: dir)
        expectTrue(verify.status == 0 && verify.stdout.contains("4 SAME"), "\(verify.stdout)\(verify.stderr)")
    }

    /// A word that rises out of its page (`bounce`) overlaps the page stacked above it. libass draws
    /// every page's shadows, then every page's strokes, then every fill (the compiled ASS's layers), so
    /// the rising fill covers the stroke of the page above; the native renderer paints the pages a
    /// layer at a time too (it painted page after page, and `verify` failed at the third cue's start,
    /// 63.4 dB).
    @Test func aRisingWordCoversThePageAboveAsInLibass() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let srt = "1\n00:00:00,500 --> 00:00:03,000\nFirst speaker\n\n2\n00:00:01,500 --> 00:00:03,000\nSecond speaker\non two lines\n\n3\n00:00:02,000 --> 00:00:03,000\nA third cue\n"
        try srt.write(to: dir.appendingPathComponent("overlap.srt"), atomically: true, encoding: .utf8)
        let verify = try CommandRunner.run(["verify", "overlap.srt", "--preset", "bounce", "--size", "1080x1920", "--times", "1.9,2.0,2.1"], in: dir)
        expectTrue(verify.status == 0 && verify.stdout.contains("3 SAME"), "\(verify.stdout)\(verify.stderr)")
    }

    /// Cues that do not overlap in time are not moved, and a caption alone sits where it always did.
    @Test func cuesApartInTimeAreNotMoved() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.srt.write(to: dir.appendingPathComponent("cues.srt"), atomically: true, encoding: .utf8)
        try "1\n00:00:03,500 --> 00:00:06,000\nAnd a fourth one\n".write(to: dir.appendingPathComponent("alone.srt"), atomically: true, encoding: .utf8)
        var boxes: [PixelRect] = []
        for (file, t) in [("cues.srt", "1.5"), ("alone.srt", "4")] {
            let run = try CommandRunner.run(["render", file, "--at", t, "--size", "1920x1080", "-o", "\(file).png"], in: dir)
            try #require(run.status == 0, "\(run.stderr)")
            boxes.append(try #require(try PNGFile.read(dir.appendingPathComponent("\(file).png").path).opaqueBounds))
        }
        // Both alone on screen on one line: the same cap height (their descenders differ).
        expectTrue(abs(boxes[0].y - boxes[1].y) <= 1, "\(boxes)")
    }
}
