import CaptionRender
import Foundation
import CaptionExpectations
import Testing

/// A WebVTT file's `STYLE` blocks are drawn: `::cue(.class)` colours, a voice's italics, an element's
/// underline, checked in the pixels against the same cues without the block, and the compiled ASS
/// drawn identically by libass.
@Suite struct StylesheetDrawingTests {
    static let cues = """
        00:00.500 --> 00:03.000
        <v Bob>IlIlI</v> <c.hot>Illustrated</c>

        """
    static let styled = "WEBVTT\n\nSTYLE\n::cue(.hot) { color: #ff3030 }\n::cue(v[voice=\"Bob\"]) { font-style: italic }\n\n" + cues

    static func render(_ name: String, _ text: String, in dir: URL) throws -> RGBAImage {
        try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let run = try CommandRunner.run(["render", name, "--at", "1", "--size", "1920x1080", "-o", name + ".png"], in: dir)
        try #require(run.status == 0, "\(run.stderr)")
        return try PNGFile.read(dir.appendingPathComponent(name + ".png").path)
    }

    @Test func styleBlocksColourAndSlantWhatTheySelect() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = try Self.render("plain.vtt", "WEBVTT\n\n" + Self.cues, in: dir)
        let styled = try Self.render("styled.vtt", Self.styled, in: dir)
        func reddish(_ image: RGBAImage) -> Int {
            var n = 0
            for y in 0..<image.height { for x in 0..<image.width where image[x, y].alpha == 255 && image[x, y].red > 230 && image[x, y].green < 70 { n += 1 } }
            return n
        }
        expectTrue(reddish(styled) > 1000 && reddish(plain) == 0, "red pixels: \(reddish(styled))")
        // Bob's bars lean only where the voice rule slants them, in the line's left two fifths (measured
        // 3.4 px with the rule, -0.2 without).
        let box = try #require(plain.opaqueBounds)
        let left = PixelRect(x: box.x, y: box.y, width: box.width * 2 / 5, height: box.height)
        func leftHalf(_ image: RGBAImage) throws -> RGBAImage {
            var out = RGBAImage(width: image.width, height: image.height)
            for y in left.y..<(left.y + left.height) { for x in left.x..<(left.x + left.width) { out[x, y] = image[x, y] } }
            return out
        }
        let (upright, slanted) = (try MarkupDrawingTests.lean(leftHalf(plain)), try MarkupDrawingTests.lean(leftHalf(styled)))
        print("[stylesheet] lean without the block \(upright) px, with it \(slanted) px")
        expectTrue(abs(upright) < 1 && slanted > 2, "upright \(upright), slanted \(slanted)")
    }

    /// `font-size` and `font-family` rules: the selected word's ink grows by the rule's size, a serif
    /// family draws serifs (more ink in the same letters), and libass draws the compiled ASS identically.
    @Test func styleBlocksSizeAndFaceWhatTheySelect() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cues = "00:00.500 --> 00:03.000\nHIH <c.big>HIH</c> <c.serif>IIII</c>\n"
        let sheet = "STYLE\n::cue(.big) { font-size: 200% }\n::cue(.serif) { font-family: \"DejaVu Serif\", serif }\n\n"
        let plain = try Self.render("plain.vtt", "WEBVTT\n\n" + cues, in: dir)
        let styled = try Self.render("sized.vtt", "WEBVTT\n\n" + sheet + cues, in: dir)
        // Ink heights per third of the line's box: the first word is the reference, the second twice it.
        func inkHeight(_ image: RGBAImage, columns: Range<Int>) -> Int {
            var top = Int.max, bottom = -1
            for y in 0..<image.height { for x in columns where image[x, y].alpha == 255 && image[x, y].red > 200 { top = min(top, y); bottom = max(bottom, y) } }
            return bottom - top + 1
        }
        func inkCount(_ image: RGBAImage, columns: Range<Int>) -> Int {
            var n = 0
            for y in 0..<image.height { for x in columns where image[x, y].alpha == 255 && image[x, y].red > 200 { n += 1 } }
            return n
        }
        let box = try #require(styled.opaqueBounds), plainBox = try #require(plain.opaqueBounds)
        let first = inkHeight(styled, columns: box.x..<(box.x + box.width / 5))
        let second = inkHeight(styled, columns: (box.x + box.width * 2 / 5)..<(box.x + box.width * 3 / 5))
        let lastPlain = inkCount(plain, columns: (plainBox.x + plainBox.width * 4 / 5)..<(plainBox.x + plainBox.width))
        let lastStyled = inkCount(styled, columns: (box.x + box.width * 4 / 5)..<(box.x + box.width))
        print("[stylesheet] cap heights \(first) and \(second) px; the I's ink \(lastPlain) px sans, \(lastStyled) px serif")
        expectTrue(abs(Double(second) / Double(first) - 2) < 0.1, "\(first) \(second)")
        expectTrue(Double(lastStyled) > Double(lastPlain) * 1.15, "\(lastPlain) \(lastStyled)")
        for (preset, size) in [("plain", "1920x1080"), ("highlight-by-word", "1080x1920")] {
            let run = try CommandRunner.run(["verify", "sized.vtt", "--preset", preset, "--size", size], in: dir)
            expectTrue(run.status == 0 && !run.stdout.contains(" GOOD ") && !run.stdout.contains(" BAD "), "\(preset): \(run.stdout)\(run.stderr)")
        }
    }

    @Test func theCompiledASSDrawsTheStyleBlocksAsTheRendererDoes() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.styled.write(to: dir.appendingPathComponent("styled.vtt"), atomically: true, encoding: .utf8)
        for (preset, size) in [("plain", "1920x1080"), ("highlight-by-word", "1080x1920")] {
            let run = try CommandRunner.run(["verify", "styled.vtt", "--preset", preset, "--size", size], in: dir)
            expectTrue(run.status == 0 && !run.stdout.contains(" GOOD ") && !run.stdout.contains(" BAD "), "\(preset): \(run.stdout)\(run.stderr)")
        }
        // The compiled ASS carries the rule's colour as the word's (`\1c` in ASS's BGR order).
        let ass = try CommandRunner.run(["convert", "styled.vtt", "--preset", "plain", "--size", "1920x1080", "-o", "styled.ass"], in: dir)
        try #require(ass.status == 0, "\(ass.stderr)")
        expectTrue(try String(contentsOf: dir.appendingPathComponent("styled.ass"), encoding: .utf8).contains("\\1c&H3030FF&"))
    }
}
