import CaptionVideo
import Foundation
import Testing

/// `GET /waveform`: the video's waveform computed in the background from the start, served as it grows,
/// equal to `WaveformPeaks` of the same file (which `WaveformPeaksTests` checks against numpy over
/// ffmpeg's decode), from any bucket on; a video without sound has none.
@Suite struct StudioWaveformTests {
    @Test func theWaveformIsServedFromAnyBucketAndEqualsThePeaks() async throws {
        let dir = try StudioFixtures.scratch()
        let clip = dir.appendingPathComponent("tone.mp4").path
        // Two seconds: a loud tone, then a quiet one, over a small picture.
        try StudioFixtures.ffmpeg(["-f", "lavfi", "-i", "color=c=gray:size=160x90:rate=25", "-f", "lavfi",
                                   "-i", "aevalsrc=0.9*sin(2*PI*440*t)*lt(t\\,1)+0.1*sin(2*PI*440*t)*gte(t\\,1):s=48000",
                                   "-t", "2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", clip])
        let captions = try StudioFixtures.copyCaptions(into: dir)
        let studio = try StudioProcess([clip, captions, "--no-shots"])
        defer { _ = studio.stop() }
        var reply = try await studio.get("/waveform").json
        let deadline = Date().addingTimeInterval(30)
        while reply["state"] as? String == "computing", Date() < deadline {
            try await Task.sleep(nanoseconds: 50_000_000)
            reply = try await studio.get("/waveform").json
        }
        #expect(reply["state"] as? String == "ready", "\(reply)")
        #expect(reply["buckets_per_second"] as? Int == 100 && reply["sample_rate"] as? Int == 48000)
        let expected = try WaveformPeaks.read(clip).peaks.map { Int((min($0, 1) * 255).rounded()) }
        let peaks = try #require(reply["peaks"] as? [Int])
        #expect(peaks == expected)
        #expect(reply["count"] as? Int == expected.count && expected.count >= 200)
        // Loud, then quiet, as drawn: 0.9 and 0.1 of full scale (230 and 26), give or take what AAC's
        // coding does to a peak (a few per cent: 238 and 25 measured).
        #expect(abs(peaks[50] - 230) <= 12 && abs(peaks[150] - 26) <= 3, "\(peaks[50]), \(peaks[150])")
        let tail = try await studio.get("/waveform", ["from": "150"]).json
        #expect(tail["from"] as? Int == 150 && tail["peaks"] as? [Int] == Array(expected[150...]))
        #expect(try await studio.get("/waveform", ["from": "-1"]).status == 400)
        #expect(try await studio.get("/waveform", ["from": "many"]).status == 400)

        // A video without sound: no waveform, and the page is told so.
        let silent = try StudioFixtures.clip(in: dir)
        let quiet = try StudioProcess([silent, captions, "--no-shots"])
        defer { _ = quiet.stop() }
        var off = try await quiet.get("/waveform").json
        while off["state"] as? String == "computing", Date() < deadline {
            try await Task.sleep(nanoseconds: 50_000_000)
            off = try await quiet.get("/waveform").json
        }
        #expect(off["state"] as? String == "off" && off["peaks"] as? [Int] == [], "\(off)")
    }
}
