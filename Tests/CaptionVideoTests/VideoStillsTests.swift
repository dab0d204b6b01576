import CaptionModel
import CaptionRender
@testable import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// `VideoStills`, which golden checks of burned videos read frames with: the frame shown at each time,
/// in the order asked, converted as the stream's tags say.
@Suite struct VideoStillsTests {
    @Test func framesAtTimesMatchFFmpegsDecoding() throws {
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let clip = dir + "/clip.mp4"
        try FFmpegTool.clip(clip, seconds: 1, audio: false)
        let times: [Milliseconds] = [0, 500, 990, 34, 33, 500, 5000]
        let stills = try VideoStills.frames(path: clip, at: times)
        expectTrue(stills.width == 360 && stills.height == 640 && stills.pixelFormat == "yuv420p")
        expectEqual(stills.matrix, ColorMatrix(standard: .bt601, fullRange: false))
        let decoded = try FFmpegTool.frames(clip, width: 360, height: 640)
        try #require(decoded.count == 30)
        for (k, t) in times.enumerated() {
            // Frame n is shown from n/30 s: 33 ms is still frame 0, 34 ms frame 1; past the end, the last.
            let n = min(29, t * 30 / 1000)
            let expected = decoded[n].rgba(stills.matrix)
            var largest = 0
            for (a, b) in zip(stills.images[k].pixels, expected.pixels) { largest = max(largest, abs(Int(a) - Int(b))) }
            // The tables round once where ColorMatrix.rgb rounds after its own sums: at most one level apart.
            expectTrue(largest <= 1, "\(t) ms: differs from frame \(n) by \(largest)")
            let neighbour = decoded[n == 0 ? 1 : n - 1].rgba(stills.matrix)
            expectTrue(zip(stills.images[k].pixels, neighbour.pixels).contains { abs(Int($0) - Int($1)) > 8 }, "\(t) ms looks like frame \(n == 0 ? 1 : n - 1) too")
        }
    }

    @Test func theMatrixFollowsTheStreamsTags() throws {
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FFmpegTool.clip(dir + "/709.mp4", seconds: 0.2, audio: false,
                            extra: ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"])
        expectTrue(try VideoStills.frames(path: dir + "/709.mp4", at: [0]).matrix.standard == .bt709)
        try FFmpegTool.clip(dir + "/full.mp4", seconds: 0.2, audio: false, extra: ["-color_range", "pc"])
        expectTrue(try VideoStills.frames(path: dir + "/full.mp4", at: [0]).matrix.fullRange)
    }

    @Test func aMissingFileIsNamed() {
        #expect { try VideoStills.frames(path: "/nonexistent/clip.mp4", at: [0]) } throws: { "\($0)".contains("/nonexistent/clip.mp4") }
    }
}
