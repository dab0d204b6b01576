import Foundation
import CaptionExpectations
import Testing

/// `captions align` as users run it: a transcript with words inserted, deleted and replaced, and a
/// caption file a person edited, put back onto WhisperX's word timings.
@Suite struct AlignCommandTests {
    static let whisperx = CommandRunner.packageRoot.appendingPathComponent("Corpus/word-timed/whisperx.json").path

    static func words(_ json: String) throws -> [(text: String, start: Int, end: Int, interpolated: Bool)] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        return (object["events"] as! [[String: Any]]).flatMap { ($0["words"] as? [[String: Any]]) ?? [] }.map {
            ($0["text"] as! String, $0["start"] as! Int, $0["end"] as! Int, ($0["interpolated"] as? Bool) ?? false)
        }
    }

    @Test func plainTranscriptKeepsTheTimesOfEveryUnchangedWord() throws {
        let dir = try CommandRunner.scratch()
        // WhisperX heard "So today we're testing 3 caption styles. Let's go!"; the person fixed it to:
        let transcript = dir.appendingPathComponent("fixed.txt").path
        try "So today we are testing three caption styles. Go!\n".write(toFile: transcript, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out.json").path
        let r = try CommandRunner.run(["align", transcript, Self.whisperx, "-o", out])
        expectEqual(r.status, 0, "\(r.stderr)")
        expectEqual(r.stdout, "captions: align: 6 words matched, 2 changed, 1 inserted, 1 deleted (9 transcript words, 9 timed words)\n")
        let original = try Self.words(CommandRunner.run(["convert", Self.whisperx, "--to", "json"]).stdout)
        let aligned = try Self.words(String(contentsOfFile: out, encoding: .utf8))
        expectEqual(aligned.map(\.text), ["So", "today", "we", "are", "testing", "three", "caption", "styles.", "Go!"])
        for word in ["So", "today", "testing", "caption"] {
            let a = aligned.first { $0.text == word }!, o = original.first { $0.text == word }!
            expectTrue(a.start == o.start && a.end == o.end && !a.interpolated, "\(word)")
        }
        // "go!" matched ("Let's" deleted); "we're" became "we are", spread over its time and marked.
        expectTrue(aligned[8].start == original[8].start && aligned[8].end == original[8].end)
        expectTrue(aligned[2].start == original[2].start && aligned[3].end == original[2].end && aligned[2].interpolated)
    }

    @Test func editedCaptionsKeepTheirCuesAndTheKaraokeOfUnchangedWords() throws {
        let dir = try CommandRunner.scratch()
        let edited = dir.appendingPathComponent("edited.srt").path
        try "1\n00:00:00,000 --> 00:00:02,400\nSo today we're testing\nthree caption looks.\n\n2\n00:00:03,100 --> 00:00:03,620\nLet's go!\n"
            .write(toFile: edited, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("karaoke.vtt").path
        let r = try CommandRunner.run(["align", edited, Self.whisperx, "-o", out])
        expectEqual(r.status, 0, "\(r.stderr)")
        expectTrue(r.stdout.hasPrefix("captions: align: 7 words matched, 2 changed, 0 inserted, 0 deleted"))
        let expected = "WEBVTT\n\n00:00:00.000 --> 00:00:02.400\n"
            + "So <00:00:00.180>today <00:00:00.520>we're <00:00:00.700>testing\n<00:00:01.100>three <00:00:01.400>caption <00:00:01.820>looks.\n\n"
            + "00:00:03.100 --> 00:00:03.620\nLet's <00:00:03.300>go!\n\n"
        expectTrue(try String(contentsOfFile: out, encoding: .utf8) == expected)
    }

    @Test func errors() throws {
        let dir = try CommandRunner.scratch()
        let transcript = dir.appendingPathComponent("t.txt").path
        try "hello".write(toFile: transcript, atomically: true, encoding: .utf8)
        let srt = CommandRunner.packageRoot.appendingPathComponent("Corpus/samples/sintel_en.srt").path
        let noWords = try CommandRunner.run(["align", transcript, srt, "-o", dir.appendingPathComponent("o.json").path])
        expectEqual(noWords.status, 65)
        expectTrue(noWords.stderr.contains("no word timings to align onto"))
        let missing = try CommandRunner.run(["align", dir.appendingPathComponent("none.txt").path, Self.whisperx, "-o", dir.appendingPathComponent("o.json").path])
        expectEqual(missing.status, 66)
        let onto = try CommandRunner.run(["align", transcript, Self.whisperx, "-o", transcript, "--to", "json"])
        expectEqual(onto.status, 73)
        expectTrue(try String(contentsOfFile: transcript, encoding: .utf8) == "hello")
    }
}
