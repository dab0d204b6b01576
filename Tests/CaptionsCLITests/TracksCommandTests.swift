import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// `captions tracks` against ffprobe: every subtitle stream of files made by ffmpeg and mkvmerge,
/// each field compared with what ffprobe says of the same stream.
@Suite struct TracksCommandTests {
    /// What kind of track each codec is, from what the codecs are (not from the toolkit).
    static let kinds = ["subrip": "text", "ass": "text", "ssa": "text", "webvtt": "text", "mov_text": "text", "text": "text",
                        "hdmv_pgs_subtitle": "bitmap", "dvd_subtitle": "bitmap", "dvb_subtitle": "bitmap",
                        "eia_608": "closed-captions", "unknown": "unknown"]

    /// The listing and ffprobe agree on every subtitle stream: index, codec, language (`und` is null),
    /// title, default and forced; the kind follows from the codec. Closed captions list one entry per
    /// channel under their stream's index.
    static func expectListingMatchesFFprobe(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let listed = try TrackMedia.listed(path)
        let probed = try TrackMedia.probedSubtitleStreams(path)
        let indexes = listed.compactMap { $0["index"] as? Int }
        expectEqual(Array(Set(indexes)).sorted(), probed.compactMap { $0["index"] as? Int }, "\(path): listed \(listed), ffprobe \(probed)",
                sourceLocation: sourceLocation)
        for track in listed {
            guard let stream = probed.first(where: { $0["index"] as? Int == track["index"] as? Int }) else { continue }
            let tags = stream["tags"] as? [String: Any] ?? [:]
            let disposition = stream["disposition"] as? [String: Any] ?? [:]
            let language = (tags["language"] as? String).flatMap { $0 == "und" ? nil : $0 }
            let codec = stream["codec_name"] as? String ?? "unknown"
            let what = "\(path) stream \(track["index"] ?? "?")"
            expectTrue(track["codec"] as? String == codec, "\(what): \(track)", sourceLocation: sourceLocation)
            expectTrue(track["kind"] as? String == kinds[codec], "\(what): \(track)", sourceLocation: sourceLocation)
            expectTrue(track["language"] as? String == language && (language != nil || track["language"] is NSNull),
                    "\(what): \(track), ffprobe tags \(tags)", sourceLocation: sourceLocation)
            // An MP4 track has no title field: its handler name is the title, unless it is a muxer's
            // generic one (ffmpeg writes `SubtitleHandler`).
            let handler = (tags["handler_name"] as? String).flatMap { $0.hasSuffix("Handler") ? nil : $0 }
            let title = tags["title"] as? String ?? handler
            expectTrue(track["title"] as? String == title && (title != nil || track["title"] is NSNull),
                    "\(what): \(track), ffprobe tags \(tags)", sourceLocation: sourceLocation)
            expectTrue(track["default"] as? Bool == (disposition["default"] as? Int == 1), "\(what): \(track)", sourceLocation: sourceLocation)
            expectTrue(track["forced"] as? Bool == (disposition["forced"] as? Int == 1), "\(what): \(track)", sourceLocation: sourceLocation)
            expectEqual((track["channel"] != nil), (codec == "eia_608"), "\(what): \(track)", sourceLocation: sourceLocation)
        }
        return listed
    }

    @Test(arguments: ["ffmpeg.mkv", "movtext.mp4", "mkvmerge.mkv", "bitmap.mkv"])
    func listingMatchesFFprobe(file: String) throws {
        let listed = try Self.expectListingMatchesFFprobe(try TrackMedia.file(file))
        // Each file has the tracks it was made with: the comparison above cannot pass on an empty listing.
        let expectedCount = ["ffmpeg.mkv": 3, "movtext.mp4": 2, "mkvmerge.mkv": 3, "bitmap.mkv": 2][file]
        expectEqual(listed.count, expectedCount, "\(listed)")
    }

    /// The flags and names the files were made with reach the listing, and ffprobe sees them too
    /// (so the comparison with ffprobe above compares something).
    @Test func theFlagsTheFilesWereMadeWithAreListed() throws {
        let ffmpeg = try TrackMedia.listed(try TrackMedia.file("ffmpeg.mkv"))
        expectEqual(ffmpeg.map { $0["codec"] as? String }, ["subrip", "ass", "webvtt"])
        expectEqual(ffmpeg.map { $0["language"] as? String }, ["eng", "jpn", "fre"])
        expectEqual(ffmpeg.map { $0["title"] as? String }, ["English", "Signs & Songs", nil])
        expectEqual(ffmpeg.map { $0["default"] as? Bool }, [true, false, false])
        expectEqual(ffmpeg.map { $0["forced"] as? Bool }, [false, true, false])
        let mkvmerge = try TrackMedia.listed(try TrackMedia.file("mkvmerge.mkv"))
        expectTrue(mkvmerge.first?["language"] as? String == "ger" && mkvmerge.first?["title"] as? String == "Deutsch"
                && mkvmerge.first?["default"] as? Bool == true, "\(mkvmerge)")
        // mkvmerge's S_TEXT/WEBVTT is a codec ffmpeg 5.1 does not know (ffprobe: codec_name unknown); `und` is null.
        expectTrue(mkvmerge.dropFirst().first?["language"] is NSNull && mkvmerge.dropFirst().first?["forced"] as? Bool == true, "\(mkvmerge)")
        let movText = try TrackMedia.listed(try TrackMedia.file("movtext.mp4"))
        expectEqual(movText.map { $0["default"] as? Bool }, [false, true])
        // ffmpeg 5.1 writes no track title into MP4, only the handler name ("Bold" for the first track,
        // its generic "SubtitleHandler" for the second), which is what `mux --title` writes too.
        expectEqual(movText.map { $0["title"] as? String }, ["Bold", nil], "\(movText)")
    }

    /// A file without subtitles lists none, in JSON exactly `{"tracks":[]}`, and the table says so.
    @Test(arguments: ["plain.mp4", "plain.ts"])
    func aFileWithoutSubtitlesListsNone(file: String) throws {
        let path = try TrackMedia.file(file)
        expectTrue(try TrackMedia.probedSubtitleStreams(path).isEmpty)
        let json = try CommandRunner.run(["tracks", path, "--json"])
        expectTrue(json.status == 0 && json.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"tracks":[]}"#, "\(json)")
        let table = try CommandRunner.run(["tracks", path])
        expectTrue(table.status == 0 && table.stdout.contains("no subtitle tracks"), "\(table)")
        expectEqual(table.stdout.split(separator: "\n").count, 1, "\(table.stdout)")
    }

    /// The table: a header, then one line per track, columns starting where the header's do, with the
    /// values ffprobe gives.
    @Test(arguments: ["ffmpeg.mkv", "mkvmerge.mkv", "bitmap.mkv"])
    func theTableHasAHeaderAndOneLinePerTrack(file: String) throws {
        let path = try TrackMedia.file(file)
        let r = try CommandRunner.run(["tracks", path])
        expectTrue(r.status == 0 && r.stderr.isEmpty, "\(r)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let probed = try TrackMedia.probedSubtitleStreams(path)
        try #require(lines.count == probed.count + 1, "\(r.stdout)")
        let header = lines[0]
        let columns = ["INDEX", "KIND", "CODEC", "LANGUAGE", "TITLE", "FLAGS"]
        let starts = try columns.map { try #require(header.range(of: $0)).lowerBound.utf16Offset(in: header) }
        expectTrue(starts == starts.sorted() && starts[0] == 0, "\(header)")
        for (line, stream) in zip(lines.dropFirst(), probed) {
            func cell(_ column: Int) -> String {
                let chars = Array(line)
                let from = min(starts[column], chars.count), to = column + 1 < starts.count ? min(starts[column + 1], chars.count) : chars.count
                return String(chars[from..<to]).trimmingCharacters(in: .whitespaces)
            }
            let tags = stream["tags"] as? [String: Any] ?? [:]
            let disposition = stream["disposition"] as? [String: Any] ?? [:]
            expectEqual(cell(0), "\(stream["index"] as? Int ?? -1)", "\(line)")
            expectTrue(cell(2) == stream["codec_name"] as? String ?? "unknown", "\(line)")
            expectTrue(cell(3) == (tags["language"] as? String).map { $0 == "und" ? "-" : $0 } ?? "-", "\(line)")
            expectTrue(cell(4) == tags["title"] as? String ?? "-", "\(line)")
            let flags = [disposition["default"] as? Int == 1 ? "default" : nil, disposition["forced"] as? Int == 1 ? "forced" : nil].compactMap { $0 }
            expectEqual(cell(5), (flags.isEmpty ? "-" : flags.joined(separator: ",")), "\(line)")
        }
    }

    /// Closed captions: an SCC file muxed by ffmpeg into a QuickTime `c608` track is listed as
    /// closed captions, codec eia_608, on the one channel the file uses (CC1; Corpus/broadcast/SOURCE.md).
    @Test func closedCaptionsInAQuickTimeTrackListTheirChannel() throws {
        let dir = try CommandRunner.scratch()
        let scc = CommandRunner.packageRoot.appendingPathComponent("Corpus/broadcast/scc/pycaption-example.scc").path
        let mov = dir.appendingPathComponent("captions.mov").path
        try TrackMedia.ffmpeg(["-i", try TrackMedia.file("plain.mp4"), "-f", "scc", "-i", scc, "-map", "0:v", "-map", "1", "-c", "copy", mov])
        let listed = try Self.expectListingMatchesFFprobe(mov)
        expectEqual(listed.count, 1, "\(listed)")
        expectTrue(listed.first?["kind"] as? String == "closed-captions" && listed.first?["codec"] as? String == "eia_608", "\(listed)")
        expectTrue(listed.first?["channel"] as? String == "CC1", "\(listed)")
        // ffmpeg's own 608 decoder finds captions in the same track: the listing is of a track that has them.
        let srt = try TrackMedia.cues(try TrackMedia.ffmpegSRT(mov, stream: 1, in: dir))
        expectTrue(srt.contains { $0.plain.contains("Vámonos") }, "\(srt)")
        let table = try CommandRunner.run(["tracks", mov])
        expectEqual(table.stdout.split(separator: "\n").last?.contains("CC1"), true, "\(table.stdout)")
    }

    /// A/53 closed captions in an H.264 stream: `caption.mp4` and `caption.ts`, the testsrc clip with a
    /// pop-on caption on CC1 ("HI", field 1) and one on CC3 ("YO", field 2) in SEI messages written here.
    static let a53 = SharedFolder { dir in
        let raw = dir.appendingPathComponent("plain.h264").path
        try TrackMedia.ffmpeg(["-f", "lavfi", "-i", "testsrc=size=320x240:duration=2:rate=25", "-c:v", "libx264", "-preset", "ultrafast",
                               "-pix_fmt", "yuv420p", "-bsf:v", "h264_mp4toannexb", "-f", "h264", raw])
        let captioned = dir.appendingPathComponent("captioned.h264")
        try Data(withA53Captions(Array(try Data(contentsOf: URL(fileURLWithPath: raw))))).write(to: captioned)
        try TrackMedia.ffmpeg(["-r", "25", "-i", captioned.path, "-c", "copy", dir.appendingPathComponent("caption.mp4").path])
        try TrackMedia.ffmpeg(["-r", "25", "-i", captioned.path, "-c", "copy", dir.appendingPathComponent("caption.ts").path])
        try FileManager.default.removeItem(atPath: raw)
        try FileManager.default.removeItem(at: captioned)
    }

    /// An H.264 Annex B stream with an SEI message before each picture's first slice carrying ATSC A/53
    /// `cc_data`: one field 1 and one field 2 byte pair per picture. Field 1 sends CC1 (control codes
    /// 0x14 ..: resume caption loading, row 15, "HI", end of caption), field 2 the same on CC3 (0x15 ..)
    /// with "YO"; every control code twice, as broadcasters send them; then padding.
    static func withA53Captions(_ stream: [UInt8]) -> [UInt8] {
        func odd(_ b: UInt8) -> UInt8 { b.nonzeroBitCount % 2 == 1 ? b : b | 0x80 }
        let field1: [(UInt8, UInt8)] = [(0x14, 0x20), (0x14, 0x20), (0x14, 0x70), (0x14, 0x70), (0x48, 0x49), (0x14, 0x2F), (0x14, 0x2F)]
        let field2: [(UInt8, UInt8)] = [(0x15, 0x20), (0x15, 0x20), (0x15, 0x70), (0x15, 0x70), (0x59, 0x4F), (0x15, 0x2F), (0x15, 0x2F)]
        func sei(picture: Int) -> [UInt8] {
            var cc: [UInt8] = []
            for (type, script) in [(UInt8(0), field1), (1, field2)] {
                let pair = picture < script.count ? (odd(script[picture].0), odd(script[picture].1)) : (0x80, 0x80)
                cc += [0xFC | type, pair.0, pair.1]                 // marker bits, cc_valid, cc_type
            }
            // ITU-T T.35: United States (0xB5), ATSC (0x0031), "GA94", cc_data (0x03), process flag + count, em_data.
            let payload: [UInt8] = [0xB5, 0x00, 0x31] + Array("GA94".utf8) + [0x03, 0x40 | 2, 0xFF] + cc + [0xFF]
            let rbsp: [UInt8] = [4, UInt8(payload.count)] + payload + [0x80] // user_data_registered_itu_t_t35, size; stop bit
            var nal: [UInt8] = [0x06], zeros = 0                          // SEI, with emulation prevention bytes
            for b in rbsp {
                if zeros >= 2 && b <= 3 { nal.append(3); zeros = 0 }
                nal.append(b)
                zeros = b == 0 ? zeros + 1 : 0
            }
            return nal
        }
        // The NAL units between start codes (00 00 01, or 00 00 00 01).
        var starts: [Int] = []
        var i = 0
        while i + 2 < stream.count {
            if stream[i] == 0, stream[i + 1] == 0, stream[i + 2] == 1 { starts.append(i + 3); i += 3 } else { i += 1 }
        }
        var out: [UInt8] = [], picture = 0
        for (n, start) in starts.enumerated() {
            var end = n + 1 < starts.count ? starts[n + 1] - 3 : stream.count
            while end > start, stream[end - 1] == 0 { end -= 1 }
            let nal = stream[start..<end]
            // A coded slice (1, or 5 for IDR) whose first_mb_in_slice is 0 (first bit set) begins a picture.
            if let header = nal.first, [1, 5].contains(header & 0x1F), nal.count > 1, nal[start + 1] & 0x80 != 0 {
                out += [0, 0, 0, 1] + sei(picture: picture)
                picture += 1
            }
            out += [0, 0, 0, 1] + nal
        }
        return out
    }

    /// Closed captions in a video stream's A/53 side data are listed under the video stream's index,
    /// one entry per channel: the channels the SEI messages above use. ffprobe (decoding the frames)
    /// says the stream has closed captions, and ffmpeg's 608 decoder reads "HI" in field 1 and "YO" in
    /// field 2, so the listing is of captions that are there. Choosing them to read as text: 65.
    @Test(arguments: ["caption.mp4", "caption.ts"])
    func a53CaptionsInTheVideoStreamAreListedPerChannel(file: String) throws {
        let dir = try CommandRunner.scratch()
        let path = try Self.a53.url.appendingPathComponent(file).path
        let probe = try TrackMedia.run("/usr/bin/ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                                            "stream=index,closed_captions", "-of", "json", path])
        let streams = try #require((try JSONSerialization.jsonObject(with: Data(probe.utf8)) as? [String: Any])?["streams"] as? [[String: Any]])
        let video = try #require(streams.first)
        expectTrue(video["closed_captions"] as? Int == 1, "\(probe)")
        for (field, text) in [("first", "HI"), ("second", "YO")] {
            let srt = dir.appendingPathComponent("\(field).srt").path
            try TrackMedia.ffmpeg(["-data_field", field, "-f", "lavfi", "-i", "movie=\(path)[out0+subcc]", "-map", "0:s", srt])
            expectTrue(try TrackMedia.cues(try String(contentsOfFile: srt, encoding: .utf8)).map(\.plain) == [text], "field \(field)")
        }

        let listed = try TrackMedia.listed(path)
        expectEqual(listed.map { $0["channel"] as? String }, ["CC1", "CC3"], "\(listed)")
        for track in listed {
            expectTrue(track["index"] as? Int == video["index"] as? Int, "\(track)")
            expectTrue(track["kind"] as? String == "closed-captions" && track["codec"] as? String == "eia_608", "\(track)")
            expectTrue(track["language"] is NSNull && track["title"] is NSNull && track["default"] as? Bool == false, "\(track)")
        }
        // Read as the toolkit's own 608 decoder reads them: the first channel by default, CC3 on asking.
        for (arguments, text) in [([], "HI"), (["--cc", "CC1"], "HI"), (["--cc", "cc3"], "YO")] {
            let read = try CommandRunner.run(["convert", path, "--to", "srt"] + arguments)
            expectTrue(read.status == 0 && MuxCommandTests.cues(srt: read.stdout).map(\.text) == [text], "\(arguments): \(read)")
        }
    }

    @Test func missingAndDamagedFiles() throws {
        let dir = try CommandRunner.scratch()
        let missing = try CommandRunner.run(["tracks", dir.appendingPathComponent("none.mkv").path])
        expectTrue(missing.status == 66 && missing.stderr.contains("none.mkv"), "\(missing)")
        let junk = dir.appendingPathComponent("junk.mkv")
        try Data("not a video, only words that no demuxer takes for one\n".utf8).write(to: junk)
        let damaged = try CommandRunner.run(["tracks", junk.path])
        expectTrue(damaged.status == 65 && damaged.stderr.contains("junk.mkv"), "\(damaged)")
    }
}
