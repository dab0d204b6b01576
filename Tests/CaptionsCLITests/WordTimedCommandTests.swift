import Foundation
import CaptionExpectations
import Testing

/// `captions convert` on speech-to-text JSON: detection, paging, writing words back out, and bad input.
@Suite struct WordTimedCommandTests {
    static let corpus = CommandRunner.packageRoot.appendingPathComponent("Corpus/word-timed")

    @Test func whisperXPagesIntoTwoSentencesAndKeepsEveryWordInJSON() throws {
        let path = Self.corpus.appendingPathComponent("whisperx.json").path
        let srt = try CommandRunner.run(["convert", path, "--to", "srt"])
        expectEqual(srt.status, 0)
        expectEqual(srt.stdout, "1\n00:00:00,000 --> 00:00:02,400\nSo today we're testing 3 caption styles.\n\n2\n00:00:03,100 --> 00:00:03,620\nLet's go!\n\n")
        let json = try CommandRunner.run(["convert", path, "--to", "json"])
        let events = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["events"] as? [[String: Any]])
        let words = events.flatMap { $0["words"] as? [[String: Any]] ?? [] }
        expectEqual(words.compactMap { $0["text"] as? String }, ["So", "today", "we're", "testing", "3", "caption", "styles.", "Let's", "go!"])
        expectTrue(words[4]["interpolated"] as? Bool == true)
        expectTrue(words[7]["speaker"] as? String == "SPEAKER_01")
    }

    @Test func pagingFlagsShapeThePages() throws {
        let path = Self.corpus.appendingPathComponent("deepgram.json").path
        let r = try CommandRunner.run(["convert", path, "--to", "vtt", "--max-words", "3", "--word-timestamps"])
        expectEqual(r.status, 0)
        let cues = r.stdout.components(separatedBy: "\n\n").filter { $0.contains("-->") }
        expectEqual(cues.count, 4) // 3 + 3 + 1 (sentence end) + 2
        expectEqual(cues[0], "00:00:00.000 --> 00:00:00.700\nSo <00:00:00.180>today <00:00:00.520>we're")
        let lines = try CommandRunner.run(["convert", path, "--to", "srt", "--max-chars", "16"])
        expectTrue(lines.stdout.contains("00:00:00,000 --> 00:00:01,100\nSo today\nwe're testing\n"))
    }

    @Test func forcingAFormatAndAnUnknownShape() throws {
        let dir = try CommandRunner.scratch()
        let unknown = dir.appendingPathComponent("unknown.json")
        try Data(#"{"transcript": [{"w": "hi", "t": 1}]}"#.utf8).write(to: unknown)
        let r = try CommandRunner.run(["convert", unknown.path, "--to", "srt"])
        expectEqual(r.status, 65)
        expectTrue(r.stderr.contains("WhisperX") && r.stderr.contains("Deepgram") && r.stderr.contains("AssemblyAI"))
        let forced = try CommandRunner.run(["convert", Self.corpus.appendingPathComponent("deepgram.json").path, "--from", "whisperx", "--to", "srt"])
        expectEqual(forced.status, 65)
        expectTrue(try CommandRunner.run(["convert", unknown.path, "--to", "whisperx"]).status == 64)
    }

    @Test func badWordsAreNamedAndTruncatedJSONIsALine() throws {
        let dir = try CommandRunner.scratch()
        let bad = dir.appendingPathComponent("bad.json")
        try Data("""
        {"segments": [{"start": 0, "end": 3, "text": "a b c d", "words": [
          {"word": "a", "start": 0.0, "end": 0.5},
          {"word": "b", "start": NaN, "end": 1.0},
          {"word": "c", "start": -2, "end": 1.5},
          {"word": "d", "start": 2.5, "end": 2.0}]}],
         "word_segments": []}
        """.utf8).write(to: bad)
        let r = try CommandRunner.run(["convert", bad.path, "--to", "json"])
        expectEqual(r.status, 0)
        expectTrue(r.stderr.contains("segments[0].words[1]: 'b' has start nan"))
        expectTrue(r.stderr.contains("segments[0].words[2]: 'c' has a negative start"))
        expectTrue(r.stderr.contains("segments[0].words[3]: 'd' ends"))
        expectTrue(try CommandRunner.run(["convert", bad.path, "--to", "json", "--strict"]).status == 65)

        let truncated = dir.appendingPathComponent("cut.json")
        let whole = try Data(contentsOf: Self.corpus.appendingPathComponent("whisperx.json"))
        try whole.prefix(whole.count / 2).write(to: truncated)
        let t = try CommandRunner.run(["convert", truncated.path, "--to", "srt"])
        expectEqual(t.status, 65)
        expectTrue(t.stderr.contains("not valid JSON: line "))
        expectTrue(t.stderr.contains("truncated"))
    }

    /// A 50 MB WhisperX file with a NaN deep inside converts, names the word, and does not crash.
    @Test func fiftyMegabytesOfWords() throws {
        let dir = try CommandRunner.scratch()
        let big = dir.appendingPathComponent("big.json")
        var text = #"{"segments": ["#
        var t = 0.0, n = 0
        while text.utf8.count < 50_000_000 {
            if n > 0 { text += "," }
            text += #"{"start": \#(t), "end": \#(t + 2.0), "text": "x", "words": ["#
            for k in 0..<8 {
                let start = n == 40_000 && k == 3 ? "NaN" : String(t)
                text += (k > 0 ? "," : "") + #"{"word": " w\#(k)", "start": \#(start), "end": \#(t + 0.2), "score": 0.9}"#
                t += 0.25
            }
            text += "]}"
            n += 1
        }
        text += #"], "word_segments": []}"#
        try Data(text.utf8).write(to: big)
        let r = try CommandRunner.run(["convert", big.path, "-o", dir.appendingPathComponent("big.srt").path])
        expectEqual(r.status, 0)
        expectTrue(r.stderr.contains("segments[40000].words[3]: 'w3' has start nan"))
        let srt = try String(contentsOf: dir.appendingPathComponent("big.srt"), encoding: .utf8)
        expectTrue(srt.components(separatedBy: "-->").count > 10_000)
        try? FileManager.default.removeItem(at: dir)
    }
}
