@testable import CaptionStudio
import CaptionTestSupport
import CaptionVideo
import Foundation
import CaptionExpectations
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
        expectTrue(reply["state"] as? String == "ready", "\(reply)")
        expectTrue(reply["buckets_per_second"] as? Int == 100 && reply["sample_rate"] as? Int == 48000)
        let expected = try WaveformPeaks.read(clip).peaks.map { Int((min($0, 1) * 255).rounded()) }
        let peaks = try #require(reply["peaks"] as? [Int])
        expectEqual(peaks, expected)
        expectTrue(reply["count"] as? Int == expected.count && expected.count >= 200)
        // Loud, then quiet, as drawn: 0.9 and 0.1 of full scale (230 and 26), give or take what AAC's
        // coding does to a peak (a few per cent: 238 and 25 measured).
        expectTrue(abs(peaks[50] - 230) <= 12 && abs(peaks[150] - 26) <= 3, "\(peaks[50]), \(peaks[150])")
        let tail = try await studio.get("/waveform", ["from": "150"]).json
        expectTrue(tail["from"] as? Int == 150 && tail["peaks"] as? [Int] == Array(expected[150...]))
        // The page's form: the same levels, a byte each, in base64.
        let packed = try await studio.get("/waveform", ["from": "150", "encoding": "base64"]).json
        let bytes = try #require(Data(base64Encoded: packed["peaks_base64"] as? String ?? ""))
        expectTrue(bytes.map(Int.init) == Array(expected[150...]) && packed["peaks"] == nil)
        #expect(try await studio.get("/waveform", ["from": "-1"]).status == 400)
        #expect(try await studio.get("/waveform", ["from": "many"]).status == 400)

        // A video without sound: no waveform, and the page is told so.
        let silent = try StudioFixtures.clip(in: dir)
        let quiet = try StudioProcess([silent, captions, "--no-shots"])
        defer { _ = quiet.stop() }
        let off = try await quiet.poll("/waveform", whileState: "computing")
        expectTrue(off["state"] as? String == "off" && off["peaks"] as? [Int] == [], "\(off)")
    }

    /// The waveform is kept beside the video once whole, and the next studio on the same video reads it
    /// from there instead of decoding the sound; a video changed since, a damaged file, or a place it
    /// cannot be written do not stop the waveform.
    @Test func theWaveformIsKeptBesideTheVideo() throws {
        let dir = try StudioFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try Self.toneClip(in: dir)
        let kept = clip + ".captionkit-waveform"
        let truth = try WaveformPeaks.read(clip)
        let levels = truth.peaks.map(StudioWaveform.level)
        func whole() -> [String: Any] {
            let waveform = StudioWaveform(video: clip)
            let deadline = Date().addingTimeInterval(120)
            while waveform.state == .computing, Date() < deadline { usleep(10_000) }
            return waveform.json(from: 0)
        }

        let first = whole()
        expectTrue(first["state"] as? String == "ready" && first["cache"] as? String == "written", "\(first)")
        expectTrue(first["cache_path"] as? String == kept && first["peaks"] as? [Int] == levels)
        expectEqual(StudioWaveformCache(video: clip).read(), truth)
        let data = try Data(contentsOf: URL(fileURLWithPath: kept))
        expectEqual(data.count, StudioWaveformCache.headerSize + 4 * truth.peaks.count)

        // Read, not decoded: the file's peaks changed (its header intact) are what is served.
        var doctored = [UInt8](data)
        let half = Float(0.5).bitPattern
        for k in truth.peaks.indices {
            for b in 0..<4 { doctored[StudioWaveformCache.headerSize + 4 * k + b] = UInt8(truncatingIfNeeded: half >> (8 * b)) }
        }
        try Data(doctored).write(to: URL(fileURLWithPath: kept))
        let second = whole()
        expectTrue(second["cache"] as? String == "read" && second["sample_rate"] as? Int == 48000, "\(second)")
        expectTrue(second["peaks"] as? [Int] == Array(repeating: 128, count: truth.peaks.count))

        // The video changed since (its modification time): computed again, and the file rewritten.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: clip)
        let third = whole()
        expectTrue(third["cache"] as? String == "written" && third["peaks"] as? [Int] == levels, "\(third)")
        expectEqual(StudioWaveformCache(video: clip).read(), truth)

        // A file cut short, or not this format: not used.
        try Data(data.dropLast()).write(to: URL(fileURLWithPath: kept))
        expectTrue(whole()["cache"] as? String == "written")
        try Data("not a waveform".utf8).write(to: URL(fileURLWithPath: kept))
        expectTrue(whole()["cache"] as? String == "written")

        // Where it cannot be written (a folder stands at its name): served all the same, and said why.
        try FileManager.default.removeItem(atPath: kept)
        try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: false)
        let blocked = whole()
        expectTrue(blocked["state"] as? String == "ready" && blocked["cache"] as? String == "unwritten", "\(blocked)")
        expectTrue((blocked["cache_message"] as? String)?.contains(kept) == true && blocked["peaks"] as? [Int] == levels)
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
        expectTrue(try browser.evaluate("document.body.dataset.waveform") as? String == "ready:\(peaks.count)")
        // Each drawn column's bar height in pixels (the lit rows of the canvas), from the page.
        let heights = try #require(browser.evaluate("""
            (() => { const c = document.getElementById('waveform'), g = c.getContext('2d');
              const d = g.getImageData(0, 0, c.width, c.height).data, out = [];
              for (let x = 0; x < c.width; x++) { let n = 0; for (let y = 0; y < c.height; y++) if (d[(y * c.width + x) * 4 + 3] > 0) n++; out.push(n); }
              return JSON.stringify({ heights: out, strip: c.height, left: document.getElementById('timeline').scrollLeft }); })()
            """) as? String)
        let drawn = try #require(try JSONSerialization.jsonObject(with: Data(heights.utf8)) as? [String: Any])
        let columns = try #require(drawn["heights"] as? [Int]), strip = try #require(drawn["strip"] as? Int)
        expectTrue(drawn["left"] as? Int == 0)
        // 120 px a second, 100 buckets: column x covers buckets x*100/120 ..< (x+1)*100/120.
        var checked = 0
        for x in 0..<min(columns.count, 300) {
            let from = x * 100 / 120, to = max(from + 1, (x + 1) * 100 / 120)
            guard from < peaks.count else { expectEqual(columns[x], 0, "column \(x) past the sound"); continue }
            let peak = peaks[from..<min(to, peaks.count)].max()!
            let expected = Double(peak) / 255 * Double(strip)
            // Anti-aliased edges: a bar's height within a pixel of the peak's.
            expectTrue(abs(Double(columns[x]) - expected) <= 2, "column \(x): \(columns[x]) px for peak \(peak)")
            checked += 1
        }
        expectTrue(checked >= 230)
        expectTrue(columns[60] > 3 * columns[180], "loud \(columns[60]) px, quiet \(columns[180]) px")
        try browser.screenshot().write(to: dir.appendingPathComponent("waveform.png"))
    }
}
