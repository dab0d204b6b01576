import Foundation
import CaptionExpectations
import Testing

/// Many files in one run: `captions convert A B ... --to F [-d DIR]` and `captions check A B ...`.
@Suite struct BatchConvertTests {
    /// A small SRT whose cues differ with `n`, so each output is its own.
    static func srt(_ n: Int) -> String {
        (1...4).map { k in
            let start = 1000 * (2 * k + n)
            return "\(k)\n00:00:\(String(format: "%02d", start / 1000)),000 --> 00:00:\(String(format: "%02d", start / 1000 + 1)),500\nFile \(n), <i>cue</i> \(k)\n"
        }.joined(separator: "\n")
    }

    @discardableResult
    static func write(_ text: String, _ name: String, in dir: URL) throws -> String {
        let path = dir.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func files(in dir: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
    }

    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

    @Test func severalFilesBesideTheirInputsAreWhatSingleRunsWrite() throws {
        let dir = try CommandRunner.scratch()
        var inputs = try (1...5).map { try Self.write(Self.srt($0), "ep\($0).srt", in: dir) }
        // A warning per file, naming its file and line, as a single run gives it.
        inputs.append(try Self.write(Self.srt(6) + "\n9\n00:00:40,000 --> 00:00:30,000\nBackwards\n", "warn.srt", in: dir))
        let r = try CommandRunner.run(["convert"] + inputs + ["--to", "vtt"])
        expectEqual(r.status, 0, "\(r.stderr)")
        expectTrue(r.stdout.isEmpty)
        expectEqual(Self.lines(r.stderr).count, 1)
        expectTrue(r.stderr.hasPrefix("captions: warning: \(inputs[5]): line 18: end time"))

        let single = dir.appendingPathComponent("single")
        try FileManager.default.createDirectory(at: single, withIntermediateDirectories: true)
        for input in inputs {
            let name = ((input as NSString).lastPathComponent as NSString).deletingPathExtension + ".vtt"
            let alone = try CommandRunner.run(["convert", input, "-o", single.appendingPathComponent(name).path])
            expectEqual(alone.status, 0)
            let batch = try Data(contentsOf: dir.appendingPathComponent(name))
            expectEqual(batch, (try Data(contentsOf: single.appendingPathComponent(name))), "\(name)")
        }
        expectTrue(try Self.files(in: dir).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test func dashDWritesIntoAFolderItMakes() throws {
        let dir = try CommandRunner.scratch()
        let a = try Self.write(Self.srt(1), "a/talk.srt", in: dir), b = try Self.write(Self.srt(2), "b/intro.en.srt", in: dir)
        let out = dir.appendingPathComponent("out/json")
        let r = try CommandRunner.run(["convert", a, b, "--to", "json", "-d", out.path])
        expectEqual(r.status, 0, "\(r.stderr)")
        expectTrue(try Self.files(in: out) == ["talk.json", "intro.en.json"])
        expectTrue(try Self.files(in: dir.appendingPathComponent("a")) == ["talk.srt"])
        let alone = try CommandRunner.run(["convert", b, "--to", "json"])
        expectTrue(try String(contentsOf: out.appendingPathComponent("intro.en.json"), encoding: .utf8) == alone.stdout)
    }

    @Test func aBadFileIsOneLineAndTheGoodOnesAreWritten() throws {
        let dir = try CommandRunner.scratch()
        let good1 = try Self.write(Self.srt(1), "good1.srt", in: dir)
        let bad = try Self.write("Dear diary,\ntoday nothing happened.\n", "bad.srt", in: dir)
        let good2 = try Self.write(Self.srt(2), "good2.srt", in: dir)
        let out = dir.appendingPathComponent("out")
        let r = try CommandRunner.run(["convert", good1, bad, good2, "--to", "vtt", "-d", out.path])
        expectEqual(r.status, 65)
        expectTrue(try Self.files(in: out) == ["good1.vtt", "good2.vtt"])
        let naming = Self.lines(r.stderr).filter { $0.contains("bad.srt") }
        expectEqual(naming.count, 1)
        expectEqual(naming.first?.contains("not a subtitle file"), true)
        expectTrue(!r.stderr.contains("good1") && !r.stderr.contains("good2"))
        expectTrue(r.stderr.contains("1 of 3 files failed"))
    }

    /// The worst code wins: 73 (an output cannot be written) over 66 (missing) over 65 (malformed).
    @Test func theExitStatusIsTheWorstFilesCode() throws {
        let dir = try CommandRunner.scratch()
        let bad = try Self.write("nothing here\n", "bad.srt", in: dir)
        let missing = dir.appendingPathComponent("missing.srt").path
        let good = try Self.write(Self.srt(1), "good.srt", in: dir)
        let out = dir.appendingPathComponent("out")
        let two = try CommandRunner.run(["convert", bad, missing, good, "--to", "srt", "-d", out.path])
        expectEqual(two.status, 66)
        expectEqual(Self.lines(two.stderr).filter { $0.contains("missing.srt: no such file") }.count, 1)
        // The output's name taken by a folder: that file cannot be written (73).
        let blocked = try Self.write(Self.srt(2), "blocked.srt", in: dir)
        try FileManager.default.createDirectory(at: out.appendingPathComponent("blocked.srt"), withIntermediateDirectories: true)
        let three = try CommandRunner.run(["convert", bad, blocked, missing, good, "--to", "srt", "-d", out.path])
        expectEqual(three.status, 73)
        expectEqual(Self.lines(three.stderr).filter { $0.contains("blocked.srt") }.count, 1)
        expectTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("good.srt").path))
    }

    @Test func collisionsAndDashOAreRefusedWithNothingWritten() throws {
        let dir = try CommandRunner.scratch()
        let srt = try Self.write(Self.srt(1), "a.srt", in: dir), vtt = try Self.write("WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n", "a.vtt", in: dir)
        let other = try Self.write(Self.srt(2), "b.srt", in: dir)
        let before = try Self.files(in: dir)

        // a.srt -> a.vtt would overwrite the input a.vtt (and a.vtt would be written onto itself).
        let overwrite = try CommandRunner.run(["convert", other, srt, vtt, "--to", "vtt"])
        expectEqual(overwrite.status, 64)
        expectTrue(overwrite.stderr.contains("\(srt) would be written to \(vtt), overwriting the input \(vtt)"))
        expectTrue(overwrite.stderr.contains("nothing written"))
        expectTrue(try Self.files(in: dir) == before)
        expectTrue(try String(contentsOfFile: vtt, encoding: .utf8) == "WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n")

        // Two inputs with one name in -d: both named, the folder not even made.
        let twin = try Self.write(Self.srt(3), "sub/b.srt", in: dir)
        let out = dir.appendingPathComponent("out")
        let same = try CommandRunner.run(["convert", other, twin, "--to", "json", "-d", out.path])
        expectEqual(same.status, 64)
        expectTrue(same.stderr.contains("\(other) and \(twin) would both be written to \(out.path)/b.json"))
        expectTrue(!FileManager.default.fileExists(atPath: out.path))

        let dashO = try CommandRunner.run(["convert", srt, other, "--to", "vtt", "-o", dir.appendingPathComponent("x.vtt").path])
        expectEqual(dashO.status, 64)
        expectTrue(dashO.stderr.contains("-d DIR"))
        let noTo = try CommandRunner.run(["convert", srt, other, "-d", out.path])
        expectEqual(noTo.status, 64)
        expectTrue(noTo.stderr.contains("--to"))
        expectTrue(try Self.files(in: dir) == before.union(["sub"]))
        expectTrue(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func checkSeveralFilesEachReportedThenASummary() throws {
        let dir = try CommandRunner.scratch()
        let clean = try Self.write(Self.srt(1), "clean.srt", in: dir)
        let fast = try Self.write("1\n00:00:01,000 --> 00:00:02,000\nThis line is read far too quickly to follow\n", "fast.srt", in: dir)
        let r = try CommandRunner.run(["check", clean, fast])
        expectEqual(r.status, 1)
        expectEqual(r.stdout, """
            captions: check: \(clean): 4 captions against netflix: no problems
            \(fast):2: caption 1: line-length: 43 characters (limit 42 characters)
            \(fast):2: caption 1: reading-speed: 43 cps (limit 20 cps)
            captions: check: \(fast): 1 caption against netflix: 2 problems (reading-speed 1, line-length 1)
            captions: check: 2 files, 5 captions against netflix: 2 problems (reading-speed 1, line-length 1) in 1 file

            """)
        // A missing file: one line naming it, the others still checked, the worst code (66).
        let missing = dir.appendingPathComponent("missing.srt").path
        let m = try CommandRunner.run(["check", clean, missing, fast, "--json"])
        expectEqual(m.status, 66)
        expectEqual(Self.lines(m.stderr), ["captions: \(missing): no such file"])
        let object = try JSONSerialization.jsonObject(with: Data(m.stdout.utf8)) as! [String: Any]
        let files = object["files"] as! [[String: Any]]
        expectEqual(files.map { $0["file"] as? String }, [clean, missing, fast])
        expectTrue(files[1]["exit"] as? Int == 66)
        expectEqual((files[2]["problems"] as? [Any])?.count, 2)
        let summary = object["summary"] as! [String: Any]
        expectTrue(summary["files"] as? Int == 3 && summary["checked"] as? Int == 2 && summary["problems"] as? Int == 2)
    }
}
