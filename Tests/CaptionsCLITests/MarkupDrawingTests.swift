import CaptionRender
import Foundation
import CaptionExpectations
import Testing

/// Markup read from subtitles is drawn: `<i>` in the family's italic face, `<b>` bold, `<font color>`
/// in its colour, checked the way a person looks (slanted strokes, heavier ink, the colour in the
/// pixels, each against the same word without markup), and the compiled ASS of the same cues drawn
/// identically by libass (`verify`), with the default style and with a karaoke preset.
@Suite struct MarkupDrawingTests {
    /// The ink of `render --at 1` of a one-cue SRT whose text is `text`, on transparency.
    static func render(_ text: String, size: String = "1920x1080", extra: [String] = [], in dir: URL) throws -> RGBAImage {
        let name = "cue-\(abs(text.hashValue))-\(extra.count)"
        try "1\n00:00:00,500 --> 00:00:03,000\n\(text)\n".write(to: dir.appendingPathComponent(name + ".srt"), atomically: true, encoding: .utf8)
        let run = try CommandRunner.run(["render", name + ".srt", "--at", "1", "--size", size, "-o", name + ".png"] + extra, in: dir)
        try #require(run.status == 0, "\(run.stderr)")
        return try PNGFile.read(dir.appendingPathComponent(name + ".png").path)
    }

    /// Mean x of the opaque fill (white-ish) pixels in the top and bottom thirds of the ink's box: an
    /// italic's tops lean right of its bottoms.
    static func lean(_ image: RGBAImage) throws -> Double {
        let box = try #require(image.opaqueBounds)
        func meanX(_ rows: Range<Int>) -> Double {
            var sum = 0.0, n = 0.0
            for y in rows { for x in box.x..<(box.x + box.width) where image[x, y].alpha > 200 && image[x, y].red > 200 { sum += Double(x); n += 1 } }
            return n > 0 ? sum / n : 0
        }
        let third = box.height / 3
        return meanX(box.y..<(box.y + third)) - meanX((box.y + box.height - third)..<(box.y + box.height))
    }

    /// Opaque pixels: heavier strokes cover more.
    static func inkCount(_ image: RGBAImage) -> Int {
        var n = 0
        for y in 0..<image.height { for x in 0..<image.width where image[x, y].alpha > 128 { n += 1 } }
        return n
    }

    @Test func italicBoldAndColourAreDrawn() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Capital I and l are upright bars: only a slant moves their tops away from their bottoms.
        let upright = try Self.render("IlIlI", in: dir), italic = try Self.render("<i>IlIlI</i>", in: dir)
        let (a, b) = (try Self.lean(upright), try Self.lean(italic))
        print("[markup] lean upright \(a) px, italic \(b) px")
        // DejaVu Sans Oblique slants about 11 degrees: the thirds' centres are some 30 px apart, so about
        // 6 px (measured 5.7; upright 0).
        expectTrue(abs(a) < 1 && b > 4, "upright \(a), italic \(b)")

        let regular = try Self.render("Illustrated", in: dir), bold = try Self.render("<b>Illustrated</b>", in: dir)
        let ratio = Double(Self.inkCount(bold)) / Double(Self.inkCount(regular))
        print("[markup] bold ink / regular ink: \(ratio)")
        expectTrue(ratio > 1.15, "bold \(ratio)")

        let red = try Self.render(##"<font color="#FF3030">Illustrated</font>"##, in: dir)
        func reddish(_ image: RGBAImage) -> Int {
            var n = 0
            for y in 0..<image.height { for x in 0..<image.width where image[x, y].alpha == 255 && image[x, y].red > 230 && image[x, y].green < 70 && image[x, y].blue < 70 { n += 1 } }
            return n
        }
        expectTrue(reddish(red) > 1000 && reddish(regular) == 0, "red pixels: \(reddish(red))")
    }

    /// The compiled ASS names the same faces and colours (`\fn`, `\b`, `\i1`, `\1c`): libass draws it
    /// as the native renderer does, in the landscape default and in a karaoke preset on a portrait frame.
    @Test func theCompiledASSDrawsTheMarkupAsTheRendererDoes() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let srt = "1\n00:00:00,500 --> 00:00:03,000\nPlain <i>italic words</i> and <b>bold</b>\nand <font color=\"#ff3030\">red</font> text\n"
        try srt.write(to: dir.appendingPathComponent("markup.srt"), atomically: true, encoding: .utf8)
        for (preset, size) in [("plain", "1920x1080"), ("highlight-by-word", "1080x1920"), ("karaoke-fill", "1080x1920")] {
            let run = try CommandRunner.run(["verify", "markup.srt", "--preset", preset, "--size", size, "--times", "0.6,1.5,2.5"], in: dir)
            expectEqual(run.status, 0, "\(preset): \(run.stdout)\(run.stderr)")
            // plain draws in the regular weight, the karaoke presets in bold: the oblique face of each.
            let oblique = preset == "plain" ? "DejaVuSans-Oblique.ttf" : "DejaVuSans-BoldOblique.ttf"
            expectTrue(run.stdout.contains(oblique) && run.stdout.contains("DejaVuSans-Bold.ttf"), "\(preset): \(run.stdout)")
        }
    }

    /// `<font face>` draws the words in that family, exactly as the style's family would; `<font
    /// size="N">` draws them at N/16 of the cue's size, and their line grows so it keeps clear of
    /// the line above.
    @Test func faceAndSizeSpansAreDrawn() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let serifStyle = dir.appendingPathComponent("serif.json").path
        try #"{"font_family": "DejaVu Serif"}"#.write(toFile: serifStyle, atomically: true, encoding: .utf8)
        let face = try Self.render(#"<font face="DejaVu Serif">Serifed</font>"#, in: dir)
        let styled = try Self.render("Serifed", extra: ["--style", serifStyle], in: dir)
        let sans = try Self.render("Serifed", in: dir)
        expectEqual(face.pixels, styled.pixels, "<font face> is not the family the style would give")
        expectTrue(face.pixels != sans.pixels)

        // Capital H's ink: its height is the cap height plus the outline.
        let normal = try #require(try Self.render("HHH", in: dir).opaqueBounds)
        let double = try #require(try Self.render(#"<font size="32">HHH</font>"#, in: dir).opaqueBounds)
        let small = try #require(try Self.render(#"<font size="8">HHH</font>"#, in: dir).opaqueBounds)
        print("[markup] ink of HHH: \(normal), size 32: \(double), size 8: \(small)")
        // 64 px DejaVu Sans: cap height 40 px, 8 px of outline (measured 48, 90, 28 px high).
        let cap = Double(normal.height - 8)
        expectTrue(abs(Double(double.height - 8) - 2 * cap) <= 3 && abs(Double(small.height - 8) - cap / 2) <= 2, "\(normal) \(double) \(small)")
        // Still on the bottom margin, the line's descender grown with the word (64 px x 0.24 x 1 more:
        // the baseline 15 px up; measured 12 px on the ink, which rounds its outline's edge).
        let raised = (normal.y + normal.height) - (double.y + double.height)
        expectTrue((10...16).contains(raised), "the bottom moved up by \(raised)")

        // A larger word on the second line pushes the first line up, clear of its ink.
        let twoLines = try Self.render("HHH first line\n<font size=\"32\">HHH</font> second", in: dir)
        let plainTwo = try Self.render("HHH first line\nHHH second", in: dir)
        func inkRows(_ image: RGBAImage) -> [Int] {
            (0..<image.height).filter { y in (0..<image.width).contains { image[$0, y].alpha > 0 } }
        }
        func bands(_ rows: [Int]) -> [ClosedRange<Int>] {
            var out: [ClosedRange<Int>] = []
            for y in rows { if let last = out.last, last.upperBound == y - 1 { out[out.count - 1] = last.lowerBound...y } else { out.append(y...y) } }
            return out
        }
        let grown = bands(inkRows(twoLines)), even = bands(inkRows(plainTwo))
        print("[markup] rows of two lines: \(even), with a larger word: \(grown)")
        expectEqual(grown.count, 2, "the lines' ink touches: \(grown)")
        if grown.count == 2, even.count == 2 {
            // The first line moved up by about the larger word's extra ascender (64 px x 0.93).
            let moved = even[0].lowerBound - grown[0].lowerBound
            expectTrue((50...70).contains(moved), "moved \(moved)")
        }

        // The compiled ASS draws them the same, landscape default and two karaoke presets in portrait.
        let srt = "1\n00:00:00,500 --> 00:00:03,000\nPlain <font face=\"DejaVu Serif\">serif words</font> and\n"
            + "<font size=\"24\">big</font> and <font size=\"10\" color=\"#ffff00\">small</font> words\n"
        try srt.write(to: dir.appendingPathComponent("faces.srt"), atomically: true, encoding: .utf8)
        for (preset, size) in [("plain", "1920x1080"), ("highlight-by-word", "1080x1920"), ("pop-in", "1080x1920")] {
            let run = try CommandRunner.run(["verify", "faces.srt", "--preset", preset, "--size", size, "--times", "0.6,1.5,2.5"], in: dir)
            expectTrue(run.status == 0 && run.stdout.contains("DejaVuSerif"), "\(preset): \(run.stdout)\(run.stderr)")
        }
    }
}
