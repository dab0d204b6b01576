import Foundation
import CaptionExpectations
import Testing

/// `captions compare` with a frame of a video: overlays keep their alpha, HDR burns read back as sRGB,
/// so both grade against `captions render` of the same time.
@Suite struct CompareVideoCommandTests {
    static let input = CompareCommandTests.input

    /// The PSNR `compare` printed (infinity for "inf").
    static func psnr(_ stdout: String) -> Double? {
        guard let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix("psnr: ") }) else { return nil }
        let value = line.dropFirst(6).split(separator: " ").first.map(String.init) ?? ""
        return value == "inf" ? .infinity : Double(value)
    }

    /// `captions render` at 0.9 s, 270x480, transparent (`render.png`) and over black (`render-black.png`),
    /// made once per test process: every test here compares with one of the two, and none changes them.
    static let renders = SharedFolder { dir in
        for background in [nil, "black"] {
            let out = dir.appendingPathComponent(background.map { "render-\($0).png" } ?? "render.png").path
            let r = try CommandRunner.run(["render", input, "--at", "0.9", "--preset", "highlight-by-word", "--size", "270x480", "-o", out]
                                          + (background.map { ["--background", $0] } ?? []))
            guard r.status == 0 else { throw SharedFolder.Failure(description: "render: \(r.stderr)") }
        }
    }

    static func render(background: String? = nil) throws -> String {
        try renders.url.appendingPathComponent(background.map { "render-\($0).png" } ?? "render.png").path
    }

    @Test(arguments: ["prores", "vp9", "qtrle"])
    func overlayFramesGradeAgainstTheRender(codec: String) throws {
        let dir = try CommandRunner.scratch()
        let expected = try Self.render()
        let overlay = dir.appendingPathComponent(codec == "vp9" ? "overlay.webm" : "overlay.mov").path
        let made = try CommandRunner.run(["overlay", Self.input, "-o", overlay, "--codec", codec, "--preset", "highlight-by-word",
                                          "--size", "270x480", "--duration", "2", "--quiet"])
        try #require(made.status == 0, "\(made.stderr)")
        let r = try CommandRunner.run(["compare", overlay, expected, "--at", "0.9"])
        expectTrue(r.stderr.isEmpty, "\(r.stderr)")
        let psnr = try #require(Self.psnr(r.stdout), "\(r.stdout)")
        // PSNR is over the pixels drawn in either frame: an overlay read without its alpha (opaque black
        // everywhere) would count every pixel and fall far below.
        switch codec {
        case "qtrle": expectTrue(r.stdout.contains("grade: SAME") && r.status == 0, "\(r.stdout)")
        case "prores": expectTrue(r.stdout.contains("grade: GOOD") && r.status == 0 && psnr >= 50, "\(r.stdout)")
        // 4:2:0 halves the chroma of thin yellow strokes at this size: what any 4:2:0 video does.
        default: expectTrue(psnr >= 30, "vp9 (4:2:0 chroma): \(r.stdout)")
        }
    }

    /// ffmpeg's PNG of a ProRes 4444 frame is 16-bit RGBA; it compares as the video frame does.
    @Test func ffmpegsSixteenBitFrameOfAnOverlayGrades() throws {
        let dir = try CommandRunner.scratch()
        let expected = try Self.render()
        let overlay = dir.appendingPathComponent("overlay.mov").path, frame = dir.appendingPathComponent("frame.png").path
        let made = try CommandRunner.run(["overlay", Self.input, "-o", overlay, "--preset", "highlight-by-word",
                                          "--size", "270x480", "--duration", "2", "--quiet"])
        try #require(made.status == 0, "\(made.stderr)")
        try BurnCommandTests.ffmpeg(["-ss", "0.9", "-i", overlay, "-frames:v", "1", "-pix_fmt", "rgba64be", frame])
        let r = try CommandRunner.run(["compare", frame, expected])
        expectTrue(r.status == 0 && (Self.psnr(r.stdout) ?? 0) >= 50, "\(r.stdout)")
    }

    /// Burns the corpus captions onto 2 s of black video made by ffmpeg with `encoding` (codec, pixel
    /// format, colour tags); returns the burned file.
    static func burnOntoBlack(_ dir: URL, _ name: String, encoding: [String], codec: String) throws -> String {
        let clip = dir.appendingPathComponent("\(name)-in.mp4").path, burned = dir.appendingPathComponent("\(name).mp4").path
        try BurnCommandTests.ffmpeg(["-f", "lavfi", "-i", "color=black:size=270x480:rate=30", "-t", "2"] + encoding + [clip])
        let made = try CommandRunner.run(["burn", clip, Self.input, "-o", burned, "--preset", "highlight-by-word",
                                          "--codec", codec, "--crf", "4", "--quiet"])
        try #require(made.status == 0, "\(made.stderr)")
        return burned
    }

    /// A caption burned into 10-bit HLG or PQ video reads back (through linear light, reference white
    /// as SDR white) as close to the render over black as the same caption burned into SDR video, and
    /// close to that SDR burn. (At 270x480, 4:2:0 chroma of thin yellow strokes keeps either burn from
    /// grading GOOD against the 4:4:4 render; read as SDR, the HDR burn's white would sit at 75 % or 58 %.)
    /// The SDR burn both transfers are held to (`sdr.mp4`), made once per test process.
    static let sdrBurn = SharedFolder { dir in
        _ = try burnOntoBlack(dir, "sdr", encoding: ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-colorspace", "bt709",
                                                     "-color_primaries", "bt709", "-color_trc", "bt709"], codec: "h264")
    }

    @Test(arguments: ["arib-std-b67", "smpte2084"])
    func hdrBurnReadsBackLikeTheSDRBurn(transfer: String) throws {
        let dir = try CommandRunner.scratch()
        let expected = try Self.render(background: "black")
        let sdr = try Self.sdrBurn.url.appendingPathComponent("sdr.mp4").path
        let hdr = try Self.burnOntoBlack(dir, "hdr", encoding: ["-c:v", "libx265", "-x265-params", "log-level=error", "-pix_fmt", "yuv420p10le",
                                                                "-color_primaries", "bt2020", "-color_trc", transfer, "-colorspace", "bt2020nc"],
                                         codec: "h265")
        let sdrVsRender = try CommandRunner.run(["compare", sdr, expected, "--at", "0.9"])
        let hdrVsRender = try CommandRunner.run(["compare", hdr, expected, "--at", "0.9"])
        let hdrVsSDR = try CommandRunner.run(["compare", hdr, sdr, "--at", "0.9"])
        let (a, b, c) = (Self.psnr(sdrVsRender.stdout) ?? 0, Self.psnr(hdrVsRender.stdout) ?? 0, Self.psnr(hdrVsSDR.stdout) ?? 0)
        expectTrue(b >= 40 && b >= a - 3, "\(transfer): HDR burn vs render \(b) dB, SDR burn vs render \(a) dB")
        expectTrue(c >= 45, "\(transfer): HDR burn vs SDR burn: \(hdrVsSDR.stdout)")
    }

    /// `verify --overlay` grades the overlay's frames against the native render: the overlay of the same
    /// preset passes, one of another preset fails, and the size is taken from the overlay.
    @Test func verifyGradesAnOverlayAgainstTheNativeRender() throws {
        let dir = try CommandRunner.scratch()
        let overlay = dir.appendingPathComponent("overlay.mov").path
        let made = try CommandRunner.run(["overlay", Self.input, "-o", overlay, "--preset", "highlight-by-word", "--size", "270x480", "--quiet"])
        try #require(made.status == 0, "\(made.stderr)")
        let same = try CommandRunner.run(["verify", Self.input, "--preset", "highlight-by-word", "--overlay", overlay, "--times", "0.35,0.9,1.6"])
        let lines = same.stdout.split(separator: "\n").filter { $0.hasSuffix("(overlay)") }
        expectTrue(same.status == 0 && lines.count == 3 && lines.allSatisfy { $0.contains("GOOD") || $0.contains("SAME") }, "\(same.stdout)\(same.stderr)")
        expectTrue(same.stdout.contains("270x480"), "\(same.stdout)")
        let other = try CommandRunner.run(["verify", Self.input, "--preset", "word-and-scale", "--overlay", overlay, "--times", "0.9,1.6"])
        expectTrue(other.status == 1 && other.stdout.contains("summary word-and-scale overlay: 2 frames: 2 FAIL"), "\(other.stdout)")
        let wrongSize = try CommandRunner.run(["verify", Self.input, "--overlay", overlay, "--size", "540x960", "--times", "0.9"])
        expectTrue(wrongSize.status == 64 && wrongSize.stderr.contains("270x480"), "\(wrongSize.stderr)")
    }

    /// A subtitle file given where a video goes is a clear error, not a crash (libavformat opens it, as
    /// a file with a subtitle stream only).
    @Test func aSubtitleFileGivenAsAVideoIs65() throws {
        let dir = try CommandRunner.scratch()
        let expected = try Self.render()
        let srt = dir.appendingPathComponent("sub.srt").path
        try Data("1\n00:00:00,000 --> 00:00:01,000\nHello\n".utf8).write(to: URL(fileURLWithPath: srt))
        for arguments in [["compare", srt, expected, "--at", "0.5"], ["verify", Self.input, "--overlay", srt, "--times", "0.5"],
                          ["burn", srt, Self.input, "-o", dir.appendingPathComponent("out.mp4").path],
                          ["overlay", Self.input, "--video", srt, "-o", dir.appendingPathComponent("out.mov").path]] {
            let r = try CommandRunner.run(arguments)
            expectTrue(r.status == 65 && r.stderr.contains("sub.srt has neither a video nor an audio stream"), "\(arguments[0]): \(r.status) \(r.stderr)")
        }
    }

    @Test func aVideoWithoutAtIs64AndADamagedOneIs65() throws {
        let dir = try CommandRunner.scratch()
        let expected = try Self.render()
        let overlay = dir.appendingPathComponent("overlay.mov").path
        let made = try CommandRunner.run(["overlay", Self.input, "-o", overlay, "--size", "270x480", "--duration", "1", "--quiet"])
        try #require(made.status == 0, "\(made.stderr)")
        let noTime = try CommandRunner.run(["compare", overlay, expected])
        expectTrue(noTime.status == 64 && noTime.stderr.contains("overlay.mov is not a PNG") && noTime.stderr.contains("--at"), "\(noTime.stderr)")
        let junk = dir.appendingPathComponent("junk.mov").path
        try Data("not a video at all".utf8).write(to: URL(fileURLWithPath: junk))
        let damaged = try CommandRunner.run(["compare", junk, expected, "--at", "0.5"])
        expectTrue(damaged.status == 65 && damaged.stderr.contains("junk.mov"), "\(damaged.status) \(damaged.stderr)")
    }
}
