import Foundation
import CaptionExpectations
import Testing

/// `captions check` as users run it: the line format, JSON, profiles, --fix, exit codes.
@Suite struct CheckCommandTests {
    static let problems = """
        1
        00:00:01,000 --> 00:00:02,000
        This line is read far too quickly to follow

        2
        00:00:05,000 --> 00:00:05,400
        Short.

        3
        00:00:05,420 --> 00:00:08,000
        One frame later, and then a very long line.

        """

    static func file(_ text: String, _ name: String) throws -> (dir: URL, path: String) {
        let dir = try CommandRunner.scratch()
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (dir, path)
    }

    @Test func oneLinePerProblemNamingFileAndLineThenASummary() throws {
        let (_, path) = try Self.file(Self.problems, "in.srt")
        let r = try CommandRunner.run(["check", path])
        expectEqual(r.status, 1)
        expectEqual(r.stdout, """
            \(path):2: caption 1: line-length: 43 characters (limit 42 characters)
            \(path):2: caption 1: reading-speed: 43 cps (limit 20 cps)
            \(path):6: caption 2: min-duration: 0.4 s (limit 0.833 s)
            \(path):10: caption 3: min-gap: 0 frames (limit 2 frames)
            \(path):10: caption 3: line-length: 43 characters (limit 42 characters)
            captions: check: 3 captions against netflix: 5 problems (reading-speed 1, line-length 2, min-duration 1, min-gap 1)

            """)
        let json = try CommandRunner.run(["check", path, "--json", "--profile", "youtube"])
        expectEqual(json.status, 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let first = (object["problems"] as! [[String: Any]])[0]
        expectTrue(first["cue"] as? Int == 1 && first["line"] as? Int == 2 && first["rule"] as? String == "line-length")
        expectTrue(first["value"] as? Int == 43 && first["limit"] as? Int == 42)
    }

    @Test func fixRepairsWhatItCanAndTheResultChecksClean() throws {
        let (dir, path) = try Self.file(Self.problems.replacingOccurrences(of: "This line is read far too quickly to follow", with: "Slow enough."), "in.srt")
        let out = dir.appendingPathComponent("fixed.vtt").path
        let r = try CommandRunner.run(["check", path, "--fix", "-o", out])
        // Caption 2 cannot be lengthened (caption 3 starts 20 ms after it): still reported, exit 1.
        expectEqual(r.status, 1)
        expectEqual(r.stdout, """
            \(path):10: caption 3: fixed line-length: re-broken into 2 lines of at most 22 characters
            \(path):6: caption 2: fixed min-gap: end moved from 00:00:05.400 to 00:00:05.337
            \(path):6: caption 2: min-duration: 0.337 s (limit 0.833 s)
            captions: check: 3 captions against netflix: 1 problem (min-duration 1); 2 fixes written to \(out)

            """)
        let again = try CommandRunner.run(["check", out])
        expectTrue(again.stdout.hasSuffix("1 problem (min-duration 1)\n"))
        expectTrue(try String(contentsOfFile: out, encoding: .utf8).contains("One frame later, and\nthen a very long line."))
    }

    /// A speech-to-text tool's words are checked as the captions convert pages them into; JSON has no
    /// line numbers, so the lines name the file only.
    @Test func wordTimingsAreCheckedAsPagedCaptions() throws {
        let whisperx = CommandRunner.packageRoot.appendingPathComponent("Corpus/word-timed/whisperx.json").path
        let r = try CommandRunner.run(["check", whisperx])
        expectEqual(r.status, 1)
        expectEqual(r.stdout, "\(whisperx): caption 2: min-duration: 0.52 s (limit 0.833 s)\ncaptions: check: 2 captions against netflix: 1 problem (min-duration 1)\n")
        let json = try CommandRunner.run(["check", whisperx, "--json"])
        expectTrue(json.stdout.contains("{\"cue\": 2, \"line\": null, \"rule\": \"min-duration\", \"value\": 0.52, \"limit\": 0.833, \"unit\": \"s\"}"))
    }

    @Test func exitCodes() throws {
        let (dir, path) = try Self.file("1\n00:00:01,000 --> 00:00:03,000\nFine.\n", "ok.srt")
        expectTrue(try CommandRunner.run(["check", path]).status == 0)
        expectTrue(try CommandRunner.run(["check", dir.appendingPathComponent("none.srt").path]).status == 66)
        let notCaptions = try Self.file("just words\n", "notes.txt")
        expectTrue(try CommandRunner.run(["check", notCaptions.path]).status == 65)
        expectTrue(try CommandRunner.run(["check", path, "--profile", "hbo"]).status == 64)
        expectTrue(try CommandRunner.run(["check", path, "--fix"]).status == 64)
        let badProfile = try Self.file(#"{"line-length": "long"}"#, "p.json")
        let bad = try CommandRunner.run(["check", path, "--profile", badProfile.path])
        expectEqual(bad.status, 65)
        expectTrue(bad.stderr.contains("p.json: line-length: 'long' must be a number"))
        expectTrue(try CommandRunner.run(["check", path, "--profile", dir.appendingPathComponent("missing.json").path]).status == 66)
        let strict = try Self.file(#"{"extends": "netflix", "max-duration": 1.5}"#, "strict.json")
        expectTrue(try CommandRunner.run(["check", path, "--profile", strict.path]).status == 1)
    }

    /// `--spelling`: one line per unknown word at its caption's timing line (labels, SDH and numbers
    /// skipped), the same in JSON, exit 1; a clean file exit 0; a language with no dictionary 64;
    /// with --fix a usage error.
    @Test func spellingListsTheWordsTheDictionaryDoesNotKnow() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let srt = "1\n00:00:01,000 --> 00:00:02,000\nJOHN: I beleive it [door slams]\n\n2\n00:00:03,000 --> 00:00:04,000\n- XYZ 2: The 3rd time, teh end\n"
        try srt.write(to: dir.appendingPathComponent("s.srt"), atomically: true, encoding: .utf8)
        let lines = try CommandRunner.run(["check", "s.srt", "--spelling", "eng"], in: dir)
        expectEqual(lines.status, 1)
        expectEqual(lines.stdout, "s.srt:2: caption 1: spelling: beleive\ns.srt:6: caption 2: spelling: teh\ncaptions: check: 2 captions against en_US: 2 unknown words (2 distinct)\n", "\(lines)")
        let json = try CommandRunner.run(["check", "s.srt", "--spelling", "en_US", "--json"], in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let words = (object?["unknown_words"] as? [[String: Any]])?.map { "\($0["cue"]!) \($0["line"]!) \($0["word"]!)" }
        expectTrue(json.status == 1 && words == ["1 2 beleive", "2 6 teh"], "\(json)")
        try "1\n00:00:01,000 --> 00:00:02,000\nAll spelled right.\n".write(to: dir.appendingPathComponent("ok.srt"), atomically: true, encoding: .utf8)
        let clean = try CommandRunner.run(["check", "ok.srt", "--spelling", "en"], in: dir)
        expectTrue(clean.status == 0 && clean.stdout.contains("no unknown words"), "\(clean)")
        let missing = try CommandRunner.run(["check", "ok.srt", "--spelling", "xx"], in: dir)
        expectTrue(missing.status == 64 && missing.stderr.contains("no Hunspell dictionary"), "\(missing)")
        let fix = try CommandRunner.run(["check", "ok.srt", "--spelling", "eng", "--fix", "-o", "x.srt"], in: dir)
        expectEqual(fix.status, 64, "\(fix)")
    }
}
