import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// `captions tracks` lists CEA-608 captions carried inside a video stream (ATSC A/53 user data), one
/// entry per channel. ffmpeg cannot make such a stream from nothing, so the test writes the caption
/// bytes into an MPEG-2 stream's pictures itself (a `GA94` user-data block before each picture's first
/// slice) and checks the fixture with ffmpeg's own caption decoder before judging the toolkit; H.264
/// captions are made from it by libx264, which copies decoded frames' caption data into its SEI.
@Suite struct ClosedCaptionListingTests {
    /// `(field 1 pair, field 2 pair)` per picture, without parity bits. CC1: clear (RCL, sent twice as
    /// control codes are), "HI", show (EOC). Field 2: RCL of data channel 1, which is CC3.
    static let captionsOnCC1AndCC3: [((UInt8, UInt8), (UInt8, UInt8))] = [
        ((0x14, 0x20), (0x14, 0x20)), ((0x14, 0x20), (0x14, 0x20)), ((0x48, 0x49), (0, 0)), ((0x14, 0x2F), (0, 0)), ((0x14, 0x2F), (0, 0)),
    ]
    /// Data channel 2 of field 1 (first byte 0x1C): CC2 only.
    static let captionsOnCC2: [((UInt8, UInt8), (UInt8, UInt8))] = [((0x1C, 0x20), (0, 0)), ((0x1C, 0x20), (0, 0))]

    static let clips = SharedFolder { folder in
        let plain = folder.appendingPathComponent("plain.m2v").path
        guard try FFmpeg.run(["-f", "lavfi", "-i", "testsrc=size=160x120:rate=30000/1001:duration=1", "-c:v", "mpeg2video", "-f", "mpeg2video", plain]) == 0 else {
            throw SharedFolder.Failure(description: "ffmpeg could not make the MPEG-2 clip")
        }
        let stream = try Data(contentsOf: URL(fileURLWithPath: plain))
        for (name, pairs) in [("cc13", captionsOnCC1AndCC3), ("cc2", captionsOnCC2)] {
            let m2v = folder.appendingPathComponent("\(name).m2v").path
            try withCaptions([UInt8](stream), pairs).write(to: URL(fileURLWithPath: m2v))
            guard try FFmpeg.run(["-fflags", "+genpts", "-r", "30000/1001", "-i", m2v, "-c", "copy", "-f", "mpegts", folder.appendingPathComponent("\(name).ts").path]) == 0 else {
                throw SharedFolder.Failure(description: "ffmpeg could not wrap \(name).m2v in MPEG-TS")
            }
        }
        guard try FFmpeg.run(["-i", folder.appendingPathComponent("cc13.ts").path, "-c:v", "libx264", "-preset", "ultrafast", "-a53cc", "1",
                              folder.appendingPathComponent("cc13-h264.mp4").path]) == 0 else {
            throw SharedFolder.Failure(description: "ffmpeg could not make the H.264 clip")
        }
    }

    /// The MPEG-2 elementary stream with one A/53 user-data block per picture (`GA94`, type 3, two
    /// `cc_data` constructs: field 1 then field 2, odd parity added), inserted before the first slice.
    static func withCaptions(_ stream: [UInt8], _ pairs: [((UInt8, UInt8), (UInt8, UInt8))]) -> Data {
        func parity(_ b: UInt8) -> UInt8 { b.nonzeroBitCount % 2 == 0 ? b | 0x80 : b }
        func find(_ code: UInt8, from: Int) -> Int? {
            var i = from
            while i + 3 < stream.count {
                if stream[i] == 0, stream[i + 1] == 0, stream[i + 2] == 1, stream[i + 3] == code { return i }
                i += 1
            }
            return nil
        }
        var out: [UInt8] = []
        var position = 0, picture = 0
        while let start = find(0x00, from: position), let slice = find(0x01, from: start) {
            let (one, two) = picture < pairs.count ? pairs[picture] : ((0, 0), (0, 0))
            // A zero pair is padding (0x80 0x80 once parity is added).
            let block: [UInt8] = [0, 0, 1, 0xB2] + Array("GA94".utf8) + [0x03, 0x40 | 2, 0xFF,
                0xFC, parity(one.0), parity(one.1), 0xFD, parity(two.0), parity(two.1), 0xFF]
            out += stream[position..<slice] + block
            position = slice
            picture += 1
        }
        out += stream[position...]
        return Data(out)
    }

    func listing(_ name: String) throws -> [[String: Any]] {
        let r = try CommandRunner.run(["tracks", "--json", try Self.clips.url.appendingPathComponent(name).path])
        expectEqual(r.status, 0, "\(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        return json?["tracks"] as? [[String: Any]] ?? []
    }

    /// ffmpeg's own CEA-608 decoder (lavfi `movie` with its `subcc` output) reads "HI" from the
    /// fixture: the bytes are real captions, not just bytes the toolkit happens to accept.
    @Test func ffmpegReadsTheFixturesCaptions() throws {
        for name in ["cc13.ts", "cc13-h264.mp4"] {
            let dir = try CommandRunner.scratch()
            let srt = dir.appendingPathComponent("cc.srt").path
            let status = try FFmpeg.run(["-f", "lavfi", "-i", "movie=\(try Self.clips.url.appendingPathComponent(name).path)[out0+subcc]", "-map", "0:s", srt])
            expectEqual(status, 0)
            expectEqual((try? String(contentsOfFile: srt, encoding: .utf8))?.contains("HI"), true, "\(name)")
        }
    }

    @Test func captionsInAVideoStreamAreListedPerChannel() throws {
        for name in ["cc13.ts", "cc13-h264.mp4"] {
            let tracks = try listing(name)
            expectEqual(tracks.map { $0["channel"] as? String }, ["CC1", "CC3"], "\(name): \(tracks)")
            for track in tracks {
                expectTrue(track["index"] as? Int == 0 && track["kind"] as? String == "closed-captions" && track["codec"] as? String == "eia_608", "\(track)")
            }
        }
        expectTrue(try listing("cc2.ts").map { $0["channel"] as? String } == ["CC2"])
    }

    @Test func aVideoWithoutCaptionDataListsNothing() throws {
        let dir = try CommandRunner.scratch()
        let plain = dir.appendingPathComponent("plain.ts").path
        expectTrue(try FFmpeg.run(["-fflags", "+genpts", "-r", "30000/1001", "-i", try Self.clips.url.appendingPathComponent("plain.m2v").path, "-c", "copy", "-f", "mpegts", plain]) == 0)
        let r = try CommandRunner.run(["tracks", "--json", plain])
        expectTrue(r.status == 0 && r.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "{\"tracks\":[]}", "\(r.stdout)")
    }

    /// Looking for captions decodes the video, so damage inside it is said as every video command says
    /// it: one warning (none for the clean clip), and --strict refuses the listing.
    @Test func damageMetWhileScanningIsOneWarningAndStrictRefuses() throws {
        let dir = try CommandRunner.scratch()
        var bytes = [UInt8](try Data(contentsOf: try Self.clips.url.appendingPathComponent("cc13-h264.mp4")))
        var random = SplitMix64(seed: 31)
        for _ in 0..<200 {
            let at = bytes.count / 3 + Int(random.next() % UInt64(bytes.count / 3))
            bytes[at] ^= UInt8(1 << (random.next() % 8))
        }
        let damaged = dir.appendingPathComponent("damaged.mp4").path
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let r = try CommandRunner.run(["tracks", damaged])
        expectEqual(r.status, 0)
        let warnings = r.stderr.split(separator: "\n").filter { $0.hasPrefix("captions: warning: \(damaged): the video is damaged: ") }
        expectTrue(warnings.count == 1 && !r.stderr.contains("[h264 @"), "\(r.stderr)")
        let strict = try CommandRunner.run(["tracks", damaged, "--strict"])
        expectTrue(strict.status == 65 && strict.stdout.isEmpty, "\(strict.stderr)")
        let clean = try CommandRunner.run(["tracks", try Self.clips.url.appendingPathComponent("cc13-h264.mp4").path, "--strict"])
        expectTrue(clean.status == 0 && clean.stderr.isEmpty, "\(clean.stderr)")
    }

    /// The MPEG-2 and H.264 fixtures read as ffmpeg's 608 decoder reads them: "HI" on CC1 (a file
    /// with no text track gives its first channel), shown from the EOC's picture; CC2 is not there (64).
    @Test func closedCaptionsInAVideoStreamAreRead() throws {
        for name in ["cc13.ts", "cc13-h264.mp4"] {
            let path = try Self.clips.url.appendingPathComponent(name).path
            let dir = try CommandRunner.scratch()
            let srt = dir.appendingPathComponent("ffmpeg.srt").path
            expectTrue(try FFmpeg.run(["-f", "lavfi", "-i", "movie=\(path)[out0+subcc]", "-map", "0:s", srt]) == 0)
            let reference = MuxCommandTests.cues(srt: try String(contentsOfFile: srt, encoding: .utf8))
            for arguments in [["convert", path, "--to", "srt"], ["convert", path, "--cc", "CC1", "--to", "srt"]] {
                let r = try CommandRunner.run(arguments)
                expectEqual(r.status, 0, "\(name): \(r.stderr)")
                let cues = MuxCommandTests.cues(srt: r.stdout)
                expectTrue(cues.map(\.text) == ["HI"] && reference.map(\.text) == ["HI"], "\(name): \(r.stdout) / \(reference)")
                // The EOC is in the fourth picture: shown from 3 frames of 29.97 in (100 ms), as ffmpeg says.
                if let ours = cues.first, let theirs = reference.first { expectTrue(abs(ours.start - theirs.start) <= 34, "\(name): \(ours.start) vs \(theirs.start)") }
            }
            let cc2 = try CommandRunner.run(["convert", path, "--cc", "CC2", "--to", "srt"])
            expectTrue(cc2.status == 64 && cc2.stderr.contains("no CC2 closed captions") && cc2.stderr.contains("CC1"), "\(cc2.stderr)")
        }
    }
}
