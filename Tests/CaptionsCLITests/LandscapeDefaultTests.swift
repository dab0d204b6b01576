import CaptionRender
import Foundation
import CaptionExpectations
import Testing

/// The default style on a landscape frame puts subtitles where players do (bottom-centred, the last
/// line's descender 5 % of the height above the bottom, 64 px text at 1080 lines); portrait frames keep
/// `plain`'s look, and a style file with `"landscape": null` keeps it everywhere. Measured from the ink.
@Suite struct LandscapeDefaultTests {
    static let srt = "1\n00:00:01,000 --> 00:00:04,000\nThe quick brown fox jumps over\nthe lazy dog, twice.\n"

    /// The ink's box of `render --at 2` of the two-line cue at `size`, with `extra` arguments.
    static func ink(size: String, _ extra: [String] = [], in dir: URL) throws -> PixelRect {
        let name = "ink-\(size)-\(extra.count).png"
        let run = try CommandRunner.run(["render", "cue.srt", "--at", "2", "--size", size, "-o", name] + extra, in: dir)
        try #require(run.status == 0, "\(run.stderr)")
        return try #require(try PNGFile.read(dir.appendingPathComponent(name).path).opaqueBounds)
    }

    @Test func landscapeFramesGetSubtitlesWherePlayersPutThem() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.srt.write(to: dir.appendingPathComponent("cue.srt"), atomically: true, encoding: .utf8)
        try #"{"landscape": null}"#.write(to: dir.appendingPathComponent("portrait-look.json"), atomically: true, encoding: .utf8)

        // 1920x1080: the descender line 54 px above the bottom; the ink (with its 4 px outline) ends a
        // few pixels below the baseline's descenders of "lazy" and "dog,".
        let wide = try Self.ink(size: "1920x1080", in: dir)
        print("[landscape default] 1920x1080 ink \(wide)")
        expectTrue((1010...1034).contains(wide.y + wide.height), "bottom at \(wide.y + wide.height)")
        expectTrue(abs(wide.x + wide.width / 2 - 960) <= 3, "centred: \(wide)")
        // Two lines of 64 px text 1.16 apart: about 2.2 font sizes of ink.
        expectTrue((120...160).contains(wide.height), "height \(wide.height)")

        // 1280x720 scales with the height (the short side).
        let hd = try Self.ink(size: "1280x720", in: dir)
        expectTrue(abs(Double(hd.y + hd.height) - Double(wide.y + wide.height) * 2 / 3) <= 3, "720p bottom \(hd.y + hd.height)")

        // Portrait keeps plain's place: the descender 320 px above the bottom, 80 px bold.
        let tall = try Self.ink(size: "1080x1920", in: dir)
        expectTrue((1570...1610).contains(tall.y + tall.height), "portrait bottom at \(tall.y + tall.height)")
        // "landscape": null keeps that look on the landscape frame too.
        let kept = try Self.ink(size: "1920x1080", ["--style", "portrait-look.json"], in: dir)
        expectTrue((730...770).contains(kept.y + kept.height), "landscape null: bottom at \(kept.y + kept.height)")
        expectTrue(kept.height > wide.height, "80 px bold is taller than 64 px regular")
    }
}
