import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// `captions check` with shot changes: found in `--video` (a clip with hard cuts at known frames), or
/// read from `--shots FILE`; the seeded problems reported with their frame counts, and `--fix`'s
/// output checked clean.
@Suite struct CheckShotsCommandTests {
    /// 10 s at 25 fps, 160x90: red, test pattern, colour bars, blue, so hard cuts at frames 50, 125 and
    /// 200 (2 s, 5 s, 8 s). Made once per test process.
    static let clip = SharedFolder { folder in
        let parts = [("color=c=red", 2), ("testsrc2", 3), ("smptebars", 3), ("color=c=blue", 2)]
        var arguments: [String] = []
        for (source, _) in parts { arguments += ["-f", "lavfi", "-i", source + (source.contains("=") ? ":" : "=") + "size=160x90:rate=25"] }
        let inputs = parts.enumerated().map { k, part in "[\(k):v]trim=duration=\(part.1),setpts=PTS-STARTPTS[v\(k)]" }
        let filter = inputs.joined(separator: ";") + ";" + (0..<parts.count).map { "[v\($0)]" }.joined() + "concat=n=\(parts.count):v=1:a=0[out]"
        arguments += ["-filter_complex", filter, "-map", "[out]", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
                      folder.appendingPathComponent("cuts.mp4").path]
        guard try FFmpeg.run(arguments) == 0 else { throw SharedFolder.Failure(description: "ffmpeg could not make the clip") }
    }

    /// 1 ends 3 frames before the cut at 2 s; 2 starts 5 frames after it; 3 starts 5 frames before the
    /// cut at 5 s and crosses it; 4 crosses the cut at 8 s and ends 3 frames after it; 5 is clean.
    static let captions = """
        1
        00:00:00,500 --> 00:00:01,880
        Hello there.

        2
        00:00:02,200 --> 00:00:04,000
        Hello there.

        3
        00:00:04,800 --> 00:00:06,500
        Hello there.

        4
        00:00:07,000 --> 00:00:08,120
        Hello there.

        5
        00:00:08,500 --> 00:00:09,500
        Hello there.

        """

    static let limit = "(limit 12 frames: "
    /// Output lines (a helper: the same expression inline took half a second each to type-check).
    static func lines(_ output: String) -> [String] { output.split(separator: "\n").map(String.init) }

    static func expectedLines(_ path: String) -> [String] {
        [
            "\(path):2: caption 1: shot-change-end: ends 3 frames before the shot change at 00:00:02.000 (frame 50) \(limit)an end fewer than 12 frames from a shot change goes 2 frames before it)",
            "\(path):6: caption 2: shot-change-start: starts 5 frames after the shot change at 00:00:02.000 (frame 50) \(limit)a start fewer than 12 frames from a shot change goes on it)",
            "\(path):10: caption 3: shot-change-crossing: starts 5 frames before the shot change at 00:00:05.000 (frame 125) and crosses it \(limit)a caption crossing a shot change shows at least 12 frames on each side)",
            "\(path):14: caption 4: shot-change-crossing: ends 3 frames after the shot change at 00:00:08.000 (frame 200) \(limit)a caption crossing a shot change shows at least 12 frames on each side)",
            "captions: check: 5 captions against netflix: 4 problems (shot-change-start 1, shot-change-end 1, shot-change-crossing 2)",
        ]
    }

    static func folder() throws -> (dir: URL, video: String, captions: String) {
        let dir = try CommandRunner.scratch()
        try clip.copy(into: dir)
        let captions = dir.appendingPathComponent("in.srt").path
        try Self.captions.write(toFile: captions, atomically: true, encoding: .utf8)
        return (dir, dir.appendingPathComponent("cuts.mp4").path, captions)
    }

    @Test func videoShotChangesAreFoundAndEverySeededProblemReported() throws {
        let (_, video, captions) = try Self.folder()
        let r = try CommandRunner.run(["check", captions, "--video", video])
        expectEqual(r.status, 1, "\(r.stderr)")
        expectEqual(Self.lines(r.stdout), Self.expectedLines(captions))
        // --no-shots: the video for its duration only.
        let duration = try CommandRunner.run(["check", captions, "--video", video, "--no-shots"])
        expectEqual(duration.status, 0, "\(duration.stdout)\(duration.stderr)")
    }

    @Test func shotsFileInsteadOfTheVideo() throws {
        let (dir, video, captions) = try Self.folder()
        // A plain list of times (Subtitle Edit's), counted at --fps without a video...
        let times = dir.appendingPathComponent("cuts.txt").path
        try "2.000\n5.000\n8.000\n".write(toFile: times, atomically: true, encoding: .utf8)
        let plain = try CommandRunner.run(["check", captions, "--shots", times, "--fps", "25"])
        expectEqual(plain.status, 1, "\(plain.stderr)")
        expectEqual(Self.lines(plain.stdout), Self.expectedLines(captions))
        // ... and at the video's rate with one (the file wins over finding them: the list has one change
        // only, so only caption 1 and 2's problems are left).
        try "2.000\n".write(toFile: times, atomically: true, encoding: .utf8)
        let one = try CommandRunner.run(["check", captions, "--shots", times, "--video", video])
        expectEqual(Self.lines(one.stdout), Array(Self.expectedLines(captions).prefix(2))
                + ["captions: check: 5 captions against netflix: 2 problems (shot-change-start 1, shot-change-end 1)"])
        // A profile without shot-change rules ignores them.
        expectTrue(try CommandRunner.run(["check", captions, "--shots", times, "--fps", "25", "--profile", "youtube"]).status == 0)
    }

    @Test func jsonGivesTheShotChangeOfEachProblem() throws {
        let (_, video, captions) = try Self.folder()
        let r = try CommandRunner.run(["check", captions, "--video", video, "--json"])
        expectEqual(r.status, 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let problems = try #require(object["problems"] as? [[String: Any]])
        expectEqual(problems.map { $0["rule"] as? String }, ["shot-change-end", "shot-change-start", "shot-change-crossing", "shot-change-crossing"])
        let crossing = problems[2]
        expectTrue(crossing["cue"] as? Int == 3 && crossing["line"] as? Int == 10 && crossing["value"] as? Int == 5
                && crossing["limit"] as? Int == 12 && crossing["unit"] as? String == "frames")
        let change = try #require(crossing["shot_change"] as? [String: Any])
        expectTrue(change["frame"] as? Int == 125 && change["time"] as? Int == 5 && change["edge"] as? String == "start" && change["offset"] as? Int == -5)
    }

    @Test func fixSnapsAndItsOutputPassesTheCheck() throws {
        let (dir, video, captions) = try Self.folder()
        let fixed = dir.appendingPathComponent("fixed.srt").path
        let r = try CommandRunner.run(["check", captions, "--video", video, "--fix", "-o", fixed])
        expectEqual(r.status, 0, "\(r.stdout)\(r.stderr)")
        // Typed apart from the #expect: inferring it inside the macro took the type checker 1.9 s.
        let expected: [String] = [
            "\(captions):2: caption 1: fixed shot-change-end: end moved from 00:00:01.880 to 00:00:01.920 (2 frames before the shot change at 00:00:02.000, frame 50)",
            "\(captions):6: caption 2: fixed shot-change-start: start moved from 00:00:02.200 to 00:00:02.000 (onto the shot change at 00:00:02.000, frame 50)",
            "\(captions):10: caption 3: fixed shot-change-crossing: start moved from 00:00:04.800 to 00:00:05.000 (onto the shot change at 00:00:05.000, frame 125)",
            "\(captions):14: caption 4: fixed shot-change-crossing: end moved from 00:00:08.120 to 00:00:07.920 (2 frames before the shot change at 00:00:08.000, frame 200)",
            "captions: check: 5 captions against netflix: no problems; 4 fixes written to \(fixed)",
        ]
        expectEqual(Self.lines(r.stdout), expected)
        let again = try CommandRunner.run(["check", fixed, "--video", video])
        expectEqual(again.status, 0, "\(again.stdout)")
    }

    @Test func usageAndInputErrors() throws {
        let (dir, video, captions) = try Self.folder()
        expectTrue(try CommandRunner.run(["check", captions, "--no-shots"]).status == 64)
        expectTrue(try CommandRunner.run(["check", captions, "--shots", dir.appendingPathComponent("none.txt").path, "--video", video]).status == 66)
        let bad = dir.appendingPathComponent("bad.txt").path
        try "2.000\nsoon\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["check", captions, "--shots", bad, "--fps", "25"])
        expectEqual(r.status, 65)
        expectTrue(r.stderr.contains(bad) && r.stderr.contains("2"), "\(r.stderr)")
        // A sound file as --video: its length is checked, and a warning says there are no shot changes.
        let sound = dir.appendingPathComponent("sound.m4a").path
        try #require(try FFmpeg.run(["-f", "lavfi", "-i", "sine=d=10", sound]) == 0)
        let audio = try CommandRunner.run(["check", captions, "--video", sound])
        expectEqual(audio.status, 0, "\(audio.stdout)\(audio.stderr)")
        expectEqual(audio.stderr, "captions: warning: \(sound) has no video stream: no shot changes to check against (--no-shots skips looking)\n")
    }
}
