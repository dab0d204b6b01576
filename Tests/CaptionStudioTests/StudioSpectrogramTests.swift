import CaptionRender
import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// `GET /spectrogram` and the page's Spectrogram button: a clip of 500 Hz for a second, then 2500 Hz,
/// lights the row of each tone in the columns of its second, in the PNG the server makes and in the
/// strip the page draws it into; a window far into a longer clip is read from a seek.
@Suite struct StudioSpectrogramTests {
    /// `seconds` of sound: 500 Hz until `change`, then 2500 Hz, over a small picture.
    static func twoTones(in dir: URL, seconds: Int = 2, change: Int = 1) throws -> String {
        let clip = dir.appendingPathComponent("tones-\(seconds).mp4").path
        try StudioFixtures.ffmpeg(["-f", "lavfi", "-i", "color=c=gray:size=160x90:rate=25", "-f", "lavfi",
                                   "-i", "aevalsrc=0.5*sin(2*PI*500*t)*lt(t\\,\(change))+0.5*sin(2*PI*2500*t)*gte(t\\,\(change)):s=48000",
                                   "-t", String(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", clip])
        return clip
    }

    /// A studio on a two-tone clip in a folder of its own (the caller removes it).
    static func studio(seconds: Int = 2, change: Int = 1) throws -> (dir: URL, studio: StudioProcess) {
        let dir = try StudioFixtures.scratch()
        let clip = try twoTones(in: dir, seconds: seconds, change: change)
        return (dir, try StudioProcess([clip, try StudioFixtures.copyCaptions(into: dir), "--no-shots"]))
    }

    /// For each column, the row with the brightest pixel (the colour map rises in every channel).
    static func loudestRows(_ image: RGBAImage) -> [Int] {
        func brightness(_ x: Int, _ y: Int) -> Int {
            let p = image[x, y]
            return Int(p.red) + Int(p.green) + Int(p.blue)
        }
        return (0..<image.width).map { x in (0..<image.height).max { brightness(x, $0) < brightness(x, $1) }! }
    }

    @Test func theServerDrawsEachTonesRowInItsSecond() async throws {
        let (dir, studio) = try Self.studio()
        defer { _ = studio.stop(); try? FileManager.default.removeItem(at: dir) }
        let reply = try await studio.get("/spectrogram", ["from": "0", "to": "2000", "width": "200", "height": "80"])
        expectTrue(reply.status == 200 && reply.headers["Content-Type"] == "image/png", "\(reply.status) \(reply.text)")
        let image = try StudioProcess.decode(reply.body)
        expectTrue(image.width == 200 && image.height == 80)
        // 100 Hz rows from 8 kHz down: 500-600 Hz is row 74, 2500-2600 Hz row 54.
        let rows = Self.loudestRows(image)
        for x in 5..<95 { expectEqual(rows[x], 74, "column \(x): row \(rows[x])") }
        for x in 105..<195 { expectEqual(rows[x], 54, "column \(x): row \(rows[x])") }

        for bad in [["from": "500", "to": "500"], ["from": "-1", "to": "500"], ["from": "0", "to": "700000"],
                    ["from": "0", "to": "500", "width": "0"], ["from": "0", "to": "500", "height": "5000"], ["from": "x", "to": "500"]] {
            let query = ["width": "10", "height": "10"].merging(bad) { $1 }
            #expect(try await studio.get("/spectrogram", query).status == 400, "\(bad)")
        }
        let silent = try StudioFixtures.clip(in: dir)
        let quiet = try StudioProcess([silent, dir.appendingPathComponent("whisperx.json").path, "--no-shots"])
        defer { _ = quiet.stop() }
        let none = try await quiet.get("/spectrogram", ["from": "0", "to": "1000", "width": "10", "height": "10"])
        expectTrue(none.status == 404 && none.text.contains("no audio stream"), "\(none.status) \(none.text)")
    }

    /// Forty seconds in, a second's window: all 2500 Hz after the change at 40 s, all 500 Hz before it.
    @Test func aWindowFarIntoTheVideoIsItsOwnSound() async throws {
        let (dir, studio) = try Self.studio(seconds: 60, change: 40)
        defer { _ = studio.stop(); try? FileManager.default.removeItem(at: dir) }
        for (from, row) in [(40_200, 54), (38_700, 74)] {
            let reply = try await studio.get("/spectrogram", ["from": String(from), "to": String(from + 1000), "width": "50", "height": "80"])
            try #require(reply.status == 200, "\(reply.text)")
            expectEqual(Self.loudestRows(try StudioProcess.decode(reply.body)), Array(repeating: row, count: 50), "from \(from)")
        }
    }

    /// The button puts the visible window's spectrogram in the waveform's strip, at the timeline's
    /// scale (120 px a second), and takes it away again.
    @Test func thePageDrawsItInTheWaveformsStrip() throws {
        let (dir, studio) = try Self.studio()
        defer { _ = studio.stop(); try? FileManager.default.removeItem(at: dir) }
        let browser = try DevToolsBrowser(url: studio.url, width: 1200, height: 900)
        try browser.wait(for: "(document.body.dataset.waveform || '').startsWith('ready:')", timeout: 60)
        _ = try browser.evaluate("document.getElementById('spectrogram-toggle').click(), true")
        try browser.wait(for: "document.body.dataset.spectrogram !== undefined", timeout: 60)
        expectTrue(try browser.evaluate("document.getElementById('spectrogram-toggle').getAttribute('aria-pressed')") as? String == "true")
        // The strip's canvas: for each column, the row of its brightest pixel.
        func drawn() throws -> [Int] {
            let json = try #require(browser.evaluate("""
                (() => { const c = document.getElementById('waveform'), g = c.getContext('2d');
                  const d = g.getImageData(0, 0, c.width, c.height).data, out = [];
                  for (let x = 0; x < Math.min(c.width, 240); x++) { let best = -1, row = -1;
                    for (let y = 0; y < c.height; y++) { const i = (y * c.width + x) * 4, v = d[i] + d[i + 1] + d[i + 2];
                      if (d[i + 3] > 0 && v > best) { best = v; row = y; } }
                    out.push(row); }
                  return JSON.stringify({ rows: out, height: c.height }); })()
                """) as? String)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            try #require(object["height"] as? Int == 40)
            return try #require(object["rows"] as? [Int])
        }
        // 40 rows of 200 Hz: 400-600 Hz is row 37, 2400-2600 Hz row 27; a second is 120 columns.
        let rows = try drawn()
        for x in 6..<114 { expectEqual(rows[x], 37, "column \(x): row \(rows[x])") }
        for x in 126..<234 { expectEqual(rows[x], 27, "column \(x): row \(rows[x])") }
        // Off again: the waveform's bars (the page's green, not the spectrogram's colours).
        _ = try browser.evaluate("document.getElementById('spectrogram-toggle').click(), true")
        let bar = try browser.evaluate("""
            (() => { const c = document.getElementById('waveform'), d = c.getContext('2d').getImageData(60, 0, 1, c.height).data;
              for (let y = 0; y < c.height; y++) if (d[y * 4 + 3] > 0) return `${d[y * 4]},${d[y * 4 + 1]},${d[y * 4 + 2]}`; return 'none'; })()
            """) as? String
        // (#3d6e5c, give or take a level of the canvas's colour management.)
        let channels = (bar ?? "").split(separator: ",").compactMap { Int($0) }
        expectTrue(channels.count == 3 && zip(channels, [61, 110, 92]).allSatisfy { abs($0 - $1) <= 3 }, "\(bar ?? "nil")")
    }
}
