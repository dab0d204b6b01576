import CFFmpeg
import CaptionModel

/// A soft track's events encoded by libavcodec's text subtitle encoder for its codec (what ffmpeg
/// does converting subtitles): ASS event fields in, the codec's packet bytes out. The encoder's
/// parameters (an ASS track's header, mov_text's sample description) go onto the output stream.
final class SubtitleEncoder {
    let context: CodecContext
    let track: SoftTrack

    init(_ track: SoftTrack) throws(VideoError) {
        self.track = track
        guard let codec = avcodec_find_encoder_by_name(track.codec.rawValue) else {
            throw VideoError(.usage, "this libavcodec has no \(track.codec.rawValue) encoder")
        }
        context = try CodecContext(codec: codec)
        context.pointer.pointee.time_base = AVRational(num: 1, den: 1000)
        let header = Array(track.header.utf8)
        try check(header.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cffmpeg_set_subtitle_header(context.pointer, $0.baseAddress, Int32($0.count)) }
        }, .usage, "cannot give the \(track.codec.rawValue) encoder its header")
        try check(avcodec_open2(context.pointer, codec, nil), .usage, "cannot open the \(track.codec.rawValue) encoder")
    }

    /// Each event's packet: its bytes, start and duration in milliseconds; events whose text encodes
    /// to nothing are left out.
    func packets() throws(VideoError) -> [(bytes: [UInt8], start: Milliseconds, duration: Milliseconds)] {
        var packets: [(bytes: [UInt8], start: Milliseconds, duration: Milliseconds)] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        for (order, event) in track.events.enumerated() {
            let fields = "\(order),\(event.layer),\(event.fields)"
            let duration = max(0, event.end - event.start)
            var size = encode(fields, event: event, duration: duration, into: &buffer)
            // A caption longer than the buffer: try once more with room for it.
            if size < 0, fields.utf8.count * 4 > buffer.count {
                buffer = [UInt8](repeating: 0, count: fields.utf8.count * 8)
                size = encode(fields, event: event, duration: duration, into: &buffer)
            }
            try check(size, .usage, "the \(track.codec.rawValue) encoder refused the caption at \(CaptionTime.clock(event.start))")
            guard size > 0 else { continue }
            packets.append((Array(buffer[0..<Int(size)]), event.start, duration))
        }
        return packets
    }

    private func encode(_ fields: String, event: SoftTrack.Event, duration: Milliseconds, into buffer: inout [UInt8]) -> Int32 {
        let pts = Int64(event.start) * 1000 // AV_TIME_BASE (µs), as AVSubtitle.pts is
        return buffer.withUnsafeMutableBufferPointer { out in
            cffmpeg_encode_ass_event(context.pointer, fields, out.baseAddress, Int32(out.count), pts, UInt32(clamping: duration))
        }
    }
}
