import CaptionTestSupport
import Foundation
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
        for t in [700, 2000, 3300] {
            let ours = folder.appendingPathComponent("ours-\(t).png"), theirs = folder.appendingPathComponent("ffmpeg-\(t).png")
            let result = try CommandRunner.run(["render", input.path, "--at", "\(Double(t) / 1000)", "--size", "640x360",
                                                "--background", "#406080", "-o", ours.path])
            #expect(result.status == 0, "\(result.stderr)")
            _ = try Self.run(["-f", "lavfi", "-i", "color=c=0x406080:s=640x360:r=1000", "-vf",
                              "trim=start_pts=\(t),format=rgb24,ass=filename=\(input.path)", "-frames:v", "1", theirs.path])
            let psnr = try #require(Self.framePSNRs(ours, theirs, in: folder).first)
            print("[render rich.ass vs ffmpeg -vf ass] \(t) ms: \(psnr) dB")
            // Measured 46.7-46.8 dB: the same coverage, blended with another rounding (at most 3 levels).
            #expect(psnr >= 45, "at \(t) ms: \(psnr) dB")
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
        #expect(result.status == 0, "\(result.stderr)")
        _ = try Self.run(["-i", clip.path, "-vf", "ass=filename=\(input.path)", "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", theirs.path])
        let psnrs = try Self.framePSNRs(ours, theirs, in: folder)
        #expect(psnrs.count == 150)
        let worst = psnrs.min() ?? 0
        print("[burn rich.ass vs ffmpeg -vf ass] \(psnrs.count) frames, worst \(worst) dB, \(psnrs.filter(\.isInfinite).count) identical")
        #expect(worst >= 45, "worst frame \(worst) dB")
    }

    /// With a preset the text is restyled: the frame is not the script's own look.
    @Test func aPresetRestylesTheScript() throws {
        let (folder, input) = try ASSLosslessCommandTests.scratch(try ASSLosslessCommandTests.richScript(), name: "rich.ass")
        defer { try? FileManager.default.removeItem(at: folder) }
        let own = folder.appendingPathComponent("own.png"), styled = folder.appendingPathComponent("styled.png")
        for (output, extra) in [(own, [String]()), (styled, ["--preset", "plain"])] {
            let result = try CommandRunner.run(["render", input.path, "--at", "2", "--size", "640x360", "-o", output.path] + extra)
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try Data(contentsOf: own) != Data(contentsOf: styled))
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
        #expect(result.status == 0, "\(result.stderr)")
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
        #expect(names == ["DejaVuSans.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif.ttf"], "\(names)")
    }
}
