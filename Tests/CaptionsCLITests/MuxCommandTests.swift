import Foundation
import CaptionExpectations
import Testing

/// `captions mux` read back by the tools users check files with: ffmpeg and ffprobe (frames, packets,
/// labels, the cues themselves), mkvmerge (Matroska's own view of tracks and attachments) and mpv
/// (drawing the styled track with only the fonts in the file).
@Suite struct MuxCommandTests {
    static let words = CommandRunner.packageRoot.appendingPathComponent("Corpus/word-timed/whisperx.json").path

    static let srtA = """
    1
    00:00:00,500 --> 00:00:01,234
    Hello <b>bold</b> world

    2
    00:00:01,500 --> 00:00:02,750
    <i>Second</i> line
    and more

    3
    00:00:03,001 --> 00:00:03,900
    Third

    """
    static let srtB = """
    1
    00:00:00,250 --> 00:00:02,000
    Bonjour

    2
    00:00:02,100 --> 00:00:03,500
    Monde

    """
    static let vtt = """
    WEBVTT

    00:00:00.500 --> 00:00:01.234
    Hello <b>bold</b> world

    00:00:01.500 --> 00:00:02.750
    <i>Second</i> line

    """
    /// Two captions with karaoke, one placed: what mov_text cannot carry.
    static let ass = """
    [Script Info]
    ScriptType: v4.00+
    PlayResX: 640
    PlayResY: 360

    [V4+ Styles]
    Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
    Style: Default,DejaVu Sans,24,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,10,10,10,1

    [Events]
    Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
    Dialogue: 0,0:00:00.50,0:00:01.20,Default,,0,0,0,,{\\pos(100,100)}Placed {\\b1}bold{\\b0}
    Dialogue: 0,0:00:01.50,0:00:02.50,Default,,0,0,0,,{\\k20}Ka{\\k30}ra{\\k40}oke
    Dialogue: 0,0:00:02.60,0:00:03.50,Default,,0,0,0,,{\\k50}More {\\i1}karaoke{\\i0}

    """
    static let chapters = """
    ;FFMETADATA1
    title=Test Clip
    artist=CaptionKit

    [CHAPTER]
    TIMEBASE=1/1000
    START=0
    END=2000
    title=Opening

    [CHAPTER]
    TIMEBASE=1/1000
    START=2000
    END=4000
    title=Ending

    """

    /// The inputs, made once per test process: `clip.mp4` and `clip.mkv` (the same packets: 4 s of
    /// testsrc at 640x360, 25 fps, no B-frames so no container shifts a timestamp, and a tone);
    /// `old.mkv`/`old.mp4`, the clip with a subtitle track of its own (German, "Old", default),
    /// chapters and a global title; `bframes.mp4` (320x240, 2 s, B-frames); `tone.webm` (Opus only);
    /// and the caption files above.
    static let inputs = SharedFolder { dir in
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
        for (name, text) in [("a.srt", srtA), ("b.srt", srtB), ("a.vtt", vtt), ("k.ass", ass), ("chapters.txt", chapters)] {
            try text.write(toFile: path(name), atomically: true, encoding: .utf8)
        }
        try BurnCommandTests.ffmpeg(["-f", "lavfi", "-i", "testsrc=size=640x360:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
                                     "-t", "4", "-c:v", "libx264", "-preset", "ultrafast", "-bf", "0", "-pix_fmt", "yuv420p", "-c:a", "aac", path("clip.mp4")])
        try BurnCommandTests.ffmpeg(["-i", path("clip.mp4"), "-c", "copy", path("clip.mkv")])
        for (container, subtitleCodec) in [("mkv", "copy"), ("mp4", "mov_text")] {
            try BurnCommandTests.ffmpeg(["-i", path("clip.\(container)"), "-i", path("b.srt"), "-i", path("chapters.txt"), "-map", "0", "-map", "1",
                                         "-map_metadata", "2", "-map_chapters", "2", "-c", "copy", "-c:s", subtitleCodec,
                                         "-metadata:s:s:0", "language=ger", "-metadata:s:s:0", "title=Old", "-disposition:s:0", "default",
                                         path("old.\(container)")])
        }
        try BurnCommandTests.ffmpeg(["-f", "lavfi", "-i", "testsrc=size=320x240:rate=25", "-t", "2", "-c:v", "libx264", "-preset", "veryfast",
                                     "-bf", "3", "-pix_fmt", "yuv420p", path("bframes.mp4")])
        try BurnCommandTests.ffmpeg(["-f", "lavfi", "-i", "sine", "-t", "2", "-c:a", "libopus", path("tone.webm")])
    }

    /// A fresh folder holding a copy of the inputs.
    static func folder() throws -> URL {
        let dir = try CommandRunner.scratch()
        try inputs.copy(into: dir)
        return dir
    }

    static func mux(_ arguments: [String], in dir: URL) throws -> CommandResult {
        try CommandRunner.run(["mux"] + arguments, in: dir)
    }

    static func text(_ name: String, _ arguments: [String], in dir: URL) throws -> String {
        String(decoding: try OverlayCommandTests.tool(name, arguments, in: dir), as: UTF8.self)
    }

    static func json(_ name: String, _ arguments: [String], in dir: URL) throws -> [String: Any] {
        let data = try OverlayCommandTests.tool(name, arguments, in: dir)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(name) \(arguments)")
    }

    /// ffprobe's streams (index, codec, type, tags, disposition), in order.
    static func streams(_ file: String, in dir: URL) throws -> [[String: Any]] {
        let probe = try json("ffprobe", ["-v", "error", "-show_entries", "stream=index,codec_name,codec_type:stream_tags:stream_disposition",
                                         "-of", "json", file], in: dir)
        return probe["streams"] as? [[String: Any]] ?? []
    }

    /// The MD5 of every decoded frame of the file's video (`v`) or audio (`a`), as ffmpeg prints it.
    static func frameMD5(_ file: String, _ type: String, in dir: URL) throws -> String {
        try text("ffmpeg", ["-v", "error", "-i", file, "-map", "0:\(type)", "-f", "md5", "-"], in: dir)
    }

    /// Packets per stream, counted by reading the whole file.
    static func packetCounts(_ file: String, in dir: URL) throws -> [Int] {
        try text("ffprobe", ["-v", "error", "-count_packets", "-show_entries", "stream=nb_read_packets", "-of", "csv=p=0", file], in: dir)
            .split(separator: "\n").map { Int($0) ?? -1 }
    }

    struct Cue: Equatable, CustomStringConvertible {
        var start: Int, end: Int, text: String
        var description: String { "\(start)-\(end) \(text.debugDescription)" }
    }

    /// An SRT's cues, times in ms, text with its tags (`<b>`, `<font ...>`, `{\an8}`) removed.
    static func cues(srt: String) -> [Cue] {
        func ms(_ clock: Substring) -> Int {
            let p = clock.split { $0 == ":" || $0 == "," }.map { Int($0.trimmingCharacters(in: .whitespaces)) ?? 0 }
            return ((p[0] * 60 + p[1]) * 60 + p[2]) * 1000 + p[3]
        }
        return srt.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.isEmpty }
            guard let timing = lines.first(where: { $0.contains("-->") }) else { return nil }
            let times = timing.components(separatedBy: "-->")
            let text = lines.drop { !$0.contains("-->") }.dropFirst().joined(separator: "\n")
                .replacingOccurrences(of: "<[^>]*>|\\{[^}]*\\}", with: "", options: .regularExpression)
            return Cue(start: ms(Substring(times[0])), end: ms(Substring(times[1])), text: text.trimmingCharacters(in: .newlines))
        }
    }

    /// Stream `index` of `file` as ffmpeg converts it to SRT.
    static func extracted(_ file: String, stream index: Int, in dir: URL) throws -> [Cue] {
        let srt = dir.appendingPathComponent("\(file)-\(index).srt").path
        _ = try text("ffmpeg", ["-v", "error", "-y", "-i", file, "-map", "0:\(index)", srt], in: dir)
        return cues(srt: try String(contentsOfFile: srt, encoding: .utf8))
    }

    static func expectSameCues(_ got: [Cue], _ expected: [Cue], tolerance: Int = 1, _ what: String) {
        expectEqual(got.count, expected.count, "\(what): \(got) vs \(expected)")
        for (g, e) in zip(got, expected) {
            expectTrue(abs(g.start - e.start) <= tolerance && abs(g.end - e.end) <= tolerance && g.text == e.text, "\(what): \(g) vs \(e)")
        }
    }

    // MARK: The video's streams

    /// The copy is the input's packets: the same decoded frames and samples, the same number of packets.
    @Test(arguments: ["mkv", "mp4"])
    func videoAndAudioAreCopiedPacketForPacket(container: String) throws {
        let dir = try Self.folder()
        let input = "clip.\(container)", output = "out.\(container)"
        let r = try Self.mux([input, "a.srt", "b.srt", "-o", output], in: dir)
        try #require(r.status == 0, "\(r.stderr)")
        expectTrue(r.stderr.isEmpty, "\(r.stderr)")
        for type in ["v", "a"] {
            expectTrue(try Self.frameMD5(output, type, in: dir) == Self.frameMD5(input, type, in: dir), "\(container) 0:\(type)")
        }
        let before = try Self.packetCounts(input, in: dir), after = try Self.packetCounts(output, in: dir)
        try #require(before.count == 2 && after.count == 4, "\(before) \(after)")
        expectEqual(Array(after.prefix(2)), before)
        expectTrue(after[2] > 0 && after[3] > 0)
    }

    // MARK: Labels

    /// ffprobe sees each new track's language, title (MP4: its handler name) and flags; so does
    /// mkvmerge, Matroska's own reader.
    @Test(arguments: ["mkv", "mp4"])
    func newTracksCarryTheirLanguageTitleAndFlags(container: String) throws {
        let dir = try Self.folder()
        let output = "out.\(container)"
        let r = try Self.mux(["clip.\(container)", "a.srt", "b.srt", "-o", output, "--language", "eng", "--language", "fre",
                              "--title", "English", "--title", "Français", "--default", "2", "--forced", "1"], in: dir)
        try #require(r.status == 0, "\(r.stderr)")
        let expected = [("eng", "English", false, true), ("fre", "Français", true, false)]

        let streams = try Self.streams(output, in: dir)
        try #require(streams.count == 4)
        for (n, (language, title, isDefault, isForced)) in expected.enumerated() {
            let stream = streams[2 + n]
            let tags = stream["tags"] as? [String: Any] ?? [:], flags = stream["disposition"] as? [String: Any] ?? [:]
            expectTrue(stream["codec_name"] as? String == (container == "mkv" ? "subrip" : "mov_text"))
            expectTrue(tags["language"] as? String == language && tags[container == "mkv" ? "title" : "handler_name"] as? String == title, "\(tags)")
            expectTrue(flags["default"] as? Int == (isDefault ? 1 : 0) && flags["forced"] as? Int == (isForced ? 1 : 0),
                    "ffprobe stream \(2 + n): \(flags)")
        }
        guard container == "mkv" else { return }

        let tracks = try Self.json("mkvmerge", ["-J", output], in: dir)["tracks"] as? [[String: Any]] ?? []
        try #require(tracks.count == 4)
        expectEqual(tracks.map { $0["type"] as? String }, ["video", "audio", "subtitles", "subtitles"])
        for (n, (language, title, isDefault, isForced)) in expected.enumerated() {
            let properties = tracks[2 + n]["properties"] as? [String: Any] ?? [:]
            expectTrue(properties["language"] as? String == language && properties["track_name"] as? String == title, "\(properties)")
            expectTrue(properties["default_track"] as? Bool == isDefault && properties["forced_track"] as? Bool == isForced,
                    "mkvmerge track \(2 + n): \(properties)")
        }
    }

    // MARK: The cues

    /// ffmpeg converts each new track back to the SRT it came from: times to the millisecond (a clip
    /// without B-frames: no container shifts them), the same text once tags are set aside.
    @Test(arguments: ["mkv", "mp4"])
    func ffmpegExtractsTheSameCues(container: String) throws {
        let dir = try Self.folder()
        let output = "out.\(container)"
        let r = try Self.mux(["clip.\(container)", "a.srt", "b.srt", "-o", output], in: dir)
        try #require(r.status == 0, "\(r.stderr)")
        Self.expectSameCues(try Self.extracted(output, stream: 2, in: dir), Self.cues(srt: Self.srtA), "\(output) 0:2")
        Self.expectSameCues(try Self.extracted(output, stream: 3, in: dir), Self.cues(srt: Self.srtB), "\(output) 0:3")
    }

    /// With B-frames the Matroska muxer moves every timestamp (avoid_negative_ts): the cues move with
    /// the video exactly as in ffmpeg's own mux of the same inputs.
    @Test func cuesMoveWithTheVideoAsInFFmpegsOwnMux() throws {
        let dir = try Self.folder()
        let r = try Self.mux(["bframes.mp4", "a.srt", "-o", "out.mkv"], in: dir)
        try #require(r.status == 0, "\(r.stderr)")
        _ = try Self.text("ffmpeg", ["-v", "error", "-y", "-i", "bframes.mp4", "-i", "a.srt", "-map", "0", "-map", "1", "-c", "copy", "ref.mkv"], in: dir)
        let reference = try Self.extracted("ref.mkv", stream: 1, in: dir)
        try #require(reference.count == 3)
        Self.expectSameCues(try Self.extracted("out.mkv", stream: 1, in: dir), reference, "out.mkv against ffmpeg's ref.mkv")
        expectTrue(try Self.frameMD5("out.mkv", "v", in: dir) == Self.frameMD5("ref.mkv", "v", in: dir))
    }

    /// Each container gets its own codec: Matroska keeps SRT, WebVTT and ASS as they are (an ASS
    /// file's own styles and tags), WebM holds only WebVTT, MP4 mov_text.
    @Test func eachContainerGetsItsCodec() throws {
        let dir = try Self.folder()
        for (input, output, codecs) in [("clip.mkv", "out.mkv", ["subrip", "webvtt", "ass"]), ("tone.webm", "out.webm", ["webvtt", "webvtt", "webvtt"]),
                                        ("clip.mp4", "out.mp4", ["mov_text", "mov_text", "mov_text"])] {
            let r = try Self.mux([input, "a.srt", "a.vtt", "k.ass", "-o", output], in: dir)
            try #require(r.status == 0, "\(output): \(r.stderr)")
            let streams = try Self.streams(output, in: dir).filter { $0["codec_type"] as? String == "subtitle" }
            expectEqual(streams.map { $0["codec_name"] as? String }, codecs, "\(output)")
        }
        _ = try Self.text("ffmpeg", ["-v", "error", "-y", "-i", "out.mkv", "-map", "0:4", "-c", "copy", "back.ass"], in: dir)
        let back = try String(contentsOfFile: dir.appendingPathComponent("back.ass").path, encoding: .utf8)
        expectTrue(back.contains("Style: Default,DejaVu Sans,24,&H00FFFFFF"), "\(back)")
        expectTrue(back.contains("Dialogue: 0,0:00:00.50,0:00:01.20,Default,,0,0,0,,{\\pos(100,100)}Placed {\\b1}bold{\\b0}"), "\(back)")
        // Opus starts 7 ms before zero (its pre-skip), which ffmpeg shows every timestamp relative to:
        // compared with ffmpeg's own mux of the same inputs.
        _ = try Self.text("ffmpeg", ["-v", "error", "-y", "-i", "tone.webm", "-i", "a.srt", "-map", "0", "-map", "1", "-c:a", "copy",
                                     "-c:s", "webvtt", "ref.webm"], in: dir)
        let reference = try Self.extracted("ref.webm", stream: 1, in: dir)
        expectEqual(reference.map(\.text), Self.cues(srt: Self.srtA).map(\.text))
        Self.expectSameCues(try Self.extracted("out.webm", stream: 1, in: dir), reference, tolerance: 0, "out.webm against ffmpeg's ref.webm")
    }

    // MARK: The video's own tracks, chapters and metadata

    /// Without --replace the video's own subtitle track comes after the new ones (and gives up its
    /// default flag to a new --default track); with it, it is gone. Chapters and global tags stay either way.
    @Test(arguments: ["mkv", "mp4"])
    func ownTracksAreKeptAfterTheNewOnesOrReplaced(container: String) throws {
        let dir = try Self.folder()
        let input = "old.\(container)"
        for replace in [false, true] {
            let output = "\(replace ? "replaced" : "kept").\(container)"
            let r = try Self.mux([input, "a.srt", "-o", output, "--language", "eng", "--default", "1"] + (replace ? ["--replace"] : []), in: dir)
            try #require(r.status == 0, "\(r.stderr)")
            let subtitles = try Self.streams(output, in: dir).filter { $0["codec_type"] as? String == "subtitle" }
            let languages = subtitles.map { ($0["tags"] as? [String: Any])?["language"] as? String }
            let defaults = subtitles.map { ($0["disposition"] as? [String: Any])?["default"] as? Int }
            expectEqual(languages, (replace ? ["eng"] : ["eng", "ger"]), "\(output)")
            expectEqual(defaults, (replace ? [1] : [1, 0]), "\(output)")
            if !replace {
                Self.expectSameCues(try Self.extracted(output, stream: 3, in: dir), Self.cues(srt: Self.srtB), "\(output): the video's own track")
            }

            let probe = try Self.json("ffprobe", ["-v", "error", "-show_chapters", "-show_entries", "format_tags", "-of", "json", output], in: dir)
            let chapters = probe["chapters"] as? [[String: Any]] ?? []
            expectEqual(chapters.map { ($0["tags"] as? [String: Any])?["title"] as? String }, ["Opening", "Ending"], "\(output)")
            expectEqual(chapters.map { $0["start_time"] as? String }, ["0.000000", "2.000000"], "\(output)")
            let tags = (probe["format"] as? [String: Any])?["tags"] as? [String: Any] ?? [:]
            expectTrue(tags["title"] as? String == "Test Clip", "\(output): \(tags)")
            expectTrue((tags["artist"] ?? tags["ARTIST"]) as? String == "CaptionKit", "\(output): \(tags)")
        }
    }

    // MARK: A styled track

    /// `--preset` writes the compiled ASS with its fonts attached; mpv, allowed no font but the file's
    /// (no font provider, an empty fontconfig), draws it as `captions render` draws the same time, and
    /// the same file without its attachments does not.
    @Test func presetTrackCarriesItsFontsAndMpvDrawsItAsRenderDoes() throws {
        let dir = try Self.folder()
        let r = try Self.mux(["clip.mkv", Self.words, "-o", "k.mkv", "--preset", "karaoke-fill"], in: dir)
        try #require(r.status == 0, "\(r.stderr)")
        let file = try Self.json("mkvmerge", ["-J", "k.mkv"], in: dir)
        let tracks = file["tracks"] as? [[String: Any]] ?? []
        expectEqual(tracks.map { $0["codec"] as? String }, ["AVC/H.264/MPEG-4p10", "AAC", "SubStationAlpha"])
        let attachments = file["attachments"] as? [[String: Any]] ?? []
        try #require(!attachments.isEmpty)
        for attachment in attachments {
            let name = attachment["file_name"] as? String ?? ""
            expectTrue(name.hasSuffix(".ttf") && attachment["content_type"] as? String == "font/ttf", "\(attachment)")
        }

        _ = try Self.text("ffmpeg", ["-v", "error", "-y", "-i", "k.mkv", "-map", "0", "-map", "-0:t", "-c", "copy", "noatt.mkv"], in: dir)
        expectEqual((try Self.json("mkvmerge", ["-J", "noatt.mkv"], in: dir)["attachments"] as? [Any])?.isEmpty, true)

        // mpv 0.35 has no --sub-fonts-dir: an empty HOME, and a fontconfig whose only folder is empty.
        for name in ["home", "fonts", "fontcache"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let conf = dir.appendingPathComponent("fonts.conf")
        try """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
        <fontconfig><dir>\(dir.appendingPathComponent("fonts").path)</dir><cachedir>\(dir.appendingPathComponent("fontcache").path)</cachedir></fontconfig>
        """.write(to: conf, atomically: true, encoding: .utf8)
        let environment = ["PATH": "/usr/bin:/bin", "HOME": dir.appendingPathComponent("home").path, "FONTCONFIG_FILE": conf.path]
        func mpvFrame(_ file: String, subtitles: String) throws -> String {
            let out = "mpv-\(file)-\(subtitles)"
            let run = try CommandRunner.run(["--no-config", "--really-quiet", "--ao=null", "--vo=image", "--vo-image-format=png",
                                             "--vo-image-outdir=\(out)", "--start=2", "--frames=1", "--sid=\(subtitles)",
                                             "--sub-font-provider=none", file],
                                            in: dir, program: URL(fileURLWithPath: "/usr/bin/mpv"), environment: environment)
            try #require(run.status == 0, "mpv \(file): \(run.stderr)")
            let frame = dir.appendingPathComponent(out).appendingPathComponent("00000001.png").path
            try #require(FileManager.default.fileExists(atPath: frame), "mpv \(file) --sid=\(subtitles) wrote no frame")
            return frame
        }
        let background = try mpvFrame("k.mkv", subtitles: "no")
        let rendered = try CommandRunner.run(["render", Self.words, "--preset", "karaoke-fill", "--at", "2", "--size", "640x360",
                                              "--background", background, "-o", "render.png"], in: dir)
        try #require(rendered.status == 0, "\(rendered.stderr)")
        func psnr(_ frame: String) throws -> Double {
            let compared = try CommandRunner.run(["compare", "render.png", frame], in: dir)
            return try #require(CompareVideoCommandTests.psnr(compared.stdout), "\(compared.stdout)\(compared.stderr)")
        }
        let withFonts = try psnr(try mpvFrame("k.mkv", subtitles: "1"))
        let withoutFonts = try psnr(try mpvFrame("noatt.mkv", subtitles: "1"))
        expectTrue(withFonts >= 38, "mpv's frame of k.mkv against the render: \(withFonts) dB")
        expectTrue(withoutFonts < 38, "mpv drew noatt.mkv as well without the attached fonts (\(withoutFonts) dB): the test proves nothing")
    }

    // MARK: mov_text

    /// One warning per kind mov_text loses, with how many captions lose it; none for a plain SRT, whose
    /// bold and italic come back (and nothing else: no stray colour or size).
    @Test func movTextWarnsOfWhatItCannotCarryAndKeepsBoldAndItalic() throws {
        let dir = try Self.folder()
        let styled = try Self.mux(["clip.mp4", "k.ass", "-o", "k.mp4"], in: dir)
        expectEqual(styled.status, 0)
        expectEqual(styled.stderr, """
            captions: warning: k.ass: mov_text cannot carry karaoke; 2 captions written without it (an .mkv keeps it)
            captions: warning: k.ass: mov_text cannot carry positions; 1 caption written without it (an .mkv keeps it)

            """, "\(styled.stderr)")

        let plain = try Self.mux(["clip.mp4", "a.srt", "-o", "a.mp4"], in: dir)
        expectTrue(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
        // The sample description and every sample are the ones ffmpeg writes from the same SRT.
        _ = try Self.text("ffmpeg", ["-v", "error", "-y", "-i", "clip.mp4", "-i", "a.srt", "-map", "0", "-map", "1", "-c", "copy",
                                     "-c:s", "mov_text", "ref.mp4"], in: dir)
        let track = { (file: String) in
            try Self.text("ffprobe", ["-v", "error", "-select_streams", "s:0", "-show_data", "-show_entries", "stream=extradata:packet=data",
                                      "-of", "compact", file], in: dir)
        }
        expectTrue(try track("a.mp4") == track("ref.mp4"))
        let converted = try CommandRunner.run(["convert", "a.mp4", "--track", "2", "--to", "json"], in: dir)
        try #require(converted.status == 0, "\(converted.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(converted.stdout.utf8)) as? [String: Any])
        let events = document["events"] as? [[String: Any]] ?? []
        try #require(events.count == 3, "\(converted.stdout)")
        func spans(_ n: Int) -> [String] {
            (events[n]["spans"] as? [[String: Any]] ?? []).map { "\($0["start"] ?? "")-\($0["end"] ?? "") \($0["kind"] ?? "")" }
        }
        expectEqual(spans(0), ["6-10 bold"], "\(converted.stdout)")
        expectEqual(spans(1), ["0-6 italic"], "\(converted.stdout)")
        expectEqual(spans(2), [], "\(converted.stdout)")
        expectEqual(events.map { $0["text"] as? String }, ["Hello bold world", "Second line\nand more", "Third"])
    }

    // MARK: Refusals

    @Test func refusalsWriteNothing() throws {
        let dir = try Self.folder()
        let preset = try Self.mux(["clip.mkv", Self.words, "-o", "p.mp4", "--preset", "karaoke-fill"], in: dir)
        expectEqual(preset.status, 64, "\(preset.stderr)")
        expectTrue(preset.stderr.contains("needs Matroska"), "\(preset.stderr)")

        let before = try Data(contentsOf: dir.appendingPathComponent("clip.mkv"))
        let onto = try Self.mux(["clip.mkv", "a.srt", "-o", "clip.mkv"], in: dir)
        expectEqual(onto.status, 73, "\(onto.stderr)")
        expectTrue(try Data(contentsOf: dir.appendingPathComponent("clip.mkv")) == before)

        let missing = try Self.mux(["clip.mkv", "a.srt", "missing.srt", "-o", "m.mkv"], in: dir)
        expectEqual(missing.status, 66, "\(missing.stderr)")
        expectTrue(missing.stderr.contains("missing.srt"), "\(missing.stderr)")

        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        expectTrue(!left.contains("p.mp4") && !left.contains("m.mkv"), "\(left)")
        expectTrue(!left.contains { $0.hasSuffix(".tmp") }, "\(left)")
    }
}
