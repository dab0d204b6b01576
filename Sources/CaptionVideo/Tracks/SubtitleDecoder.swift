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
    /// True for a codec whose packets are pictures (PGS, DVD, DVB subtitles): they go to `onPictures`.
    let isBitmap: Bool
    /// A DVD subtitle whose stop command is dated 0xFFFF, the SPU's latest date, as libavcodec gives it
    /// (the date in 1024/90000 s): "until the next picture", as rips made from discs often write (the
    /// Sintel VobSub in Corpus/bitmap does), not an end 12 minutes later.
    static let dvdUntilCleared = UInt32((0xFFFF << 10) / 90)

    /// Where a bitmap track's decoded display sets go, in packet order (one without pictures clears
    /// the screen); without one they are dropped.
    var onPictures: ((PictureCue) -> Void)?
    /// The subtitle plane's size as the decoder last said (PGS and DVB carry it), or nil.
    var planeSize: (width: Int, height: Int)? {
        let c = decoder.pointer.pointee
        return c.width > 0 && c.height > 0 ? (Int(c.width), Int(c.height)) : nil
    }
    /// Packets skipped for want of a usable time: none, or one beyond `timeLimit`.
    private(set) var untimed = 0
    /// DVB subtitle packets not decoded because their regions were too large to be real (`DVBRegions`).
    private(set) var oversized = 0
    private var regions: DVBRegions?

    /// Opens the decoder for a stream described by `parameters` (codec, extradata) whose packets are
    /// timed in `timeBase`; times are made relative to `startMicroseconds` (the container's start).
    /// Errors name `source`.
    init(parameters: UnsafePointer<AVCodecParameters>, timeBase: AVRational, startMicroseconds: Int64, source: String) throws(VideoError) {
        let codecID = parameters.pointee.codec_id
        codecName = String(cString: avcodec_get_name(codecID))
        guard let codec = avcodec_find_decoder(codecID) else {
            throw VideoError(.usage, "\(source): no decoder for its \(codecName) track")
        }
        // A packet the decoder refuses is a warning in the toolkit's words; libav's own line is not repeated.
        DecoderMessages.prepare()
        decoder = try CodecContext(codec: codec)
        try check(avcodec_parameters_to_context(decoder.pointer, parameters), .malformed, "\(source): unusable \(codecName) track")
        decoder.pointer.pointee.pkt_timebase = timeBase
        try check(avcodec_open2(decoder.pointer, codec, nil), .malformed, "\(source): cannot decode its \(codecName) track")
        isASS = codecID == AV_CODEC_ID_ASS || codecID == AV_CODEC_ID_SSA
        isBitmap = avcodec_descriptor_get(codecID).map { $0.pointee.props & AV_CODEC_PROP_BITMAP_SUB != 0 } ?? false
        regions = codecID == AV_CODEC_ID_DVB_SUBTITLE ? DVBRegions() : nil
        let context = decoder.pointer.pointee
        header = isASS ? context.subtitle_header.map { ptr in
            String(decoding: UnsafeBufferPointer(start: ptr, count: Int(context.subtitle_header_size)), as: UTF8.self)
        } : nil
        self.timeBase = timeBase
        self.startMicroseconds = startMicroseconds
    }

    /// Packet times must lie within a billion hours either side of the start: the cues go through an ASS
    /// script, whose reader takes at most nine digits of hours, and every sum a cue's times go into
    /// (an end from a duration, one second for a cue without one) stays far inside an `Int`.
    static let timeLimit: Milliseconds = 1_000_000_000 * 3_600_000

    /// Microseconds as milliseconds under the rounding rule (halves away from zero); nil beyond `timeLimit`.
    static func milliseconds(microseconds micro: Int64) -> Milliseconds? {
        let (whole, rest) = micro.quotientAndRemainder(dividingBy: 1000)
        let ms = whole + (rest >= 500 ? 1 : rest <= -500 ? -1 : 0)
        return abs(ms) < timeLimit ? Milliseconds(ms) : nil
    }

    /// A timestamp in the track's time base as milliseconds from the container's start; nil when it does
    /// not fit (libavutil's rescaling answers INT64_MIN then, and the shift by the start may overflow).
    private func milliseconds(_ ts: Int64) -> Milliseconds? {
        Self.milliseconds(ts, timeBase: timeBase, startMicroseconds: startMicroseconds)
    }

    /// `ts` in `timeBase` as milliseconds from a container starting at `startMicroseconds`; nil when it
    /// does not fit. Closed captions are timed this way too.
    static func milliseconds(_ ts: Int64, timeBase: AVRational, startMicroseconds: Int64) -> Milliseconds? {
        let micro = av_rescale_q(ts, timeBase, AVRational(num: 1, den: 1_000_000))
        guard micro != .min else { return nil }
        let (relative, overflow) = micro.subtractingReportingOverflow(startMicroseconds)
        return overflow ? nil : milliseconds(microseconds: relative)
    }

    /// Decodes one packet of the track into its cues; a packet the decoder refuses becomes a cue with
    /// the reason (a warning once read), one without a usable time is skipped and counted (`untimed`).
    func decode(_ packet: UnsafeMutablePointer<AVPacket>) {
        let p = packet.pointee
        let ts = p.pts != cffmpeg_nopts_value() ? p.pts : p.dts
        guard ts != cffmpeg_nopts_value(), let start = milliseconds(ts) else {
            untimed += 1
            return
        }
        if regions != nil, let data = p.data, p.size > 0,
           !regions!.accepts(UnsafeBufferPointer(start: data, count: Int(p.size))) {
            oversized += 1
            return
        }
        var subtitle = AVSubtitle()
        var got: Int32 = 0
        let decoded = avcodec_decode_subtitle2(decoder.pointer, &subtitle, &got, packet)
        guard decoded >= 0 else {
            cues.append(TrackCue(start: start, end: nil, fields: nil, problem: "the \(codecName) decoder refused it (\(VideoError.reason(decoded)))"))
            return
        }
        guard got != 0 else { return }
        defer { avsubtitle_free(&subtitle) }
        var end: Milliseconds?
        if p.duration > 0 {
            // An end past what a time holds is no end: the next cue's start closes it.
            let (last, overflow) = ts.addingReportingOverflow(p.duration)
            end = overflow ? nil : milliseconds(last)
        } else if subtitle.end_display_time > 0, subtitle.end_display_time != UInt32.max,
                  !(codecName == "dvd_subtitle" && subtitle.end_display_time == Self.dvdUntilCleared) {
            end = start + Milliseconds(subtitle.end_display_time)
        }
        if isBitmap {
            let set = PictureCue(start: start + Milliseconds(subtitle.start_display_time), end: end, pictures: Self.pictures(of: subtitle))
            onPictures?(set)
            return
        }
        for r in 0..<Int(subtitle.num_rects) {
            guard let rect = subtitle.rects[r], let ass = rect.pointee.ass else { continue }
            cues.append(TrackCue(start: start, end: end, fields: String(cString: ass), problem: nil))
        }
    }

    /// The bitmap rectangles of a decoded subtitle, expanded from their palettes.
    private static func pictures(of subtitle: AVSubtitle) -> [SubtitlePicture] {
        (0..<Int(subtitle.num_rects)).compactMap { r in
            guard let rect = subtitle.rects[r]?.pointee, rect.type == SUBTITLE_BITMAP, rect.w > 0, rect.h > 0,
                  let indices = rect.data.0, let palette = rect.data.1, rect.linesize.0 >= rect.w else { return nil }
            return palette.withMemoryRebound(to: UInt32.self, capacity: 256) { colors in
                SubtitlePicture(x: Int(rect.x), y: Int(rect.y), width: Int(rect.w), height: Int(rect.h), indices: indices,
                                stride: Int(rect.linesize.0), palette: colors, colors: Int(min(max(rect.nb_colors, 0), 256)))
            }
        }
    }
}

/// A bitmap track's display set: when it shows, until when if the packet said, and its pictures (none:
/// the screen is cleared).
struct PictureCue {
    var start: Milliseconds
    var end: Milliseconds?
    var pictures: [SubtitlePicture]
}
