import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// Reading a video file's subtitle track in the commands that take captions, held to ffmpeg's
/// extraction of the same stream (`ffmpeg -i FILE -map 0:N out.srt`), to ffprobe's packets and flags,
/// and to what mpv shows.
@Suite struct TrackReadingCommandTests {
    typealias Cue = TrackMedia.Cue

    /// The subtitle streams of `path` the toolkit reads as text (by codec, from ffprobe).
    static func textStreams(_ path: String) throws -> [[String: Any]] {
        try TrackMedia.probedSubtitleStreams(path).filter { TracksCommandTests.kinds[$0["codec_name"] as? String ?? "unknown"] == "text" }
    }

    // MARK: - Extraction

    /// Every text track, read with `--track N`, gives ffmpeg's cues: as many, times within 1 ms, the same
    /// text once tags are stripped. (The offset files' track starts 1.5 s late; the late files start at
    /// 10 s, counted from there; ffmpeg shifts the MKV's subtitles by the AAC priming delay: all must
    /// come through.)
    @Test(arguments: ["ffmpeg.mkv", "movtext.mp4", "mkvmerge.mkv", "offset.mkv", "offset.mp4", "late.mkv", "late.mp4"])
    func everyTextTrackExtractsAsFFmpegDoes(file: String) throws {
        let dir = try CommandRunner.scratch()
        let path = try TrackMedia.file(file)
        let streams = try Self.textStreams(path)
        expectTrue(streams.count == ["ffmpeg.mkv": 3, "movtext.mp4": 2, "mkvmerge.mkv": 2][file] ?? 1)
        if file.hasPrefix("late") { expectTrue(try TrackMedia.probedStart(path) > 9000, "\(file) does not start late") }
        for stream in streams {
            let index = try #require(stream["index"] as? Int)
            let theirs = try TrackMedia.cues(try TrackMedia.ffmpegSRT(path, stream: index, in: dir))
            expectTrue(theirs.count >= 2, "ffmpeg extracted \(theirs) from \(file) stream \(index)")
            TrackMedia.expectSameCues(try TrackMedia.converted(path, ["--track", "\(index)"]), theirs, "\(file) stream \(index)")
        }
    }

    /// `-itsoffset 1.5` really moved the track (so the comparison above covers a late track).
    @Test(arguments: ["offset.mkv", "offset.mp4"])
    func theOffsetTrackStartsLate(file: String) throws {
        let path = try TrackMedia.file(file)
        let ours = try TrackMedia.converted(path, [])
        let written = try TrackMedia.cues(TrackMedia.srt)
        try #require(ours.count == written.count)
        for (a, b) in zip(ours, written) {
            expectTrue(a.start - b.start >= 1500 && a.start - b.start <= 1530, "\(a) from \(b)")
            expectEqual(a.end - a.start, b.end - b.start, "\(a) from \(b)")
        }
    }

    // MARK: - Values in the model

    /// An ASS track's styles survive: every event keeps its style (`"style":"Sign"`), and `--to ass` keeps
    /// each style row's font, size, colour, weight and alignment as the track's own header has them
    /// (ffmpeg's `-c copy` extraction of the track is the reference).
    @Test(arguments: [("ffmpeg.mkv", 3), ("mkvmerge.mkv", 4)])
    func assTrackKeepsItsStyles(file: String, stream: Int) throws {
        let dir = try CommandRunner.scratch()
        let path = try TrackMedia.file(file)
        let copied = dir.appendingPathComponent("track.ass").path
        try TrackMedia.ffmpeg(["-i", path, "-map", "0:\(stream)", "-c", "copy", copied])
        let reference = try String(contentsOfFile: copied, encoding: .utf8)
        let dialogues = reference.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("Dialogue:") }
        let styleOfEvent = dialogues.map { $0.split(separator: ",", maxSplits: 9, omittingEmptySubsequences: false)[3].trimmingCharacters(in: .whitespaces) }
        expectTrue(styleOfEvent.contains("Sign"), "\(reference)")

        let json = try CommandRunner.run(["convert", path, "--track", "\(stream)", "--to", "json"])
        try #require(json.status == 0, "\(json)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let events = try #require(document["events"] as? [[String: Any]])
        expectEqual(events.map { $0["style"] as? String ?? "Default" }, styleOfEvent, "\(json.stdout)")
        expectEqual(events.map { TrackMedia.plain($0["text"] as? String ?? "") }, dialogues.map { TrackMedia.plain(String($0.split(separator: ",", maxSplits: 9, omittingEmptySubsequences: false)[9])) })

        let ass = try CommandRunner.run(["convert", path, "--track", "\(stream)", "--to", "ass"])
        try #require(ass.status == 0, "\(ass)")
        let ours = Self.styleRows(ass.stdout), theirs = Self.styleRows(reference)
        expectEqual(Set(ours.keys), Set(theirs.keys), "\(ass.stdout)")
        for (name, row) in theirs {
            let mine = try #require(ours[name], "no Style row \(name) in\n\(ass.stdout)")
            for field in ["Fontname", "Fontsize", "PrimaryColour", "Bold", "Italic", "Underline", "Outline", "Shadow", "Alignment"] {
                expectEqual(mine[field], row[field], "Style \(name) \(field): ours \(mine[field] ?? "-"), track \(row[field] ?? "-")")
            }
        }
        // Every field, margins, scale, spacing, angle and border style too (the model keeps them all).
        for (name, row) in theirs { expectEqual(ours[name], row, "Style \(name)") }
    }

    /// An ASS file's `Style:` rows, each field by its `Format:` name.
    static func styleRows(_ script: String) -> [String: [String: String]] {
        var format: [String] = [], rows: [String: [String: String]] = [:], inStyles = false
        for line in script.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("[") { inStyles = line.lowercased().contains("styles"); continue }
            guard inStyles, let colon = line.firstIndex(of: ":") else { continue }
            let values = line[line.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            switch line[..<colon] {
            case "Format": format = values
            case "Style" where values.count == format.count:
                rows[values[0]] = Dictionary(uniqueKeysWithValues: zip(format, values))
            default: continue
            }
        }
        return rows
    }

    /// Bold, italic and underline of mov_text style records and WebVTT/SubRip tags become spans of the
    /// model, at the characters ffmpeg's extraction puts its tags around.
    @Test(arguments: [("movtext.mp4", 2), ("movtext.mp4", 3), ("ffmpeg.mkv", 2), ("ffmpeg.mkv", 4)])
    func boldItalicAndUnderlineBecomeSpans(file: String, stream: Int) throws {
        let dir = try CommandRunner.scratch()
        let path = try TrackMedia.file(file)
        let theirs = try TrackMedia.cues(try TrackMedia.ffmpegSRT(path, stream: stream, in: dir))
        let expected = theirs.map { Self.spans(ofTagged: $0.text) }
        expectTrue(expected.contains { !$0.isEmpty }, "no styled text in \(theirs)")
        let json = try CommandRunner.run(["convert", path, "--track", "\(stream)", "--to", "json"])
        try #require(json.status == 0, "\(json)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let events = try #require(document["events"] as? [[String: Any]])
        try #require(events.count == theirs.count, "\(json.stdout)")
        for (event, want) in zip(events, expected) {
            let spans = (event["spans"] as? [[String: Any]] ?? []).map { "\($0["kind"] as? String ?? "?") \($0["start"] as? Int ?? -1)..<\($0["end"] as? Int ?? -1)" }
            expectEqual(spans.sorted(), want.sorted(), "\(event)")
        }
    }

    /// `kind start..<end` of each `<b>`, `<i>`, `<u>` in SubRip text, offsets in the text without tags.
    static func spans(ofTagged text: String) -> [String] {
        let kinds = ["b": "bold", "i": "italic", "u": "underline"]
        var plain = 0, open: [String: Int] = [:], found: [String] = []
        var rest = Substring(text)
        while let c = rest.first {
            if c == "<", let close = rest.firstIndex(of: ">") {
                let tag = rest[rest.index(after: rest.startIndex)..<close].lowercased()
                if let kind = kinds[tag] { open[kind] = plain }
                if tag.hasPrefix("/"), let kind = kinds[String(tag.dropFirst())], let start = open.removeValue(forKey: kind) {
                    found.append("\(kind) \(start)..<\(plain)")
                }
                rest = rest[rest.index(after: close)...]
            } else {
                plain += 1
                rest = rest.dropFirst()
            }
        }
        return found
    }

    // MARK: - Which track

    /// The stream a command reads without flags: ffprobe's first default text stream, else its first text stream.
    static func expectedDefault(_ path: String) throws -> Int {
        let text = try textStreams(path)
        let chosen = try #require(text.first { ($0["disposition"] as? [String: Any])?["default"] as? Int == 1 } ?? text.first)
        return try #require(chosen["index"] as? Int)
    }

    /// Without flags the default track is read; movtext.mp4's default is its second track, so "the
    /// first" would not pass.
    @Test(arguments: ["ffmpeg.mkv", "movtext.mp4", "mkvmerge.mkv"])
    func theDefaultTrackIsReadWithoutFlags(file: String) throws {
        let dir = try CommandRunner.scratch()
        let path = try TrackMedia.file(file)
        let index = try Self.expectedDefault(path)
        TrackMedia.expectSameCues(try TrackMedia.converted(path, []), try TrackMedia.cues(try TrackMedia.ffmpegSRT(path, stream: index, in: dir)),
                                  "\(file) without flags (stream \(index))")
        if file == "movtext.mp4" { expectTrue(index != (try Self.textStreams(path).first?["index"] as? Int)) }
    }

    /// `--language L` reads the track in that language, for every language ffprobe lists.
    @Test(arguments: ["ffmpeg.mkv", "movtext.mp4", "mkvmerge.mkv"])
    func languagePicksTheTrackInThatLanguage(file: String) throws {
        let dir = try CommandRunner.scratch()
        let path = try TrackMedia.file(file)
        var languages = 0
        for stream in try Self.textStreams(path) {
            guard let language = (stream["tags"] as? [String: Any])?["language"] as? String, language != "und",
                  let index = stream["index"] as? Int else { continue }
            languages += 1
            TrackMedia.expectSameCues(try TrackMedia.converted(path, ["--language", language]),
                                      try TrackMedia.cues(try TrackMedia.ffmpegSRT(path, stream: index, in: dir)), "\(file) --language \(language)")
        }
        expectTrue(languages >= 2)
    }

    /// `--track` naming the video stream and `--language` matching nothing: 64, listing the subtitle
    /// tracks (each stream index and codec ffprobe gives).
    @Test func aStreamThatIsNotASubtitleTrackOrALanguageNoTrackHasIsAUsageError() throws {
        let path = try TrackMedia.file("ffmpeg.mkv")
        let probed = try TrackMedia.probedSubtitleStreams(path)
        for arguments in [["--track", "0"], ["--language", "xx"]] {
            let r = try CommandRunner.run(["convert", path] + arguments + ["--to", "srt"])
            expectTrue(r.status == 64 && r.stdout.isEmpty, "\(arguments): \(r)")
            expectTrue(r.stderr.contains(path), "\(r.stderr)")
            for stream in probed {
                expectTrue(r.stderr.contains("\(stream["index"] as? Int ?? -1) text \(stream["codec_name"] as? String ?? "?")"), "\(arguments): \(r.stderr)")
            }
        }
    }

    /// A file without subtitles read as captions: 65 naming the file and saying it has none; a missing file: 66.
    @Test func noSubtitlesAndMissingFiles() throws {
        for file in ["plain.mp4", "plain.ts"] {
            let path = try TrackMedia.file(file)
            let r = try CommandRunner.run(["convert", path, "--to", "srt"])
            expectTrue(r.status == 65 && r.stdout.isEmpty, "\(r)")
            expectTrue(r.stderr.contains(path) && r.stderr.contains("no subtitle track"), "\(r.stderr)")
        }
        let missing = try CommandRunner.scratch().appendingPathComponent("gone.mkv").path
        for arguments in [[], ["--track", "2"]] {
            let r = try CommandRunner.run(["convert", missing] + arguments + ["--to", "srt"])
            expectTrue(r.status == 66 && r.stderr.contains(missing), "\(arguments): \(r)")
        }
    }

    /// Bitmap tracks are read by recognition (docs/ocr.md): the PGS track (eng, chosen or the first of
    /// the only kind there is) gives its one picture's cue, shown for 1 s; the picture is a solid box,
    /// not letters, so the cue is kept empty with a warning naming its time. The DVD track is German,
    /// whose model is not installed: 64, naming the package.
    @Test func bitmapTracksAreReadByRecognition() throws {
        let bitmap = try TrackMedia.file("bitmap.mkv")
        for arguments in [[], ["--track", "2"]] {
            let r = try CommandRunner.run(["convert", bitmap] + arguments + ["--to", "json"])
            let events = (try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])?["events"] as? [[String: Any]] ?? []
            expectTrue(r.status == 0 && events.count == 1, "\(arguments): \(r)")
            expectEqual(events.first.map { ($0["text"] as? String) == "" && (($0["end"] as? Int) ?? 0) - (($0["start"] as? Int) ?? 0) == 1000 }, true, "\(events)")
            expectTrue(r.stderr.contains("has no text Tesseract could read"), "\(arguments): \(r.stderr)")
        }
        let german = try CommandRunner.run(["convert", bitmap, "--track", "3", "--to", "srt"])
        expectTrue(german.status == 64 && german.stdout.isEmpty && german.stderr.contains("tesseract-ocr-deu"), "\(german)")
    }

    /// mkvmerge's WebVTT, whose codec ffmpeg 5.1 does not know: listed, but 65 with a sentence.
    @Test func aTrackInACodecFFmpegDoesNotKnowIsMalformedInput() throws {
        let mkvmerge = try TrackMedia.file("mkvmerge.mkv")
        let unknown = try #require(try TrackMedia.probedSubtitleStreams(mkvmerge).first { $0["codec_name"] == nil }?["index"] as? Int)
        let r = try CommandRunner.run(["convert", mkvmerge, "--track", "\(unknown)", "--to", "srt"])
        expectTrue(r.status == 65 && r.stdout.isEmpty && r.stderr.contains(mkvmerge), "\(r)")
        expectTrue(r.stderr.contains("track \(unknown)") && r.stderr.contains("codec"), "\(r.stderr)")
    }

    // MARK: - Other commands read tracks

    /// `check` finds on a track what it finds in ffmpeg's extraction of it: nothing in the SubRip track
    /// (exit 0), the too-short sign in the ASS track (exit 1).
    @Test(arguments: [(2, "srt"), (3, "ass")])
    func checkReadsATrack(stream: Int, format: String) throws {
        let dir = try CommandRunner.scratch()
        let path = try TrackMedia.file("ffmpeg.mkv")
        let extracted = dir.appendingPathComponent("track.\(format)").path
        try TrackMedia.ffmpeg(["-i", path, "-map", "0:\(stream)"] + (format == "ass" ? ["-c", "copy"] : []) + [extracted])
        let onTrack = try CommandRunner.run(["check", path, "--track", "\(stream)"])
        let onFile = try CommandRunner.run(["check", extracted])
        expectTrue(onTrack.status == onFile.status && onTrack.status == (format == "ass" ? 1 : 0), "track: \(onTrack)\nfile: \(onFile)")
        // The same problems, whatever the prefix (the file's line numbers, or the track's name).
        func problems(_ r: CommandResult) -> [String] {
            r.stdout.split(separator: "\n").map { line in line.range(of: "caption ").map { String(line[$0.lowerBound...]) } ?? String(line) }
        }
        expectEqual(problems(onTrack), problems(onFile), "track: \(onTrack.stdout)\nfile: \(onFile.stdout)")
        expectEqual(onTrack.stderr.replacingOccurrences(of: path, with: ""), onFile.stderr.replacingOccurrences(of: extracted, with: ""),
                "track: \(onTrack.stderr)\nfile: \(onFile.stderr)")
        if format == "ass" { expectEqual(problems(onTrack).first?.hasPrefix("caption 1: min-duration"), true, "\(onTrack.stdout)") }
    }

    /// `render --track N --at 1` writes the PNG it writes for ffmpeg's extraction of that track, and a
    /// caption is in it (the frame at a time between the cues differs).
    @Test func renderReadsATrack() throws {
        let dir = try CommandRunner.scratch()
        let path = try TrackMedia.file("ffmpeg.mkv")
        let extracted = dir.appendingPathComponent("track.srt").path
        try TrackMedia.ffmpeg(["-i", path, "-map", "0:2", extracted])
        func render(_ input: String, _ extra: [String], at: String, _ name: String) throws -> Data {
            let out = dir.appendingPathComponent(name).path
            let r = try CommandRunner.run(["render", input] + extra + ["--at", at, "--size", "320x240", "-o", out])
            expectEqual(r.status, 0, "\(r)")
            return try Data(contentsOf: URL(fileURLWithPath: out))
        }
        let fromTrack = try render(path, ["--track", "2"], at: "1", "track.png")
        expectTrue(fromTrack.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        expectEqual(fromTrack, (try render(extracted, [], at: "1", "file.png")))
        expectTrue(fromTrack != (try render(path, ["--track", "2"], at: "1.35", "between.png")))
    }

    /// `retime --shift 1` of a video file (its default track) moves ffmpeg's extraction by 1000 ms.
    @Test func retimeShiftsATrack() throws {
        let dir = try CommandRunner.scratch()
        let path = try TrackMedia.file("ffmpeg.mkv")
        let out = dir.appendingPathComponent("out.srt").path
        let r = try CommandRunner.run(["retime", path, "--shift", "1", "-o", out])
        expectTrue(r.status == 0 && r.stderr.isEmpty, "\(r)")
        let shifted = try TrackMedia.cues(try String(contentsOfFile: out, encoding: .utf8))
        let theirs = try TrackMedia.cues(try TrackMedia.ffmpegSRT(path, stream: try Self.expectedDefault(path), in: dir))
        TrackMedia.expectSameCues(shifted, theirs.map { Cue(start: $0.start + 1000, end: $0.end + 1000, text: $0.text) }, "retime --shift 1")
    }

    // MARK: - Timing

    /// Packets without a duration (`setts=duration=0`) end where the next starts, the last at the end
    /// of the file (ffprobe's duration), as mpv shows them; their starts are ffprobe's packet times.
    @Test func aPacketWithoutADurationEndsAtTheNextCue() throws {
        let path = try TrackMedia.file("noduration.mkv")
        let stream = try #require(try TrackMedia.probedSubtitleStreams(path).first?["index"] as? Int)
        let starts = try TrackMedia.probedPacketStarts(path, stream: stream)
        let durations = try TrackMedia.run("/usr/bin/ffprobe", ["-v", "error", "-select_streams", "\(stream)", "-show_entries",
                                                                "packet=duration", "-of", "csv=p=0", path])
        expectTrue(durations.split(separator: "\n").allSatisfy { $0 == "N/A" || $0 == "0" }, "the file has packet durations: \(durations)")
        let ours = try TrackMedia.converted(path, [])
        expectEqual(ours.map(\.start), starts, "\(ours)")
        expectEqual(ours.map(\.end), Array(starts.dropFirst()) + [try TrackMedia.probedDuration(path)], "\(ours)")
        // mpv shows each caption until the next (a moment before it starts) and the last one until the end.
        let written = try TrackMedia.cues(TrackMedia.srt)
        for (n, cue) in ours.enumerated() {
            let before = Double(cue.end - 60) / 1000
            expectTrue(try TrackMedia.mpvCaption(path, sid: 1, at: before) == written[n].plain, "mpv at \(before) s")
        }
    }
}
