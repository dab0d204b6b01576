import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// `captions sync` as users run it: captions off by seconds come back onto the speech of a video made
/// from espeak-ng speech at known times; the words move with them; an unclear match writes nothing.
@Suite struct SyncCommandTests {
    struct Clip: Sendable {
        var folder: URL
        var video: String
        var truth: [SpokenCaptions.Cue]
    }

    /// An MP4 (H.264 + AAC) whose sound is the 26 captions spoken from 32 s on, made once.
    static let clip = Result<Clip, any Error> {
        let dir = try CommandRunner.scratch()
        let spoken = try SpokenCaptions.make(sampleRate: 16_000)
        let wav = dir.appendingPathComponent("speech.wav").path, video = dir.appendingPathComponent("speech.mp4").path
        try spoken.writeWAV(to: wav)
        let ffmpeg = try CommandRunner.run(["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=gray:s=96x54:r=25", "-i", wav, "-shortest",
                                            "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", video],
                                           program: URL(fileURLWithPath: "/usr/bin/ffmpeg"))
        guard ffmpeg.status == 0 else { throw SharedFolder.Failure(description: "ffmpeg: \(ffmpeg.stderr)") }
        return Clip(folder: dir, video: video, truth: spoken.truth)
    }

    /// The cue start times of an SRT or WebVTT file, in ms.
    static func starts(_ path: String) throws -> [Int] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").filter { $0.contains("-->") }.map { Self.ms(String($0.prefix { $0 != " " })) }
    }

    static func ms(_ stamp: String) -> Int {
        let parts = stamp.replacingOccurrences(of: ",", with: ".").split(separator: ":")
        let seconds = Double(parts.last!)!
        let minutes = Int(parts[parts.count - 2])!, hours = parts.count == 3 ? Int(parts[0])! : 0
        return hours * 3_600_000 + minutes * 60_000 + Int((seconds * 1000).rounded())
    }

    @Test func captionsSevenSecondsLateComeBackToTheSpeech() throws {
        let clip = try Self.clip.get()
        let dir = try CommandRunner.scratch()
        let input = dir.appendingPathComponent("late.srt").path, out = dir.appendingPathComponent("synced.srt").path
        try SpokenCaptions.srt(clip.truth) { $0 + 7_250 }.write(toFile: input, atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["sync", input, "--reference", clip.video, "-o", out])
        expectEqual(r.status, 0, "\(r.stderr)")
        expectTrue(r.stderr.contains("captions: sync: offset -7.2"), "\(r.stderr)")
        expectTrue(r.stderr.contains("frame rate unchanged"))
        let errors = zip(try Self.starts(out), clip.truth).map { abs($0 - $1.start) }
        expectTrue(errors.count == clip.truth.count && errors.allSatisfy { $0 <= 100 }, "\(errors)")
    }

    @Test func wordsMoveWithTheirCaptions() throws {
        let clip = try Self.clip.get()
        let dir = try CommandRunner.scratch()
        // WebVTT karaoke: each caption's words at inline timestamps, all 3 s early.
        var vtt = "WEBVTT\n\n"
        func stamp(_ ms: Int) -> String { String(format: "%02d:%02d:%02d.%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000) }
        for cue in clip.truth {
            let words = cue.text.split(separator: " ")
            let step = (cue.end - cue.start) / words.count
            let body = words.enumerated().map { i, w in i == 0 ? String(w) : "<\(stamp(cue.start - 3_000 + i * step))>\(w)" }.joined(separator: " ")
            vtt += "\(stamp(cue.start - 3_000)) --> \(stamp(cue.end - 3_000))\n\(body)\n\n"
        }
        let input = dir.appendingPathComponent("early.vtt").path, out = dir.appendingPathComponent("synced.vtt").path
        try vtt.write(toFile: input, atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["sync", input, "--reference", clip.video, "-o", out])
        expectEqual(r.status, 0, "\(r.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        // The second word of the first caption: its timestamp moved by the caption's own shift.
        let first = clip.truth[0]
        let step = (first.end - first.start) / first.text.split(separator: " ").count
        let inline = try #require(text.firstMatch(of: /<(\d\d:\d\d:\d\d\.\d\d\d)>/)).output.1
        let cueStart = try #require(try Self.starts(out).first)
        expectEqual(Self.ms(String(inline)) - cueStart, step, "\(text.prefix(300))")
        expectTrue(abs(cueStart - first.start) <= 100)
    }

    @Test func anotherCaptionFileIsATimingReference() throws {
        let clip = try Self.clip.get()
        let dir = try CommandRunner.scratch()
        let reference = dir.appendingPathComponent("right.srt").path, input = dir.appendingPathComponent("off.srt").path
        let out = dir.appendingPathComponent("out.srt").path
        try SpokenCaptions.srt(clip.truth).write(toFile: reference, atomically: true, encoding: .utf8)
        try SpokenCaptions.srt(clip.truth) { $0 - 12_340 }.write(toFile: input, atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["sync", input, "--reference", reference, "-o", out])
        expectEqual(r.status, 0, "\(r.stderr)")
        expectTrue(try Self.starts(out) == clip.truth.map(\.start))
    }

    @Test func anUnclearMatchWritesNothingAndExits65UnlessForced() throws {
        let clip = try Self.clip.get()
        let dir = try CommandRunner.scratch()
        // The same captions at unrelated times.
        var random = SplitMix64(seed: 5)
        var at = 2_000
        let shuffled = clip.truth.map { cue -> SpokenCaptions.Cue in
            var c = cue
            c.end = at + (cue.end - cue.start); c.start = at
            at = c.end + 300 + random.below(3_000)
            return c
        }
        let input = dir.appendingPathComponent("unrelated.srt").path, out = dir.appendingPathComponent("out.srt").path
        try SpokenCaptions.srt(shuffled).write(toFile: input, atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["sync", input, "--reference", clip.video, "-o", out])
        expectEqual(r.status, 65, "\(r.stderr)")
        expectTrue(r.stderr.contains("no clear match with \(clip.video) (confidence"), "\(r.stderr)")
        expectTrue(!FileManager.default.fileExists(atPath: out))
        let forced = try CommandRunner.run(["sync", input, "--reference", clip.video, "-o", out, "--force"])
        expectEqual(forced.status, 0)
        expectTrue(FileManager.default.fileExists(atPath: out))
    }

    @Test func badInputsSayWhatIsWrong() throws {
        let clip = try Self.clip.get()
        let dir = try CommandRunner.scratch()
        let input = dir.appendingPathComponent("in.srt").path
        try SpokenCaptions.srt(clip.truth).write(toFile: input, atomically: true, encoding: .utf8)
        let missing = try CommandRunner.run(["sync", input, "--reference", dir.appendingPathComponent("nope.mp4").path])
        expectEqual(missing.status, 66, "\(missing.stderr)")
        expectTrue(missing.stderr.contains("nope.mp4: no such file"))
        let silent = dir.appendingPathComponent("silent.mp4").path
        _ = try CommandRunner.run(["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=black:s=64x64:r=25:d=1", "-c:v", "libx264", silent],
                                  program: URL(fileURLWithPath: "/usr/bin/ffmpeg"))
        let noAudio = try CommandRunner.run(["sync", input, "--reference", silent])
        expectEqual(noAudio.status, 65)
        expectTrue(noAudio.stderr.contains("\(silent) has no audio stream"), "\(noAudio.stderr)")
        let badReach = try CommandRunner.run(["sync", input, "--reference", clip.video, "--max-offset", "0"])
        expectEqual(badReach.status, 64)
        // Without -o: the report only, nothing written, exit 0.
        let report = try CommandRunner.run(["sync", input, "--reference", clip.video])
        expectEqual(report.status, 0, "\(report.stderr)")
        expectTrue(report.stderr.contains("captions: sync: offset "))
        expectTrue(report.stdout.isEmpty)
    }
}
