import CaptionModel
import CaptionRender
@testable import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// The proof that a burned video shows what `captions render` previews: burn losslessly, read
/// chosen frames back with ffmpeg, and compare each with the native render of the same time over the
/// same source frame, passed through the same 4:2:0 conversion (without it the comparison would
/// measure chroma subsampling, not the toolkit).
@Suite struct WYSIWYGTests {
    let matrix = ColorMatrix(standard: .bt601, fullRange: false)

    /// Frames inside words, at a word boundary (frame 9 starts at 300 ms) and on the second page.
    static let checked = [3, 9, 20, 36, 50]

    /// The 2 s input all three presets are burned onto, its frames as ffmpeg decodes them, and the
    /// checked ones as RGB: made once per test process (each preset made and decoded the same clip).
    static let input = Shared { () throws -> (path: String, frames: [YUV420Frame], rgba: [Int: RGBAImage]) in
        let path = try TestCaptions.scratch() + "/in.mp4"
        try FFmpegTool.clip(path, seconds: 2, audio: false)
        let frames = try FFmpegTool.frames(path, width: 360, height: 640)
        let matrix = ColorMatrix(standard: .bt601, fullRange: false)
        let rgba = Dictionary(uniqueKeysWithValues: checked.filter { $0 < frames.count }.map { ($0, frames[$0].rgba(matrix)) })
        return (path, frames, rgba)
    }

    @Test(arguments: ["highlight-by-word", "background-by-word", "word-and-scale"])
    func burnedFramesMatchTheRenderOverTheSourceFrame(preset: String) throws {
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (input, sources, sourcesRGBA) = try Self.input.value
        let output = dir + "/out.mp4"
        try TestCaptions.burn(input, to: output, preset: preset) { $0.encoder = EncoderSettings(crf: 0, preset: "ultrafast") }

        let burned = try FFmpegTool.frames(output, width: 360, height: 640)
        try #require(sources.count == 60 && burned.count == 60)
        for n in Self.checked {
            let t = n * 1000 / 30
            let source = try #require(sourcesRGBA[n])
            let expected = try TestCaptions.expectedFrame(over: sources[n], sourceRGBA: source, preset: preset, at: t, matrix: matrix)
            let area = try #require(expected.captionArea, "nothing drawn at \(t) ms")
            let expected420 = expected.frame
            let actual = burned[n].rgba(matrix)
            let psnr = try ImageComparison.psnr(actual: actual, expected: expected420, in: area)
            expectTrue(psnr >= 35, "frame \(n) (\(t) ms), \(preset): PSNR \(psnr) dB over the caption area \(area)")
            // And the captions are really there: the uncaptioned source is far from the output.
            let uncaptioned = try ImageComparison.psnr(actual: actual, expected: source, in: area)
            expectTrue(uncaptioned < 25, "frame \(n): the output looks like the source without captions")
        }
    }
}
