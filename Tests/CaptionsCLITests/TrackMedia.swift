import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// The video files with subtitle tracks that `TracksCommandTests` and `TrackReadingCommandTests` read,
/// made once per test process by ffmpeg and mkvmerge from caption files written here, and the peers
/// the tests hold the toolkit to: ffprobe's description of the streams, ffmpeg's extraction of a
/// track, mpv's caption on screen. Nothing expected is recorded from the toolkit itself.
enum TrackMedia {
    /// SubRip with an italic span and a two-line cue.
    static let srt = """
        1
        00:00:00,200 --> 00:00:01,200
        Hello <i>there</i>

        2
        00:00:01,400 --> 00:00:02,700
        Second line
        two rows

        """

    /// ASS with a second style (`Sign`, a serif font, top centre, MarginV 20) and a named speaker.
    /// The sign lasts 0.7 s, shorter than Netflix's minimum: `check` must find it on the track too.
    static let ass = """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 320
        PlayResY: 240

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,DejaVu Sans,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,10,10,10,1
        Style: Sign,DejaVu Serif,28,&H0000FFFF,&H000000FF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,1,0,8,10,10,20,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:00.20,0:00:00.90,Sign,,0,0,0,,EXIT
        Dialogue: 0,0:00:01.20,0:00:02.50,Default,Ann,0,0,0,,Spoken {\\i1}words{\\i0}

        """

    static let vtt = """
        WEBVTT

        00:00:00.300 --> 00:00:01.700
        Bonjour <b>tout</b> le monde

        00:00:01.800 --> 00:00:02.900
        Au revoir

        """

    /// SubRip with bold, italic and underline, for mov_text's style records.
    static let styled = """
        1
        00:00:00,300 --> 00:00:01,500
        Plain <b>bold</b> and <i>italic</i>

        2
        00:00:01,600 --> 00:00:02,700
        <u>under</u> end

        """

    /// Every file, by name:
    /// - `plain.mp4`, `plain.ts`: 320x240 testsrc and a sine, 3 s; no subtitles.
    /// - `ffmpeg.mkv`: SubRip (eng "English", default), ASS (jpn "Signs & Songs", forced), WebVTT (fre, no flags).
    /// - `movtext.mp4`: two mov_text tracks, eng (handler name "Bold") and fre (default).
    /// - `mkvmerge.mkv`: SubRip (ger "Deutsch", default), WebVTT (und, forced, not default), ASS (spa).
    /// - `bitmap.mkv`: a PGS track (eng) and a DVD subtitle track (ger), from a `.sup` written here.
    /// - `offset.mkv`, `offset.mp4`: the SubRip track 1.5 s late (`-itsoffset`).
    /// - `noduration.mkv`: the SubRip track's packets without durations (`setts=duration=0`).
    /// - `late.mkv`, `late.mp4`: every stream 10 s late (`-output_ts_offset`): the file starts at 10 s,
    ///   and players and ffmpeg count from there.
    static let folder = SharedFolder { dir in
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
        for (name, text) in [("a.srt", srt), ("b.ass", ass), ("c.vtt", vtt), ("styled.srt", styled)] {
            try text.write(toFile: path(name), atomically: true, encoding: .utf8)
        }
        try Data(pgsSubtitles()).write(to: URL(fileURLWithPath: path("boxes.sup")))
        let clip = ["-f", "lavfi", "-i", "testsrc=size=320x240:duration=3:rate=25", "-f", "lavfi", "-i", "sine=duration=3",
                    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest"]
        let video = path("plain.mp4")
        try ffmpeg(clip + [video])
        try ffmpeg(clip + [path("plain.ts")])
        try ffmpeg(["-i", video, "-i", path("a.srt"), "-i", path("b.ass"), "-i", path("c.vtt"), "-map", "0", "-map", "1", "-map", "2", "-map", "3",
                    "-c", "copy", "-c:s:0", "srt", "-c:s:1", "ass", "-c:s:2", "webvtt",
                    "-metadata:s:s:0", "language=eng", "-metadata:s:s:0", "title=English",
                    "-metadata:s:s:1", "language=jpn", "-metadata:s:s:1", "title=Signs & Songs", "-metadata:s:s:2", "language=fre",
                    "-disposition:s:0", "default", "-disposition:s:1", "forced", "-disposition:s:2", "0", path("ffmpeg.mkv")])
        // ffmpeg 5.1's MP4 muxer writes no track title (`title` is dropped; `handler_name` is its own tag).
        try ffmpeg(["-i", video, "-i", path("styled.srt"), "-i", path("c.vtt"), "-map", "0", "-map", "1", "-map", "2",
                    "-c:v", "copy", "-c:a", "copy", "-c:s", "mov_text",
                    "-metadata:s:s:0", "language=eng", "-metadata:s:s:0", "handler_name=Bold", "-metadata:s:s:0", "title=Bold",
                    "-metadata:s:s:1", "language=fre", "-disposition:s:0", "0", "-disposition:s:1", "default", path("movtext.mp4")])
        try run("/usr/bin/mkvmerge", ["-q", "-o", path("mkvmerge.mkv"), video,
                                      "--language", "0:ger", "--track-name", "0:Deutsch", "--default-track", "0:yes", path("a.srt"),
                                      "--language", "0:und", "--forced-track", "0:yes", "--default-track", "0:no", path("c.vtt"),
                                      "--language", "0:spa", path("b.ass")])
        try ffmpeg(["-i", video, "-i", path("boxes.sup"), "-map", "0", "-map", "1", "-map", "1", "-c:v", "copy", "-c:a", "copy",
                    "-c:s:0", "copy", "-c:s:1", "dvdsub", "-metadata:s:s:0", "language=eng", "-metadata:s:s:1", "language=ger", path("bitmap.mkv")])
        try ffmpeg(["-i", video, "-itsoffset", "1.5", "-i", path("a.srt"), "-map", "0", "-map", "1", "-c", "copy", path("offset.mkv")])
        try ffmpeg(["-i", video, "-itsoffset", "1.5", "-i", path("a.srt"), "-map", "0", "-map", "1", "-c:v", "copy", "-c:a", "copy",
                    "-c:s", "mov_text", path("offset.mp4")])
        try ffmpeg(["-i", video, "-i", path("a.srt"), "-map", "0", "-map", "1", "-c", "copy", "-bsf:s", "setts=duration=0", path("noduration.mkv")])
        try ffmpeg(["-i", video, "-i", path("a.srt"), "-map", "0", "-map", "1", "-c", "copy", "-output_ts_offset", "10", path("late.mkv")])
        try ffmpeg(["-i", video, "-i", path("a.srt"), "-map", "0", "-map", "1", "-c:v", "copy", "-c:a", "copy", "-c:s", "mov_text",
                    "-output_ts_offset", "10", path("late.mp4")])
    }

    static func file(_ name: String) throws -> String { try folder.url.appendingPathComponent(name).path }

    // MARK: - Peers

    static func ffmpeg(_ arguments: [String]) throws {
        let status = try FFmpeg.run(arguments)
        guard status == 0 else { throw SharedFolder.Failure(description: "ffmpeg \(arguments.joined(separator: " ")) exited \(status)") }
    }

    @discardableResult
    static func run(_ program: String, _ arguments: [String]) throws -> String {
        let r = try CommandRunner.run(arguments, program: URL(fileURLWithPath: program))
        guard r.status == 0 else {
            throw SharedFolder.Failure(description: "\(program) \(arguments.joined(separator: " ")) exited \(r.status): \(r.stderr)")
        }
        return r.stdout
    }

    /// ffprobe's subtitle streams of `path` (`-show_streams -of json`), in stream order.
    static func probedSubtitleStreams(_ path: String) throws -> [[String: Any]] {
        let out = try run("/usr/bin/ffprobe", ["-v", "error", "-show_streams", "-of", "json", path])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let streams = try #require(json["streams"] as? [[String: Any]])
        return streams.filter { $0["codec_type"] as? String == "subtitle" }
    }

    /// ffprobe's duration of the container, in milliseconds.
    static func probedDuration(_ path: String) throws -> Int {
        let out = try run("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path])
        return Int((try #require(Double(out.trimmingCharacters(in: .whitespacesAndNewlines))) * 1000).rounded())
    }

    /// ffprobe's start time of the container, in milliseconds.
    static func probedStart(_ path: String) throws -> Int {
        let out = try run("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "format=start_time", "-of", "csv=p=0", path])
        return Int((try #require(Double(out.trimmingCharacters(in: .whitespacesAndNewlines))) * 1000).rounded())
    }

    /// ffmpeg's start times (ms) of the packets of stream `index`.
    static func probedPacketStarts(_ path: String, stream index: Int) throws -> [Int] {
        let out = try run("/usr/bin/ffprobe", ["-v", "error", "-select_streams", "\(index)", "-show_entries", "packet=pts_time",
                                               "-of", "csv=p=0", path])
        return try out.split(separator: "\n").map { Int((try #require(Double($0)) * 1000).rounded()) }
    }

    /// ffmpeg's own extraction of stream `index` (absolute, `-map 0:N`) as SubRip.
    static func ffmpegSRT(_ path: String, stream index: Int, in dir: URL) throws -> String {
        let out = dir.appendingPathComponent("ffmpeg-\(index)-\(UUID().uuidString).srt").path
        try ffmpeg(["-i", path, "-map", "0:\(index)", out])
        return try String(contentsOfFile: out, encoding: .utf8)
    }

    /// The caption mpv shows at `seconds` from subtitle track `sid` (1-based among the subtitle tracks).
    static func mpvCaption(_ path: String, sid: Int, at seconds: Double) throws -> String {
        let out = try run("/usr/bin/mpv", ["--no-config", "--vo=null", "--ao=null", "--frames=1", "--start=\(seconds)", "--sid=\(sid)",
                                           "--term-playing-msg=SUB[${sub-text}]END", path])
        let start = try #require(out.range(of: "SUB["), "mpv printed: \(out)")
        let end = try #require(out.range(of: "]END", range: start.upperBound..<out.endIndex), "mpv printed: \(out)")
        return String(out[start.upperBound..<end.lowerBound])
    }

    // MARK: - A tiny SubRip reader (not the toolkit's)

    struct Cue: Equatable, CustomStringConvertible {
        var start: Int
        var end: Int
        /// The text as written, tags included.
        var text: String
        var description: String { "\(start)-\(end) \(text.debugDescription)" }
        /// Without `<...>` tags and `{...}` ASS blocks, each line trimmed, empty lines dropped.
        var plain: String { TrackMedia.plain(text) }
    }

    static func cues(_ srt: String) throws -> [Cue] {
        let blocks = srt.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n")
        return try blocks.compactMap { block -> Cue? in
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.isEmpty }
            guard let timeLine = lines.first(where: { $0.contains("-->") }) else { return nil }
            let parts = timeLine.components(separatedBy: " --> ")
            try #require(parts.count == 2, "not a SubRip time line: \(timeLine)")
            let text = lines.drop { !$0.contains("-->") }.dropFirst().joined(separator: "\n")
            return Cue(start: try milliseconds(parts[0]), end: try milliseconds(parts[1]), text: text)
        }
    }

    static func milliseconds(_ clock: String) throws -> Int {
        let f = clock.trimmingCharacters(in: .whitespaces).split(whereSeparator: { ":,.".contains($0) }).compactMap { Int($0) }
        try #require(f.count == 4, "not a SubRip time: \(clock)")
        return ((f[0] * 60 + f[1]) * 60 + f[2]) * 1000 + f[3]
    }

    static func plain(_ text: String) -> String {
        var out = "", depth: Character? = nil
        for c in text {
            if let open = depth {
                if (open == "<" && c == ">") || (open == "{" && c == "}") { depth = nil }
            } else if c == "<" || c == "{" {
                depth = c
            } else {
                out.append(c)
            }
        }
        return out.replacingOccurrences(of: "\\N", with: "\n").replacingOccurrences(of: "\\h", with: " ")
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// The same captions: as many, every time within 1 ms, the same text once tags are stripped.
    static func expectSameCues(_ ours: [Cue], _ theirs: [Cue], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectEqual(ours.count, theirs.count, "\(what): \(ours.count) cues, ffmpeg \(theirs.count)\nours: \(ours)\nffmpeg: \(theirs)",
                sourceLocation: sourceLocation)
        for (n, (a, b)) in zip(ours, theirs).enumerated() {
            expectTrue(abs(a.start - b.start) <= 1 && abs(a.end - b.end) <= 1, "\(what) cue \(n + 1): ours \(a), ffmpeg \(b)",
                    sourceLocation: sourceLocation)
            expectEqual(a.plain, b.plain, "\(what) cue \(n + 1): ours \(a), ffmpeg \(b)", sourceLocation: sourceLocation)
        }
    }

    // MARK: - The toolkit

    /// `captions tracks --json`, parsed.
    static func listed(_ path: String) throws -> [[String: Any]] {
        let r = try CommandRunner.run(["tracks", path, "--json"])
        try #require(r.status == 0, "captions tracks \(path): \(r.status) \(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stdout)")
        return try #require(json["tracks"] as? [[String: Any]], "\(r.stdout)")
    }

    /// `captions convert FILE ARGS --to srt`, read back with the tiny reader.
    static func converted(_ path: String, _ arguments: [String]) throws -> [Cue] {
        let r = try CommandRunner.run(["convert", path] + arguments + ["--to", "srt"])
        try #require(r.status == 0, "captions convert \(path) \(arguments): \(r.status) \(r.stderr)")
        return try cues(r.stdout)
    }

    // MARK: - A PGS (Blu-ray) subtitle stream, written byte by byte

    /// Two display sets in a `.sup` file: a 48x16 white box at (128, 200) from 0.5 s, cleared at 1.5 s.
    /// (ffmpeg cannot render text into a bitmap subtitle, but it can read this and re-encode it as
    /// DVD subtitles.)
    static func pgsSubtitles() -> [UInt8] {
        func be(_ value: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        func segment(_ pts: Int, _ type: UInt8, _ data: [UInt8]) -> [UInt8] {
            Array("PG".utf8) + be(pts, 4) + be(0, 4) + [type] + be(data.count, 2) + data
        }
        func displaySet(pts: Int, number: Int, show: Bool) -> [UInt8] {
            let (w, h, x, y) = (48, 16, 128, 200)
            // Presentation composition: video size, frame rate code, number, state (epoch start / normal), palette, objects.
            var pcs = be(320, 2) + be(240, 2) + [0x10] + be(number, 2) + [show ? 0x80 : 0x00, 0, 0, show ? 1 : 0]
            if show { pcs += be(0, 2) + [0, 0] + be(x, 2) + be(y, 2) }
            var out = segment(pts, 0x16, pcs)
            out += segment(pts, 0x17, [1, 0] + be(x, 2) + be(y, 2) + be(w, 2) + be(h, 2)) // window
            if show {
                out += segment(pts, 0x14, [0, 0, 1, 235, 128, 128, 255])                     // palette: entry 1 white, opaque
                // Run-length lines: 0x00, 0x80|run, colour (a run of colour 1), then 0x00 0x00 (end of line).
                let rle: [UInt8] = (0..<h).flatMap { _ -> [UInt8] in [0x00, 0x80 | UInt8(w), 0x01, 0x00, 0x00] }
                let object: [UInt8] = be(0, 2) + [0, 0xC0] + be(rle.count + 4, 3)           // id, version, first and last
                out += segment(pts, 0x15, object + be(w, 2) + be(h, 2) + rle)
            }
            return out + segment(pts, 0x80, [])                                                  // end of display set
        }
        return displaySet(pts: 45_000, number: 0, show: true) + displaySet(pts: 135_000, number: 1, show: false)
    }
}
