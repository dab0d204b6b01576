import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// `captions align --audio` and `--align-audio` as users run them: captions without word timings and a
/// recording of their words (espeak-ng's command line, in another voice and speed than the aligner's).
@Suite struct AlignAudioCommandTests {
    static let text = "The morning train was late again, so we walked along the river instead."

    /// A WAV of `text` spoken after `lead` seconds of silence, and an SRT cue around it.
    static func inputs(_ dir: URL, lead: Double = 1.5) throws -> (wav: String, srt: String) {
        let speech = dir.appendingPathComponent("speech.wav").path, wav = dir.appendingPathComponent("voice.wav").path
        try run("/usr/bin/espeak-ng", ["-v", "en-us", "-s", "150", "-w", speech, text])
        try run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", speech, "-af", "adelay=\(Int(lead * 1000)),apad=pad_dur=1", wav])
        let srt = dir.appendingPathComponent("cues.srt").path
        try "1\n00:00:01,300 --> 00:00:06,500\n\(text)\n".write(toFile: srt, atomically: true, encoding: .utf8)
        return (wav, srt)
    }

    static func run(_ program: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        expectEqual(process.terminationStatus, 0, "\(program) \(arguments)")
    }

    static func words(_ path: String) throws -> [(text: String, start: Int, end: Int, interpolated: Bool)] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        return (object["events"] as! [[String: Any]]).flatMap { ($0["words"] as? [[String: Any]]) ?? [] }.map {
            ($0["text"] as! String, $0["start"] as! Int, $0["end"] as! Int, ($0["interpolated"] as? Bool) ?? false)
        }
    }

    @Test func captionsGetTheirWordsFromTheSpeech() throws {
        let dir = try CommandRunner.scratch()
        let (wav, srt) = try Self.inputs(dir)
        let out = dir.appendingPathComponent("timed.json").path
        let r = try CommandRunner.run(["align", srt, "--audio", wav, "-o", out])
        expectEqual(r.status, 0, "\(r.stderr)")
        expectTrue(r.stdout.hasPrefix("captions: align: 13 words timed from the speech (13 by the speech model), 0 interpolated"), "\(r.stdout)")
        let words = try Self.words(out)
        expectEqual(words.map(\.text), Self.text.split(separator: " ").map(String.init))
        expectEqual(words.map(\.start), words.map(\.start).sorted())
        expectTrue(words.allSatisfy { $0.start >= 1_300 && $0.end <= 6_500 && !$0.interpolated })
        // The first word starts where the sound does (the first 10 ms louder than -40 dBFS).
        let audio = try AudioSamples.read(wav, sampleRate: 16_000)
        let onset = try #require(audio.samples.firstIndex { abs($0) > 0.01 }) * 1000 / 16_000
        expectTrue(abs(words[0].start - onset) <= 50, "first word at \(words[0].start) ms, sound at \(onset) ms")
        // The last word starts in the last second of speech, not where an even share would put it.
        let end = try #require(audio.samples.lastIndex { abs($0) > 0.01 }) * 1000 / 16_000
        expectTrue(words.last!.start > end - 1_000 && words.last!.start < end - 200, "'instead.' at \(words.last!.start), speech ends \(end)")
    }

    /// `--aligner warping` leaves the speech model out; a method that does not exist is a usage error.
    @Test func theAlignerCanBeChosen() throws {
        let dir = try CommandRunner.scratch()
        let (wav, srt) = try Self.inputs(dir)
        let out = dir.appendingPathComponent("warped.json").path
        let r = try CommandRunner.run(["align", srt, "--audio", wav, "--aligner", "warping", "-o", out])
        expectEqual(r.status, 0, "\(r.stderr)")
        expectTrue(r.stdout.hasPrefix("captions: align: 13 words timed from the speech, 0 interpolated"), "\(r.stdout)")
        expectEqual(try Self.words(out).count, 13)
        let bad = try CommandRunner.run(["align", srt, "--audio", wav, "--aligner", "neural", "-o", out + ".x"])
        expectTrue(bad.status == 64 && bad.stderr.contains("neural"), "\(bad.stderr)")
    }

    @Test func aPlainScriptIsTimedAndPaged() throws {
        let dir = try CommandRunner.scratch()
        let (wav, _) = try Self.inputs(dir, lead: 0.8)
        let script = dir.appendingPathComponent("script.txt").path
        try (Self.text + "\n").write(toFile: script, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("timed.json").path
        let r = try CommandRunner.run(["align", script, "--audio", wav, "--voice", "en-us", "-o", out])
        expectEqual(r.status, 0, "\(r.stderr)")
        let words = try Self.words(out)
        expectEqual(words.count, 13)
        expectTrue(abs(words[0].start - 800) <= 60, "first word at \(words[0].start)")
    }

    @Test func renderAlignsOnTheFlyAsAlignDoes() throws {
        let dir = try CommandRunner.scratch()
        let (wav, srt) = try Self.inputs(dir)
        let timed = dir.appendingPathComponent("timed.json").path
        expectTrue(try CommandRunner.run(["align", srt, "--audio", wav, "-o", timed]).status == 0)
        // A time when the speech and the length-proportional estimate (the cue shared by character
        // counts) are on different words: halfway between the two starts of the word they disagree on
        // most (one of them has reached it, the other has not).
        let words = try Self.words(timed)
        let counts = words.map { $0.text.count }, total = counts.reduce(0, +)
        let estimated = counts.indices.map { 1_300 + 5_200 * counts[..<$0].reduce(0, +) / total }
        let k = try #require(words.indices.max { abs(words[$0].start - estimated[$0]) < abs(words[$1].start - estimated[$1]) })
        expectTrue(abs(words[k].start - estimated[k]) > 100)
        let at = String(format: "%.3f", Double(words[k].start + estimated[k]) / 2000)
        let onTheFly = dir.appendingPathComponent("fly.png").path, fromFile = dir.appendingPathComponent("file.png").path
        let plain = dir.appendingPathComponent("plain.png").path
        let common = ["--at", at, "--preset", "highlight-by-word", "--size", "270x480"]
        let r = try CommandRunner.run(["render", srt, "--align-audio", wav, "-o", onTheFly] + common)
        expectEqual(r.status, 0, "\(r.stderr)")
        expectTrue(r.stderr.contains("13 words timed from the speech"))
        expectTrue(try CommandRunner.run(["render", timed, "-o", fromFile] + common).status == 0)
        expectTrue(try CommandRunner.run(["render", srt, "-o", plain] + common).status == 0)
        let (a, b, c) = try (Data(contentsOf: URL(fileURLWithPath: onTheFly)), Data(contentsOf: URL(fileURLWithPath: fromFile)), Data(contentsOf: URL(fileURLWithPath: plain)))
        expectEqual(a, b)
        expectTrue(a != c)
    }

    @Test func errors() throws {
        let dir = try CommandRunner.scratch()
        let (wav, srt) = try Self.inputs(dir)
        let out = dir.appendingPathComponent("o.json").path
        let both = try CommandRunner.run(["align", srt, srt, "--audio", wav, "-o", out])
        expectEqual(both.status, 64)
        let neither = try CommandRunner.run(["align", srt, "-o", out])
        expectEqual(neither.status, 64)
        let voice = try CommandRunner.run(["align", srt, "--audio", wav, "--voice", "xx-nothing", "-o", out])
        expectTrue(voice.status == 66 && voice.stderr.contains("xx-nothing"), "\(voice.stderr)")
        let missing = try CommandRunner.run(["align", srt, "--audio", dir.appendingPathComponent("none.wav").path, "-o", out])
        expectEqual(missing.status, 66, "\(missing.stderr)")
        expectTrue(!FileManager.default.fileExists(atPath: out))
    }
}

extension AlignAudioCommandTests {
    @Test func burnTimesTheWordsFromItsOwnVideo() throws {
        let dir = try CommandRunner.scratch()
        let (wav, srt) = try Self.inputs(dir)
        let clip = dir.appendingPathComponent("clip.mp4").path, out = dir.appendingPathComponent("burned.mp4").path
        try Self.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=black:s=180x320:r=10:d=7.5", "-i", wav,
                                         "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest", clip])
        let r = try CommandRunner.run(["burn", clip, srt, "--align-audio", "--align-voice", "en", "--preset", "highlight-by-word", "-o", out])
        expectEqual(r.status, 0, "\(r.stderr)")
        expectTrue(r.stderr.contains("word timings from \(clip): 13 words timed from the speech (13 by the speech model), 0 interpolated"), "\(r.stderr)")
        expectTrue(FileManager.default.fileExists(atPath: out))
    }
}
