import CaptionModel
import CaptionRender
@testable import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// ffmpeg as the independent decoder: captions drawn by the native renderer, written as a `.sup`,
/// decoded by ffmpeg's pgssubdec and overlaid on a black clip of the same size; each frame at a
/// caption's time must match the written image over black (through the same 4:2:0 conversion the
/// overlay's output has) at 35 dB or better over the caption area, and nothing may show after the end.
@Suite struct PGSFFmpegTests {
    /// Still captions: (start, end, the time their image is drawn at), over the test pages' 2 s.
    static let stills = [(100, 300, 150), (300, 550, 400), (550, 1000, 700), (1000, 1400, 1200), (1400, 1600, 1500), (1600, 2000, 1800)]

    @Test(arguments: [("highlight-by-word", 360, 640), ("karaoke-fill", 360, 640), ("background-by-word", 640, 360)])
    func ffmpegShowsTheRenderedCaptions(preset: String, width: Int, height: Int) throws {
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let renderer = CaptionFrameRenderer(style: try TestCaptions.style(preset), width: width, height: height)
        let captions = try Self.stills.map { start, end, t in
            var image = RGBAImage(width: width, height: height)
            try renderer.render(TestCaptions.pages, at: t, onto: &image)
            return PGSCaption(start: start, end: end, image: image)
        }
        let sup = dir + "/captions.sup"
        let statistics = try PGSWriter(width: width, height: height).write(captions, to: sup)
        expectTrue(statistics.displaySets == 7 && statistics.empty == 0)
        expectTrue(try FFmpegTool.run(["-show_entries", "stream=codec_name", "-of", "csv=p=0", sup], tool: "ffprobe")
            .trimmingCharacters(in: .whitespacesAndNewlines) == "hdmv_pgs_subtitle")

        let overlaid = dir + "/overlaid.nut"
        // -copyts: without it ffmpeg moves each input to start at 0, the .sup's first PTS with it.
        try FFmpegTool.run(["-copyts", "-f", "lavfi", "-i", "color=black:size=\(width)x\(height):rate=30:duration=2.5", "-i", sup,
                            "-filter_complex", "[0:v][1:s]overlay", "-c:v", "rawvideo", "-pix_fmt", "yuv420p", overlaid])
        let frames = try FFmpegTool.frames(overlaid, width: width, height: height)
        try #require(frames.count >= 67)
        let matrix = ColorMatrix(standard: .bt601, fullRange: false)
        let black = RGBAImage(width: width, height: height, filling: RGBAColor(red: 0, green: 0, blue: 0))
        for (caption, (start, end, _)) in zip(captions, Self.stills) {
            var expected = black
            expected.composite(caption.image)
            let area = try #require(caption.image.opaqueBounds)
            // The first frame at or after the start, the middle one and the last before the end: the PTS
            // are exact to the frame, not only somewhere inside the caption. Except the very first
            // caption's first frame: ffmpeg's sub2video shows the first subtitle of a file one frame late
            // (measured: frame 3 at 100 ms is black, every later start and end is on its frame; with the
            // first caption at 0 ms, frame 0 is black the same way).
            let first = (start * 30 + 999) / 1000
            for n in [first, (start + end) / 2 * 30 / 1000, (end * 30 + 999) / 1000 - 1] where !(start == Self.stills[0].0 && n == first) {
                let psnr = try ImageComparison.psnr(actual: frames[n].rgba(matrix), expected: YUV420Frame(expected, matrix).rgba(matrix), in: area)
                expectTrue(psnr >= 35, "\(preset): frame \(n) (caption \(start)-\(end) ms): PSNR \(psnr) dB over \(area)")
                // And it is the caption, not black: black is far from it.
                expectTrue(try ImageComparison.psnr(actual: frames[n].rgba(matrix), expected: black, in: area) < 25)
            }
        }
        // After the clearing display set at 2000 ms the frame is black again.
        let after = frames[66].rgba(matrix)
        let lit = stride(from: 0, to: after.pixels.count, by: 4).filter { after.pixels[$0] > 20 || after.pixels[$0 + 1] > 20 || after.pixels[$0 + 2] > 20 }
        expectTrue(lit.isEmpty, "\(lit.count) lit pixels at 2200 ms, after the last caption ended")
    }

    /// Saturated colours, where BT.709 and BT.601 differ most (a caption of near-white text would pass
    /// with the wrong matrix): ffmpeg decodes the palette with BT.709 above 576 lines and BT.601 at or
    /// below, so each block's centre must come back as its colour (over black, by its alpha).
    @Test(arguments: [(320, 240), (256, 720)])
    func saturatedColoursComeBackThroughTheVideosMatrix(width: Int, height: Int) throws {
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let colours = [RGBAColor(red: 255, green: 0, blue: 0), RGBAColor(red: 0, green: 255, blue: 0), RGBAColor(red: 0, green: 0, blue: 255),
                       RGBAColor(red: 255, green: 255, blue: 0), RGBAColor(red: 255, green: 0, blue: 255), RGBAColor(red: 0, green: 255, blue: 255, alpha: 128)]
        var image = RGBAImage(width: width, height: height)
        for (i, colour) in colours.enumerated() { image.fill(colour, in: PixelRect(x: 16 + i * 32, y: 64, width: 32, height: 32)) }
        let sup = dir + "/blocks.sup"
        try PGSWriter(width: width, height: height).write([PGSCaption(start: 0, end: 1000, image: image)], to: sup)
        let overlaid = dir + "/overlaid.nut"
        try FFmpegTool.run(["-f", "lavfi", "-i", "color=black:size=\(width)x\(height):rate=10:duration=1", "-i", sup,
                            "-filter_complex", "[0:v][1:s]overlay", "-c:v", "rawvideo", "-pix_fmt", "yuv420p", overlaid])
        let frame = try #require(FFmpegTool.frames(overlaid, width: width, height: height).dropFirst(5).first)
        let decoded = frame.rgba(ColorMatrix(standard: .bt601, fullRange: false))
        for (i, colour) in colours.enumerated() {
            let got = decoded[32 + i * 32, 80]
            let a = Int(colour.alpha)
            let want = [colour.red, colour.green, colour.blue].map { (Int($0) * a + 127) / 255 }
            let error = zip([got.red, got.green, got.blue].map(Int.init), want).map { abs($0 - $1) }.max()!
            expectTrue(error <= 4, "\(width)x\(height): \(colour) came back as \(got)")
        }
    }
}
