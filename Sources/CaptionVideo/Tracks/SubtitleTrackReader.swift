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
        // Closed captions cannot be read as text yet, so they are never the track chosen: the listing
        // without them (finding them decodes up to a minute of video) chooses the same track. Only when
        // the choice fails is the file listed in full, for a message that names everything it has.
        let track: SubtitleTrack
        do {
            track = try selection.choose(from: try SubtitleTracks.list(file, closedCaptions: false).tracks, path: path, streams: streams)
        } catch {
            track = try selection.choose(from: try SubtitleTracks.list(file).tracks, path: path, streams: streams)
        }
        let cues = try decodeCues(of: track, in: file)
        let name = "\(path) track \(track.index)"
        guard !cues.cues.isEmpty else { throw CaptionFormatError(.malformed, "\(name) (\(track.codec)) has no caption in it") }
        let script = TrackScript(header: cues.header, cues: cues.cues)
        var result = try CaptionFileReader.read(DecodedText(script.text, sourceName: name), path: name, format: "ass")
        script.restoreTimes(in: &result)
        // Only an ASS track's [Script Info] is the file's; the others' is the script made here.
        if cues.header == nil { result.document.metadata = [] }
        result.formatName = formatName(ofCodec: track.codec)
        return result
    }

    static func formatName(ofCodec codec: String) -> String {
        switch codec {
        case "ass", "ssa": "ass"
        case "webvtt": "vtt"
        default: "srt"
        }
    }

    /// Every packet of the track decoded into ASS event fields, with its time span in milliseconds.
    static func decodeCues(of track: SubtitleTrack, in file: ContainerFile) throws -> (header: String?, cues: [TrackCue]) {
        let stream = file.stream(track.index)
        ClosedCaptionScan.discardAll(but: track.index, in: file)
        let parameters = stream.pointee.codecpar
        guard let codec = avcodec_find_decoder(parameters!.pointee.codec_id) else {
            throw VideoError(.unsupported, "\(file.path): no decoder for its \(track.codec) track")
        }
        let decoder = try CodecContext(codec: codec)
        try check(avcodec_parameters_to_context(decoder.pointer, parameters), .malformedInput, "\(file.path): unusable \(track.codec) track")
        decoder.pointer.pointee.pkt_timebase = stream.pointee.time_base
        try check(avcodec_open2(decoder.pointer, codec, nil), .malformedInput, "\(file.path): cannot decode its \(track.codec) track")
        // Only an ASS/SSA track's header is the author's; other decoders make up a default one.
        let isASS = parameters!.pointee.codec_id == AV_CODEC_ID_ASS || parameters!.pointee.codec_id == AV_CODEC_ID_SSA
        let header = isASS ? decoder.pointer.pointee.subtitle_header.map { ptr in
            String(decoding: UnsafeBufferPointer(start: ptr, count: Int(decoder.pointer.pointee.subtitle_header_size)), as: UTF8.self)
        } : nil

        let timeBase = stream.pointee.time_base
        let offset = file.startMicroseconds
        func milliseconds(_ ts: Int64) -> Milliseconds {
            let micro = av_rescale_q(ts, timeBase, AVRational(num: 1, den: 1_000_000)) - offset
            return Milliseconds((micro + (micro >= 0 ? 500 : -500)) / 1000)
        }
        var cues: [TrackCue] = []
        let packet = MediaPacket()
        while true {
            let status = av_read_frame(file.context, packet.pointer)
            if status == averrorEOF { break }
            try check(status, .malformedInput, "\(file.path) is damaged or truncated")
            defer { av_packet_unref(packet.pointer) }
            guard packet.streamIndex == track.index else { continue }
            let p = packet.pointer.pointee
            let ts = p.pts != cffmpeg_nopts_value() ? p.pts : p.dts
            guard ts != cffmpeg_nopts_value() else { continue }
            var subtitle = AVSubtitle()
            var got: Int32 = 0
            let decoded = avcodec_decode_subtitle2(decoder.pointer, &subtitle, &got, packet.pointer)
            let start = milliseconds(ts)
            guard decoded >= 0 else {
                cues.append(TrackCue(start: start, end: nil, fields: nil, problem: "the \(track.codec) decoder refused it (\(VideoError.reason(decoded)))"))
                continue
            }
            guard got != 0 else { continue }
            defer { avsubtitle_free(&subtitle) }
            var end: Milliseconds?
            if p.duration > 0 {
                end = milliseconds(ts + p.duration)
            } else if subtitle.end_display_time > 0, subtitle.end_display_time != UInt32.max {
                end = start + Milliseconds(subtitle.end_display_time)
            }
            for r in 0..<Int(subtitle.num_rects) {
                guard let rect = subtitle.rects[r], let ass = rect.pointee.ass else { continue }
                cues.append(TrackCue(start: start, end: end, fields: String(cString: ass), problem: nil))
            }
        }
        let fileEnd = file.durationMicroseconds.map { Milliseconds(($0 + 500) / 1000) }
        TrackCue.closeOpenEnds(&cues, fileEnd: fileEnd)
        return (header, cues)
    }
}
