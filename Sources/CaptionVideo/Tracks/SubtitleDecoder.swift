import CFFmpeg
import CaptionModel

/// libavcodec's decoder for one text subtitle track, and the cues it has made of the track's packets:
/// each packet's rectangles become ASS event fields (`TrackCue`) with the packet's time span in
/// milliseconds. `SubtitleTrackReader` feeds it a container's packets, and the fuzz targets packets
/// they make up (`SubtitleTrackReader.read(codec:extradata:timeBase:packets:name:)`): one decoding loop.
final class SubtitleDecoder {
    /// libavcodec's name for the codec (`subrip`, `ass`, `mov_text`, `webvtt`), as `captions tracks` shows it.
    let codecName: String
    /// The script header of an ASS/SSA track (its styles); nil for other codecs, whose decoders make up a default one.
    let header: String?
    let isASS: Bool
    private let decoder: CodecContext
    private let timeBase: AVRational
    private let startMicroseconds: Int64
    private(set) var cues: [TrackCue] = []

    /// Opens the decoder for a stream described by `parameters` (codec, extradata) whose packets are
    /// timed in `timeBase`; times are made relative to `startMicroseconds` (the container's start).
    /// Errors name `source`.
    init(parameters: UnsafePointer<AVCodecParameters>, timeBase: AVRational, startMicroseconds: Int64, source: String) throws(VideoError) {
        let codecID = parameters.pointee.codec_id
        codecName = String(cString: avcodec_get_name(codecID))
        guard let codec = avcodec_find_decoder(codecID) else {
            throw VideoError(.unsupported, "\(source): no decoder for its \(codecName) track")
        }
        decoder = try CodecContext(codec: codec)
        try check(avcodec_parameters_to_context(decoder.pointer, parameters), .malformedInput, "\(source): unusable \(codecName) track")
        decoder.pointer.pointee.pkt_timebase = timeBase
        try check(avcodec_open2(decoder.pointer, codec, nil), .malformedInput, "\(source): cannot decode its \(codecName) track")
        isASS = codecID == AV_CODEC_ID_ASS || codecID == AV_CODEC_ID_SSA
        let context = decoder.pointer.pointee
        header = isASS ? context.subtitle_header.map { ptr in
            String(decoding: UnsafeBufferPointer(start: ptr, count: Int(context.subtitle_header_size)), as: UTF8.self)
        } : nil
        self.timeBase = timeBase
        self.startMicroseconds = startMicroseconds
    }

    /// A timestamp in the track's time base as milliseconds from the container's start.
    private func milliseconds(_ ts: Int64) -> Milliseconds {
        let micro = av_rescale_q(ts, timeBase, AVRational(num: 1, den: 1_000_000)) - startMicroseconds
        return Milliseconds((micro + (micro >= 0 ? 500 : -500)) / 1000)
    }

    /// Decodes one packet of the track into its cues; a packet the decoder refuses becomes a cue with
    /// the reason (a warning once read), one without a time is skipped.
    func decode(_ packet: UnsafeMutablePointer<AVPacket>) {
        let p = packet.pointee
        let ts = p.pts != cffmpeg_nopts_value() ? p.pts : p.dts
        guard ts != cffmpeg_nopts_value() else { return }
        var subtitle = AVSubtitle()
        var got: Int32 = 0
        let decoded = avcodec_decode_subtitle2(decoder.pointer, &subtitle, &got, packet)
        let start = milliseconds(ts)
        guard decoded >= 0 else {
            cues.append(TrackCue(start: start, end: nil, fields: nil, problem: "the \(codecName) decoder refused it (\(VideoError.reason(decoded)))"))
            return
        }
        guard got != 0 else { return }
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
}
