import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// `captions shots` on the shots test clip (`Benchmarks/shots-clip.sh` at 320x180): the cuts at their
/// frames as JSON or as the plain list of times, the output chosen by -o's extension, the summary, and
/// every documented exit status.
@Suite struct ShotsCommandTests {
    static let clip = Result { () throws -> ShotTestClip in
        try ShotTestClip.make(size: "320x180", at: try CommandRunner.scratch().appendingPathComponent("clip.mp4").path)
    }

    /// The cuts' frames from the command's JSON, checked for shape on the way.
    static func frames(fromJSON text: String) throws -> [Int] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        expectTrue(object["frame_rate"] as? String == "25")
        let changes = try #require(object["shot_changes"] as? [[String: Any]])
        return try changes.map { change in
            let frame = try #require(change["frame"] as? Int)
            let time = try #require(change["time"] as? Double)
            expectTrue(abs(time - Double(frame) / 25) < 0.0005, "\(change)")
            return frame
        }
    }

    /// Seconds with three decimals, one a line: what the plain list must say for `frames` at 25 fps.
    static func times(_ frames: [Int]) -> String {
        frames.map { String(format: "%d.%03d\n", $0 * 40 / 1000, $0 * 40 % 1000) }.joined()
    }

    @Test func printsTheCutsAsJSONAndASummary() throws {
        let clip = try Self.clip.get()
        let result = try CommandRunner.run(["shots", clip.path])
        expectEqual(result.status, 0, "\(result.stderr)")
        let found = try Self.frames(fromJSON: result.stdout)
        let (missed, extra) = clip.score(found)
        expectTrue(missed.isEmpty, "missed \(missed)")
        expectTrue(extra.count <= 1, "false cuts \(extra)")
        expectTrue(!found.contains { clip.notCuts.contains($0) }, "\(found)")
        expectTrue(result.stderr.contains("\(found.count) shot changes in 1000 frames at 25 fps"), "\(result.stderr)")
        expectTrue(result.stdout.hasPrefix("{\"frame_rate\": \"25\", \"shot_changes\": [\n  {\"frame\": \(found[0]), \"time\": "))
    }

    @Test func theOutputsFormatFollowsItsExtension() throws {
        let clip = try Self.clip.get()
        let dir = try CommandRunner.scratch()
        let json = dir.appendingPathComponent("cuts.json").path, txt = dir.appendingPathComponent("cuts.txt").path
        let other = dir.appendingPathComponent("cuts.shotchanges").path
        for path in [json, txt, other] {
            let result = try CommandRunner.run(["shots", clip.path, "-o", path])
            expectTrue(result.status == 0 && result.stdout.isEmpty, "\(result.stderr)")
        }
        let found = try Self.frames(fromJSON: try String(contentsOfFile: json, encoding: .utf8))
        expectTrue(clip.score(found).missed.isEmpty)
        expectTrue(try String(contentsOfFile: txt, encoding: .utf8) == Self.times(found))
        expectTrue(try String(contentsOfFile: other, encoding: .utf8) == Self.times(found))
        let times = try CommandRunner.run(["shots", clip.path, "--format", "times"])
        expectTrue(times.status == 0 && times.stdout == Self.times(found))
        let forced = try CommandRunner.run(["shots", clip.path, "-o", txt, "--format", "json"])
        expectEqual(forced.status, 0)
        expectTrue(try Self.frames(fromJSON: try String(contentsOfFile: txt, encoding: .utf8)) == found)
        let dash = try CommandRunner.run(["shots", clip.path, "-o", "-"])
        expectTrue(try Self.frames(fromJSON: dash.stdout) == found)
    }

    /// A threshold above any frame's difference finds nothing; an empty list is still a list.
    @Test func theThresholdIsTheBar() throws {
        let clip = try Self.clip.get()
        let result = try CommandRunner.run(["shots", clip.path, "--threshold", "700"])
        expectEqual(result.status, 0)
        expectEqual(result.stdout, "{\"frame_rate\": \"25\", \"shot_changes\": []}\n")
        expectTrue(result.stderr.contains("0 shot changes in 1000 frames"))
    }

    @Test func exitStatuses() throws {
        let clip = try Self.clip.get()
        let dir = try CommandRunner.scratch()
        let text = dir.appendingPathComponent("captions.srt").path, wav = dir.appendingPathComponent("sound.wav").path
        let junk = dir.appendingPathComponent("junk.mp4").path
        try "1\n00:00:01,000 --> 00:00:02,000\nHello\n".write(toFile: text, atomically: true, encoding: .utf8)
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }).write(to: URL(fileURLWithPath: junk))
        expectTrue(try FFmpeg.run(["-f", "lavfi", "-i", "sine=d=1", wav]) == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: clip.path))
        let cases: [([String], Int32, String)] = [
            (["shots", dir.appendingPathComponent("missing.mp4").path], 66, "no such file"),
            (["shots", junk], 65, "cannot be read as a video"),
            (["shots", text], 65, "no video stream"),
            (["shots", wav], 65, "no video stream"),
            (["shots", clip.path, "--threshold", "0"], 64, "--threshold"),
            (["shots", clip.path, "--threshold", "fast"], 64, "threshold"),
            (["shots", clip.path, "--format", "xml"], 64, "format"),
            (["shots", clip.path, "-o", dir.appendingPathComponent("no/such/folder/cuts.json").path], 73, "cuts.json"),
            (["shots", clip.path, "-o", clip.path], 73, "clip.mp4"),
        ]
        for (arguments, status, message) in cases {
            let result = try CommandRunner.run(arguments)
            expectEqual(result.status, status, "\(arguments): \(result.stderr)")
            expectTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        expectTrue(try Data(contentsOf: URL(fileURLWithPath: clip.path)) == before, "the input was overwritten")
    }
}
