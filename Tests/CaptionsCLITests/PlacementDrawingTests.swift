import CaptionRender
import Foundation
import CaptionExpectations
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

    /// `{\pos(x,y)}` in an SRT: the anchor point at (x, y) in the 384x288 pixels VSFilter-style players
    /// read an SRT's tags in, stretched to the frame (ffmpeg 5.1's SRT decoder drops a `{\pos}` block,
    /// keeping only a lone `{\anN}`: `-vf subtitles=` draws all three at the bottom).
    @Test func srtPosPutsTheAnchorAtThePoint() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let srt = "1\n00:00:00,000 --> 00:00:01,000\n{\\pos(192,50)}Top centre\n\n"
            + "2\n00:00:01,000 --> 00:00:02,000\n{\\an7\\pos(20,20)}Top left\n\n"
            + "3\n00:00:02,000 --> 00:00:03,000\n{\\an3\\pos(370,270)}Bottom right\n"
        try srt.write(to: dir.appendingPathComponent("pos.srt"), atomically: true, encoding: .utf8)
        // The default anchor (bottom centre) at (960, 187.5): the ink centred there, its bottom the
        // outline below it (measured 807-1109 across, bottom 189).
        let centre = try Self.ink("pos.srt", at: "0.5", in: dir)
        expectTrue(abs(centre.x + centre.width / 2 - 960) <= 3 && (186...194).contains(centre.y + centre.height), "\\pos(192,50): \(centre)")
        // \an7 at (100, 75): the ink from the outline before the first letter and below the line's top
        // (measured x 95, y 80).
        let topLeft = try Self.ink("pos.srt", at: "1.5", in: dir)
        expectTrue((94...100).contains(topLeft.x) && (75...86).contains(topLeft.y), "\\an7\\pos(20,20): \(topLeft)")
        // \an3 at (1850, 1012.5) (measured right 1852, bottom 1014).
        let bottomRight = try Self.ink("pos.srt", at: "2.5", in: dir)
        expectTrue((1848...1856).contains(bottomRight.x + bottomRight.width) && (1010...1020).contains(bottomRight.y + bottomRight.height),
                "\\an3\\pos(370,270): \(bottomRight)")
        // The compiled ASS places them identically.
        let run = try CommandRunner.run(["verify", "pos.srt", "--size", "1920x1080", "--times", "0.5,1.5,2.5"], in: dir)
        expectTrue(run.status == 0 && !run.stdout.contains(" GOOD ") && !run.stdout.contains("BAD"), "\(run.stdout)")
    }

    /// Regions: a WebVTT region's box (its width, lines and anchors) holds its cues at its bottom,
    /// aligned as the cue says; a TTML region's `tts:origin` and `tts:extent` hold the paragraph,
    /// aligned by `tts:displayAlign` and `tts:textAlign`. The compiled ASS places them identically.
    @Test func webVTTAndTTMLRegionsHoldTheirCues() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
            WEBVTT

            REGION
            id:r
            width:40%
            lines:3
            regionanchor:0%,100%
            viewportanchor:10%,90%

            00:00:01.000 --> 00:00:03.000 region:r align:left
            Region text on the left

            """.write(to: dir.appendingPathComponent("region.vtt"), atomically: true, encoding: .utf8)
        try """
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling">
            <head><layout><region xml:id="r" tts:origin="60% 10%" tts:extent="30% 20%" tts:displayAlign="center"/></layout></head>
            <body><div><p region="r" begin="1s" end="3s" tts:textAlign="right">Right of the region</p></div></body></tt>
            """.write(to: dir.appendingPathComponent("region.ttml"), atomically: true, encoding: .utf8)
        // The region from x 10 % (192 px) and up from y 90 % (972 px): the ink from the outline before
        // the R, its bottom the g's descender and outline (measured 193, 974).
        let vtt = try Self.ink("region.vtt", in: dir)
        expectTrue((186...200).contains(vtt.x) && (966...980).contains(vtt.y + vtt.height), "WebVTT region: \(vtt)")
        // The box 60-90 % across (right edge 1728 px), 10-30 % down (centre 216 px): measured right
        // 1727, rows 189-250.
        let ttml = try Self.ink("region.ttml", in: dir)
        expectTrue((1720...1734).contains(ttml.x + ttml.width) && abs(ttml.y + ttml.height / 2 - 216) <= 10, "TTML region: \(ttml)")
        for file in ["region.vtt", "region.ttml"] {
            let run = try CommandRunner.run(["verify", file, "--size", "1920x1080", "--times", "2"], in: dir)
            expectTrue(run.status == 0 && run.stdout.contains("1 SAME"), "\(file): \(run.stdout)")
        }
    }

    /// An SCC caption on its 608 rows: 15 rows over the middle 80 % of the height, a caption in the
    /// upper half hanging from its first row, any other standing on its last.
    @Test func sccRowsPlaceTheCaption() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        /// Odd parity, as 608 sends every byte.
        func odd(_ b: UInt8) -> UInt8 { b.nonzeroBitCount % 2 == 0 ? b | 0x80 : b }
        func words(_ bytes: [UInt8]) -> String {
            var padded = bytes.map(odd)
            if padded.count % 2 == 1 { padded.append(0x80) }
            return stride(from: 0, to: padded.count, by: 2).map { String(format: "%02x%02x", padded[$0], padded[$0 + 1]) }.joined(separator: " ")
        }
        // Pop-on: RCL, a preamble for the row (channel 1, white, indent 0), the text, EOC; EDM clears.
        let pac: [Int: [UInt8]] = [5: [0x15, 0x40], 10: [0x17, 0x60], 15: [0x14, 0x60]]
        var scc = "Scenarist_SCC V1.0\n\n"
        for (k, row) in [5, 10, 15].enumerated() {
            // Characters in pairs: a control code must start a pair, so an odd text ends with a null.
            var text = Array("ROW \(row) CAPTION".utf8)
            if text.count % 2 == 1 { text.append(0) }
            scc += "00:00:0\(2 * k + 1):00\t" + words([0x14, 0x20, 0x14, 0x20] + pac[row]! + pac[row]! + text + [0x14, 0x2F, 0x14, 0x2F]) + "\n\n"
            scc += "00:00:0\(2 * k + 2):15\t" + words([0x14, 0x2C, 0x14, 0x2C]) + "\n\n"
        }
        try scc.write(to: dir.appendingPathComponent("rows.scc"), atomically: true, encoding: .utf8)
        let rowHeight = 1080 * 0.8 / 15  // 57.6 px
        // Row 5 (upper half): the text's top on the row's top, 108 + 4 x 57.6 = 338 px (the ink
        // starts below the line's top by the ascender's room, measured 344).
        let top = try Self.ink("rows.scc", at: "1.5", in: dir)
        expectTrue(Double(top.y) > 108 + 4 * rowHeight && Double(top.y) < 108 + 5 * rowHeight, "row 5: \(top)")
        // Row 10: the line's bottom on the row's bottom, 108 + 10 x 57.6 = 684 px (digits and capitals
        // have no descender: the ink ends above it, measured 676).
        let middle = try Self.ink("rows.scc", at: "3.5", in: dir)
        expectTrue(abs(Double(middle.y + middle.height) - (108 + 10 * rowHeight)) < 20, "row 10: \(middle)")
        // Row 15: on the safe area's bottom, 972 px (measured 964).
        let bottom = try Self.ink("rows.scc", at: "5.5", in: dir)
        expectTrue(abs(Double(bottom.y + bottom.height) - 972) < 20 && bottom.y > middle.y + 200, "row 15: \(bottom)")
        let run = try CommandRunner.run(["verify", "rows.scc", "--size", "1920x1080", "--times", "1.5,3.5,5.5"], in: dir)
        expectTrue(run.status == 0 && run.stdout.contains("3 SAME"), "\(run.stdout)")
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
        expectTrue((54...80).contains(top.y) && abs(top.x + top.width / 2 - 960) <= 3, "\\an8: \(top)")
        let left = try Self.ink("left.srt", in: dir), bottom = try Self.ink("plain.srt", in: dir)
        expectTrue((92...100).contains(left.x) && abs((left.y + left.height) - (bottom.y + bottom.height)) <= 16, "\\an1: \(left)")

        // line:0 position:10% align:start: the top line, from 10 % of the width (192 px; the ink starts
        // with the outline, 4 px before).
        let topLeft = try Self.ink("cues.vtt", at: "1.5", in: dir)
        expectTrue((54...80).contains(topLeft.y) && (184...200).contains(topLeft.x), "line:0 position:10%: \(topLeft)")
        // line:50% (its line alignment is start): the cue's top at half the height.
        let middle = try Self.ink("cues.vtt", at: "2.5", in: dir)
        expectTrue((540...570).contains(middle.y) && abs(middle.x + middle.width / 2 - 960) <= 3, "line:50%: \(middle)")
        // line:-1 position:90% align:end: the bottom line, ending at 90 % of the width (1728 px).
        let bottomRight = try Self.ink("cues.vtt", at: "3.5", in: dir)
        expectTrue((1720...1734).contains(bottomRight.x + bottomRight.width) && bottomRight.y > 900, "line:-1 position:90%: \(bottomRight)")

        // The compiled ASS puts them in the same places.
        for (file, times) in [("cues.vtt", "1.5,2.5,3.5"), ("top.srt", "2")] {
            let run = try CommandRunner.run(["verify", file, "--size", "1920x1080", "--times", times], in: dir)
            expectTrue(run.status == 0 && !run.stdout.contains("FAIL") && !run.stdout.contains("BAD"), "\(file): \(run.stdout)")
        }
        // Portrait, a karaoke preset: \an8 puts the cue at the preset's top margin (160 px).
        let portrait = try Self.ink("top.srt", size: "1080x1920", ["--preset", "highlight-by-word"], in: dir)
        expectTrue((150...200).contains(portrait.y), "portrait \\an8: \(portrait)")
    }
}
