import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// `burn --closed-captions`: the output's H.264 carries CEA-608 captions as A/53 side data beside the
/// burned ones. ffmpeg's own 608 decoder (lavfi `movie=OUT[out+subcc]`) is the independent reader;
/// the toolkit's reader (`convert OUT --cc CC1`) must agree with it and with the source.
@Suite struct ClosedCaptionBurnTests {
    static let source = CommandRunner.packageRoot.appendingPathComponent("Corpus/broadcast/roundtrip.srt").path

    /// 16 s clips at 29.97 and at 25 frames a second.
    static let clips = SharedFolder { dir in
        for (name, rate) in [("ntsc.mp4", "30000/1001"), ("pal.mp4", "25")] {
            guard try FFmpeg.run(["-f", "lavfi", "-i", "testsrc=size=320x240:rate=\(rate):duration=16", "-pix_fmt", "yuv420p",
                                  "-c:v", "libx264", "-preset", "ultrafast", dir.appendingPathComponent(name).path]) == 0 else {
                throw SharedFolder.Failure(description: "ffmpeg could not make \(name)")
            }
        }
    }

    /// The source's cues as 608 shows them: tags gone, rows joined by spaces.
    static func normalized(_ cues: [MuxCommandTests.Cue]) -> [MuxCommandTests.Cue] {
        cues.map { cue in
            var c = cue
            c.text = cue.text.replacingOccurrences(of: "\\h", with: " ").replacingOccurrences(of: "’", with: "'")
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return c
        }
    }

    static func ffmpegCaptions(_ video: String, field: String = "first", in dir: URL) throws -> [MuxCommandTests.Cue] {
        let srt = dir.appendingPathComponent("ffmpeg-\(field).srt").path
        expectTrue(try FFmpeg.run(["-data_field", field, "-f", "lavfi", "-i", "movie=\(video)[out+subcc]", "-map", "0:1", srt]) == 0)
        return normalized(MuxCommandTests.cues(srt: try String(contentsOfFile: srt, encoding: .utf8)))
    }

    /// Same texts; every start and end within one video frame of the source's (a caption is never
    /// late: its EOC goes in the frame that shows its start, at most a frame early).
    static func expectMatches(_ got: [MuxCommandTests.Cue], _ want: [MuxCommandTests.Cue], frame: Int, _ what: String) {
        expectEqual(got.map(\.text), want.map(\.text), "\(what): \(got) vs \(want)")
        for (g, w) in zip(got, want) {
            expectTrue(g.start <= w.start + 1 && w.start - g.start <= frame, "\(what): \(g) starts off \(w)")
            expectTrue(abs(g.end - w.end) <= frame, "\(what): \(g) ends off \(w)")
        }
    }

    @Test(arguments: [("ntsc.mp4", 34), ("pal.mp4", 40)])
    func burnedClosedCaptionsReadBackByFFmpegAndTheToolkit(clip: String, frame: Int) throws {
        let dir = try CommandRunner.scratch()
        let video = try Self.clips.url.appendingPathComponent(clip).path
        let out = dir.appendingPathComponent("out.mp4").path
        let burn = try CommandRunner.run(["burn", video, Self.source, "-o", out, "--closed-captions", Self.source, "--quiet", "--encoder-preset", "ultrafast"])
        expectEqual(burn.status, 0, "\(burn.stderr)")
        let want = Self.normalized(MuxCommandTests.cues(srt: try String(contentsOfFile: Self.source, encoding: .utf8)))
        Self.expectMatches(try Self.ffmpegCaptions(out, in: dir), want, frame: frame, "\(clip) through ffmpeg")
        let ours = try CommandRunner.run(["convert", out, "--cc", "CC1", "--to", "srt"])
        expectEqual(ours.status, 0, "\(ours.stderr)")
        Self.expectMatches(Self.normalized(MuxCommandTests.cues(srt: ours.stdout)), want, frame: frame, "\(clip) through the toolkit")
    }

    /// CC3 travels in field 2, where ffmpeg's decoder finds it with `-data_field second`.
    @Test func channelThreeGoesInFieldTwo() throws {
        let dir = try CommandRunner.scratch()
        let out = dir.appendingPathComponent("cc3.mp4").path
        let burn = try CommandRunner.run(["burn", try Self.clips.url.appendingPathComponent("ntsc.mp4").path, Self.source, "-o", out,
                                          "--closed-captions", Self.source, "--channel", "CC3", "--quiet", "--encoder-preset", "ultrafast"])
        expectEqual(burn.status, 0, "\(burn.stderr)")
        let want = Self.normalized(MuxCommandTests.cues(srt: try String(contentsOfFile: Self.source, encoding: .utf8)))
        Self.expectMatches(try Self.ffmpegCaptions(out, field: "second", in: dir), want, frame: 34, "CC3 through ffmpeg")
        let listed = try CommandRunner.run(["tracks", out])
        expectTrue(listed.stdout.contains("CC3") && !listed.stdout.contains("CC1"), "\(listed.stdout)")
    }

    /// HEVC from FFmpeg 5.1's libx265 would carry no captions at all: refused before anything is written.
    @Test func anEncoderThatCannotCarryThemIsRefused() throws {
        let dir = try CommandRunner.scratch()
        let out = dir.appendingPathComponent("out.mp4").path
        let r = try CommandRunner.run(["burn", try Self.clips.url.appendingPathComponent("ntsc.mp4").path, Self.source, "-o", out,
                                       "--closed-captions", Self.source, "--codec", "h265", "--quiet"])
        expectTrue(r.status == 64 && r.stderr.contains("libx265") && r.stderr.contains("--codec h264"), "\(r.stderr)")
        expectTrue(!FileManager.default.fileExists(atPath: out))
        let stray = try CommandRunner.run(["burn", try Self.clips.url.appendingPathComponent("ntsc.mp4").path, Self.source, "-o", out, "--channel", "CC1"])
        expectTrue(stray.status == 64 && stray.stderr.contains("--closed-captions"), "\(stray.stderr)")
    }
}
