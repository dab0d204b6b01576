import CaptionRender
import Foundation
import CaptionExpectations
import Testing

/// `render --shaping simple` draws an SRT with markup as libass's simple shaper draws the same cue
/// as one ASS event with inline tags, the way `ffmpeg -vf subtitles=` reads and draws an SRT. The
/// reference is libass itself (`render` of the hand-written ASS, its own look, also `--shaping
/// simple`), in the style's font, size, outline and margins, so glyph choice, advances, the 1/8 px
/// grid of each style run and the underline and strikeout carried in the glyphs' outlines are all
/// measured, over transparency (no chroma subsampling, no video codec).
@Suite struct SimpleShapingRenderTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var size: (width: Int, height: Int)
        var srt: String
        var assText: String
        /// The style line libass draws with: `plain`'s look at this frame's shape.
        var style: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "landscape, every span kind", size: (1920, 1080),
             srt: "Plain and <i>italic words</i> with <b>bold</b>\nand <font color=\"#ff3030\">red</font> or <u>underlined words</u> and <s>struck out</s>",
             assText: "Plain and {\\i1}italic words{\\i0} with {\\b1}bold{\\b0}\\Nand {\\c&H3030FF&}red{\\c} or {\\u1}underlined words{\\u0} and {\\s1}struck out{\\s0}",
             style: "Style: Default,DejaVu Sans,64,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,4,0,2,96,96,54,1"),
        Case(name: "portrait, bold look", size: (1080, 1920),
             srt: "<i>Leaning</i> and <u>lined</u> <s>out</s>",
             assText: "{\\i1}Leaning{\\i0} and {\\u1}lined{\\u0} {\\s1}out{\\s0}",
             style: "Style: Default,DejaVu Sans,80,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,6,0,2,80,80,320,1"),
        // Right to left: FriBidi's joined Arabic forms and a mirrored bracket, as libass's simple shaper
        // draws them (DejaVu Sans has the presentation forms). Encoding -1: libass takes the paragraph's
        // direction from its text only then (with any other Encoding it lays the line out left to right,
        // as `subtitles=` does an Arabic SRT's: the words in reverse; CaptionKit keeps the text's direction).
        Case(name: "Arabic, joined and mirrored", size: (1920, 1080),
             srt: "مرحبا <u>بالعالم</u> (نص) <font color=\"#ff3030\">عربي</font>",
             assText: "مرحبا {\\u1}بالعالم{\\u0} (نص) {\\c&H3030FF&}عربي{\\c}",
             style: "Style: Default,DejaVu Sans,64,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,4,0,2,96,96,54,-1"),
    ]

    static func script(_ c: Case) -> String {
        """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: \(c.size.width)
        PlayResY: \(c.size.height)
        ScaledBorderAndShadow: yes
        WrapStyle: 0

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        \(c.style)

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:00.50,0:00:02.50,Default,,0,0,0,,\(c.assText)

        """
    }

    @Test(arguments: cases)
    func simpleShapingDrawsAsLibassSimpleShaper(_ c: Case) throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "1\n00:00:00,500 --> 00:00:02,500\n\(c.srt)\n\n".write(to: dir.appendingPathComponent("cue.srt"), atomically: true, encoding: .utf8)
        try Self.script(c).write(to: dir.appendingPathComponent("cue.ass"), atomically: true, encoding: .utf8)
        func render(_ input: String, _ output: String, _ extra: [String]) throws -> RGBAImage {
            let r = try CommandRunner.run(["render", input, "--at", "1", "--size", "\(c.size.width)x\(c.size.height)", "-o", output] + extra, in: dir)
            try #require(r.status == 0, "\(r.stderr)")
            return try PNGFile.read(dir.appendingPathComponent(output).path)
        }
        let libass = try render("cue.ass", "libass.png", ["--shaping", "simple"])
        let simple = try render("cue.srt", "simple.png", ["--shaping", "simple"])
        let complex = try render("cue.srt", "complex.png", [])
        let libassComplex = try render("cue.ass", "libass-complex.png", [])

        let againstSimple = try ImageComparison.psnr(actual: simple, expected: libass)
        let complexAgainstSimple = try ImageComparison.psnr(actual: complex, expected: libass)
        let shapers = try ImageComparison.psnr(actual: libassComplex, expected: libass)
        print("[simple shaping] \(c.name): --shaping simple \(String(format: "%.1f", againstSimple)) dB against libass's simple shaper; "
              + "the default \(String(format: "%.1f", complexAgainstSimple)) dB; libass's two shapers \(String(format: "%.1f", shapers)) dB apart")
        // Where the ink is: the same box to the pixel.
        expectEqual(simple.opaqueBounds, libass.opaqueBounds)
        expectTrue(againstSimple >= 45, "\(c.name): \(againstSimple) dB against libass's simple shaper")
        // The comparison can tell the shapers apart: the complex layout is well below it.
        expectTrue(complexAgainstSimple < againstSimple - 10, "\(c.name): the complex layout measures \(complexAgainstSimple) dB")
    }
}
