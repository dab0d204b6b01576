import CFFmpeg
import CaptionFormats
import CaptionModel

/// Reads one text subtitle track of a media file into the caption model. libavcodec's decoder for
/// the track's codec (SubRip, ASS/SSA, mov_text, WebVTT, ...) turns every packet into an ASS event
/// (its styling as override tags: mov_text's bold, italic, underline and colour become `{\b1}`...),
/// the events become one ASS script (an ASS track's own header and styles kept), and the toolkit's
/// ASS reader reads that. Times come from the packets, not the script: the container's timestamps
/// in the track's time base, relative to the file's start as players and ffmpeg show them, to the
/// millisecond; a packet without a duration ends where the next one starts, as players do.
public enum SubtitleTrackReader {
    /// The track of `path` that `selection` chooses, read; `formatName` is the text format closest to
    /// the track's codec (`srt`, `vtt`, `ass`), for commands that default their output to the input's.
    public static func read(path: String, selection: TrackSelection = TrackSelection()) throws -> ParseResult {
        let file = try ContainerFile(path: path)
        let streams = SubtitleTracks.streamSummaries(file)
        // Finding closed captions decodes up to a minute of each video, so a text track is first chosen
        // from the listing without them. Only when that fails (no text track, or `--cc`) is the file
        // listed in full: closed captions are then chosen, or the message names everything it has.
        let track: SubtitleTrack
        if selection.closedCaptions == nil,
           let text = try? selection.choose(from: try SubtitleTracks.list(file, closedCaptions: false).tracks, path: path, streams: streams),
           text.kind == .text {
            track = text
        } else {
            track = try selection.choose(from: try SubtitleTracks.list(file).tracks, path: path, streams: streams)
        }
        if track.kind == .closedCaptions, let channel = track.channel.flatMap(CEA608Channel.init(name:)) {
            return try ClosedCaptionReader.read(track, channel: channel, of: file)
        }
        let decoder = try decoder(of: track, in: file)
        let fileEnd = file.durationMicroseconds.flatMap(SubtitleDecoder.milliseconds(microseconds:))
        let name = "\(path) track \(track.index)"
        if decoder.isBitmap {
            // Recognised while decoding: the pictures of a few cues are held at a time.
            let ocr = BitmapTrackText(language: ocrLanguage(of: track), name: name, codec: decoder.codecName)
            decoder.onPictures = { ocr.add($0) }
            do { try decode(track, of: file, with: decoder) } catch {
                ocr.abandon()
                throw error
            }
            var result = try ocr.finish(plane: decoder.planeSize, fileEnd: fileEnd)
            if decoder.oversized > 0 {
                result.diagnostics.insert(.warning(line: nil, "\(decoder.oversized) DVB packet\(decoder.oversized == 1 ? "" : "s") declaring subtitle regions larger than any display (over \(DVBRegions.limit >> 20) megapixels together) not decoded"), at: 0)
            }
            result.formatName = "srt"
            return result
        }
        try decode(track, of: file, with: decoder)
        return try result(of: decoder, fileEnd: fileEnd, name: name)
    }

    /// Packets that come from no file (a fuzz target's): decoded by the decoder libavcodec names `codec`
    /// (`subrip`, `ass`, `mov_text`, `webvtt`...), opened with `extradata` (an ASS header, a mov_text
    /// sample description) and timed in `timeBase`, then read exactly as a file's track is.
    package static func read(codec: String, extradata: [UInt8], timeBase: (num: Int32, den: Int32), packets: [TrackPacket],
                             name: String = "packets") throws -> ParseResult {
        let decoder = try decoder(codec: codec, extradata: extradata, timeBase: timeBase, name: name)
        try feed(packets, to: decoder, name: name)
        return try result(of: decoder, fileEnd: nil, name: name)
    }

    /// Packets of a bitmap codec (`hdmv_pgs_subtitle`, `dvd_subtitle`, `dvb_subtitle`) that come from no
    /// file (a fuzz target's): decoded, made into cues as a file's track is, and each cue's lines made
    /// ready for recognition (and tested for music notes), without recognising them (Tesseract is not this project's code, and a
    /// tenth of a second a line would starve a fuzzer). The cues' spans and their lines' sizes.
    package static func preparedLines(codec: String, extradata: [UInt8], timeBase: (num: Int32, den: Int32),
                                      packets: [TrackPacket], name: String = "packets") throws
        -> [(start: Milliseconds, end: Milliseconds, lines: [(width: Int, height: Int, italic: Bool)])] {
        let decoder = try decoder(codec: codec, extradata: extradata, timeBase: timeBase, name: name)
        var cues = ShownCues()
        var prepared: [(start: Milliseconds, end: Milliseconds, lines: [(width: Int, height: Int, italic: Bool)])] = []
        func prepare(_ cue: BitmapTrackText.Shown) {
            let lines = BitmapTrackText.lines(of: cue.pictures)
            // The notes test over each line's ink, as it runs on a word's (a word's box comes from Tesseract).
            for line in lines { _ = MusicNotes.notes(in: line.ink, rows: line.rows, columns: line.columns) }
            prepared.append((cue.start, cue.end, lines.map { ($0.image.width, $0.image.height, $0.italic) }))
        }
        decoder.onPictures = { cues.add($0, emit: prepare) }
        try feed(packets, to: decoder, name: name)
        cues.finish(fileEnd: nil, emit: prepare)
        return prepared
    }

    /// libavcodec's decoder for `codec`, opened on `extradata`, for packets timed in `timeBase`.
    private static func decoder(codec: String, extradata: [UInt8], timeBase: (num: Int32, den: Int32), name: String) throws -> SubtitleDecoder {
        guard let descriptor = avcodec_descriptor_get_by_name(codec), descriptor.pointee.type == AVMEDIA_TYPE_SUBTITLE else {
            throw VideoError(.usage, "\(name): \(codec) is not a subtitle codec libavcodec knows")
        }
        guard let parameters = avcodec_parameters_alloc() else { throw VideoError(.usage, "cannot allocate codec parameters") }
        defer { var owned: UnsafeMutablePointer<AVCodecParameters>? = parameters; avcodec_parameters_free(&owned) }
        parameters.pointee.codec_type = AVMEDIA_TYPE_SUBTITLE
        parameters.pointee.codec_id = descriptor.pointee.id
        if !extradata.isEmpty {
            try check(cffmpeg_set_extradata(parameters, extradata, Int32(extradata.count)), .usage, "\(name): cannot copy its extradata")
        }
        return try SubtitleDecoder(parameters: parameters, timeBase: AVRational(num: timeBase.num, den: timeBase.den),
                                   startMicroseconds: 0, source: name)
    }

    /// Made-up packets through `decoder`, as a file's packets go.
    private static func feed(_ packets: [TrackPacket], to decoder: SubtitleDecoder, name: String) throws {
        let packet = MediaPacket()
        for p in packets {
            try check(av_new_packet(packet.pointer, Int32(p.bytes.count)), .usage, "\(name): cannot allocate a packet")
            if !p.bytes.isEmpty { packet.pointer.pointee.data.update(from: p.bytes, count: p.bytes.count) }
            packet.pointer.pointee.pts = p.pts ?? cffmpeg_nopts_value()
            packet.pointer.pointee.dts = packet.pointer.pointee.pts
            packet.pointer.pointee.duration = p.duration
            decoder.decode(packet.pointer)
            av_packet_unref(packet.pointer)
        }
    }

    /// Tesseract's model for a track's language (`LanguageCode.tesseractModel`: `fre` and `fr` are
    /// `fra`), English for a track that names none.
    static func ocrLanguage(of track: SubtitleTrack) -> String {
        guard let language = track.language, !language.isEmpty else { return "eng" }
        return LanguageCode.tesseractModel(language)
    }

    static func formatName(ofCodec codec: String) -> String {
        switch codec {
        case "ass", "ssa": "ass"
        case "webvtt": "vtt"
        default: "srt"
        }
    }

    /// The decoder of `track` in `file`, not yet fed.
    static func decoder(of track: SubtitleTrack, in file: ContainerFile) throws -> SubtitleDecoder {
        let stream = file.stream(track.index)
        // A file of subtitles alone (a `.sup`) has no picture or sound for its times to be relative to:
        // its own times are the ones players use.
        let hasMedia = (0..<file.streamCount).contains { k in
            let type = file.stream(k).pointee.codecpar.pointee.codec_type
            return type == AVMEDIA_TYPE_VIDEO || type == AVMEDIA_TYPE_AUDIO
        }
        return try SubtitleDecoder(parameters: stream.pointee.codecpar, timeBase: stream.pointee.time_base,
                                   startMicroseconds: hasMedia ? file.startMicroseconds : 0, source: file.path)
    }

    /// Every packet of `track` in `file` through `decoder` (the demuxer drops the other streams').
    static func decode(_ track: SubtitleTrack, of file: ContainerFile, with decoder: SubtitleDecoder) throws {
        try file.forEachPacket(ofStream: track.index) { decoder.decode($0) }
    }

    /// The decoded cues (open ends closed at the next cue, else `fileEnd`) as one ASS script, read by
    /// the ASS reader, with the packets' times put back; one warning counts the packets skipped untimed.
    static func result(of decoder: SubtitleDecoder, fileEnd: Milliseconds?, name: String) throws -> ParseResult {
        var cues = decoder.cues
        TrackCue.closeOpenEnds(&cues, fileEnd: fileEnd)
        guard !cues.isEmpty else { throw CaptionFormatError(.malformed, "\(name) (\(decoder.codecName)) has no caption in it") }
        let script = TrackScript(header: decoder.header, cues: cues)
        var result = try CaptionFileReader.read(DecodedText(script.text, sourceName: name), path: name, format: "ass")
        script.restoreTimes(in: &result)
        // Only an ASS track's script is the file's; the others' is the script made here, and their
        // events are the track's cues, not ASS lines of an author's (no own look, no ASS fields).
        if decoder.header == nil {
            result.document.metadata = []
            result.document.assScript = nil
            for n in result.document.events.indices { result.document.events[n].ass = nil }
        }
        if decoder.untimed > 0 {
            result.diagnostics.insert(.warning(line: nil, "\(decoder.untimed) packet\(decoder.untimed == 1 ? "" : "s") without a usable time (none, or beyond 999,999,999 hours) skipped"), at: 0)
        }
        result.formatName = formatName(ofCodec: decoder.codecName)
        return result
    }
}
