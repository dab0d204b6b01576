import CaptionModel
import CaptionRender
import CaptionTestSupport
@testable import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// Every display set at the frame where the native renderer's picture changes, over a minute of
/// captions: the frames where it changes found by drawing every frame whole and comparing pixels (not
/// through the writer's frame states), the display sets' times read by ffprobe from the `.sup`.
@Suite struct PGSTimingTests {
    /// A minute of word-timed pages (seeded): 3 to 7 words each, words of 0.25 to 0.9 s, sometimes a
    /// pause inside a page, a gap of 0 to 1.5 s between pages.
    static func minute() -> [CaptionEvent] {
        var random = SplitMix64(seed: 60)
        let vocabulary = ["every", "frame", "changes", "here", "word", "by", "karaoke", "soft", "track", "plays", "the", "same", "on", "each", "player"]
        var pages: [CaptionEvent] = []
        var t = 200
        while t < 58_000 {
            var words: [(String, Int, Int)] = []
            for _ in 0..<(3 + Int(random.next() % 5)) {
                let length = 250 + Int(random.next() % 650)
                words.append((vocabulary[Int(random.next() % UInt64(vocabulary.count))], t, t + length))
                t += length + (random.next() % 4 == 0 ? 120 : 0)
            }
            pages.append(TestCaptions.page(words))
            t += [0, 0, 400, 1500][Int(random.next() % 4)]
        }
        return pages
    }

    @Test(arguments: ["highlight-by-word", "word-and-scale", "karaoke-fill", "pop-in", "background-by-word"])
    func displaySetsAreAtTheFramesWhereTheRenderChanges(preset: String) throws {
        let (width, height) = (180, 320)
        let rate = FrameRate(numerator: 25, denominator: 1)!
        let pages = Self.minute()
        let style = try TestCaptions.style(preset)
        let looks = PGSCaptionLooks(style: style, pages: pages, width: width, height: height, frameRate: rate)
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let report = try PGSTrackWriter(width: width, height: height, frameRate: rate).write(looks, to: dir + "/t.sup")
        expectTrue(report.merged == 0 && report.late == 0, "\(report)")

        // The frames whose picture differs from the frame before (frame 0 when it shows anything).
        let renderer = CaptionFrameRenderer(style: style, width: width, height: height)
        var changes: [Int] = []
        var previous = RGBAImage(width: width, height: height)
        for frame in 0..<looks.frameCount {
            var image = RGBAImage(width: width, height: height)
            try renderer.render(pages, at: rate.milliseconds(frames: frame), onto: &image)
            if image != previous { changes.append(frame) }
            previous = image
        }
        // The display sets' PTS as ffprobe reads them (one packet per segment).
        let probe = try FFmpegTool.run(["-v", "error", "-show_entries", "packet=pts", "-of", "csv=p=0", dir + "/t.sup"], tool: "ffprobe")
        let ticks = Array(Set(probe.split(whereSeparator: \.isNewline).compactMap { Int($0.trimmingCharacters(in: .whitespaces)) })).sorted()
        let frames = ticks.map { $0 / 3600 }
        expectTrue(ticks.allSatisfy { $0 % 3600 == 0 }, "display sets between frames")
        expectEqual(frames, changes, "\(preset): display sets at frames \(Set(frames).subtracting(changes).sorted().prefix(10)) where the render does not change; none at \(Set(changes).subtracting(frames).sorted().prefix(10)) where it does")
        print("PGS timing, \(preset): \(changes.count) changes in \(looks.frameCount) frames, \(frames.count) display sets (\(report.paletteUpdates) palette updates, \(report.objectUpdates) objects, \(report.clears) clears, \(report.epochs) epochs)")
    }
}
