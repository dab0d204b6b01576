import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// Damage inside a video, not at its end: bits flipped in the H.264 data, a packet the decoder refuses.
/// Each command that decodes it says so in one warning of its own (libavcodec's lines only with
/// --verbose), and under --strict refuses it with 65 and nothing written.
@Suite struct DamagedVideoTests {
    static let captions = BurnCommandTests.captions
    static let inputs = ["clean.mp4", "damaged.mp4", "undecodable.mp4"]

    /// clean.mp4: 3 s of testsrc at 320x240, 25 fps, a key frame each second. damaged.mp4: the same
    /// with 200 bits flipped (seeded) in the middle third of its `mdat` box, the H.264 data.
    /// undecodable.mp4: packet 40's NAL length made impossible, so the decoder refuses it whole.
    static let clips = SharedFolder { dir in
        let clean = dir.appendingPathComponent("clean.mp4")
        try BurnCommandTests.ffmpeg(["-f", "lavfi", "-i", "testsrc=size=320x240:rate=25", "-t", "3", "-c:v", "libx264",
                                     "-preset", "ultrafast", "-g", "25", "-pix_fmt", "yuv420p", clean.path])
        let bytes = try Data(contentsOf: clean)
        let mdat = try #require(mediaData(in: bytes))
        var damaged = bytes
        var random = SplitMix64(seed: 31)
        let third = mdat.count / 3
        for _ in 0..<200 { damaged[mdat.lowerBound + third + random.below(third)] ^= 1 << UInt8(random.below(8)) }
        try damaged.write(to: dir.appendingPathComponent("damaged.mp4"))

        let positions = try BurnPartsTests.probe(["-select_streams", "v", "-show_entries", "packet=pos", "-of", "csv=p=0", clean.path])
        let packet = try #require(Int(positions[40]))
        var undecodable = bytes
        undecodable.replaceSubrange(packet..<(packet + 4), with: [0x7F, 0xFF, 0xFF, 0xFF])
        try undecodable.write(to: dir.appendingPathComponent("undecodable.mp4"))
    }

    /// The bytes of the first top-level `mdat` box's payload.
    static func mediaData(in data: Data) -> Range<Int>? {
        var offset = 0
        while offset + 8 <= data.count {
            let size = data[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            if data[(offset + 4)..<(offset + 8)].elementsEqual("mdat".utf8) { return (offset + 8)..<min(offset + size, data.count) }
            guard size >= 8 else { return nil }
            offset += size
        }
        return nil
    }

    /// The scratch folder with the three clips, and their paths.
    static func folder() throws -> (dir: URL, clean: String, damaged: String, undecodable: String) {
        let dir = try CommandRunner.scratch()
        try clips.copy(into: dir)
        let path = { (name: String) in dir.appendingPathComponent(name).path }
        return (dir, path("clean.mp4"), path("damaged.mp4"), path("undecodable.mp4"))
    }

    static func ffmpeg(_ arguments: [String]) throws -> CommandResult {
        try CommandRunner.run(arguments, program: URL(fileURLWithPath: "/usr/bin/ffmpeg"))
    }

    /// Really damaged: ffmpeg refuses both under -xerror, and takes the clean clip.
    @Test func ffmpegRefusesTheDamagedClipsUnderXerror() throws {
        let f = try Self.folder()
        for (path, fails) in [(f.clean, false), (f.damaged, true), (f.undecodable, true)] {
            let r = try Self.ffmpeg(["-v", "error", "-xerror", "-i", path, "-f", "null", "-"])
            expectEqual((r.status != 0), fails, "\(path): \(r.status) \(r.stderr)")
        }
    }

    /// One warning line, naming as many concealed frames as ffmpeg counts corrupt decoded frames, and
    /// where; none of libavcodec's own lines.
    @Test func aDamagedBurnWarnsOnceInItsOwnWords() throws {
        let f = try Self.folder()
        let out = f.dir.appendingPathComponent("out.mp4").path
        let r = try CommandRunner.run(["burn", f.damaged, Self.captions, "-o", out, "--quiet"])
        expectEqual(r.status, 0, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        try #require(lines.count == 1, "\(r.stderr)")
        let prefix = "captions: warning: \(f.damaged): the video is damaged: "
        expectTrue(lines[0].hasPrefix(prefix) && lines[0].hasSuffix("; \(out) shows what the decoder made of them (--strict refuses such input)"), "\(lines[0])")
        let count = lines[0].firstMatch(of: /: (\d+) frames? concealed/).flatMap { Int($0.1) }
        let frames = try #require(count, "\(lines[0])")
        // `repeat`: ffmpeg would fold identical lines into "Last message repeated 2 times".
        let ffmpeg = try Self.ffmpeg(["-v", "repeat+warning", "-i", f.damaged, "-f", "null", "-"])
        let corrupt = ffmpeg.stderr.split(separator: "\n").filter { $0.contains("corrupt decoded frame") }.count
        expectTrue(frames > 0 && frames == corrupt, "\(frames) concealed, ffmpeg: \(corrupt) corrupt")
        // And as many undecodable packets as ffmpeg has decoding errors (none is fine too).
        let packets = lines[0].firstMatch(of: /(\d+) packets? undecodable/).flatMap { Int($0.1) } ?? 0
        expectEqual(packets, ffmpeg.stderr.split(separator: "\n").filter { $0.contains("Error while decoding stream") }.count, "\(ffmpeg.stderr)")
        // Times inside the clip: the damage is in the middle third of its bytes.
        let times = lines[0].matches(of: /0:0(\d)\.(\d{3})/).map { Int($0.1)! * 1000 + Int($0.2)! }
        expectTrue(!times.isEmpty && times.allSatisfy { (1...2999).contains($0) }, "\(lines[0])")
        expectTrue(!r.stderr.contains("[h264 @"))
        expectTrue(FileManager.default.fileExists(atPath: out))
    }

    @Test func verboseShowsTheDecodersOwnLinesToo() throws {
        let f = try Self.folder()
        let r = try CommandRunner.run(["burn", f.damaged, Self.captions, "-o", f.dir.appendingPathComponent("out.mp4").path, "--quiet", "--verbose"])
        expectEqual(r.status, 0)
        expectTrue(r.stderr.contains("[h264 @") && r.stderr.contains("error while decoding MB"), "\(r.stderr)")
        expectEqual(r.stderr.split(separator: "\n").filter { $0.hasPrefix("captions: warning: ") }.count, 1, "\(r.stderr)")
    }

    /// --strict stops at the first damage, mid-burn: 65, and no output or temporary file left.
    @Test func strictRefusesDamageAndLeavesNothing() throws {
        let f = try Self.folder()
        for video in [f.damaged, f.undecodable] {
            let r = try CommandRunner.run(["burn", video, Self.captions, "-o", f.dir.appendingPathComponent("out.mp4").path, "--quiet", "--strict"])
            expectEqual(r.status, 65, "\(r.stderr)")
            expectTrue(r.stderr.hasPrefix("captions: \(video): the video is damaged: ") && r.stderr.hasSuffix("; nothing written (--strict stops at the first damage)\n"),
                    "\(r.stderr)")
            expectTrue(try FileManager.default.contentsOfDirectory(atPath: f.dir.path).sorted() == Self.inputs)
        }
    }

    /// A packet the decoder refuses is skipped, as ffmpeg skips it, not the end of the burn: its frame
    /// is missing, and the warning places it where the frames leave a gap (packet 40 at 25 fps: 1.6 s).
    @Test func aRefusedPacketIsSkippedAndPlacedWhereItsFrameIsMissing() throws {
        let f = try Self.folder()
        let out = f.dir.appendingPathComponent("out.mp4").path
        let r = try CommandRunner.run(["burn", f.undecodable, Self.captions, "-o", out, "--quiet"])
        expectEqual(r.status, 0)
        expectEqual(r.stderr, "captions: warning: \(f.undecodable): the video is damaged: 1 packet undecodable in 0:01.600–0:01.640; "
                + "\(out) shows what the decoder made of them (--strict refuses such input)\n", "\(r.stderr)")
        let frames = try BurnPartsTests.probe(["-count_frames", "-select_streams", "v", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", out])
        expectEqual(frames, ["74"])
    }

    @Test func aCleanClipGivesNoWarning() throws {
        let f = try Self.folder()
        let out = f.dir.appendingPathComponent("out.mp4").path
        let r = try CommandRunner.run(["burn", f.clean, Self.captions, "-o", out, "--quiet", "--strict"])
        expectTrue(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let compared = try CommandRunner.run(["compare", f.clean, f.clean, "--at", "2", "--strict"])
        expectTrue(compared.status == 0 && compared.stderr.isEmpty, "\(compared.stderr)")
    }

    /// compare and golden record / check read frames of the damaged clip (up to 2 s): one warning
    /// each; --strict: 65, nothing recorded or checked.
    @Test func compareAndGoldenWarnOrRefuse() throws {
        let f = try Self.folder()
        let warning = "captions: warning: \(f.damaged): the video is damaged: "
        let compared = try CommandRunner.run(["compare", f.damaged, f.clean, "--at", "2"])
        expectTrue([0, 1].contains(compared.status) && compared.stderr.hasPrefix(warning)
                && compared.stderr.hasSuffix("; its frame is compared as decoded (--strict refuses such input)\n"), "\(compared.stderr)")
        let strictCompare = try CommandRunner.run(["compare", f.damaged, f.clean, "--at", "2", "--strict"])
        expectTrue(strictCompare.status == 65 && strictCompare.stderr.hasSuffix("; not compared (--strict)\n") && strictCompare.stdout.isEmpty,
                "\(strictCompare.stderr)")

        let goldens = f.dir.appendingPathComponent("goldens").path
        let refused = try CommandRunner.run(["golden", "record", "--video", f.damaged, "--times", "0.5,2", "--dir", goldens, "--strict"])
        expectTrue(refused.status == 65 && refused.stderr.hasSuffix("; nothing recorded (--strict)\n"), "\(refused.stderr)")
        expectTrue(!FileManager.default.fileExists(atPath: goldens))
        let recorded = try CommandRunner.run(["golden", "record", "--video", f.damaged, "--times", "0.5,2", "--dir", goldens])
        expectTrue(recorded.status == 0 && recorded.stderr.hasPrefix(warning)
                && recorded.stderr.split(separator: "\n").count == 1, "\(recorded.stderr)")

        let checked = try CommandRunner.run(["golden", "check", goldens, "--strict"])
        expectTrue(checked.status == 65 && checked.stderr.contains("the video is damaged") && checked.stderr.contains("not checked (--strict)"),
                "\(checked.stderr)")
    }
}
