import CaptionRender
import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// An ASS file with no `--preset` or `--style` keeps its own look in the drawing commands: `render` and
/// `burn` draw it as libass draws it in ffmpeg's `ass` filter (the same frames up to the blend's
/// rounding); with a preset, the preset restyles the text as before.
@Suite struct ASSOwnLookCommandTests {
    static let ffmpeg = FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg")

    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-v", "error", "-nostdin", "-y"] + arguments
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "ffmpeg \(arguments.joined(separator: " ")): \(message)")
        return message
    }

    /// The PSNR of every frame of `a` against `b` (ffmpeg's `psnr` filter over whole frames; inf when equal).
    static func framePSNRs(_ a: URL, _ b: URL, in folder: URL) throws -> [Double] {
        let stats = folder.appendingPathComponent("psnr.log")
        _ = try run(["-i", a.path, "-i", b.path, "-lavfi", "[0][1]psnr=stats_file=\(stats.path)", "-f", "null", "-"])
        return try String(contentsOf: stats, encoding: .utf8).split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("psnr_avg:") }.map { Double($0.dropFirst(9)) ?? .infinity }
        }
    }

    @Test(.enabled(if: ffmpeg, "ffmpeg is not installed"))
    func renderDrawsTheScriptAsLibassDoes() throws {
        let (folder, input) = try ASSLosslessCommandTests.scratch(try ASSLosslessCommandTests.richScript(), name: "rich.ass")
        defer { try? FileManager.default.removeItem(at: folder) }
        // At the script's PlayRes and at half of it (where ScaledBorderAndShadow: no leaves borders,
        // shadows and blur in video pixels).
        for (t, size) in [(700, "640x360"), (2000, "640x360"), (3300, "640x360"), (2000, "320x180")] {
            let ours = folder.appendingPathComponent("ours-\(t).png"), theirs = folder.appendingPathComponent("ffmpeg-\(t).png")
            let result = try CommandRunner.run(["render", input.path, "--at", "\(Double(t) / 1000)", "--size", size,
                                                "--background", "#406080", "-o", ours.path])
            expectEqual(result.status, 0, "\(result.stderr)")
            _ = try Self.run(["-f", "lavfi", "-i", "color=c=0x406080:s=\(size):r=1000", "-vf",
                              "trim=start_pts=\(t),format=rgb24,ass=filename=\(input.path)", "-frames:v", "1", theirs.path])
            let psnr = try #require(Self.framePSNRs(ours, theirs, in: folder).first)
            print("[render rich.ass vs ffmpeg -vf ass] \(size) \(t) ms: \(psnr) dB")
            // Measured 46.7-46.8 dB: the same coverage, blended with another rounding (at most 3 levels).
            expectTrue(psnr >= 45, "at \(t) ms: \(psnr) dB")
        }
    }

    /// Burned into a lossless copy of a test clip, frame for frame against ffmpeg's `ass` filter on the
    /// same clip with the same encoder settings. Animation, clips, rotation, drawings, BorderStyle 3 and
    /// [Fonts] are all in the script.
    @Test(.enabled(if: ffmpeg, "ffmpeg is not installed"))
    func burnDrawsTheScriptAsFFmpegDoes() throws {
        let (folder, input) = try ASSLosslessCommandTests.scratch(try ASSLosslessCommandTests.richScript(), name: "rich.ass")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = folder.appendingPathComponent("clip.mp4"), ours = folder.appendingPathComponent("ours.mp4")
        let theirs = folder.appendingPathComponent("ffmpeg.mp4")
        _ = try Self.run(["-f", "lavfi", "-i", "testsrc2=s=640x360:r=25:d=6", "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", clip.path])
        let result = try CommandRunner.run(["burn", clip.path, input.path, "-o", ours.path, "--crf", "0", "--quiet"])
        expectEqual(result.status, 0, "\(result.stderr)")
        _ = try Self.run(["-i", clip.path, "-vf", "ass=filename=\(input.path)", "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", theirs.path])
        let psnrs = try Self.framePSNRs(ours, theirs, in: folder)
        expectEqual(psnrs.count, 150)
        let worst = psnrs.min() ?? 0
        print("[burn rich.ass vs ffmpeg -vf ass] \(psnrs.count) frames, worst \(worst) dB, \(psnrs.filter(\.isInfinite).count) identical")
        expectTrue(worst >= 45, "worst frame \(worst) dB")
    }

    /// `convert -o x.sup` of a script keeps its own look too: ffmpeg's overlay of the PGS track (blended
    /// in RGB) against ffmpeg's `ass` filter on the same background, over the area libass draws on, at
    /// frames through fades, moves, karaoke and scrolling. A PGS palette holds 255 YCbCr colours with
    /// 8-bit alpha, so not identical: measured 37-40 dB, and 34.8 dB where two half-faded events
    /// overlap; at least 33 dB on every frame and 36 dB on average (the presets' tracks, with fewer
    /// colours, are held to 35 dB in `PGSConvertCommandTests`). Small and at 10 fps, so that the debug
    /// build's colour reduction stays quick. Not the track's first frame (0.3 s): ffmpeg's overlay shows
    /// a track's first display set a frame late (mpv shows it on time, 44 dB from libass).
    @Test(.enabled(if: ffmpeg, "ffmpeg is not installed"))
    func pgsTrackDrawsTheScriptAsLibassDoes() throws {
        let (folder, input) = try ASSLosslessCommandTests.scratch(try ASSLosslessCommandTests.richScript(), name: "rich.ass")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (width, height) = (320, 180)
        let track = folder.appendingPathComponent("t.sup")
        let result = try CommandRunner.run(["convert", input.path, "-o", track.path, "--size", "\(width)x\(height)", "--fps", "10"])
        expectEqual(result.status, 0, "\(result.stderr)")
        let frames = [4, 6, 12, 20, 27, 33, 44, 52]
        let select = "select='" + frames.map { "eq(n\\,\($0))" }.joined(separator: "+") + "'"
        let background = "color=c=0x406080:s=\(width)x\(height):r=10:d=6"
        /// The selected frames as RGBA, read back raw (no PNG colour tags in the way).
        func read(_ name: String, _ arguments: [String]) throws -> [RGBAImage] {
            let raw = folder.appendingPathComponent(name + ".rgba")
            _ = try Self.run(arguments + ["-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", raw.path])
            let bytes = [UInt8](try Data(contentsOf: raw)), size = width * height * 4
            try #require(bytes.count == size * frames.count, "\(name): \(bytes.count) bytes")
            return frames.indices.map { RGBAImage(width: width, height: height, pixels: Array(bytes[($0 * size)..<(($0 + 1) * size)])) }
        }
        // -copyts: otherwise ffmpeg moves the track to start at 0 (its first display set is at 200 ms).
        let ours = try read("pgs", ["-copyts", "-f", "lavfi", "-i", background, "-i", track.path, "-filter_complex",
                                      "[0:v]format=rgb24[v];[v][1:s]overlay=format=rgb,\(select)"])
        let theirs = try read("ass", ["-f", "lavfi", "-i", background, "-vf", "format=rgb24,ass=filename=\(input.path),\(select)"])
        let bare = try read("bare", ["-f", "lavfi", "-i", background, "-vf", "format=rgb24,\(select)"])
        var psnrs: [Double] = []
        for (k, n) in frames.enumerated() {
            let area = try #require(Self.changedArea(theirs[k], from: bare[k]), "frame \(n): libass drew nothing")
            let psnr = try ImageComparison.psnr(actual: ours[k], expected: theirs[k], in: area)
            print("[convert rich.ass -o t.sup vs ffmpeg -vf ass] frame \(n): \(String(format: "%.1f", psnr)) dB over \(area)")
            expectTrue(psnr >= 33, "frame \(n): \(psnr) dB over \(area)")
            psnrs.append(psnr)
        }
        let mean = psnrs.reduce(0, +) / Double(psnrs.count)
        expectTrue(mean >= 36, "mean \(mean) dB")
    }

    /// The bounds of the pixels where `image` differs from `base`.
    static func changedArea(_ image: RGBAImage, from base: RGBAImage) -> PixelRect? {
        var (x0, y0, x1, y1) = (Int.max, Int.max, -1, -1)
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] != base[x, y] {
                (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
            }
        }
        return x1 < 0 ? nil : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    /// With a preset the text is restyled: the frame is not the script's own look.
    @Test func aPresetRestylesTheScript() throws {
        let (folder, input) = try ASSLosslessCommandTests.scratch(try ASSLosslessCommandTests.richScript(), name: "rich.ass")
        defer { try? FileManager.default.removeItem(at: folder) }
        let own = folder.appendingPathComponent("own.png"), styled = folder.appendingPathComponent("styled.png")
        for (output, extra) in [(own, [String]()), (styled, ["--preset", "plain"])] {
            let result = try CommandRunner.run(["render", input.path, "--at", "2", "--size", "640x360", "-o", output.path] + extra)
            expectEqual(result.status, 0, "\(result.stderr)")
        }
        expectTrue(try Data(contentsOf: own) != Data(contentsOf: styled))
    }

    /// `mux` of a script attaches the fonts its styles (bold where they are) and `\fn` tags name, as
    /// mkvmerge lists them.
    @Test(.enabled(if: ffmpeg && FileManager.default.isExecutableFile(atPath: "/usr/bin/mkvmerge"), "ffmpeg or mkvmerge is not installed"))
    func muxAttachesTheFontsTheScriptNames() throws {
        let (folder, input) = try ASSLosslessCommandTests.scratch(try ASSLosslessCommandTests.richScript(), name: "rich.ass")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = folder.appendingPathComponent("clip.mp4"), output = folder.appendingPathComponent("muxed.mkv")
        _ = try Self.run(["-f", "lavfi", "-i", "testsrc2=s=320x180:r=25:d=1", "-c:v", "libx264", "-preset", "ultrafast", clip.path])
        let result = try CommandRunner.run(["mux", clip.path, input.path, "-o", output.path])
        expectEqual(result.status, 0, "\(result.stderr)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mkvmerge")
        process.arguments = ["-J", output.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let names = Set(((json["attachments"] as? [[String: Any]]) ?? []).compactMap { $0["file_name"] as? String })
        expectEqual(names, ["DejaVuSans.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif.ttf"], "\(names)")
    }
}
