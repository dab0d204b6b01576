import ArgumentParser
import CaptionFormats
import CaptionLayout
import CaptionModel
import CaptionPipeline
import CaptionStyles
import CaptionVideo
import Foundation

/// `captions mux VIDEO CAPTIONS... -o OUT`: the video's streams copied, plus one soft subtitle track per
/// caption file.
struct Mux: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add caption files to a video as soft subtitle tracks (no re-encode).",
        discussion: """
        The video's streams are copied packet for packet (chapters, metadata and attachments kept), \
        then one subtitle track per CAPTIONS file, then the video's own subtitle tracks (dropped with \
        --replace). The output's extension picks the container:
          .mkv   SRT stays subrip, WebVTT webvtt, ASS ass (the file's own script); other formats subrip.
                 With --preset or --style the track is the compiled ASS (what `convert --to ass --preset` \
        writes, at the video's size) and every font file it uses is attached, so players draw it as \
        `captions render` does without the fonts installed.
          .webm  every track webvtt (WebM holds no other subtitle codec).
          .mp4, .mov  mov_text: bold, italic, underline, colour and size survive; karaoke, positions and \
        ASS effects cannot, and each kind lost is named in one warning.
        With --bitmap each CAPTIONS file becomes a PGS track instead (.mkv or .m2ts): the captions drawn \
        by the native renderer in --preset/--style at every frame of the video, at its size and frame \
        rate, palette updates for colour changes and new objects for new shapes, within the Blu-ray \
        decoder model. TVs, Blu-ray and hardware players and Plex draw it as `captions render` does. An \
        ASS or SSA script with no --preset/--style is drawn by libass as its own script says. \
        M2TS keeps no language, title or flags. See docs/pgs.md.
        --language, --title: one per CAPTIONS file, in order. --default N, --forced N: N is the 1-based \
        position of a CAPTIONS file.

        Exit status: 0 written, 64 usage (a preset into MP4 or WebM), 65 malformed input, 66 missing \
        input, 73 the output cannot be written or is an input; 130/143 stopped (nothing written).
        """
    )

    @Argument(help: "The video file whose streams are copied.")
    var video: String

    @Argument(help: "The caption files, one soft track each (any format convert reads, or a video file: its default text track).")
    var captions: [String]

    @Option(name: .shortAndLong, help: "The file to write (.mkv, .webm, .mp4, .mov).")
    var output: String

    @Option(help: "A track's language (ISO 639-2, e.g. eng), one per CAPTIONS file in order.")
    var language: [String] = []

    @Option(help: "A track's title, one per CAPTIONS file in order.")
    var title: [String] = []

    @Option(name: .customLong("default"), help: "Mark the N-th new track as the default one (the video's own lose the flag).")
    var defaultTrack: Int?

    @Option(name: .customLong("forced"), help: "Mark the N-th new track as forced (may be given more than once).")
    var forced: [Int] = []

    @Flag(help: "Drop the video's existing subtitle tracks.")
    var replace = false

    /// Its own, not `InputOptions`: mux's `--language` is each output track's, not an input track's.
    @Option(help: "Input format of the caption files, overriding detection.")
    var from: String?

    @Option(help: "Input encoding of the caption files, overriding detection (utf-8, utf-16, windows-1252, or any name iconv knows).")
    var encoding: String?

    @Flag(help: "Add each CAPTIONS file as a PGS (Blu-ray bitmap) track: drawn by the native renderer in --preset/--style (default plain) at every frame of the video, at its size and frame rate; Matroska or M2TS.")
    var bitmap = false

    @OptionGroup(title: "Style (an ASS track drawn like `captions render`, Matroska only; with --bitmap, the PGS track's look)")
    var styleOptions: StyleOptions

    @OptionGroup(title: PagingFlags.title)
    var paging: PagingFlags

    var isStyled: Bool { styleOptions.preset != nil || styleOptions.style != nil }

    func validate() throws {
        if language.count > captions.count { throw ValidationError("--language is given \(language.count) times for \(captions.count) caption file(s)") }
        if title.count > captions.count { throw ValidationError("--title is given \(title.count) times for \(captions.count) caption file(s)") }
        for n in [defaultTrack].compactMap({ $0 }) + forced where !(1...captions.count).contains(n) {
            throw ValidationError("--default and --forced take the position of a CAPTIONS file, 1 to \(captions.count); \(n) is not one")
        }
    }

    func run() throws {
        try CommandFailure.exitOnError {
            let container = try MuxTarget(output: output)
            if bitmap && container != .matroska && container != .m2ts {
                throw CaptionFormatError(.usage, "\(output): a PGS (bitmap) track goes into Matroska (.mkv) or Blu-ray M2TS (.m2ts)")
            }
            if !bitmap && container == .m2ts {
                throw CaptionFormatError(.usage, "\(output): M2TS holds no text subtitle track; add --bitmap for PGS tracks, or name the output .mkv")
            }
            if isStyled && !bitmap && container != .matroska {
                throw CaptionFormatError(.usage, "\(output): a styled ASS track (--preset, --style) needs Matroska: name the output .mkv, or burn the captions into the picture with `captions burn`")
            }
            for input in [video] + captions where OutputFile.isSameFile(input, output) {
                throw CaptionFormatError(.cannotWrite, "\(output) is an input of this command; write to another file")
            }
            // A styled track is compiled at the video's size, found once for every caption file.
            let style = isStyled && !bitmap ? (style: try styleOptions.resolve(), size: try videoSize()) : nil
            var tracks: [SoftTrack] = []
            let bitmapTracks = bitmap ? try pgsTracks() : []
            for (n, input) in captions.enumerated() where !bitmap {
                var track = try softTrack(input, container: container, style: style)
                track.language = n < language.count ? language[n] : nil
                track.title = n < title.count ? title[n] : nil
                track.isDefault = defaultTrack == n + 1
                track.isForced = forced.contains(n + 1)
                if container == .mp4 {
                    for (kind, count) in MovTextLosses.kinds(in: track) {
                        CommandFailure.printError("captions: warning: \(input): mov_text cannot carry \(kind); \(count) caption\(count == 1 ? "" : "s") written without it (an .mkv keeps it)")
                    }
                }
                tracks.append(track)
            }
            let cancellation = BurnCancellation()
            let stop = StopSignals { cancellation.cancel() }
            defer { stop.cancel() }
            do throws(VideoError) {
                let result = try SoftTrackMuxer.mux(video: video, tracks: tracks, bitmapTracks: bitmapTracks, output: output, replace: replace,
                                                    cancellation: cancellation)
                for stream in result.droppedStreams {
                    CommandFailure.printError("captions: warning: \(video): stream \(stream) cannot go into \(output)'s container; left out")
                }
                for labels in result.droppedLabels {
                    CommandFailure.printError("captions: warning: \(output): M2TS keeps no track labels (a disc keeps them in its playlist); \(labels) not written")
                }
                if result.raisedDecodeTimes > 0 {
                    CommandFailure.printError("captions: warning: \(output): \(result.raisedDecodeTimes) PGS display set(s) decoded later than written, for M2TS")
                }
            } catch {
                throw stop.exitCode(reporting: error)
            }
        }
    }

    /// Each caption file as a PGS track drawn at the video's displayed size and frame rate.
    func pgsTracks() throws -> [PGSTrack] {
        let styleUsed = try styleOptions.resolve()
        let geometry = try MediaProbe.geometry(of: video)
        return try captions.enumerated().map { n, input in
            // An ASS script with no preset or style keeps its own look, drawn by libass.
            let look = try CaptionRead.input(input, format: from, encoding: encoding).look(in: styleUsed, restyled: isStyled, overrides: paging.overrides)
            let segments = try PGSOutput.segments(look, width: geometry.width, height: geometry.height, frameRate: geometry.rate,
                                                  emit: { CommandFailure.printError("\($0) (\(input))") })
            return PGSTrack(segments: segments, language: n < language.count ? language[n] : nil, title: n < title.count ? title[n] : nil,
                            isDefault: defaultTrack == n + 1, isForced: forced.contains(n + 1))
        }
    }

    /// One caption file as a soft track in `container`'s codec.
    func softTrack(_ input: String, container: MuxTarget, style styled: (style: CaptionStyle, size: SizeArgument)?) throws -> SoftTrack {
        let result = try CaptionSource.read(path: input, format: from, encoding: encoding)
        try Diagnostics.report(result.diagnostics, source: input, strict: false)
        let captions = CaptionInput(result)
        if let (style, size) = styled {
            let drawn = captions.drawn(in: style, overrides: paging.overrides)
            var track = SoftTrack(codec: .ass, assScript: try CompiledASS.script(drawn, width: size.width, height: size.height, warn: CommandFailure.printError))
            track.fonts = try FontResolver.shared.fontFiles(for: drawn.style, texts: drawn.pages.map { $0.text.plain })
            return track
        }
        let document = captions.document(paging: CaptionStyle().paging, overrides: paging.overrides)
        let codec: SoftTrack.Codec = switch (container, result.formatName) {
        case (.mp4, _): .movText
        case (.webm, _), (.matroska, "vtt"): .webvtt
        case (.matroska, "ass"): .ass
        default: .subrip
        }
        // An ASS file goes in as its author wrote it (layers, margins, every tag), not as the model keeps it.
        // The fonts its styles and \fn tags name are attached, as a preset's are.
        if codec == .ass, !CaptionSource.isContainer(input) {
            let text = try CaptionFileReader.readText(path: input)
            var track = SoftTrack(codec: .ass, assScript: text.utf8.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) })
            let fonts = ASSScriptFonts.files(for: document)
            track.fonts = fonts.files
            if !fonts.missing.isEmpty {
                CommandFailure.printError("captions: warning: \(input): fonts not installed here, not attached (players will substitute them unless the script embeds them): \(fonts.missing.joined(separator: ", "))")
            }
            return track
        }
        let written = ASSFormat.write(document, options: WriteOptions())
        var track = SoftTrack(codec: codec, assScript: written.text, times: document.events.map { ($0.start, $0.end) })
        // The ASS writer's Default style (a font size for its frame) is not the caption's: given it, the
        // subrip encoder would wrap every cue in <font size>. Only an ASS file's own styles are kept;
        // mov_text gets the plain Default style ffmpeg gives it.
        if result.formatName != "ass" { track.header = codec == .movText ? SoftTrack.movTextHeader : SoftTrack.unstyledHeader }
        return track
    }
}

extension Mux {
    /// The video's size as displayed: the frame a styled track's ASS is laid out for.
    func videoSize() throws -> SizeArgument {
        let geometry = try MediaProbe.geometry(of: video)
        return SizeArgument(width: geometry.width, height: geometry.height)
    }
}

/// The container `mux` writes, from the output's extension.
enum MuxTarget {
    case matroska, webm, mp4, m2ts

    init(output: String) throws {
        switch (output as NSString).pathExtension.lowercased() {
        case "mkv", "mka", "mks": self = .matroska
        case "webm": self = .webm
        case "mp4", "m4v", "mov": self = .mp4
        case "m2ts", "mts": self = .m2ts
        default: throw CaptionFormatError(.usage, "\(output): name the output .mkv, .webm, .mp4, .mov or (with --bitmap) .m2ts (the extension picks the container)")
        }
    }
}
