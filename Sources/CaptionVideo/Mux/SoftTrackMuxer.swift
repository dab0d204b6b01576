import CFFmpeg
import CaptionFormats
import CaptionModel
import Foundation

/// `captions mux`: a video file's streams copied packet for packet (no re-encode; chapters, metadata,
/// dispositions and attachments kept) plus one soft subtitle track per `SoftTrack`, with the fonts
/// they name attached (Matroska), and one bitmap track per `PGSTrack` (Matroska or M2TS; see
/// `PGSPacketizer` for how each stores it). The output goes through `MediaOutput`: a temporary file
/// renamed when complete, removed on an error or a stop.
public enum SoftTrackMuxer {
    public struct Result: Sendable {
        /// Streams of the input the output's container cannot hold (`3 subtitle subrip`), left out.
        public var droppedStreams: [String] = []
        /// Labels of the new tracks the container has no place for (M2TS keeps no language, title or
        /// flags: a Blu-ray disc keeps them in its playlist), one line per track: `PGS track 1: language eng, default`.
        public var droppedLabels: [String] = []
        /// PGS display sets whose DTS went back from the one before, decoded later so that M2TS can
        /// carry them (`PGSPacketizer`); 0 in Matroska, which keeps no DTS.
        public var raisedDecodeTimes = 0
    }

    /// Streams in the output's order: the input's video, audio and other streams, then the new text
    /// tracks, then the new PGS tracks, then the input's subtitle tracks (unless `replace`), then
    /// attachments (the input's, then the new fonts). PGS tracks into anything but Matroska or M2TS,
    /// and text tracks into M2TS, are refused (`.unsupported`) before anything is written.
    public static func mux(video: String, tracks: [SoftTrack], bitmapTracks: [PGSTrack] = [], output: String, replace: Bool,
                           cancellation: BurnCancellation? = nil) throws(VideoError) -> Result {
        av_log_set_level(AV_LOG_ERROR)
        // The temporary file renamed at the end would replace the video being read.
        guard !OutputFile.isSameFile(video, output) else { throw VideoError(.cannotWrite, "\(output) is the video being read; write to another file") }
        let out = try MediaOutput(path: output)
        let container = MuxContainer(out)
        if !bitmapTracks.isEmpty, !container.holdsPGS {
            throw VideoError(.usage, "\(output): a PGS (bitmap) track goes into Matroska (.mkv) or Blu-ray M2TS (.m2ts); MP4, MOV, WebM and plain .ts cannot hold one")
        }
        if !tracks.isEmpty, container.isM2TS {
            throw VideoError(.usage, "\(output): M2TS holds no text subtitle track; name the output .mkv, or add the captions as a PGS track")
        }
        let input = try ContainerFile(path: video)
        var result = Result()

        var kept: [Int: Int] = [:] // input stream → output stream
        let streams = (0..<input.streamCount).map { input.stream($0) }
        func type(_ s: UnsafeMutablePointer<AVStream>) -> AVMediaType { s.pointee.codecpar.pointee.codec_type }
        let main = streams.filter { type($0) != AVMEDIA_TYPE_SUBTITLE && type($0) != AVMEDIA_TYPE_ATTACHMENT }
        let oldSubtitles = replace ? [] : streams.filter { type($0) == AVMEDIA_TYPE_SUBTITLE }
        let attachments = streams.filter { type($0) == AVMEDIA_TYPE_ATTACHMENT }

        func copy(_ stream: UnsafeMutablePointer<AVStream>) throws(VideoError) {
            let index = Int(stream.pointee.index)
            guard container.accepts(stream) else {
                result.droppedStreams.append(SubtitleTracks.streamSummary(stream))
                return
            }
            kept[index] = try out.addStream(timeBase: stream.pointee.time_base) { (copy) throws(VideoError) in
                try StreamCopy.describe(copy, as: stream, path: output)
            }
        }
        for stream in main { try copy(stream) }
        var encoded: [(stream: Int, timeBase: AVRational, packets: [SubtitlePackets.Packet])] = []
        // The new tracks' times count from the input's start (players' 0), which may not be 0.
        let startMilliseconds = Int64(input.startMicroseconds / 1000)
        for track in tracks {
            let encoder = try SubtitleEncoder(track)
            let index = try out.addStream(timeBase: AVRational(num: 1, den: 1000)) { (stream) throws(VideoError) in
                try check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context.pointer), .cannotWrite,
                          "\(output): cannot add the \(track.codec.rawValue) track")
                StreamCopy.label(stream, language: track.language, title: track.title, mp4: container.isMP4)
                stream.pointee.disposition = (track.isDefault ? AV_DISPOSITION_DEFAULT : 0) | (track.isForced ? AV_DISPOSITION_FORCED : 0)
            }
            let packets = try encoder.packets().map {
                SubtitlePackets.Packet(bytes: $0.bytes, pts: Int64($0.start) + startMilliseconds, dts: Int64($0.start) + startMilliseconds,
                                       duration: Int64($0.duration))
            }
            encoded.append((index, AVRational(num: 1, den: 1000), packets))
        }
        let ticks = AVRational(num: 1, den: 90_000)
        // 90 kHz from microseconds, to the nearest tick: exact when the input's start was a 90 kHz time.
        let startTicks = av_rescale_q_rnd(input.startMicroseconds, AVRational(num: 1, den: 1_000_000), ticks, AV_ROUND_NEAR_INF)
        for (number, track) in bitmapTracks.enumerated() {
            let name = "PGS track \(number + 1)"
            let (packets, raised) = try PGSPacketizer.packets(track, perSegment: container.isM2TS, offset: startTicks, name: name)
            result.raisedDecodeTimes += raised
            let index = try out.addStream(timeBase: ticks) { track.describe($0) }
            if container.isM2TS, !track.labels.isEmpty { result.droppedLabels.append("\(name): \(track.labels.joined(separator: ", "))") }
            encoded.append((index, ticks, packets))
        }
        for stream in oldSubtitles {
            try copy(stream)
            // One default track: a new track given --default takes the flag from the file's own.
            if let index = kept[Int(stream.pointee.index)], tracks.contains(where: \.isDefault) || bitmapTracks.contains(where: \.isDefault) {
                out.context.pointee.streams[index]!.pointee.disposition &= ~AV_DISPOSITION_DEFAULT
            }
        }
        for stream in attachments { try copy(stream) }
        if container.isMatroska {
            var names = Set(attachments.compactMap { StreamCopy.tag($0, "filename") })
            for font in tracks.flatMap(\.fonts) {
                let name = (font as NSString).lastPathComponent
                guard names.insert(name).inserted else { continue }
                _ = try out.addStream(timeBase: AVRational(num: 1, den: 1000)) { (stream) throws(VideoError) in
                    try FontAttachment.describe(stream, font: font, output: output)
                }
            }
        }
        av_dict_copy(&out.context.pointee.metadata, input.context.pointee.metadata, 0)
        try check(cffmpeg_copy_chapters(out.context, input.context), .cannotWrite, "\(output): cannot keep the chapters")
        for stream in streams where kept[Int(stream.pointee.index)] == nil { stream.pointee.discard = AVDISCARD_ALL }

        try out.begin(options: container.options)
        let pending = SubtitlePackets(encoded)
        let packet = MediaPacket()
        while true {
            if cancellation?.isCancelled == true { throw VideoError(.interrupted, "\(output): stopped; nothing written") }
            let status = av_read_frame(input.context, packet.pointer)
            if status == averrorEOF { break }
            try check(status, .malformed, "\(video) is damaged or truncated")
            guard let index = kept[packet.streamIndex] else { av_packet_unref(packet.pointer); continue }
            let stream = input.stream(packet.streamIndex)
            // Subtitles are written just before the first packet that comes after them.
            let at = packet.pointer.pointee.dts != cffmpeg_nopts_value() ? packet.pointer.pointee.dts : packet.pointer.pointee.pts
            if at != cffmpeg_nopts_value() { try pending.write(upTo: at, timeBase: stream.pointee.time_base, into: out) }
            // The input's own PGS track into M2TS: one PES per segment there, as the new tracks are.
            if container.isM2TS, stream.pointee.codecpar.pointee.codec_id == AV_CODEC_ID_HDMV_PGS_SUBTITLE,
               let segments = try PGSPacketizer.split(packet, path: output) {
                for segment in segments { try out.write(segment, stream: index) }
            } else {
                try out.write(packet, stream: index)
            }
            av_packet_unref(packet.pointer)
        }
        try pending.write(upTo: .max, timeBase: ticks, into: out)
        try out.finish()
        return result
    }
}
