import CaptionRender
import Foundation
import CaptionExpectations
import Testing

/// Golden frames of the file that ships: `golden record --video` pulls frames from a burned video and
/// `golden check` pulls them again. A clean re-burn passes; a burn whose caption moved 4 px fails,
/// and the difference image shows where.
@Suite struct GoldenVideoCommandTests {
    func burn(_ dir: URL, style: String) throws {
        let r = try CommandRunner.run(["burn", "in.mp4", "clip.json", "-o", "burned.mp4", "--preset", "highlight-by-word", "--style", style,
                                       "--crf", "23", "--encoder-preset", "ultrafast", "--quiet"], in: dir)
        try #require(r.status == 0, "\(r.stderr)")
    }

    @Test func aCleanReburnPassesAndAMovedCaptionFailsWhereItMoved() throws {
        let dir = try CommandRunner.scratch()
        try FileManager.default.copyItem(at: GoldenSuiteCommandTests.corpus, to: dir.appendingPathComponent("clip.json"))
        try BurnCommandTests.clip(dir.appendingPathComponent("in.mp4").path, seconds: 2)
        // Style lengths are pixels of a 1080-short-side frame: 12 of them are 4 px of this 360x640 video.
        try Data(#"{"margin_bottom": 300}"#.utf8).write(to: dir.appendingPathComponent("brand.json"))
        try Data(#"{"margin_bottom": 312}"#.utf8).write(to: dir.appendingPathComponent("moved.json"))
        try burn(dir, style: "brand.json")
        let record = try CommandRunner.run(["golden", "record", "--video", "burned.mp4", "--times", "0.35,1.2", "--dir", "shipped"], in: dir)
        expectTrue(record.status == 0 && record.stdout.contains("recorded 2 frames of burned.mp4 (video, 360x640)"), "\(record.stdout)\(record.stderr)")
        expectTrue(try CommandRunner.run(["golden", "record", "clip.json", "--video", "burned.mp4", "--times", "1", "--dir", "x"], in: dir).status == 64)

        try burn(dir, style: "brand.json")
        let clean = try CommandRunner.run(["golden", "check", "shipped"], in: dir)
        expectEqual(clean.status, 0, "\(clean.stdout)\(clean.stderr)")

        try burn(dir, style: "moved.json")
        let moved = try CommandRunner.run(["golden", "check", "shipped"], in: dir)
        expectTrue(moved.status == 1 && moved.stdout.contains("regression: 2 of 2 frames"), "\(moved.stdout)\(moved.stderr)")
        // The difference image: strong differences only around the caption, in the lower part of the
        // frame where margin_bottom puts it, and a small part of the frame.
        let heat = try PNGFile.read(dir.appendingPathComponent("shipped/report/350-diff.png").path)
        var strong = 0, top = heat.height
        for y in 0..<heat.height {
            for x in 0..<heat.width {
                let p = heat[x, y]
                if p.red == 255 && p.blue == 0 && p.green < 200 { strong += 1; top = min(top, y) }
            }
        }
        expectTrue(strong > 200, "the moved caption shows in the difference image")
        expectTrue(strong < heat.width * heat.height / 10)
        expectTrue(top > heat.height / 2, "strong differences start at y \(top), above the caption band")
    }
}
