import CFFmpeg
import CaptionModel
import Foundation

/// `captions mux`: a video file's streams copied packet for packet (no re-encode; chapters, metadata,
/// dispositions and attachments kept) plus one soft subtitle track per `SoftTrack`, with the fonts
/// they name attached (Matroska). The output goes through `MediaOutput`: a temporary file renamed
/// when complete, removed on an error or a stop.
public enum SoftTrackMuxer {
    public struct Result: Sendable {
        /// Streams of the input the output's container cannot hold (`3 subtitle subrip`), left out.
        public var droppedStreams: [String] = []
    }

    /// Streams in the output's order: the input's video, audio and other streams, then the new tracks,
    /// then the input's subtitle tracks (unless `replace`), then attachments (the input's, then the new fonts).
    public static func mux(video: String, tracks: [SoftTrack], output: String, replace: Bool,
                           cancellation: BurnCancellation? = nil) throws(VideoError) -> Result {
        av_log_set_level(AV_LOG_ERROR)
        let input = try ContainerFile(path: video)
        let out = try MediaOutput(path: output)
        let container = MuxContainer(out)
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
        var encoded: [(stream: Int, packets: [(bytes: [UInt8], start: Milliseconds, duration: Milliseconds)])] = []
        for track in tracks {
            let encoder = try SubtitleEncoder(track)
            let index = try out.addStream(timeBase: AVRational(num: 1, den: 1000)) { (stream) throws(VideoError) in
                try check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context.pointer), .cannotWrite,
                          "\(output): cannot add the \(track.codec.rawValue) track")
                StreamCopy.label(stream, language: track.language, title: track.title, mp4: container.isMP4)
                stream.pointee.disposition = (track.isDefault ? AV_DISPOSITION_DEFAULT : 0) | (track.isForced ? AV_DISPOSITION_FORCED : 0)
            }
            encoded.append((index, try encoder.packets()))
        }
        for stream in oldSubtitles {
            try copy(stream)
            // One default track: a new track given --default takes the flag from the file's own.
            if let index = kept[Int(stream.pointee.index)], tracks.contains(where: \.isDefault) {
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

        // Matroska marks the first track of each type default unless told to write the flags as given.
        try out.begin(options: container.isMatroska ? ["default_mode": "passthrough"] : [:])
        let pending = SubtitlePackets(encoded, offset: Milliseconds(input.startMicroseconds / 1000))
        let packet = MediaPacket()
        while true {
            if cancellation?.isCancelled == true { throw VideoError(.interrupted, "\(output): stopped; nothing written") }
            let status = av_read_frame(input.context, packet.pointer)
            if status == averrorEOF { break }
            try check(status, .malformedInput, "\(video) is damaged or truncated")
            guard let index = kept[packet.streamIndex] else { av_packet_unref(packet.pointer); continue }
            let stream = input.stream(packet.streamIndex)
            // Subtitles are written just before the first packet that comes after them.
            let at = packet.pointer.pointee.dts != cffmpeg_nopts_value() ? packet.pointer.pointee.dts : packet.pointer.pointee.pts
            if at != cffmpeg_nopts_value() {
                let ms = av_rescale_q(at, stream.pointee.time_base, AVRational(num: 1, den: 1000))
                try pending.write(upTo: Milliseconds(ms), into: out)
            }
            try out.write(packet, stream: index)
            av_packet_unref(packet.pointer)
        }
        try pending.write(upTo: .max, into: out)
        try out.finish()
        return result
    }
}
