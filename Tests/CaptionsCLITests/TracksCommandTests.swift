import CaptionTestSupport
import Foundation
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
        #expect(Array(Set(indexes)).sorted() == probed.compactMap { $0["index"] as? Int }, "\(path): listed \(listed), ffprobe \(probed)",
                sourceLocation: sourceLocation)
        for track in listed {
            guard let stream = probed.first(where: { $0["index"] as? Int == track["index"] as? Int }) else { continue }
            let tags = stream["tags"] as? [String: Any] ?? [:]
            let disposition = stream["disposition"] as? [String: Any] ?? [:]
            let language = (tags["language"] as? String).flatMap { $0 == "und" ? nil : $0 }
            let codec = stream["codec_name"] as? String ?? "unknown"
            let what = "\(path) stream \(track["index"] ?? "?")"
            #expect(track["codec"] as? String == codec, "\(what): \(track)", sourceLocation: sourceLocation)
            #expect(track["kind"] as? String == kinds[codec], "\(what): \(track)", sourceLocation: sourceLocation)
            #expect(track["language"] as? String == language && (language != nil || track["language"] is NSNull),
                    "\(what): \(track), ffprobe tags \(tags)", sourceLocation: sourceLocation)
            #expect(track["title"] as? String == tags["title"] as? String && (tags["title"] != nil || track["title"] is NSNull),
                    "\(what): \(track), ffprobe tags \(tags)", sourceLocation: sourceLocation)
            #expect(track["default"] as? Bool == (disposition["default"] as? Int == 1), "\(what): \(track)", sourceLocation: sourceLocation)
            #expect(track["forced"] as? Bool == (disposition["forced"] as? Int == 1), "\(what): \(track)", sourceLocation: sourceLocation)
            #expect((track["channel"] != nil) == (codec == "eia_608"), "\(what): \(track)", sourceLocation: sourceLocation)
        }
        return listed
    }

    @Test(arguments: ["ffmpeg.mkv", "movtext.mp4", "mkvmerge.mkv", "bitmap.mkv"])
    func listingMatchesFFprobe(file: String) throws {
        let listed = try Self.expectListingMatchesFFprobe(try TrackMedia.file(file))
        // Each file has the tracks it was made with: the comparison above cannot pass on an empty listing.
        let expectedCount = ["ffmpeg.mkv": 3, "movtext.mp4": 2, "mkvmerge.mkv": 3, "bitmap.mkv": 2][file]
        #expect(listed.count == expectedCount, "\(listed)")
    }

    /// The flags and names the files were made with reach the listing, and ffprobe sees them too
    /// (so the comparison with ffprobe above compares something).
    @Test func theFlagsTheFilesWereMadeWithAreListed() throws {
        let ffmpeg = try TrackMedia.listed(try TrackMedia.file("ffmpeg.mkv"))
        #expect(ffmpeg.map { $0["codec"] as? String } == ["subrip", "ass", "webvtt"])
        #expect(ffmpeg.map { $0["language"] as? String } == ["eng", "jpn", "fre"])
        #expect(ffmpeg.map { $0["title"] as? String } == ["English", "Signs & Songs", nil])
        #expect(ffmpeg.map { $0["default"] as? Bool } == [true, false, false])
        #expect(ffmpeg.map { $0["forced"] as? Bool } == [false, true, false])
        let mkvmerge = try TrackMedia.listed(try TrackMedia.file("mkvmerge.mkv"))
        #expect(mkvmerge.first?["language"] as? String == "ger" && mkvmerge.first?["title"] as? String == "Deutsch"
                && mkvmerge.first?["default"] as? Bool == true, "\(mkvmerge)")
        // mkvmerge's S_TEXT/WEBVTT is a codec ffmpeg 5.1 does not know (ffprobe: codec_name unknown); `und` is null.
        #expect(mkvmerge.dropFirst().first?["language"] is NSNull && mkvmerge.dropFirst().first?["forced"] as? Bool == true, "\(mkvmerge)")
        let movText = try TrackMedia.listed(try TrackMedia.file("movtext.mp4"))
        #expect(movText.map { $0["default"] as? Bool } == [false, true])
        // ffmpeg 5.1 writes no track title into MP4 (ffprobe shows handler_name "Bold", no title): none is listed.
        #expect(movText.allSatisfy { $0["title"] is NSNull }, "\(movText)")
    }

    /// A file without subtitles lists none, in JSON exactly `{"tracks":[]}`, and the table says so.
    @Test(arguments: ["plain.mp4", "plain.ts"])
    func aFileWithoutSubtitlesListsNone(file: String) throws {
        let path = try TrackMedia.file(file)
        #expect(try TrackMedia.probedSubtitleStreams(path).isEmpty)
        let json = try CommandRunner.run(["tracks", path, "--json"])
        #expect(json.status == 0 && json.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"tracks":[]}"#, "\(json)")
        let table = try CommandRunner.run(["tracks", path])
        #expect(table.status == 0 && table.stdout.contains("no subtitle tracks"), "\(table)")
        #expect(table.stdout.split(separator: "\n").count == 1, "\(table.stdout)")
    }

    /// The table: a header, then one line per track, columns starting where the header's do, with the
    /// values ffprobe gives.
    @Test(arguments: ["ffmpeg.mkv", "mkvmerge.mkv", "bitmap.mkv"])
    func theTableHasAHeaderAndOneLinePerTrack(file: String) throws {
        let path = try TrackMedia.file(file)
        let r = try CommandRunner.run(["tracks", path])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let probed = try TrackMedia.probedSubtitleStreams(path)
        try #require(lines.count == probed.count + 1, "\(r.stdout)")
        let header = lines[0]
        let columns = ["INDEX", "KIND", "CODEC", "LANGUAGE", "TITLE", "FLAGS"]
        let starts = try columns.map { try #require(header.range(of: $0)).lowerBound.utf16Offset(in: header) }
        #expect(starts == starts.sorted() && starts[0] == 0, "\(header)")
        for (line, stream) in zip(lines.dropFirst(), probed) {
            func cell(_ column: Int) -> String {
                let chars = Array(line)
                let from = min(starts[column], chars.count), to = column + 1 < starts.count ? min(starts[column + 1], chars.count) : chars.count
                return String(chars[from..<to]).trimmingCharacters(in: .whitespaces)
            }
            let tags = stream["tags"] as? [String: Any] ?? [:]
            let disposition = stream["disposition"] as? [String: Any] ?? [:]
            #expect(cell(0) == "\(stream["index"] as? Int ?? -1)", "\(line)")
            #expect(cell(2) == stream["codec_name"] as? String ?? "unknown", "\(line)")
            #expect(cell(3) == (tags["language"] as? String).map { $0 == "und" ? "-" : $0 } ?? "-", "\(line)")
            #expect(cell(4) == tags["title"] as? String ?? "-", "\(line)")
            let flags = [disposition["default"] as? Int == 1 ? "default" : nil, disposition["forced"] as? Int == 1 ? "forced" : nil].compactMap { $0 }
            #expect(cell(5) == (flags.isEmpty ? "-" : flags.joined(separator: ",")), "\(line)")
        }
    }

    /// Closed captions: an SCC file muxed by ffmpeg into a QuickTime `c608` track is listed as
    /// closed captions, codec eia_608, on the one channel the file uses (CC1; Corpus/broadcast/SOURCE.md).
    @Test func closedCaptionsInAQuickTimeTrackListTheirChannel() throws {
        let dir = try CommandRunner.scratch()
        let scc = CommandRunner.packageRoot.appendingPathComponent("Corpus/broadcast/pycaption-example.scc").path
        let mov = dir.appendingPathComponent("captions.mov").path
        try TrackMedia.ffmpeg(["-i", try TrackMedia.file("plain.mp4"), "-f", "scc", "-i", scc, "-map", "0:v", "-map", "1", "-c", "copy", mov])
        let listed = try Self.expectListingMatchesFFprobe(mov)
        #expect(listed.count == 1, "\(listed)")
        #expect(listed.first?["kind"] as? String == "closed-captions" && listed.first?["codec"] as? String == "eia_608", "\(listed)")
        #expect(listed.first?["channel"] as? String == "CC1", "\(listed)")
        // ffmpeg's own 608 decoder finds captions in the same track: the listing is of a track that has them.
        let srt = try TrackMedia.cues(try TrackMedia.ffmpegSRT(mov, stream: 1, in: dir))
        #expect(srt.contains { $0.plain.contains("Vámonos") }, "\(srt)")
        let table = try CommandRunner.run(["tracks", mov])
        #expect(table.stdout.split(separator: "\n").last?.contains("CC1") == true, "\(table.stdout)")
    }

    @Test func missingAndDamagedFiles() throws {
        let dir = try CommandRunner.scratch()
        let missing = try CommandRunner.run(["tracks", dir.appendingPathComponent("none.mkv").path])
        #expect(missing.status == 66 && missing.stderr.contains("none.mkv"), "\(missing)")
        let junk = dir.appendingPathComponent("junk.mkv")
        try Data("not a video, only words that no demuxer takes for one\n".utf8).write(to: junk)
        let damaged = try CommandRunner.run(["tracks", junk.path])
        #expect(damaged.status == 65 && damaged.stderr.contains("junk.mkv"), "\(damaged)")
    }
}
