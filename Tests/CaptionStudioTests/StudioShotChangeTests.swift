import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// Shot changes in the studio: lines on the timeline where they are, a dragged edge snapping to them
/// (in Chromium, with real mouse events), and the changes found in the video in the background.
@Suite struct StudioShotChangeTests {
    static let chromium = "/usr/bin/chromium"

    /// 6 s at 25 fps, 320x180, H.264: red, a test pattern, colour bars, so hard cuts at frames 50 and
    /// 125 (2 s and 5 s).
    static func cutClip(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("cuts.mp4").path
        let parts = [("color=c=red", 2), ("testsrc2", 3), ("smptebars", 1)]
        var arguments: [String] = []
        for (source, _) in parts { arguments += ["-f", "lavfi", "-i", source + (source.contains("=") ? ":" : "=") + "size=320x180:rate=25"] }
        let trims = parts.enumerated().map { k, part in "[\(k):v]trim=duration=\(part.1),setpts=PTS-STARTPTS[v\(k)]" }
        let filter = trims.joined(separator: ";") + ";[v0][v1][v2]concat=n=3:v=1:a=0[out]"
        try StudioFixtures.ffmpeg(arguments + ["-filter_complex", filter, "-map", "[out]", "-c:v", "libx264", "-preset", "ultrafast",
                                               "-pix_fmt", "yuv420p", path])
        return path
    }

    static func captions(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("cuts.srt").path
        try """
            1
            00:00:00,500 --> 00:00:01,700
            Before the first cut.

            2
            00:00:02,300 --> 00:00:04,000
            A little after it.

            3
            00:00:05,400 --> 00:00:05,900
            In the last shot.

            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: chromium) || ProcessInfo.processInfo.environment["CI"] != nil))
    func timelineShowsShotChangesAndDraggedEdgesSnapToThem() async throws {
        let dir = try StudioFixtures.scratch()
        let clip = try Self.cutClip(in: dir)
        let captions = try Self.captions(in: dir)
        let shots = dir.appendingPathComponent("cuts.txt").path
        try "2.000\n5.000\n".write(toFile: shots, atomically: true, encoding: .utf8)
        let studio = try StudioProcess([clip, captions, "--shots", shots])
        let browser = try DevToolsBrowser(url: studio.url, width: 1200, height: 900)
        try browser.wait(for: "document.body.dataset.shots === '2' && document.querySelectorAll('#track .cue').length === 3")

        // The lines' centres, from the track's left, at the timeline's 120 px a second.
        let centres = try #require(browser.evaluate("""
            JSON.stringify([...document.querySelectorAll('#track .shot')].map((l) => {
              const r = l.getBoundingClientRect(); return r.left + r.width / 2 - document.getElementById('track').getBoundingClientRect().left }))
            """) as? String)
        let xs = try #require(try JSONSerialization.jsonObject(with: Data(centres.utf8)) as? [Double])
        expectTrue(xs.count == 2 && abs(xs[0] - 240) <= 1 && abs(xs[1] - 600) <= 1, "\(xs)")

        // Caption 2's start (2.300 s) dragged 30 px left, to 2.050 s: 6 px from the change at 2 s, it lands on it.
        try drag(browser, cue: 1, edge: "start", by: -30) {
            // While the mouse is down the line it snapped to is highlighted, and only that one.
            expectTrue(try browser.evaluate("[...document.querySelectorAll('#track .shot')].map((l) => l.classList.contains('snapped')).join()") as? String == "true,false")
            try browser.screenshot().write(to: dir.appendingPathComponent("snapping.png"))
        }
        try browser.wait(for: "document.getElementById('status').textContent === 'retimed caption 2 (start on the shot change at 2.000 s)'")
        // Caption 1's end (1.700 s) 25 px right, to 1.908 s: it lands 2 frames before the change (1.920 s).
        try drag(browser, cue: 0, edge: "end", by: 25)
        try browser.wait(for: "document.getElementById('status').textContent.startsWith('retimed caption 1 (end 2 frames before')")
        // Caption 3's end (5.900 s) 20 px right, to 6.067 s: no change near, no snap.
        try drag(browser, cue: 2, edge: "end", by: 20)
        try browser.wait(for: "document.getElementById('status').textContent === 'retimed caption 3'")

        let events = try #require((try await studio.get("/captions")).json["events"] as? [[String: Any]])
        expectEqual(events.map { $0["start"] as? Int }, [500, 2000, 5400])
        expectEqual(events.map { $0["end"] as? Int }, [1920, 4000, 6067])
        // On screen, caption 2's block now starts where the first line is.
        let left = try #require(browser.evaluate("""
            document.querySelectorAll('#track .cue')[1].getBoundingClientRect().left - document.getElementById('track').getBoundingClientRect().left
            """) as? Double)
        expectTrue(abs(left - 240) <= 1, "\(left)")
        try browser.screenshot().write(to: dir.appendingPathComponent("shots.png"))
        expectTrue(browser.console.isEmpty, "\(browser.console)")
        expectEqual(studio.stop(), 0)
    }

    /// Presses the middle of caption `cue`'s edge and moves the mouse `by` pixels in steps, as a hand does.
    func drag(_ browser: DevToolsBrowser, cue: Int, edge: String, by dx: Double, beforeRelease: () throws -> Void = {}) throws {
        let centre = """
            JSON.stringify((() => { const r = document.querySelectorAll('#track .cue')[\(cue)].querySelector('.edge.\(edge)').getBoundingClientRect();
              return [r.left + r.width / 2, r.top + r.height / 2] })())
            """
        // Where the edge is once the timeline has stopped moving (a redraw after the last edit can still
        // scroll it): the same place twice, 150 ms apart. Pressed where it was a moment before, the
        // mouse could miss it on a loaded machine.
        var rect = try #require(browser.evaluate(centre) as? String)
        for _ in 0..<20 {
            usleep(150_000)
            let again = try #require(browser.evaluate(centre) as? String)
            if again == rect { break }
            rect = again
        }
        let point = try #require(try JSONSerialization.jsonObject(with: Data(rect.utf8)) as? [Double])
        try browser.mouse("mousePressed", x: point[0], y: point[1])
        for step in 1...5 { try browser.mouse("mouseMoved", x: point[0] + dx * Double(step) / 5, y: point[1]) }
        try beforeRelease()
        try browser.mouse("mouseReleased", x: point[0] + dx, y: point[1])
    }

    /// Without --shots the studio finds the changes in the video after it has started, and the page
    /// gets them when they are ready; --no-shots finds none.
    @Test func shotChangesAreFoundInTheVideoInTheBackground() async throws {
        let dir = try StudioFixtures.scratch()
        let clip = try Self.cutClip(in: dir)
        let captions = try Self.captions(in: dir)
        let studio = try StudioProcess([clip, captions])
        let reply = try await studio.poll("/shots", whileState: "detecting")
        expectTrue(reply["state"] as? String == "ready", "\(reply)")
        expectTrue(reply["frames"] as? [Int] == [50, 125])
        expectTrue(reply["times"] as? [Int] == [2000, 5000])
        expectTrue(reply["end_times"] as? [Int] == [1920, 4920])
        _ = studio.stop()
        let off = try StudioProcess([clip, captions, "--no-shots"])
        #expect(try await off.get("/shots").json["state"] as? String == "off")
        _ = off.stop()
    }

    /// A shot-change file that is missing or not one stops the studio before it listens, with the exit
    /// codes of every command; --shots with --no-shots is a usage error.
    @Test func badShotFilesStopItBeforeItListens() throws {
        let dir = try StudioFixtures.scratch()
        let clip = try Self.cutClip(in: dir)
        let captions = try Self.captions(in: dir)
        func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
            try StudioProcess.runToExit([clip, captions] + arguments)
        }
        let missing = try run(["--shots", dir.appendingPathComponent("none.txt").path])
        expectTrue(missing.status == 66 && missing.stderr.contains("none.txt"), "\(missing)")
        let bad = dir.appendingPathComponent("bad.txt").path
        try "2.000\nsoon\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let malformed = try run(["--shots", bad])
        expectTrue(malformed.status == 65 && malformed.stderr.contains("bad.txt"), "\(malformed)")
        expectTrue(try run(["--shots", bad, "--no-shots"]).status == 64)
    }
}
