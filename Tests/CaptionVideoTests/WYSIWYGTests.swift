import CaptionModel
import CaptionRender
@testable import CaptionVideo
import Foundation
import Testing

/// The proof that a burned video shows what `captions render` previews: burn losslessly, read
/// chosen frames back with ffmpeg, and compare each with the native render of the same time over the
/// same source frame, passed through the same 4:2:0 conversion (without it the comparison would
/// measure chroma subsampling, not the toolkit).
@Suite struct WYSIWYGTests {
    let matrix = ColorMatrix(standard: .bt601, fullRange: false)

    @Test(arguments: ["highlight-by-word", "background-by-word", "word-and-scale"])
    func burnedFramesMatchTheRenderOverTheSourceFrame(preset: String) throws {
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/in.mp4", output = dir + "/out.mp4"
        try FFmpegTool.clip(input, seconds: 2, audio: false)
        try TestCaptions.burn(input, to: output, preset: preset) { $0.encoder = EncoderSettings(crf: 0, preset: "ultrafast") }

        let sources = try FFmpegTool.frames(input, width: 360, height: 640)
        let burned = try FFmpegTool.frames(output, width: 360, height: 640)
        try #require(sources.count == 60 && burned.count == 60)
        // Frames inside words, at a word boundary (frame 9 starts at 300 ms) and on the second page.
        for n in [3, 9, 20, 36, 50] {
            let t = n * 1000 / 30
            let expected = try TestCaptions.expectedFrame(over: sources[n], preset: preset, at: t, matrix: matrix)
            let area = try #require(expected.captionArea, "nothing drawn at \(t) ms")
            let expected420 = expected.frame
            let actual = burned[n].rgba(matrix)
            let psnr = try ImageComparison.psnr(actual: actual, expected: expected420, in: area)
            #expect(psnr >= 35, "frame \(n) (\(t) ms), \(preset): PSNR \(psnr) dB over the caption area \(area)")
            // And the captions are really there: the uncaptioned source is far from the output.
            let uncaptioned = try ImageComparison.psnr(actual: actual, expected: sources[n].rgba(matrix), in: area)
            #expect(uncaptioned < 25, "frame \(n): the output looks like the source without captions")
        }
    }
}
