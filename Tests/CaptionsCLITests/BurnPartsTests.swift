import CaptionRender
import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// One long video as parts: `burn --plan N`, the parts run by GNU parallel (`burn --plan P --part K`),
/// `join`. The joined video is measured against the source and against an unsplit burn: frame count,
/// timestamps, clean decoding, the audio packet for packet, and the frames on both sides of every join.
@Suite struct BurnPartsTests {
    static let ffprobe = URL(fileURLWithPath: "/usr/bin/ffprobe")

    /// Captions naming each frame (`F0` ... `F299`, each cue from 10 ms before its frame to 20 ms after):
    /// a frame one off at a join shows another text.
    static func frameCaptions(frames: Int, to path: String) throws {
        func time(_ ms: Int) -> String { String(format: "00:%02d:%02d,%03d", ms / 60000, ms / 1000 % 60, ms % 1000) }
        var srt = ""
        for n in 0..<frames {
            let t = (n * 1000 + 15) / 30
            srt += "\(n + 1)\n\(time(max(0, t - 10))) --> \(time(t + 20))\nF\(n)\n\n"
        }
        try Data(srt.utf8).write(to: URL(fileURLWithPath: path))
    }

    static func probe(_ arguments: [String]) throws -> [String] {
        let r = try CommandRunner.run(["-v", "error"] + arguments, program: ffprobe)
        return r.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func framePTS(_ path: String) throws -> [Int] {
        try probe(["-select_streams", "v", "-show_entries", "frame=pts", "-of", "default=nw=1:nk=1", path]).compactMap { Int($0) }
    }

    static func packetDTS(_ path: String) throws -> [Int] {
        try probe(["-select_streams", "v", "-show_entries", "packet=dts", "-of", "default=nw=1:nk=1", path]).compactMap { Int($0) }
    }

    /// Every audio packet's timing and the SHA-256 of its bytes.
    static func audioPackets(_ path: String) throws -> [String] {
        try probe(["-select_streams", "a", "-show_entries", "packet=pts,dts,duration,data_hash", "-show_data_hash", "sha256", "-of", "compact", path])
    }

    /// Frame `n` (0-based, in presentation order) as RGB.
    static func frame(_ n: Int, of video: String, in dir: URL) throws -> RGBAImage {
        let png = dir.appendingPathComponent("\(URL(fileURLWithPath: video).lastPathComponent)-\(n).png").path
        try BurnCommandTests.ffmpeg(["-i", video, "-vf", "select=eq(n\\,\(n))", "-fps_mode", "passthrough", "-frames:v", "1", "-pix_fmt", "rgb24", png])
        return try PNGFile.read(png)
    }

    /// Where the captions of frame `n` (at 30 fps) draw at 320x240, as `captions render` draws them,
    /// grown by 4 px.
    static func captionArea(_ captions: String, frame n: Int, in dir: URL) throws -> PixelRect {
        let png = dir.appendingPathComponent("captions-\(n).png").path
        let r = try CommandRunner.run(["render", captions, "--at", String(format: "%.4f", Double(n) / 30), "--size", "320x240", "-o", png])
        try #require(r.status == 0, "\(r.stderr)")
        let drawn = try #require(try PNGFile.read(png).opaqueBounds, "no captions at frame \(n)")
        return PixelRect(x: drawn.x - 4, y: drawn.y - 4, width: drawn.width + 8, height: drawn.height + 8)
    }

    /// Plans `parts` parts of `video`, burns them with GNU parallel two at a time, joins them, and burns
    /// the same video unsplit; returns the joined and the whole video's paths and the plan.
    static func splitAndJoin(_ video: String, captions: String, parts: Int, in dir: URL, _ options: [String]) throws -> (joined: String, whole: String, plan: [String: Any]) {
        let plan = dir.appendingPathComponent("talk.plan.json").path
        let planned = try CommandRunner.run(["burn", video, captions, "--plan", String(parts), "-o", plan] + options, in: dir)
        try #require(planned.status == 0, "\(planned.stderr)")
        let run = try CommandRunner.run(["--will-cite", "-j", "2", CommandRunner.executable.path, "burn", "--plan", plan, "--part", "{}", "--quiet",
                                         ":::"] + (0..<parts).map(String.init), in: dir, program: URL(fileURLWithPath: "/usr/bin/parallel"))
        try #require(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let joined = dir.appendingPathComponent("joined.mp4").path, whole = dir.appendingPathComponent("whole.mp4").path
        let join = try CommandRunner.run(["join", plan, "-o", joined], in: dir)
        try #require(join.status == 0, "\(join.stderr)")
        let unsplit = try CommandRunner.run(["burn", video, captions, "-o", whole, "--quiet"] + options, in: dir)
        try #require(unsplit.status == 0, "\(unsplit.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: plan))) as? [String: Any]
        return (joined, whole, try #require(object))
    }

    /// H.264 with B-frames and an open GOP (key frames every 1.5 s that are not IDR: the frames before
    /// them in display order come after them in decode order), AAC audio.
    @Test func anOpenGOPClipWithAudioJoinsWithoutASeam() throws {
        let dir = try CommandRunner.scratch()
        let video = dir.appendingPathComponent("src.mp4").path, captions = dir.appendingPathComponent("frames.srt").path
        try BurnCommandTests.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-f", "lavfi", "-i", "sine=frequency=440", "-t", "10",
                                     "-c:v", "libx264", "-preset", "veryfast", "-bf", "3", "-x264-params", "open-gop=1:keyint=45:min-keyint=20:scenecut=0",
                                     "-pix_fmt", "yuv420p", "-c:a", "aac", video])
        try Self.frameCaptions(frames: 300, to: captions)
        // Lossless (CRF 0): a part's frames and the unsplit burn's are then the same pixels, whatever
        // frame types the encoder chose, so the comparison below sees the join and nothing else. (At the
        // default CRF 20, two encodes of one frame, an IDR and a B-frame, differ by 27-35 dB around this
        // clip's sharp text, as any two encodes would; 41 dB over whole frames at CRF 12.)
        let (joined, whole, plan) = try Self.splitAndJoin(video, captions: captions, parts: 3, in: dir, ["--crf", "0"])
        let parts = try #require(plan["parts"] as? [[String: Any]])
        expectTrue(parts.count == 3 && parts.compactMap { $0["frames"] as? Int }.reduce(0, +) == 300, "\(parts)")

        // Every frame, once, at the source's time; decode order strictly increasing; nothing to complain about.
        let sourcePTS = try Self.framePTS(video)
        expectEqual(sourcePTS.count, 300)
        expectTrue(try Self.framePTS(joined) == sourcePTS)
        let dts = try Self.packetDTS(joined)
        expectTrue(dts.count == 300 && zip(dts, dts.dropFirst()).allSatisfy { $0 < $1 })
        expectTrue(try Self.probe(["-show_entries", "format=duration", "-of", "default=nw=1:nk=1", joined]) == ["10.000000"])
        let decode = try CommandRunner.run(["-v", "error", "-xerror", "-i", joined, "-f", "null", "-"], program: URL(fileURLWithPath: "/usr/bin/ffmpeg"))
        expectTrue(decode.status == 0 && decode.stderr.isEmpty, "\(decode.stderr)")
        // The audio is the source's, packet for packet (the AAC priming packet included).
        let audio = try Self.audioPackets(video)
        expectTrue(try audio.count > 400 && Self.audioPackets(joined) == audio)

        // Both sides of every join look as the unsplit burn does, captions included (each frame names
        // itself, so a frame off by one would show another text).
        for part in parts.dropFirst() {
            let start = try #require(part["start"] as? Int) / 512
            for n in [start - 1, start] {
                let a = try Self.frame(n, of: joined, in: dir), b = try Self.frame(n, of: whole, in: dir)
                let area = try Self.captionArea(captions, frame: n, in: dir)
                let psnr = try ImageComparison.psnr(actual: a, expected: b, in: area)
                expectTrue(psnr >= 35, "frame \(n): \(psnr) dB over the caption area \(area)")
                let frameScore = try ImageComparison.psnr(actual: a, expected: b)
                expectEqual(a, b, "frame \(n): not the unsplit burn's pixels (\(frameScore) dB)")
                // Its neighbour in the unsplit burn shows another text there: a frame off by one would not pass.
                let neighbour = try Self.frame(n == start ? n + 1 : n - 1, of: whole, in: dir)
                expectTrue(try ImageComparison.psnr(actual: a, expected: neighbour, in: area) < 30, "frame \(n) looks like its neighbour")
            }
        }
    }

    /// A variable-frame-rate clip (30, then 15, then 30 fps) without audio.
    @Test func aVariableFrameRateClipKeepsItsTimestamps() throws {
        let dir = try CommandRunner.scratch()
        let video = dir.appendingPathComponent("vfr.mp4").path
        try BurnCommandTests.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "8",
                                     "-vf", "setpts='if(lt(N,60),N/30,if(lt(N,120),2+(N-60)/15,6+(N-120)/30))/TB'", "-fps_mode", "vfr",
                                     "-c:v", "libx264", "-preset", "veryfast", "-g", "40", "-pix_fmt", "yuv420p", video])
        let (joined, whole, plan) = try Self.splitAndJoin(video, captions: BurnCommandTests.captions, parts: 4, in: dir, ["--preset", "highlight-by-word"])
        expectEqual((plan["parts"] as? [Any])?.count, 4)
        let sourcePTS = try Self.framePTS(video)
        expectEqual(sourcePTS.count, 180)
        expectTrue(try Self.framePTS(joined) == sourcePTS)
        expectTrue(try Self.framePTS(whole) == sourcePTS)
        let dts = try Self.packetDTS(joined)
        expectTrue(dts.count == 180 && zip(dts, dts.dropFirst()).allSatisfy { $0 < $1 })
        expectTrue(try Self.probe(["-select_streams", "a", "-show_entries", "stream=index", "-of", "csv=p=0", joined]).isEmpty)
        let decode = try CommandRunner.run(["-v", "error", "-xerror", "-i", joined, "-f", "null", "-"], program: URL(fileURLWithPath: "/usr/bin/ffmpeg"))
        expectTrue(decode.status == 0 && decode.stderr.isEmpty, "\(decode.stderr)")
    }

    /// A part missing, burned with other settings, or cut short: `join` refuses, names it, writes nothing.
    @Test func joinRefusesAPartMissingOrUnlikeThePlan() throws {
        let dir = try CommandRunner.scratch()
        let video = dir.appendingPathComponent("src.mp4").path
        try BurnCommandTests.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast",
                                     "-g", "30", "-pix_fmt", "yuv420p", video])
        let plan = dir.appendingPathComponent("p.json").path
        expectTrue(try CommandRunner.run(["burn", video, BurnCommandTests.captions, "--plan", "2", "-o", plan, "--encoder-preset", "ultrafast"], in: dir).status == 0)
        let part1 = dir.appendingPathComponent("p.part-001.mp4").path
        expectTrue(try CommandRunner.run(["burn", "--plan", plan, "--part", "0", "--quiet"], in: dir).status == 0)
        let missing = try CommandRunner.run(["join", plan, "-o", "out.mp4"], in: dir)
        expectTrue(missing.status == 66 && missing.stderr == "captions: part 1 (\(part1)) is missing; burn it with --part 1\n", "\(missing.stderr)")
        // Part 1 burned from an edited plan (another CRF): its marker does not match the plan's arguments.
        let text = try String(contentsOfFile: plan, encoding: .utf8)
        let edited = dir.appendingPathComponent("edited.json").path
        try Data(text.replacingOccurrences(of: "\"ultrafast\"", with: "\"ultrafast\",\n    \"--crf\",\n    \"40\"").utf8).write(to: URL(fileURLWithPath: edited))
        expectTrue(try CommandRunner.run(["burn", "--plan", edited, "--part", "1", "--quiet"], in: dir).status == 0)
        let other = try CommandRunner.run(["join", plan, "-o", "out.mp4"], in: dir)
        expectTrue(other.status == 65 && other.stderr.contains("part 1 (\(part1)) was not burned from this plan"), "\(other.stderr)")
        // Other options beside a plan file are refused: the parts must burn alike.
        expectTrue(try CommandRunner.run(["burn", "--plan", plan, "--part", "1", "--crf", "30"], in: dir).status == 64)
        // Burned again from the plan: the join goes through, and nothing else was left behind.
        expectTrue(try CommandRunner.run(["burn", "--plan", plan, "--part", "1", "--quiet"], in: dir).status == 0)
        let joined = try CommandRunner.run(["join", plan, "-o", "out.mp4"], in: dir)
        expectEqual(joined.status, 0, "\(joined.stderr)")
        expectTrue(try BurnManifestTests.frames(dir.appendingPathComponent("out.mp4").path) == 120)
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
        // A part changed in place, same size (one byte of its video data flipped): refused, and the
        // earlier joined video is left as it was.
        let out = dir.appendingPathComponent("out.mp4")
        let before = try Data(contentsOf: out)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: part1))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: part1))
        let flipped = try CommandRunner.run(["join", plan, "-o", "out.mp4"], in: dir)
        expectTrue(flipped.status == 65 && flipped.stderr.contains("part 1 (\(part1)) was not burned from this plan, not to the end, or has changed since"), "\(flipped.stderr)")
        expectTrue(try Data(contentsOf: out) == before)
        // A video changed after planning: its parts refuse to burn (65), naming it.
        try BurnCommandTests.clip(video, seconds: 2, size: "320x240")
        try FileManager.default.removeItem(atPath: part1)
        let changed = try CommandRunner.run(["burn", "--plan", plan, "--part", "1", "--quiet"], in: dir)
        expectTrue(changed.status == 65 && changed.stderr.contains("\(video) has changed since the plan was made; make the plan again"), "\(changed.stderr)")
    }
}
