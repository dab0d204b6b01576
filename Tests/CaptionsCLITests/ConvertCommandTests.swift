import Foundation
import CaptionExpectations
import Testing

/// The `captions convert` contract: formats, stdin/stdout, exit codes, messages, and safe output.
@Suite struct ConvertCommandTests {
    let sample = "1\n00:00:01,000 --> 00:00:02,500\n<i>Hello</i> world\n\n2\n00:00:03,000 --> 00:00:04,000\nBye\n"

    func write(_ text: String, _ name: String, in dir: URL) throws -> String {
        let path = dir.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func srtToJSONOnStdout() throws {
        let dir = try CommandRunner.scratch()
        let input = try write(sample, "a.srt", in: dir)
        let r = try CommandRunner.run(["convert", input, "--to", "json"])
        expectEqual(r.status, 0)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let events = json?["events"] as? [[String: Any]]
        expectEqual(events?.count, 2)
        expectTrue(events?.first?["start"] as? Int == 1000)
        expectTrue(events?.first?["end"] as? Int == 2500)
        expectTrue(events?.first?["text"] as? String == "Hello world")
        expectTrue(events?.first?["source_text"] as? String == "<i>Hello</i> world")
        expectTrue(r.stderr.isEmpty)
    }

    @Test func stdinInAndFormatFromTheOutputExtension() throws {
        let dir = try CommandRunner.scratch()
        let output = dir.appendingPathComponent("out.json").path
        let r = try CommandRunner.run(["convert", "-", "-o", output], stdin: Data(sample.utf8))
        expectEqual(r.status, 0, "\(r.stderr)")
        let back = try CommandRunner.run(["convert", output, "--to", "srt"])
        expectEqual(back.status, 0)
        expectEqual(back.stdout, "1\n00:00:01,000 --> 00:00:02,500\n<i>Hello</i> world\n\n2\n00:00:03,000 --> 00:00:04,000\nBye\n\n")
    }

    @Test func missingInputIs66() throws {
        let r = try CommandRunner.run(["convert", "/nonexistent/x.srt", "--to", "json"])
        expectEqual(r.status, 66)
        expectTrue(r.stderr.contains("/nonexistent/x.srt: no such file"))
    }

    @Test func notSubtitlesIs65WithOneSentence() throws {
        let dir = try CommandRunner.scratch()
        var mp4 = Data([0, 0, 0, 0x20]) + Data("ftypisom".utf8)
        mp4.append(Data(repeating: 0, count: 200))
        let video = dir.appendingPathComponent("clip.srt")
        try mp4.write(to: video)
        let r = try CommandRunner.run(["convert", video.path, "--to", "json"])
        expectEqual(r.status, 65)
        expectTrue(r.stderr.contains("MP4"))
        expectEqual(r.stderr.split(separator: "\n").count, 1)
        let empty = try write("", "empty.srt", in: dir)
        let e = try CommandRunner.run(["convert", empty, "--to", "json"])
        expectEqual(e.status, 65)
        expectTrue(e.stderr.contains("is empty"))
        let prose = try write("Dear diary,\ntoday nothing happened.\n", "notes.txt", in: dir)
        let p = try CommandRunner.run(["convert", prose, "--to", "json"])
        expectEqual(p.status, 65)
        expectTrue(p.stderr.contains("not a subtitle file"))
        expectTrue(p.stdout.isEmpty)
    }

    @Test func warningsNameTheLineAndStrictFailsWithoutWriting() throws {
        let dir = try CommandRunner.scratch()
        let input = try write(sample + "\n3\n00:00:09,000 --> 00:00:05,000\nBackwards\n", "w.srt", in: dir)
        let lenient = try CommandRunner.run(["convert", input, "--to", "json"])
        expectEqual(lenient.status, 0)
        expectTrue(lenient.stderr.contains("w.srt: line 10: end time"))
        let output = dir.appendingPathComponent("strict.json")
        let strict = try CommandRunner.run(["convert", input, "-o", output.path, "--strict"])
        expectEqual(strict.status, 65)
        expectTrue(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func usageErrorsAre64() throws {
        let dir = try CommandRunner.scratch()
        let input = try write(sample, "a.srt", in: dir)
        expectTrue(try CommandRunner.run(["convert", input, "--to", "docx"]).status == 64)
        expectTrue(try CommandRunner.run(["convert", input]).status == 64) // stdout needs --to
        expectTrue(try CommandRunner.run(["convert", input, "--to", "json", "--encoding", "klingon"]).status == 64)
        expectTrue(try CommandRunner.run(["convert", input, "--bogus"]).status == 64)
    }

    @Test func neverOverwritesTheInputNorLeavesPartialFiles() throws {
        let dir = try CommandRunner.scratch()
        let input = try write(sample, "same.json", in: dir)
        let r = try CommandRunner.run(["convert", input, "-o", input, "--from", "srt"])
        expectEqual(r.status, 73)
        expectTrue(try String(contentsOfFile: input, encoding: .utf8) == sample)
        let noDir = try CommandRunner.run(["convert", input, "--from", "srt", "-o", dir.path + "/missing/out.json"])
        expectEqual(noDir.status, 73)

        // A failed conversion leaves an existing output untouched, and no temporary file behind.
        let output = try write("previous", "out.json", in: dir)
        let bad = try write("nothing here", "bad.srt", in: dir)
        expectTrue(try CommandRunner.run(["convert", bad, "-o", output]).status == 65)
        expectTrue(try String(contentsOfFile: output, encoding: .utf8) == "previous")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        expectTrue(leftovers.isEmpty)
    }
}
