import CaptionRender
import Foundation
import Testing

/// A cue's own placement is drawn: SRT `{\anN}` and WebVTT `line`, `position`, `size` and `align`,
/// measured from the ink's box, and the compiled ASS drawn identically by libass (`verify`).
@Suite struct PlacementDrawingTests {
    static func ink(_ file: String, at t: String = "2", size: String = "1920x1080", _ extra: [String] = [], in dir: URL) throws -> PixelRect {
        let name = "\(file)-\(t)-\(size)-\(extra.count).png"
        let run = try CommandRunner.run(["render", file, "--at", t, "--size", size, "-o", name] + extra, in: dir)
        try #require(run.status == 0, "\(run.stderr)")
        return try #require(try PNGFile.read(dir.appendingPathComponent(name).path).opaqueBounds, "\(file) at \(t): nothing drawn")
    }

    @Test func srtAnchorsAndWebVTTSettingsPlaceTheCue() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = [
            "top.srt": "1\n00:00:01,000 --> 00:00:03,000\n{\\an8}Top sign\n",
            "left.srt": "1\n00:00:01,000 --> 00:00:03,000\n{\\an1}Bottom left\n",
            "plain.srt": "1\n00:00:01,000 --> 00:00:03,000\nBottom centre\n",
            "cues.vtt": """
                WEBVTT

                00:00:01.000 --> 00:00:02.000 line:0 position:10% align:start
                Top left

                00:00:02.000 --> 00:00:03.000 line:50% size:40%
                Middle

                00:00:03.000 --> 00:00:04.000 line:-1 position:90% align:end
                Bottom right

                """,
        ]
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }

        // 1920x1080, plain's landscape look: 54 px margins top and bottom, 96 px at the sides.
        let top = try Self.ink("top.srt", in: dir)
        #expect((54...80).contains(top.y) && abs(top.x + top.width / 2 - 960) <= 3, "\\an8: \(top)")
        let left = try Self.ink("left.srt", in: dir), bottom = try Self.ink("plain.srt", in: dir)
        #expect((92...100).contains(left.x) && abs((left.y + left.height) - (bottom.y + bottom.height)) <= 16, "\\an1: \(left)")

        // line:0 position:10% align:start: the top line, from 10 % of the width (192 px; the ink starts
        // with the outline, 4 px before).
        let topLeft = try Self.ink("cues.vtt", at: "1.5", in: dir)
        #expect((54...80).contains(topLeft.y) && (184...200).contains(topLeft.x), "line:0 position:10%: \(topLeft)")
        // line:50% (its line alignment is start): the cue's top at half the height.
        let middle = try Self.ink("cues.vtt", at: "2.5", in: dir)
        #expect((540...570).contains(middle.y) && abs(middle.x + middle.width / 2 - 960) <= 3, "line:50%: \(middle)")
        // line:-1 position:90% align:end: the bottom line, ending at 90 % of the width (1728 px).
        let bottomRight = try Self.ink("cues.vtt", at: "3.5", in: dir)
        #expect((1720...1734).contains(bottomRight.x + bottomRight.width) && bottomRight.y > 900, "line:-1 position:90%: \(bottomRight)")

        // The compiled ASS puts them in the same places.
        for (file, times) in [("cues.vtt", "1.5,2.5,3.5"), ("top.srt", "2")] {
            let run = try CommandRunner.run(["verify", file, "--size", "1920x1080", "--times", times], in: dir)
            #expect(run.status == 0 && !run.stdout.contains("FAIL") && !run.stdout.contains("BAD"), "\(file): \(run.stdout)")
        }
        // Portrait, a karaoke preset: \an8 puts the cue at the preset's top margin (160 px).
        let portrait = try Self.ink("top.srt", size: "1080x1920", ["--preset", "highlight-by-word"], in: dir)
        #expect((150...200).contains(portrait.y), "portrait \\an8: \(portrait)")
    }
}
