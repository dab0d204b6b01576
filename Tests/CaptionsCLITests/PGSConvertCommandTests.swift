import CaptionTestSupport
import CaptionRender
import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// `convert -o x.sup` read by the players' own decoders: the track muxed into a Matroska file with a
/// test clip (by ffmpeg, as an independent muxer), then ffmpeg's overlay of it (`[0:v][0:s]overlay`,
/// blending in RGB so that 4:2:0 chroma does not decide the result) compared with `captions render` over the
/// same source frame, over the caption area, at word starts and middles; and mpv's drawing of the same
/// file (`--vo=image`, blending in RGB too) compared with ffmpeg's. mkvmerge muxes each `.sup` without
/// a warning.
@Suite struct PGSConvertCommandTests {
    static let words = CommandRunner.packageRoot.appendingPathComponent("Corpus/word-timed/whisperx.json").path
    static let emoji = CommandRunner.packageRoot.appendingPathComponent("Corpus/golden/inputs/emoji.srt").path
    /// Frames (25 fps) at word starts and middles of whisperx.json's words (0.32 s ... 3.48 s).
    static let frames = [8, 15, 22, 37, 47, 55, 80, 87]

    static func tool(_ name: String, _ arguments: [String], in dir: URL) throws {
        let run = try CommandRunner.run(arguments, in: dir, program: URL(fileURLWithPath: "/usr/bin/" + name))
        try #require(run.status == 0, "\(name) \(arguments.joined(separator: " ")): \(run.stderr)")
    }

    /// The frames `numbers` of `file` in RGBA, subtitles overlaid when `overlay`. Raw frames, not PNGs:
    /// ffmpeg tags the PNGs of a BT.709 video with its transfer, and libpng would convert them.
    static func extract(_ file: String, _ numbers: [Int], overlay: Bool, to name: String, in dir: URL) throws -> [RGBAImage] {
        let select = "select='" + numbers.map { "eq(n\\,\($0))" }.joined(separator: "+") + "'"
        // overlay blends in 4:2:0 unless told otherwise, which would decide the result at every edge.
        let rgb = "[0:v]scale=in_color_matrix=bt709:in_range=tv,format=rgb24"
        let graph = overlay ? "\(rgb)[v];[v][0:s]overlay=format=rgb,\(select)" : "\(rgb),\(select)"
        try tool("ffmpeg", ["-v", "error", "-y", "-i", file, "-filter_complex", graph, "-fps_mode", "passthrough",
                            "-f", "rawvideo", "-pix_fmt", "rgba", "\(name).rgba"], in: dir)
        return try rawFrames(dir.appendingPathComponent("\(name).rgba"), count: numbers.count)
    }

    /// `count` 360x640 RGBA frames, one after another in `file`.
    static func rawFrames(_ file: URL, count: Int) throws -> [RGBAImage] {
        let bytes = [UInt8](try Data(contentsOf: file))
        let size = 360 * 640 * 4
        try #require(bytes.count == size * count, "\(file.lastPathComponent): \(bytes.count) bytes for \(count) frames")
        return (0..<count).map { RGBAImage(width: 360, height: 640, pixels: Array(bytes[($0 * size)..<(($0 + 1) * size)])) }
    }

    /// The clip every case draws its track over, and its `frames` as RGBA (`source.rgba`), made once per
    /// test process: the cases differ only in the track. Tagged BT.709 (mpv would guess it from the
    /// height, ffmpeg BT.601), and converted so by both. Smooth moving gradients: on testsrc2's pixel
    /// noise the two players' chroma upsampling alone differs by 27 dB.
    static let source = SharedFolder { dir in
        let made = try FFmpeg.run(["-v", "error", "-f", "lavfi", "-i", "gradients=size=360x640:rate=25:duration=4:speed=0.02",
                                   "-vf", "scale=out_color_matrix=bt709:out_range=tv", "-c:v", "libx264", "-preset", "ultrafast",
                                   "-pix_fmt", "yuv420p", "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
                                   "-color_range", "tv", dir.appendingPathComponent("clip.mp4").path])
        guard made == 0 else { throw SharedFolder.Failure(description: "ffmpeg could not make the gradients clip") }
        _ = try extract(dir.appendingPathComponent("clip.mp4").path, frames, overlay: false, to: "source", in: dir)
    }

    @Test(arguments: [("highlight-by-word", words), ("background-by-word", words), ("word-and-scale", words), ("karaoke-fill", words),
                      ("pop-in", words), ("plain", emoji)])
    func ffmpegAndMpvDrawTheTrackAsRenderDoes(preset: String, input: String) throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shared = try Self.source.url
        let clip = shared.appendingPathComponent("clip.mp4").path
        let convert = try CommandRunner.run(["convert", input, "-o", "t.sup", "--preset", preset, "--size", "360x640", "--fps", "25"], in: dir)
        try #require(convert.status == 0, "\(convert.stderr)")
        // -copyts: otherwise ffmpeg moves the track to start at 0 (its first display set is at 40 ms).
        try Self.tool("ffmpeg", ["-v", "error", "-copyts", "-i", clip, "-i", "t.sup", "-map", "0:v", "-map", "1", "-c", "copy", "t.mkv"], in: dir)
        // mkvmerge takes the animated .sup as it is: exit 0 (1 would mean warnings), no warning printed.
        let mkvmerge = try CommandRunner.run(["-o", "mkvmerge.mkv", clip, "t.sup"], in: dir, program: URL(fileURLWithPath: "/usr/bin/mkvmerge"))
        expectTrue(mkvmerge.status == 0 && !mkvmerge.stdout.contains("Warning"), "\(preset): mkvmerge: \(mkvmerge.stdout)")
        let render = try CommandRunner.run(["render", input, "--preset", preset, "--size", "360x640", "--at", "0..3.6", "--fps", "25", "-o", "render"], in: dir)
        try #require(render.status == 0, "\(render.stderr)")

        let sources = try Self.rawFrames(shared.appendingPathComponent("source.rgba"), count: Self.frames.count)
        let overlaid = try Self.extract("t.mkv", Self.frames, overlay: true, to: "ffmpeg", in: dir)
        var worst = Double.infinity
        for (k, n) in Self.frames.enumerated() {
            // render's range writes frame n (n / 25 s) as 00000(n+1).png.
            let caption = try PNGFile.read(dir.appendingPathComponent(String(format: "render/%06d.png", n + 1)).path)
            guard let area = caption.opaqueBounds else { continue }
            var expected = sources[k]
            expected.composite(caption)
            let psnr = try ImageComparison.psnr(actual: overlaid[k], expected: expected, in: area)
            worst = min(worst, psnr)
            expectTrue(psnr >= 35, "\(preset): frame \(n): ffmpeg's overlay of the PGS track is \(psnr) dB from the render over \(area)")
            // Not the bare source: the captions are there.
            expectTrue(try ImageComparison.psnr(actual: sources[k], expected: expected, in: area) < psnr - 5)
        }
        expectTrue(worst.isFinite, "\(preset): no frame with captions")

        // mpv draws the same file as ffmpeg does (two frames: a word start and a word middle). Its
        // --vo=image blends subtitles into the video's 4:2:0 unless the video is made RGB first (26-28 dB
        // from ffmpeg's RGB overlay and from its 4:2:0 one, whose chroma filter differs).
        for n in [Self.frames[3], Self.frames[4]] {
            let out = "mpv\(n)"
            let mpv = try CommandRunner.run(["--no-config", "--really-quiet", "--ao=null", "--vo=image", "--vo-image-format=png",
                                             "--vo-image-outdir=\(out)", String(format: "--start=%.3f", Double(n) / 25 + 0.001), "--frames=1",
                                             "--sid=1", "--hr-seek=yes", "--vf=format=rgb24", "t.mkv"],
                                            in: dir, program: URL(fileURLWithPath: "/usr/bin/mpv"))
            try #require(mpv.status == 0, "mpv: \(mpv.stderr)")
            // Its PNG as stored (libpng would apply the BT.709 transfer mpv tags it with).
            try Self.tool("ffmpeg", ["-v", "error", "-i", "\(out)/00000001.png", "-f", "rawvideo", "-pix_fmt", "rgba", "\(out).rgba"], in: dir)
            let drawn = RGBAImage(width: 360, height: 640, pixels: [UInt8](try Data(contentsOf: dir.appendingPathComponent("\(out).rgba"))))
            let caption = try PNGFile.read(dir.appendingPathComponent(String(format: "render/%06d.png", n + 1)).path)
            guard let area = caption.opaqueBounds else { continue }
            let k = Self.frames.firstIndex(of: n)!
            let psnr = try ImageComparison.psnr(actual: drawn, expected: overlaid[k], in: area)
            expectTrue(psnr >= 40, "\(preset): frame \(n): mpv's drawing is \(psnr) dB from ffmpeg's over \(area)")
            print("PGS \(preset) frame \(n): mpv vs ffmpeg \(String(format: "%.1f", psnr)) dB")
        }
        print("PGS \(preset): ffmpeg overlay vs render, worst \(String(format: "%.1f", worst)) dB over the caption area")
    }

    /// `mux --bitmap` draws the track at the video's size and rate: into M2TS its display sets are the
    /// ones `convert -o x.sup` writes with that size and rate (ffmpeg's extraction, read back by the
    /// project's reader: times to the 90 kHz tick, palettes, objects); into MP4 it is refused before
    /// anything is written; a text track into M2TS is refused too.
    @Test func muxBitmapAddsTheTrackConvertWrites() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.tool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30000/1001:duration=4", "-c:v", "libx264",
                                 "-preset", "ultrafast", "-pix_fmt", "yuv420p", "clip.mp4"], in: dir)
        let mux = try CommandRunner.run(["mux", "clip.mp4", Self.words, "--bitmap", "--preset", "karaoke-fill", "-o", "out.m2ts"], in: dir)
        try #require(mux.status == 0, "\(mux.stderr)")
        let convert = try CommandRunner.run(["convert", Self.words, "-o", "t.sup", "--preset", "karaoke-fill", "--size", "320x240", "--fps", "29.97"], in: dir)
        try #require(convert.status == 0, "\(convert.stderr)")
        try Self.tool("ffmpeg", ["-v", "error", "-copyts", "-i", "out.m2ts", "-map", "0:s", "-c", "copy", "back.sup"], in: dir)
        let read = { (name: String) throws -> [PGSDisplaySet] in
            try PGSReader().read([UInt8](try Data(contentsOf: dir.appendingPathComponent(name))))
        }
        let (written, muxed) = (try read("t.sup"), try read("back.sup"))
        expectTrue(written.count > 20 && muxed.count == written.count)
        // M2TS's clock starts where the video does (ffmpeg's own M2TS start is 1.4 s): compare from there.
        let offset = Int(muxed.first?.pts ?? 0) - Int(written.first?.pts ?? 0)
        for (a, b) in zip(written, muxed) {
            expectTrue(Int(b.pts) - Int(a.pts) == offset && Int(b.dts) - Int(a.dts) == offset)
            expectTrue(a.composition == b.composition && a.palette == b.palette && a.objects == b.objects)
        }
        let mp4 = try CommandRunner.run(["mux", "clip.mp4", Self.words, "--bitmap", "-o", "out.mp4"], in: dir)
        expectTrue(mp4.status == 64 && mp4.stderr.contains("Matroska") && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.mp4").path))
        let text = try CommandRunner.run(["mux", "clip.mp4", Self.words, "-o", "text.m2ts"], in: dir)
        expectTrue(text.status == 64 && text.stderr.contains("--bitmap"), "\(text.stderr)")
    }
}
