import CaptionModel
import CaptionRender
@testable import CaptionVideo
import Foundation
import Testing

/// ffmpeg as the independent decoder: captions drawn by the native renderer, written as a `.sup`,
/// decoded by ffmpeg's pgssubdec and overlaid on a black clip of the same size; each frame at a
/// caption's time must match the written image over black (through the same 4:2:0 conversion the
/// overlay's output has) at 35 dB or better over the caption area, and nothing may show after the end.
@Suite struct PGSFFmpegTests {
    /// Still captions: (start, end, the time their image is drawn at), over the test pages' 2 s.
    static let stills = [(0, 300, 150), (300, 550, 400), (550, 1000, 700), (1000, 1400, 1200), (1400, 1600, 1500), (1600, 2000, 1800)]

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
        #expect(statistics.displaySets == 7 && statistics.empty == 0)
        #expect(try FFmpegTool.run(["-show_entries", "stream=codec_name", "-of", "csv=p=0", sup], tool: "ffprobe")
            .trimmingCharacters(in: .whitespacesAndNewlines) == "hdmv_pgs_subtitle")

        let overlaid = dir + "/overlaid.nut"
        try FFmpegTool.run(["-f", "lavfi", "-i", "color=black:size=\(width)x\(height):rate=30:duration=2.5", "-i", sup,
                            "-filter_complex", "[0:v][1:s]overlay", "-c:v", "rawvideo", "-pix_fmt", "yuv420p", overlaid])
        let frames = try FFmpegTool.frames(overlaid, width: width, height: height)
        try #require(frames.count >= 67)
        let matrix = ColorMatrix(standard: .bt601, fullRange: false)
        let black = RGBAImage(width: width, height: height, filling: RGBAColor(red: 0, green: 0, blue: 0))
        for (caption, (start, end, _)) in zip(captions, Self.stills) {
            let n = (start + end) / 2 * 30 / 1000
            var expected = black
            expected.composite(caption.image)
            let area = try #require(caption.image.opaqueBounds)
            let psnr = try ImageComparison.psnr(actual: frames[n].rgba(matrix), expected: YUV420Frame(expected, matrix).rgba(matrix), in: area)
            #expect(psnr >= 35, "\(preset): frame \(n) (caption \(start)-\(end) ms): PSNR \(psnr) dB over \(area)")
            // And it is the caption, not black: black is far from it.
            #expect(try ImageComparison.psnr(actual: frames[n].rgba(matrix), expected: black, in: area) < 25)
        }
        // After the clearing display set at 2000 ms the frame is black again.
        let after = frames[66].rgba(matrix)
        let lit = stride(from: 0, to: after.pixels.count, by: 4).filter { after.pixels[$0] > 20 || after.pixels[$0 + 1] > 20 || after.pixels[$0 + 2] > 20 }
        #expect(lit.isEmpty, "\(lit.count) lit pixels at 2200 ms, after the last caption ended")
    }
}
