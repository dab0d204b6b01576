import CaptionTestSupport
import CaptionVideo
import Foundation
import Testing

/// `GET /waveform`: the video's waveform computed in the background from the start, served as it grows,
/// equal to `WaveformPeaks` of the same file (which `WaveformPeaksTests` checks against numpy over
/// ffmpeg's decode), from any bucket on; a video without sound has none.
@Suite struct StudioWaveformTests {
    /// Two seconds: a loud tone, then a quiet one, over a small picture.
    static func toneClip(in dir: URL) throws -> String {
        let clip = dir.appendingPathComponent("tone.mp4").path
        try StudioFixtures.ffmpeg(["-f", "lavfi", "-i", "color=c=gray:size=160x90:rate=25", "-f", "lavfi",
                                   "-i", "aevalsrc=0.9*sin(2*PI*440*t)*lt(t\\,1)+0.1*sin(2*PI*440*t)*gte(t\\,1):s=48000",
                                   "-t", "2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", clip])
        return clip
    }

    @Test func theWaveformIsServedFromAnyBucketAndEqualsThePeaks() async throws {
        let dir = try StudioFixtures.scratch()
        let clip = try Self.toneClip(in: dir)
        let captions = try StudioFixtures.copyCaptions(into: dir)
        let studio = try StudioProcess([clip, captions, "--no-shots"])
        defer { _ = studio.stop() }
        let reply = try await studio.poll("/waveform", whileState: "computing")
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
        // The page's form: the same levels, a byte each, in base64.
        let packed = try await studio.get("/waveform", ["from": "150", "encoding": "base64"]).json
        let bytes = try #require(Data(base64Encoded: packed["peaks_base64"] as? String ?? ""))
        #expect(bytes.map(Int.init) == Array(expected[150...]) && packed["peaks"] == nil)
        #expect(try await studio.get("/waveform", ["from": "-1"]).status == 400)
        #expect(try await studio.get("/waveform", ["from": "many"]).status == 400)

        // A video without sound: no waveform, and the page is told so.
        let silent = try StudioFixtures.clip(in: dir)
        let quiet = try StudioProcess([silent, captions, "--no-shots"])
        defer { _ = quiet.stop() }
        let off = try await quiet.poll("/waveform", whileState: "computing")
        #expect(off["state"] as? String == "off" && off["peaks"] as? [Int] == [], "\(off)")
    }

    /// The page draws the peaks under the captions: in the canvas's pixels, each column's bar is the
    /// largest peak under it (its height over the strip's, 255 full scale), tall over the loud second,
    /// short over the quiet one, none past the sound's end.
    @Test func thePageDrawsThePeaksUnderTheTimeline() throws {
        let dir = try StudioFixtures.scratch()
        let clip = try Self.toneClip(in: dir)
        let captions = try StudioFixtures.copyCaptions(into: dir)
        let studio = try StudioProcess([clip, captions, "--no-shots"])
        defer { _ = studio.stop() }
        let browser = try DevToolsBrowser(url: studio.url, width: 1200, height: 900)
        try browser.wait(for: "(document.body.dataset.waveform || '').startsWith('ready:')")
        let peaks = try WaveformPeaks.read(clip).peaks.map { Int((min($0, 1) * 255).rounded()) }
        #expect(try browser.evaluate("document.body.dataset.waveform") as? String == "ready:\(peaks.count)")
        // Each drawn column's bar height in pixels (the lit rows of the canvas), from the page.
        let heights = try #require(browser.evaluate("""
            (() => { const c = document.getElementById('waveform'), g = c.getContext('2d');
              const d = g.getImageData(0, 0, c.width, c.height).data, out = [];
              for (let x = 0; x < c.width; x++) { let n = 0; for (let y = 0; y < c.height; y++) if (d[(y * c.width + x) * 4 + 3] > 0) n++; out.push(n); }
              return JSON.stringify({ heights: out, strip: c.height, left: document.getElementById('timeline').scrollLeft }); })()
            """) as? String)
        let drawn = try #require(try JSONSerialization.jsonObject(with: Data(heights.utf8)) as? [String: Any])
        let columns = try #require(drawn["heights"] as? [Int]), strip = try #require(drawn["strip"] as? Int)
        #expect(drawn["left"] as? Int == 0)
        // 120 px a second, 100 buckets: column x covers buckets x*100/120 ..< (x+1)*100/120.
        var checked = 0
        for x in 0..<min(columns.count, 300) {
            let from = x * 100 / 120, to = max(from + 1, (x + 1) * 100 / 120)
            guard from < peaks.count else { #expect(columns[x] == 0, "column \(x) past the sound"); continue }
            let peak = peaks[from..<min(to, peaks.count)].max()!
            let expected = Double(peak) / 255 * Double(strip)
            // Anti-aliased edges: a bar's height within a pixel of the peak's.
            #expect(abs(Double(columns[x]) - expected) <= 2, "column \(x): \(columns[x]) px for peak \(peak)")
            checked += 1
        }
        #expect(checked >= 230)
        #expect(columns[60] > 3 * columns[180], "loud \(columns[60]) px, quiet \(columns[180]) px")
        try browser.screenshot().write(to: dir.appendingPathComponent("waveform.png"))
    }
}
