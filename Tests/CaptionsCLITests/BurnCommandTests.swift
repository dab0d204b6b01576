import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// `captions burn` as users run it: exit codes, messages, the input never overwritten, and Ctrl-C
/// leaving nothing behind. (Pixels are checked in CaptionVideoTests.)
@Suite struct BurnCommandTests {
    static let captions = CommandRunner.packageRoot.appendingPathComponent("Corpus/word-timed/whisperx.json").path

    static func ffmpeg(_ arguments: [String]) throws {
        try #require(try FFmpeg.run(arguments) == 0, "ffmpeg \(arguments.joined(separator: " "))")
    }

    static func clip(_ path: String, seconds: Int = 1, size: String = "360x640") throws {
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=30", "-f", "lavfi", "-i", "sine", "-t", String(seconds),
                    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", path])
    }

    /// `long.mp4`: `clip` of 20 s at 720x1280, made once per test process for the tests that stop a
    /// burn midway (each signal, a killed manifest task): long enough to still be burning when they act.
    static let longClip = SharedFolder { dir in
        try clip(dir.appendingPathComponent("long.mp4").path, seconds: 20, size: "720x1280")
    }

    @Test func burnsWithStatsAndRefusesToOverwriteItsInput() throws {
        let dir = try CommandRunner.scratch()
        let video = dir.appendingPathComponent("in.mp4").path, out = dir.appendingPathComponent("out.mp4").path
        try Self.clip(video)
        let r = try CommandRunner.run(["burn", video, Self.captions, "-o", out, "--preset", "background-by-word", "--stats", "--crf", "23",
                                       "--encoder-preset", "ultrafast"])
        expectEqual(r.status, 0, "\(r.stderr)")
        expectTrue(r.stdout.contains("burned 30 frames (360x640)") && r.stdout.contains("audio copied"))
        // Not a terminal: plain progress lines, ending at 100%.
        expectTrue(r.stderr.contains("captions: burn: 100%  30/30 frames"))
        expectTrue(FileManager.default.fileExists(atPath: out))

        let before = try Data(contentsOf: URL(fileURLWithPath: video))
        let same = try CommandRunner.run(["burn", video, Self.captions, "-o", video, "--quiet"])
        expectEqual(same.status, 73)
        expectEqual(same.stderr, "captions: \(video): refusing to overwrite the input file\n")
        expectTrue(try Data(contentsOf: URL(fileURLWithPath: video)) == before)

        let quiet = try CommandRunner.run(["burn", video, Self.captions, "-o", out, "--quiet", "--aspect", "1:1", "--fit", "pad"])
        expectTrue(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    /// The two engines burn the same picture: the native renderer and libass drawing the compiled ASS,
    /// both losslessly encoded, compared on the luma of frames with captions (PSNR over the frame;
    /// the captions cover a few percent of it). Frames without captions are identical.
    @Test func libassEngineBurnsWhatTheNativeEngineBurns() throws {
        let dir = try CommandRunner.scratch()
        let video = dir.appendingPathComponent("in.mp4").path
        try Self.clip(video)
        var lumas: [[UInt8]] = []
        for engine in ["native", "libass"] {
            let out = dir.appendingPathComponent("\(engine).mp4").path, raw = dir.appendingPathComponent("\(engine).y").path
            let r = try CommandRunner.run(["burn", video, Self.captions, "-o", out, "--preset", "highlight-by-word", "--engine", engine,
                                           "--crf", "0", "--encoder-preset", "ultrafast", "--quiet"])
            expectEqual(r.status, 0, "\(engine): \(r.stderr)")
            try Self.ffmpeg(["-i", out, "-f", "rawvideo", "-pix_fmt", "gray", raw])
            lumas.append([UInt8](try Data(contentsOf: URL(fileURLWithPath: raw))))
        }
        let frameSize = 360 * 640
        try #require(lumas[0].count == lumas[1].count && lumas[0].count == 30 * frameSize)
        // The first caption starts at 0 and the sample's words fill the clip's one second.
        for frame in [5, 15, 25] {
            var squares = 0.0
            for i in frame * frameSize..<(frame + 1) * frameSize {
                let d = Double(lumas[0][i]) - Double(lumas[1][i])
                squares += d * d
            }
            let psnr = squares == 0 ? Double.infinity : 10 * log10(255 * 255 / (squares / Double(frameSize)))
            expectTrue(psnr >= 40, "frame \(frame): native vs libass engine luma PSNR \(psnr) dB")
        }
    }

    /// SHA-256 (hex) of a video's frames decoded to raw yuv420p by ffmpeg.
    static func decodedHash(_ video: String, in dir: URL) throws -> String {
        let raw = dir.appendingPathComponent(UUID().uuidString + ".yuv").path
        defer { try? FileManager.default.removeItem(atPath: raw) }
        try ffmpeg(["-i", video, "-f", "rawvideo", "-pix_fmt", "yuv420p", raw])
        let process = Process(), out = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [raw]
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(text.prefix(64))
    }

    /// 8-bit SDR input gives the very frames it gave before 10-bit and HDR burning existed: lossless
    /// input and output (crf 0), so the decoded frames are the compositor's, whatever the x264 build.
    /// The hashes were taken with commit a57769c, the last before the HDR work, and taken again when
    /// the simple-shaper fillers (`SimpleShaperFillers`) split words into libass runs and moved some
    /// glyphs by up to 4/64 px (commit 70487b7; the HDR code unchanged since).
    @Test(arguments: [("highlight-by-word", "54b5dcf117895d96298866a0ac28bfec78a084e1358add303a9d5998e47b4a3b"),
                      ("background-by-word", "67923d5c3a8fbfbab7651e162c6b47347efb27980c09b643a72513e06cfc1f9b")])
    func sdrOutputIsWhatItWasBeforeTheHDRWork(preset: String, hash: String) throws {
        let dir = try CommandRunner.scratch()
        let video = dir.appendingPathComponent("in.mp4").path, out = dir.appendingPathComponent("out.mp4").path
        try Self.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=360x640:rate=30", "-t", "2", "-c:v", "libx264", "-crf", "0",
                         "-preset", "ultrafast", "-pix_fmt", "yuv420p", video])
        try #require(try Self.decodedHash(video, in: dir) == "8fc02f055268bff998914d5b9b02b3e1d72a4b008f75a23a8bc2ad29fa9793eb",
                     "ffmpeg's testsrc2 is not the one the hashes were taken with")
        let r = try CommandRunner.run(["burn", video, CompareCommandTests.input, "-o", out, "--preset", preset,
                                       "--crf", "0", "--encoder-preset", "ultrafast", "--quiet"])
        try #require(r.status == 0, "\(r.stderr)")
        expectTrue(try Self.decodedHash(out, in: dir) == hash, "\(preset): the SDR burn's frames changed")
    }

    @Test func badInputsFailWithOneSentence() throws {
        let dir = try CommandRunner.scratch()
        let video = dir.appendingPathComponent("in.mp4").path, out = dir.appendingPathComponent("out.mp4").path
        try Self.clip(video)
        let data = try Data(contentsOf: URL(fileURLWithPath: video))
        let cut = dir.appendingPathComponent("cut.mp4").path
        try data.prefix(data.count / 3).write(to: URL(fileURLWithPath: cut))
        let truncated = try CommandRunner.run(["burn", cut, Self.captions, "-o", out])
        expectEqual(truncated.status, 65)
        expectTrue(truncated.stderr.split(separator: "\n").count == 1 && truncated.stderr.hasPrefix("captions: \(cut) "), "\(truncated.stderr)")
        expectTrue(try CommandRunner.run(["burn", dir.appendingPathComponent("none.mp4").path, Self.captions, "-o", out]).status == 66)
        expectTrue(try CommandRunner.run(["burn", video, Self.captions, "-o", out, "--aspect", "wide"]).status == 64)
        expectTrue(try CommandRunner.run(["burn", video, Self.captions, "-o", out, "--size", "720x1280", "--aspect", "9:16"]).status == 64)
        expectTrue(try CommandRunner.run(["burn", video, Self.captions, "-o", out, "--codec", "no-such-codec"]).status == 64)
        // The simple shaper is the native engine's (and an ASS script's own look's); libass draws the compiled ASS as players do.
        let engines = try CommandRunner.run(["burn", video, Self.captions, "-o", out, "--engine", "libass", "--shaping", "simple"])
        expectTrue(engines.status == 64 && engines.stderr.contains("--shaping simple"), "\(engines.stderr)")
        expectTrue(try CommandRunner.run(["burn", video, Self.captions, "-o", out, "--shaping", "hinted"]).status == 64)
        // --pix-fmt: an unknown name, one the encoder does not take, one captions cannot be drawn on.
        for (format, says) in [("bogus", "not a pixel format name"), ("rgb24", "the libx264 encoder does not take it"),
                               ("gray", "captions are drawn on planar Y'CbCr")] {
            let result = try CommandRunner.run(["burn", video, Self.captions, "-o", out, "--pix-fmt", format])
            expectTrue(result.status == 64 && result.stderr.contains("--pix-fmt \(format): \(says)"), "\(result.stderr)")
        }
        expectTrue(!FileManager.default.fileExists(atPath: out))
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["cut.mp4", "in.mp4"])
    }
}
