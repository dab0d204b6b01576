import CaptionRender
import Foundation
import CaptionExpectations
import Testing

/// Underline and strikeout from SRT `<u>`/`<s>`, WebVTT `<u>` and TTML `tts:textDecoration` are drawn
/// as a person would see them (a bar of the text's colour along the marked words, across the space
/// between them, below the baseline or through the middle of the letters), and the compiled ASS
/// draws them as the renderer does (`verify`).
@Suite struct DecorationDrawingTests {
    /// The pixels where `marked` differs from `plain` (same size): their bounding box, and per column
    /// how many differ.
    static func difference(_ plain: RGBAImage, _ marked: RGBAImage) -> (box: PixelRect?, columns: [Int: Int]) {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        var columns: [Int: Int] = [:]
        for y in 0..<plain.height {
            for x in 0..<plain.width where plain[x, y] != marked[x, y] {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                columns[x, default: 0] += 1
            }
        }
        return (minX <= maxX ? PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) : nil, columns)
    }

    /// The columns of the bar's middle row whose pixel is the white fill.
    static func filledColumns(_ image: RGBAImage, row y: Int, in box: PixelRect) -> Int {
        (box.x..<(box.x + box.width)).filter { image[$0, y].alpha == 255 && image[$0, y].red > 240 && image[$0, y].blue > 240 }.count
    }

    @Test func underlineAndStrikeoutAreBarsAlongTheMarkedWords() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Capitals and x-height letters without descenders: nothing of the plain text's fill lies
        // below the baseline, so the underline's difference is the bar alone.
        let plain = try MarkupDrawingTests.render("HEAVY MAIN", in: dir)
        let underlined = try MarkupDrawingTests.render("<u>HEAVY MAIN</u>", in: dir)
        let struck = try MarkupDrawingTests.render("<s>HEAVY MAIN</s>", in: dir)
        let ink = try #require(plain.opaqueBounds)

        let under = Self.difference(plain, underlined)
        let u = try #require(under.box, "the underline changed nothing")
        print("[decoration] ink \(ink), underline \(u)")
        // One bar the width of the text (the outline reaches past the words' advance boxes), a few
        // pixels high (DejaVu Sans at 64 px: a 2.8 px line and a 4 px outline on each side), its top
        // at or below the letters' bottoms less the outline.
        expectTrue(abs(u.width - ink.width) <= 12, "underline \(u.width) px wide, text \(ink.width)")
        expectTrue(u.height >= 6 && u.height <= 16, "underline \(u.height) px high")
        expectTrue(u.y >= ink.y + ink.height - 12 && u.y + u.height > ink.y + ink.height, "underline at \(u.y), ink bottom \(ink.y + ink.height)")
        // Unbroken: white fill along the bar's middle row, under the space too.
        let middle = u.y + u.height / 2
        let filled = Self.filledColumns(underlined, row: middle, in: u)
        expectTrue(Double(filled) > 0.9 * Double(u.width), "\(filled) of \(u.width) columns filled")

        let through = Self.difference(plain, struck)
        let s = try #require(through.box, "the strikeout changed nothing")
        print("[decoration] strikeout \(s)")
        // Through the letters: the middle third of the capitals' height.
        let centre = Double(s.y) + Double(s.height) / 2
        expectTrue(centre > Double(ink.y) + 0.3 * Double(ink.height) && centre < Double(ink.y) + 0.7 * Double(ink.height),
                "strikeout centre \(centre), ink \(ink)")
        expectTrue(abs(s.width - ink.width) <= 12, "strikeout \(s.width) px wide, text \(ink.width)")
        // Where the bar crosses the space the letters leave nothing to hide it: the fill runs on.
        expectTrue(Double(Self.filledColumns(struck, row: Int(centre), in: s)) > 0.6 * Double(s.width))

        // A line that stops: only the first word underlined leaves the second alone.
        let first = Self.difference(plain, try MarkupDrawingTests.render("<u>HEAVY</u> MAIN", in: dir))
        let f = try #require(first.box)
        expectTrue(f.width < u.width * 2 / 3, "one word's underline is \(f.width) px, both words' \(u.width)")
    }

    /// The same bars from WebVTT `<u>` and TTML `tts:textDecoration`, on a portrait frame.
    @Test func webVTTAndTTMLDecorationsAreDrawn() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let vtt = "WEBVTT\n\n00:00.500 --> 00:03.000\nHEAVY <u>MAIN</u>\n"
        let ttml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling"><body><div>
            <p begin="0.5s" end="3s">HEAVY <span tts:textDecoration="lineThrough">MAIN</span></p>
            </div></body></tt>
            """
        let plain = "WEBVTT\n\n00:00.500 --> 00:03.000\nHEAVY MAIN\n"
        for (name, text) in [("plain.vtt", plain), ("u.vtt", vtt), ("s.ttml", ttml)] {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
            let run = try CommandRunner.run(["render", name, "--at", "1", "--size", "1080x1920", "-o", name + ".png"], in: dir)
            try #require(run.status == 0, "\(name): \(run.stderr)")
        }
        let base = try PNGFile.read(dir.appendingPathComponent("plain.vtt.png").path)
        let ink = try #require(base.opaqueBounds)
        for name in ["u.vtt", "s.ttml"] {
            let d = Self.difference(base, try PNGFile.read(dir.appendingPathComponent(name + ".png").path))
            let box = try #require(d.box, "\(name): nothing drawn")
            print("[decoration] \(name): ink \(ink), bar \(box)")
            // The second word only: the bar starts right of the text's middle.
            expectTrue(box.x > ink.x + ink.width / 3 && box.height <= 16, "\(name): \(box)")
        }
    }

    /// libass draws the compiled ASS's bars (`\p1` rectangles on each word's layers) as the renderer
    /// draws them, with the default style and with karaoke presets that recolour, sweep and scale
    /// the marked words.
    @Test func theCompiledASSDrawsTheBarsAsTheRendererDoes() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let srt = "1\n00:00:00,500 --> 00:00:03,000\nPlain and <u>underlined words</u> here\n<s>struck out</s> and <i><u>both</u></i>\n"
        try srt.write(to: dir.appendingPathComponent("lines.srt"), atomically: true, encoding: .utf8)
        for (preset, size) in [("plain", "1920x1080"), ("highlight-by-word", "1080x1920"), ("karaoke-fill", "1080x1920"),
                               ("pop-in", "1920x1080")] {
            let run = try CommandRunner.run(["verify", "lines.srt", "--preset", preset, "--size", size], in: dir)
            expectEqual(run.status, 0, "\(preset): \(run.stdout)\(run.stderr)")
            // Measured: every frame SAME (libass's own compare) in each.
            expectTrue(!run.stdout.contains(" GOOD ") && !run.stdout.contains(" BAD "), "\(preset): \(run.stdout)")
        }
        let ass = try CommandRunner.run(["convert", "lines.srt", "--preset", "plain", "--size", "1920x1080", "-o", "lines.ass"], in: dir)
        try #require(ass.status == 0, "\(ass.stderr)")
        let text = try String(contentsOf: dir.appendingPathComponent("lines.ass"), encoding: .utf8)
        // Five marked words, each with its own bar: a stroke underlay and a fill event for each.
        expectTrue(text.components(separatedBy: "{\\p1}m 0 0 l ").count - 1 >= 5 * 2, "bars in the compiled ASS: \(text)")
    }
}
