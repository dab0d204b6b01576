import Foundation
import CaptionExpectations
import Testing

/// A plain SRT with markup burned into a 1920x1080 video by `captions burn`, against ffmpeg burning
/// the same SRT with libass, in the same font, size, outline and margins (`plain`'s landscape look),
/// on the same lossless source, compared on the luma of the caption rows.
///
/// ffmpeg 5.1's `-vf subtitles=` always uses libass's simple shaper (the filter has no `shaping`
/// option and leaves the field zero), which takes no kerning and unhinted advances; libass's own two
/// shapers draw this cue 29 dB apart. So the comparison that measures CaptionKit is against ffmpeg's
/// own reading of the SRT (`ffmpeg -i x.srt x.ass`: its markup, its colour, its line break) drawn with
/// libass's default shaping (`-vf ass=...:shaping=complex`, as mpv draws), and `subtitles=` is checked
/// to be exactly that script under the simple shaper, so the gap to it is the shaper and nothing else.
///
/// Measured 38.2 dB against the complex shaper: every glyph has libass's own advance, but the native
/// renderer puts each word on libass's 1/8 px grid as a run of its own, as libass draws the compiled
/// ASS (one event per word, simple-shaper fillers splitting some words), where libass drawing the
/// SRT's line puts a whole style run on the grid from its first glyph: some glyphs land an eighth of
/// a pixel apart (the 'l' of "Plain"). The cue a whole pixel to the right measures 17.9 dB.
///
/// `burn --shaping simple` draws as `subtitles=` does (`TextShaping.simple`: the simple shaper's
/// glyphs and advances, each line's style runs on the grid together); against `subtitles=` itself
/// it must reach the 40 dB.
@Suite struct MarkupBurnAgainstFFmpegTests {
    static let srt = """
        1
        00:00:00,500 --> 00:00:02,500
        Plain and <i>italic words</i> with <b>bold</b>
        and <font color="#ff3030">red</font> and <u>underlined words</u>

        """
    /// `plain`'s landscape look at 1920x1080, as a style line and as `force_style`.
    static let forceStyle = "PlayResX=1920,PlayResY=1080,Fontname=DejaVu Sans,Fontsize=64,Outline=4,Shadow=0,"
        + "MarginL=96,MarginR=96,MarginV=54,Bold=0"
    static let style = "Style: Default,DejaVu Sans,64,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,4,0,2,96,96,54,1"
    static let (width, height, frames) = (1920, 1080, [5, 15, 24])

    static func luma(_ video: String, filter: String?, in dir: URL) throws -> [UInt8] {
        let raw = dir.appendingPathComponent(UUID().uuidString + ".y").path
        let select = "select='" + frames.map { "eq(n\\,\($0))" }.joined(separator: "+") + "'"
        try PGSConvertCommandTests.tool("ffmpeg", ["-v", "error", "-i", video, "-vf", [filter, select].compactMap { $0 }.joined(separator: ","),
                                                   "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "gray", raw], in: dir)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        try #require(bytes.count == width * height * frames.count)
        return bytes
    }

    /// PSNR of frame `k` of `a` against `b` over the rows where either differs from the source.
    static func captionPSNR(_ a: [UInt8], _ b: [UInt8], source: [UInt8], frame k: Int) -> (psnr: Double, rows: ClosedRange<Int>)? {
        let base = k * width * height
        var rows: [Int] = []
        for y in 0..<height {
            let row = base + y * width
            if (0..<width).contains(where: { a[row + $0] != source[row + $0] || b[row + $0] != source[row + $0] }) { rows.append(y) }
        }
        guard let first = rows.first, let last = rows.last else { return nil }
        var squares = 0.0
        for i in (base + first * width)..<(base + (last + 1) * width) {
            let d = Double(a[i]) - Double(b[i])
            squares += d * d
        }
        let mean = squares / Double((last - first + 1) * width)
        return (mean == 0 ? .infinity : 10 * log10(255 * 255 / mean), first...last)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "ffmpeg is not installed"))
    func burnedMarkupMatchesFFmpegsLibass() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.srt.write(to: dir.appendingPathComponent("cue.srt"), atomically: true, encoding: .utf8)
        try PGSConvertCommandTests.tool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=c=0x406080:s=1920x1080:r=10:d=3",
                                                   "-c:v", "libx264", "-crf", "0", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "in.mp4"], in: dir)
        for (name, extra) in [("ours.mp4", []), ("simple.mp4", ["--shaping", "simple"])] {
            let burn = try CommandRunner.run(["burn", "in.mp4", "cue.srt", "-o", name, "--crf", "0", "--encoder-preset", "ultrafast", "--quiet"] + extra,
                                             in: dir)
            try #require(burn.status == 0, "\(burn.stderr)")
        }

        // ffmpeg's reading of the SRT, given the values force_style gives subtitles=.
        try PGSConvertCommandTests.tool("ffmpeg", ["-v", "error", "-i", "cue.srt", "ffmpeg.ass"], in: dir)
        // (ffmpeg ends its lines with CRLF, one Character in Swift.)
        let script = try String(contentsOf: dir.appendingPathComponent("ffmpeg.ass"), encoding: .utf8).replacingOccurrences(of: "\r\n", with: "\n")
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("PlayResX:") { return "PlayResX: 1920" }
            if line.hasPrefix("PlayResY:") { return "PlayResY: 1080" }
            if line.hasPrefix("Style: Default,") { return Self.style }
            return String(line)
        }
        try #require(lines.contains(Self.style) && lines.contains("PlayResY: 1080"), "ffmpeg's SRT header changed:\n\(script)")
        try lines.joined(separator: "\n").write(to: dir.appendingPathComponent("forced.ass"), atomically: true, encoding: .utf8)

        let source = try Self.luma("in.mp4", filter: nil, in: dir)
        let ours = try Self.luma("ours.mp4", filter: nil, in: dir)
        let oursSimple = try Self.luma("simple.mp4", filter: nil, in: dir)
        let complex = try Self.luma("in.mp4", filter: "ass=forced.ass:shaping=complex", in: dir)
        let simple = try Self.luma("in.mp4", filter: "ass=forced.ass:shaping=simple", in: dir)
        let subtitles = try Self.luma("in.mp4", filter: "subtitles=cue.srt:force_style='\(Self.forceStyle)'", in: dir)

        // subtitles= is ffmpeg's reading drawn by the simple shaper, pixel for pixel.
        expectEqual(subtitles, simple, "subtitles= is not the forced script under the simple shaper")
        for k in Self.frames.indices {
            let againstComplex = try #require(Self.captionPSNR(ours, complex, source: source, frame: k), "frame \(Self.frames[k]): no caption")
            let againstSubtitles = try #require(Self.captionPSNR(ours, subtitles, source: source, frame: k))
            let shapers = try #require(Self.captionPSNR(complex, simple, source: source, frame: k))
            let simpleAgainstSubtitles = try #require(Self.captionPSNR(oursSimple, subtitles, source: source, frame: k))
            print("[markup burn vs ffmpeg] frame \(Self.frames[k]), rows \(againstComplex.rows): "
                  + String(format: "%.1f dB against ass=:shaping=complex, %.1f dB against subtitles=, libass's two shapers %.1f dB apart; "
                           + "--shaping simple %.1f dB against subtitles=",
                           againstComplex.psnr, againstSubtitles.psnr, shapers.psnr, simpleAgainstSubtitles.psnr))
            // The bar: a plain SRT burned as ffmpeg's subtitles= burns it.
            expectTrue(simpleAgainstSubtitles.psnr >= 40, "frame \(Self.frames[k]): --shaping simple \(simpleAgainstSubtitles.psnr) dB against subtitles=")
            // The caption rows: two lines at the bottom (measured about 926-1030).
            expectTrue(againstComplex.rows.lowerBound > 880 && againstComplex.rows.upperBound < 1040, "\(againstComplex.rows)")
            expectTrue(againstComplex.psnr >= 37, "frame \(Self.frames[k]): \(againstComplex.psnr) dB against libass")
            // The simple shaper moves glyphs by its unkerned, unhinted advances; libass against itself
            // is no closer.
            expectTrue(againstSubtitles.psnr >= shapers.psnr - 3, "frame \(Self.frames[k]): \(againstSubtitles.psnr) dB against subtitles=")
        }
    }
}
