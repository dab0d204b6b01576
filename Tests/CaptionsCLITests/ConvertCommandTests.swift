import Foundation
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
        #expect(r.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let events = json?["events"] as? [[String: Any]]
        #expect(events?.count == 2)
        #expect(events?.first?["start"] as? Int == 1000)
        #expect(events?.first?["end"] as? Int == 2500)
        #expect(events?.first?["text"] as? String == "Hello world")
        #expect(events?.first?["source_text"] as? String == "<i>Hello</i> world")
        #expect(r.stderr.isEmpty)
    }

    @Test func stdinInAndFormatFromTheOutputExtension() throws {
        let dir = try CommandRunner.scratch()
        let output = dir.appendingPathComponent("out.json").path
        let r = try CommandRunner.run(["convert", "-", "-o", output], stdin: Data(sample.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        let back = try CommandRunner.run(["convert", output, "--to", "srt"])
        #expect(back.status == 0)
        #expect(back.stdout == "1\n00:00:01,000 --> 00:00:02,500\n<i>Hello</i> world\n\n2\n00:00:03,000 --> 00:00:04,000\nBye\n\n")
    }

    @Test func missingInputIs66() throws {
        let r = try CommandRunner.run(["convert", "/nonexistent/x.srt", "--to", "json"])
        #expect(r.status == 66)
        #expect(r.stderr.contains("/nonexistent/x.srt: no such file"))
    }

    @Test func notSubtitlesIs65WithOneSentence() throws {
        let dir = try CommandRunner.scratch()
        var mp4 = Data([0, 0, 0, 0x20]) + Data("ftypisom".utf8)
        mp4.append(Data(repeating: 0, count: 200))
        let video = dir.appendingPathComponent("clip.srt")
        try mp4.write(to: video)
        let r = try CommandRunner.run(["convert", video.path, "--to", "json"])
        #expect(r.status == 65)
        #expect(r.stderr.contains("MP4"))
        #expect(r.stderr.split(separator: "\n").count == 1)
        let empty = try write("", "empty.srt", in: dir)
        let e = try CommandRunner.run(["convert", empty, "--to", "json"])
        #expect(e.status == 65)
        #expect(e.stderr.contains("is empty"))
        let prose = try write("Dear diary,\ntoday nothing happened.\n", "notes.txt", in: dir)
        let p = try CommandRunner.run(["convert", prose, "--to", "json"])
        #expect(p.status == 65)
        #expect(p.stderr.contains("not a subtitle file"))
        #expect(p.stdout.isEmpty)
    }

    @Test func warningsNameTheLineAndStrictFailsWithoutWriting() throws {
        let dir = try CommandRunner.scratch()
        let input = try write(sample + "\n3\n00:00:09,000 --> 00:00:05,000\nBackwards\n", "w.srt", in: dir)
        let lenient = try CommandRunner.run(["convert", input, "--to", "json"])
        #expect(lenient.status == 0)
        #expect(lenient.stderr.contains("w.srt: line 10: end time"))
        let output = dir.appendingPathComponent("strict.json")
        let strict = try CommandRunner.run(["convert", input, "-o", output.path, "--strict"])
        #expect(strict.status == 65)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func usageErrorsAre64() throws {
        let dir = try CommandRunner.scratch()
        let input = try write(sample, "a.srt", in: dir)
        #expect(try CommandRunner.run(["convert", input, "--to", "docx"]).status == 64)
        #expect(try CommandRunner.run(["convert", input]).status == 64) // stdout needs --to
        #expect(try CommandRunner.run(["convert", input, "--to", "json", "--encoding", "klingon"]).status == 64)
        #expect(try CommandRunner.run(["convert", input, "--bogus"]).status == 64)
    }

    @Test func neverOverwritesTheInputNorLeavesPartialFiles() throws {
        let dir = try CommandRunner.scratch()
        let input = try write(sample, "same.json", in: dir)
        let r = try CommandRunner.run(["convert", input, "-o", input, "--from", "srt"])
        #expect(r.status == 73)
        #expect(try String(contentsOfFile: input, encoding: .utf8) == sample)
        let noDir = try CommandRunner.run(["convert", input, "--from", "srt", "-o", dir.path + "/missing/out.json"])
        #expect(noDir.status == 73)

        // A failed conversion leaves an existing output untouched, and no temporary file behind.
        let output = try write("previous", "out.json", in: dir)
        let bad = try write("nothing here", "bad.srt", in: dir)
        #expect(try CommandRunner.run(["convert", bad, "-o", output]).status == 65)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "previous")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }
}
