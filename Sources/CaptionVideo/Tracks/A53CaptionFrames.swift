import CFFmpeg
import CaptionModel

/// Decodes a video stream for the CEA-608 bytes its pictures carry (ATSC A/53 `cc_data`, which
/// libavcodec's H.264, HEVC and MPEG-2 decoders hand over as `AV_FRAME_DATA_A53_CC` side data). The
/// one decoding loop of listing the channels (the first minute) and reading a channel (all of it).
enum A53CaptionFrames {
    /// Calls `body` with each decoded frame's `cc_data` (when it has any) and the frame's time in ms
    /// from the container's start, in presentation order, for frames up to `limitSeconds` past the
    /// stream's first timestamp (nil: every frame). Returns the damage met.
    static func visit(videoStream index: Int, of file: ContainerFile, limitSeconds: Int64?,
                      _ body: (UnsafeBufferPointer<UInt8>, Milliseconds) -> Void) throws(VideoError) -> DecodeDamage {
        // A file of its own: reading packets moves the demuxer, and the caller may go on with its own.
        // (Opened again, the file may no longer have the stream: it can change in between.)
        let scan = try ContainerFile(path: file.path)
        guard index < scan.streamCount else { return DecodeDamage() }
        let stream = scan.stream(index)
        scan.discardAll(but: index)
        guard let decoder = try? VideoDecoder.open(stream, file: file.path) else { return DecodeDamage() }
        // Only the side data matters: skip the loop filter, the slowest step that does not affect it.
        decoder.pointer.pointee.skip_loop_filter = AVDISCARD_ALL
        let timeBase = stream.pointee.time_base
        let first = stream.pointee.start_time == cffmpeg_nopts_value() ? 0 : stream.pointee.start_time
        let limit = limitSeconds.map { av_rescale_q($0, AVRational(num: 1, den: 1), timeBase) }
        let origin = scan.startMicroseconds
        var recorder = DamageRecorder()
        let packet = MediaPacket()
        func collect(_ frame: MediaFrame) throws(VideoError) {
            // A file's timestamps may be anything: no step may trap on overflow.
            let ts = frame.pointer.pointee.best_effort_timestamp
            let at = ts == cffmpeg_nopts_value() ? 0 : SubtitleDecoder.milliseconds(ts, timeBase: timeBase, startMicroseconds: origin) ?? 0
            let length = Milliseconds(av_rescale_q(max(frame.pointer.pointee.pkt_duration, 0), timeBase, AVRational(num: 1, den: 1000)))
            let end = at.addingReportingOverflow(max(0, length)).overflow ? at : at + max(0, length)
            recorder.decoded(frame, from: at, to: end)
            if let side = av_frame_get_side_data(frame.pointer, AV_FRAME_DATA_A53_CC) {
                body(UnsafeBufferPointer(start: side.pointee.data, count: Int(side.pointee.size)), at)
            }
        }
        while av_read_frame(scan.context, packet.pointer) >= 0 {
            guard packet.streamIndex == index else { av_packet_unref(packet.pointer); continue }
            if let limit {
                let pts = packet.pointer.pointee.pts
                // The difference of two timestamps a file gives can overflow: then the later one is far past the limit.
                let (elapsed, overflow) = pts.subtractingReportingOverflow(first)
                if pts != cffmpeg_nopts_value(), overflow ? pts > first : elapsed > limit { av_packet_unref(packet.pointer); break }
            }
            try decoder.decode(packet.take(), file: file.path, refused: { recorder.refused() }, collect)
        }
        try decoder.decode(nil, file: file.path, refused: { recorder.refused() }, collect)
        recorder.finish()
        return recorder.damage
    }
}
