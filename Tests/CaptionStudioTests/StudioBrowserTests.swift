import CaptionRender
import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// The page in a real browser (Debian's Chromium, headless): opened at `?t=`, its screenshot's caption
/// area is `captions render` over the same video frame, and its console stays silent.
@Suite struct StudioBrowserTests {
    static let chromium = "/usr/bin/chromium"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: chromium) || ProcessInfo.processInfo.environment["CI"] != nil))
    func pageAtThreeTimesMatchesRenderOverTheFrame() async throws {
        let dir = try StudioFixtures.scratch()
        let clip = try StudioFixtures.clip(in: dir, smooth: true)
        let captions = try StudioFixtures.copyCaptions(into: dir)
        let studio = try StudioProcess([clip, captions, "--preset", "highlight-by-word"])
        // Times on frame starts (30 fps), inside three different words' highlights.
        for t in ["0.5", "1.5", "2.2"] {
            // As a user opens a link to a moment: the page loads paused at t and draws that frame's overlay.
            let browser = try DevToolsBrowser(url: studio.url + "&t=\(t)", width: 1200, height: 1000)
            let ms = Int((Double(t)! * 1000).rounded())
            try browser.wait(for: "document.body.dataset.drawnMs === '\(ms)'")
            let stage = try #require(browser.evaluate("document.body.dataset.stage") as? String).split(separator: ",").compactMap { Int($0) }
            try #require(stage.count == 4)
            expectTrue(stage[2] == 360 && stage[3] == 640, "the video is shown at 100%: \(stage)")
            // The frame as this browser decoded it (the captions' canvas hidden), then the page itself.
            _ = try browser.evaluate("document.getElementById('overlay').style.visibility = 'hidden'")
            let bareShot = try browser.screenshot()
            _ = try browser.evaluate("document.getElementById('overlay').style.visibility = 'visible'")
            let shot = try browser.screenshot()
            try shot.write(to: dir.appendingPathComponent("page-\(t).png"))
            expectTrue(browser.console.isEmpty, "console at \(t): \(browser.console)")
            let video = PixelRect(x: stage[0], y: stage[1], width: 360, height: 640)
            let page = try StudioProcess.decode(shot).cropped(to: video)
            let bare = try StudioProcess.decode(bareShot).cropped(to: video)
            let framePath = dir.appendingPathComponent("frame-\(t).png").path
            try PNGFile.write(bare, to: framePath)

            // It is the frame at t: ffmpeg decodes the same one (up to how each converts YUV to RGB).
            let ffmpegFrame = dir.appendingPathComponent("ffmpeg-\(t).png").path
            try StudioFixtures.ffmpeg(["-ss", t, "-i", clip, "-frames:v", "1", "-pix_fmt", "rgb24", ffmpegFrame])
            let decoded = try ImageComparison.psnr(actual: bare, expected: PNGFile.read(ffmpegFrame))
            expectTrue(decoded > 35, "the page shows another frame at \(t): \(decoded) dB from ffmpeg's")

            // The reference: `captions render` drawing the captions on that frame.
            let reference = try StudioFixtures.render(captions, at: t, size: "360x640",
                                                      ["--preset", "highlight-by-word", "--background", framePath], in: dir)
            // The caption area: where the overlay has pixels, grown by 4 px.
            let overlay = try await studio.overlay(t)
            let area = try #require(Self.opaqueBounds(overlay, grow: 4), "no captions at \(t)")
            let comparison = try ImageComparison(actual: page.cropped(to: area), expected: reference.cropped(to: area))
            expectTrue(comparison.grade <= .good, "at \(t) s: \(comparison.grade) score \(comparison.score), psnr \(comparison.psnr)")
            // And the captions are really there: the page differs from the bare frame in that area.
            expectTrue(try ImageComparison(actual: page.cropped(to: area), expected: bare.cropped(to: area)).grade > .good)
        }
        expectEqual(studio.stop(), 0)
    }

    /// Saving from the page: the first save writes, the second asks before replacing (the user says yes
    /// here), and a name with a folder is refused with the server's message.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: chromium) || ProcessInfo.processInfo.environment["CI"] != nil))
    func pageSavesAndAsksBeforeReplacing() async throws {
        let dir = try StudioFixtures.scratch()
        let clip = try StudioFixtures.clip(in: dir, seconds: 1)
        let captions = try StudioFixtures.copyCaptions(into: dir)
        let studio = try StudioProcess([clip, captions])
        let browser = try DevToolsBrowser(url: studio.url + "&t=0.5", width: 1200, height: 1000)
        try browser.wait(for: "document.body.dataset.drawnMs === '500'")
        _ = try browser.evaluate("window.asked = 0; window.confirm = () => { window.asked++; return true }")
        let saved = dir.appendingPathComponent("page.srt").path
        for round in 1...2 {
            _ = try browser.evaluate("document.getElementById('save-name').value = 'page.srt'; save('captions')")
            try browser.wait(for: "document.getElementById('status').textContent === 'saved \(saved)'")
            expectTrue(try browser.evaluate("window.asked") as? Int == round - 1)
            _ = try browser.evaluate("document.getElementById('status').textContent = ''")
        }
        expectTrue(FileManager.default.fileExists(atPath: saved))
        _ = try browser.evaluate("document.getElementById('save-name').value = '../up.srt'; save('captions')")
        try browser.wait(for: "document.getElementById('status').textContent.startsWith('not saved: ')")
        expectTrue(browser.console.isEmpty, "\(browser.console)")
        _ = studio.stop()
    }

    /// Caption text and a file name that are HTML stay text: the timeline shows the markup as written,
    /// no element is made from it and no script of it runs.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: chromium) || ProcessInfo.processInfo.environment["CI"] != nil))
    func markupInCaptionsAndNamesStaysText() async throws {
        let dir = try StudioFixtures.scratch()
        let clip = try StudioFixtures.clip(in: dir, seconds: 1)
        let hostile = "<img src=x onerror=\"window.ran=1\">"
        let captions = dir.appendingPathComponent("<b onmouseover=x>.vtt").path
        try Data("WEBVTT\n\n00:00.000 --> 00:00.900\n&lt;img src=x onerror=\"window.ran=1\"&gt; {\\p1}m 0 0 l 9 0{\\p0}\n".utf8)
            .write(to: URL(fileURLWithPath: captions))
        let studio = try StudioProcess([clip, captions])
        let browser = try DevToolsBrowser(url: studio.url + "&t=0.5", width: 1200, height: 1000)
        try browser.wait(for: "document.body.dataset.drawnMs === '500'")
        expectTrue(try browser.evaluate("document.getElementById('track').textContent") as? String == hostile + " {\\p1}m 0 0 l 9 0{\\p0}")
        expectTrue(try browser.evaluate("String(document.getElementById('files').textContent.includes('<b onmouseover=x>.vtt'))") as? String == "true")
        expectTrue(try browser.evaluate("document.querySelectorAll('img, b').length") as? Int == 0)
        expectTrue(try browser.evaluate("typeof window.ran") as? String == "undefined")
        expectTrue(browser.console.isEmpty, "\(browser.console)")
        _ = studio.stop()
    }

    static func attribute(_ name: String, in html: String) -> String? {
        guard let range = html.range(of: "\(name)=\"") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }

    static func opaqueBounds(_ image: RGBAImage, grow: Int) -> PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<image.height { for x in 0..<image.width where image[x, y].alpha > 0 {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        } }
        guard maxX >= 0 else { return nil }
        let x0 = max(0, minX - grow), y0 = max(0, minY - grow)
        let x1 = min(image.width - 1, maxX + grow), y1 = min(image.height - 1, maxY + grow)
        return PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }
}
