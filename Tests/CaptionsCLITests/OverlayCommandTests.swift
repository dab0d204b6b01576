import CaptionModel
import CaptionRender
import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// `captions overlay` read back with libavformat (through ffmpeg and ffprobe): alpha present, every frame
/// there, each frame the render of its time; and a ProRes overlay laid over a clip by ffmpeg's `overlay`
/// filter looks like `captions burn` of the same clip.
@Suite struct OverlayCommandTests {
    static let corpus = CommandRunner.packageRoot.appendingPathComponent("Corpus/word-timed/whisperx.json")

    func project() throws -> URL {
        let dir = try CommandRunner.scratch()
        try FileManager.default.copyItem(at: Self.corpus, to: dir.appendingPathComponent("clip.json"))
        return dir
    }

    @discardableResult
    static func tool(_ name: String, _ arguments: [String], in dir: URL) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + name)
        process.arguments = arguments
        process.currentDirectoryURL = dir
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(name) \(arguments.joined(separator: " ")): \(String(decoding: errors, as: UTF8.self))")
        return data
    }

    /// Frame `n` of a video decoded with alpha, converted to RGBA as BT.709 limited range says.
    static func frame(_ n: Int, of file: String, decoder: [String] = [], in dir: URL) throws -> RGBAImage {
        let data = try tool("ffmpeg", ["-v", "error"] + decoder + ["-i", file, "-vf", "select=eq(n\\,\(n)),scale=in_color_matrix=bt709:in_range=tv,format=rgba",
                                       "-frames:v", "1", "-f", "rawvideo", "-"], in: dir)
        try #require(data.count == 360 * 640 * 4, "\(file) frame \(n): \(data.count) bytes")
        return RGBAImage(width: 360, height: 640, pixels: [UInt8](data))
    }

    /// The frames the tests look at (9, 30 and 48 of 30 fps).
    static let frameNumbers = [9, 30, 48]

    /// `captions render` of the corpus at each of `frameNumbers`' times, made once per test process
    /// (every codec's test and the ProRes composite compare with the same three renders).
    static let references = SharedFolder { dir in
        try FileManager.default.copyItem(at: corpus, to: dir.appendingPathComponent("clip.json"))
        for n in frameNumbers {
            let r = try CommandRunner.run(["render", "clip.json", "--preset", "highlight-by-word", "--size", "360x640",
                                           "--at", String(Double(n) / 30), "-o", "ref-\(n).png"], in: dir)
            guard r.status == 0 else { throw SharedFolder.Failure(description: "render frame \(n): \(r.stderr)") }
        }
    }

    /// `captions render` at frame `n`'s time (n / 30 s).
    static func render(frame n: Int) throws -> RGBAImage {
        try PNGFile.read(references.url.appendingPathComponent("ref-\(n).png").path)
    }

    /// The image as 4:2:0 with alpha holds it (BT.709, limited range): each pixel its own luma and alpha,
    /// each 2x2 block the alpha-weighted mean of its pixels' chroma; back to RGBA.
    static func subsampled(_ image: RGBAImage) -> RGBAImage {
        let matrix = ColorMatrix(standard: .bt709, fullRange: false)
        var out = image
        for by in stride(from: 0, to: image.height, by: 2) {
            for bx in stride(from: 0, to: image.width, by: 2) {
                var weight = 0.0, u = 0.0, v = 0.0
                var pixels: [(Int, Int, Double)] = []
                for y in by..<min(by + 2, image.height) {
                    for x in bx..<min(bx + 2, image.width) {
                        let p = image[x, y]
                        guard p.alpha > 0 else { continue }
                        let c = matrix.yuv(p.red, p.green, p.blue)
                        weight += Double(p.alpha); u += Double(p.alpha) * c.u; v += Double(p.alpha) * c.v
                        pixels.append((x, y, c.y))
                    }
                }
                guard weight > 0 else { continue }
                let cu = UInt8((u / weight).rounded()), cv = UInt8((v / weight).rounded())
                for (x, y, luma) in pixels {
                    let rgb = matrix.rgb(UInt8(luma.rounded()), cu, cv)
                    out[x, y] = RGBAColor(red: rgb.r, green: rgb.g, blue: rgb.b, alpha: image[x, y].alpha)
                }
            }
        }
        return out
    }

    @Test(arguments: [("prores", "o.mov"), ("vp9", "o.webm"), ("qtrle", "q.mov"), ("png", "frames")])
    func eachCodecHasAlphaEveryFrameAndTheRender(codec: String, output: String) throws {
        let dir = try project()
        let r = try CommandRunner.run(["overlay", "clip.json", "-o", output, "--codec", codec, "--preset", "highlight-by-word",
                                       "--size", "360x640", "--duration", "2", "--quiet"], in: dir)
        try #require(r.status == 0, "\(r.stderr)")
        expectTrue(r.stdout.contains("wrote 60 frames (360x640, 30 fps, \(codec))"), "\(r.stdout)")
        // Every frame of the 2 s at 30 fps is there (frames without captions too).
        for n in Self.frameNumbers {
            let t = Double(n) / 30
            let expected = try Self.render(frame: n)
            let area = try #require(expected.opaqueBounds, "nothing drawn at \(t) s")
            let actual: RGBAImage
            if codec == "png" {
                let files = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent(output).path).filter { $0.hasSuffix(".png") }
                expectEqual(files.count, 60)
                actual = try PNGFile.read(dir.appendingPathComponent("\(output)/\(String(format: "%06d.png", n + 1))").path)
                expectEqual(actual, expected, "PNG frame \(n + 1) differs from render --at \(t)")
                continue
            }
            actual = try Self.frame(n, of: output, decoder: codec == "vp9" ? ["-c:v", "libvpx-vp9"] : [], in: dir)
            // 4:2:0 cannot carry a colour per pixel: VP9 is held to the render after the same subsampling.
            let reference = codec == "vp9" ? Self.subsampled(expected) : expected
            let psnr = try ImageComparison.psnr(actual: actual, expected: reference, in: area)
            expectTrue(psnr >= 40, "\(codec) frame \(n): PSNR \(psnr) dB over the caption area, alpha included")
            // Transparent where nothing is drawn.
            expectTrue(actual[2, 2].alpha == 0 && actual[359, 0].alpha == 0)
        }
        guard codec != "png" else { return }
        let probe = String(decoding: try Self.tool("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v", "-show_entries",
            "stream=pix_fmt,nb_read_frames,color_space,color_primaries,color_transfer,color_range:stream_tags=alpha_mode",
            "-of", "default=nw=1", output], in: dir), as: UTF8.self)
        expectTrue(probe.contains("nb_read_frames=60"), "\(probe)")
        if codec != "qtrle" {
            // Tagged as converted (BT.709, limited range): untagged, decoders take BT.601 and shift colours.
            expectTrue(["color_space=bt709", "color_primaries=bt709", "color_transfer=bt709", "color_range=tv"].allSatisfy(probe.contains), "\(probe)")
        }
        switch codec {
        case "prores": expectTrue(probe.contains("pix_fmt=yuva444p"), "\(probe)")
        case "vp9":
            // ffprobe's built-in VP9 decoder does not decode VP9's alpha channel: WebM says it is there
            // (alpha_mode), and the frames above, decoded by libvpx, had it.
            expectTrue(probe.contains("alpha_mode=1"), "\(probe)")
        default: expectTrue(probe.contains("pix_fmt=argb"), "\(probe)")
        }
    }

    @Test func aProResOverlayLaidOverAClipLooksLikeTheBurn() throws {
        let dir = try project()
        // A BT.709 clip, so the overlay's BT.709 colours need no conversion in ffmpeg's overlay filter.
        try Self.tool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=360x640:rate=30", "-t", "2", "-c:v", "libx264",
                                 "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-colorspace", "bt709", "-color_primaries", "bt709",
                                 "-color_trc", "bt709", "in.mp4"], in: dir)
        let burn = try CommandRunner.run(["burn", "in.mp4", "clip.json", "-o", "burned.mp4", "--preset", "highlight-by-word",
                                          "--crf", "0", "--encoder-preset", "ultrafast", "--quiet"], in: dir)
        try #require(burn.status == 0, "\(burn.stderr)")
        let overlay = try CommandRunner.run(["overlay", "clip.json", "-o", "ov.mov", "--video", "in.mp4", "--preset", "highlight-by-word", "--quiet"], in: dir)
        try #require(overlay.status == 0, "\(overlay.stderr)")
        expectTrue(overlay.stdout.contains("wrote 60 frames (360x640, 30 fps, prores)"), "\(overlay.stdout)")
        try Self.tool("ffmpeg", ["-v", "error", "-i", "in.mp4", "-i", "ov.mov", "-filter_complex", "[0:v][1:v]overlay=format=yuv420",
                                 "-c:v", "libx264", "-crf", "0", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "composite.mp4"], in: dir)
        for n in Self.frameNumbers {
            let expected = try Self.render(frame: n)
            let area = try #require(expected.opaqueBounds)
            let burned = try Self.frame(n, of: "burned.mp4", in: dir), composite = try Self.frame(n, of: "composite.mp4", in: dir)
            let psnr = try ImageComparison.psnr(actual: composite, expected: burned, in: area)
            expectTrue(psnr >= 35, "frame \(n): the overlay composited by ffmpeg is \(psnr) dB from the burn over the caption area")
            let source = try Self.frame(n, of: "in.mp4", in: dir)
            expectTrue(try ImageComparison.psnr(actual: source, expected: burned, in: area) < 25, "the captions are really there")
        }
    }

    @Test func usageAndOutputErrors() throws {
        let dir = try project()
        expectTrue(try CommandRunner.run(["overlay", "clip.json", "-o", "x.mp4"], in: dir).status == 64)
        expectTrue(try CommandRunner.run(["overlay", "clip.json", "-o", "x.webm", "--codec", "prores"], in: dir).status == 64)
        expectTrue(try CommandRunner.run(["overlay", "missing.json", "-o", "x.mov"], in: dir).status == 66)
        let noDir = try CommandRunner.run(["overlay", "clip.json", "-o", "no/such/dir/x.mov", "--size", "360x640", "--quiet"], in: dir)
        expectEqual(noDir.status, 73, "\(noDir.stderr)")
        expectTrue(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("no").path))
    }
}
