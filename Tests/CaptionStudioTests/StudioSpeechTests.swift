@testable import CaptionStudio
import CaptionTestSupport
import CaptionTiming
import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// Speech on the studio's timeline: the runs `SpeechActivity` (sync's detector) finds in the video's
/// sound, served by `GET /speech` as the detector finds them in the same file, drawn as a band, and
/// caption edges dragged near them landing on them to the millisecond.
@Suite struct StudioSpeechTests {
    @Test func draggedEdgesLandOnTheStartAndEndOfSpeech() async throws {
        let dir = try StudioFixtures.scratch()
        // Two sentences of espeak-ng speech under a small picture, AAC as a film's sound is.
        let spoken = try SpokenWords.make(Array(SpeechScript.sentences[0..<2]), voice: "en-us", rate: 160, seed: 3)
        let wav = dir.appendingPathComponent("speech.wav").path
        try spoken.writeWAV(to: wav)
        let clip = dir.appendingPathComponent("speech.mp4").path
        try StudioFixtures.ffmpeg(["-f", "lavfi", "-i", "color=c=gray:size=160x90:rate=25", "-i", wav, "-shortest",
                                   "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", clip])
        let expected = StudioSpeech.regions(SpeechActivity.detect(samples: try AudioSamples.read(clip, sampleRate: SpeechActivity.sampleRate).samples))
        try #require(expected.count >= 2, "\(expected)")

        // Caption 1 starts 150 ms after the longest run of speech and ends 150 ms before its end.
        let first = try #require(expected.max { $0.end - $0.start < $1.end - $1.start })
        try #require(first.end - first.start >= 600, "\(expected)")
        let captions = dir.appendingPathComponent("speech.srt").path
        func stamp(_ ms: Int) -> String { String(format: "00:00:%02d,%03d", ms / 1000, ms % 1000) }
        try "1\n\(stamp(first.start + 150)) --> \(stamp(first.end - 150))\n\(SpeechScript.sentences[0])\n\n"
            .write(toFile: captions, atomically: true, encoding: .utf8)
        let studio = try StudioProcess([clip, captions, "--no-shots"])
        defer { _ = studio.stop() }
        let reply = try await studio.poll("/speech", whileState: "detecting")
        expectTrue(reply["state"] as? String == "ready", "\(reply)")
        expectEqual((reply["regions"] as? [[Int]]), expected.map { [$0.start, $0.end] })

        let browser = try DevToolsBrowser(url: studio.url, width: 1200, height: 900)
        try browser.wait(for: "(document.body.dataset.speech || '') === 'ready:\(expected.count)' && document.querySelectorAll('#track .cue').length === 1", timeout: 90)
        expectTrue(try browser.evaluate("document.querySelectorAll('#track .speech').length") as? Int == expected.count)
        // The playhead to the caption and the timeline scrolled to it (set again at each poll: a redraw
        // of the paused frame that was under way moves the view to where the playhead was).
        try browser.wait(for: "video.readyState >= 2", timeout: 90)
        _ = try browser.evaluate("video.currentTime = \(Double(first.start) / 1000), true")
        try browser.wait(for: """
            (() => { const tl = document.getElementById('timeline'); tl.scrollLeft = Math.max(0, px(\(first.start)) - 60);
              const edge = document.querySelector('#track .cue .edge.end');
              if (!edge || Math.abs(frameMs(video.currentTime) - \(first.start)) > 1) return false;
              const r = edge.getBoundingClientRect(), t = tl.getBoundingClientRect(); return r.right < t.right && r.left > t.left })()
            """, timeout: 90)
        // 120 px a second: -14 px is 117 ms earlier, 33 ms from the onset (within the 8 px, 67 ms, snap).
        let drags = StudioShotChangeTests()
        try drags.drag(browser, cue: 0, edge: "start", by: -14) {
            let lit = try browser.evaluate("document.querySelectorAll('#track .speech.snapped').length") as? Int
            expectEqual(lit, 1, "the run the edge sits on is lit while the mouse is down")
        }
        let status = "document.getElementById('status').textContent"
        try browser.wait(for: "\(status) === 'retimed caption 1 (start on the start of speech at \(String(format: "%.3f", Double(first.start) / 1000)) s)'", timeout: 90, describing: status)
        try drags.drag(browser, cue: 0, edge: "end", by: 14)
        try browser.wait(for: "\(status).startsWith('retimed caption 1 (end on the end of speech')", timeout: 90, describing: status)
        let events = try #require((try await studio.get("/captions")).json["events"] as? [[String: Any]])
        expectTrue(events.first?["start"] as? Int == first.start && events.first?["end"] as? Int == first.end)
        expectTrue(browser.console.isEmpty, "\(browser.console)")
        try browser.screenshot().write(to: dir.appendingPathComponent("speech.png"))
    }

    /// A video without sound has no speech, and the page is told so rather than waiting.
    @Test func aVideoWithoutSoundHasNoSpeech() async throws {
        let dir = try StudioFixtures.scratch()
        let clip = try StudioFixtures.clip(in: dir)
        let studio = try StudioProcess([clip, try StudioFixtures.copyCaptions(into: dir), "--no-shots"])
        defer { _ = studio.stop() }
        let reply = try await studio.poll("/speech", whileState: "detecting")
        expectTrue(reply["state"] as? String == "off" && (reply["regions"] as? [Any])?.isEmpty == true, "\(reply)")
    }

    /// Runs of at least half-probable frames, each at least 50 ms; one lasting to the end is closed there.
    @Test func regionsAreRunsOfProbableSpeech() {
        let p: [Float] = [0, 0.6, 0.7, 0.9, 0.8, 0.5, 0.2, 0.9, 0.9, 0, 1, 1, 1, 1, 1]
        expectEqual(StudioSpeech.regions(SpeechActivity(probability: p)), [.init(start: 10, end: 60), .init(start: 100, end: 150)])
        expectEqual(StudioSpeech.regions(SpeechActivity(probability: [])), [])
    }
}
