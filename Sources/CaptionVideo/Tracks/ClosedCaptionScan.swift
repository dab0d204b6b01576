import CFFmpeg
import CaptionFormats
import CaptionModel

/// Finds the CEA-608 channels a file carries: in a video stream's ATSC A/53 side data (which only
/// decoding exposes, so the first `scanSeconds` of the video are decoded) or in an `eia_608` stream's
/// packets (QuickTime `c608`, SCC, MCC).
public enum ClosedCaptionScan {
    /// How much of a video is decoded looking for caption side data. Captions that begin later than
    /// this in a programme are not listed; a broadcast file carries its caption channels from the start.
    public static let seconds = 60
    static var scanSeconds: Int64 { Int64(seconds) }

    /// The video codecs whose streams carry A/53 captions in their pictures' user data.
    static func mayCarryCaptions(_ codec: AVCodecID) -> Bool {
        codec == AV_CODEC_ID_H264 || codec == AV_CODEC_ID_HEVC || codec == AV_CODEC_ID_MPEG2VIDEO
            || codec == AV_CODEC_ID_MPEG1VIDEO
    }

    /// The channels in the A/53 side data of the first `scanSeconds` of video stream `index`, and the
    /// damage met decoding them.
    static func channels(inVideoStream index: Int, of file: ContainerFile) throws(VideoError) -> (channels: [String], damage: DecodeDamage) {
        // A file of its own: reading packets moves the demuxer, and the listing goes on after this.
        // (Opened again, the file may no longer have the stream: it can change in between.)
        let scan = try ContainerFile(path: file.path)
        guard index < scan.streamCount else { return ([], DecodeDamage()) }
        let stream = scan.stream(index)
        scan.discardAll(but: index)
        guard let decoder = try? VideoDecoder.open(stream, file: file.path) else { return ([], DecodeDamage()) }
        // Only the side data matters: skip the loop filter, the slowest step that does not affect it.
        decoder.pointer.pointee.skip_loop_filter = AVDISCARD_ALL
        let limit = av_rescale_q(scanSeconds, AVRational(num: 1, den: 1), stream.pointee.time_base)
        let first = stream.pointee.start_time == cffmpeg_nopts_value() ? 0 : stream.pointee.start_time
        var found = CEA608Channels()
        var recorder = DamageRecorder()
        let packet = MediaPacket()
        let timeBase = stream.pointee.time_base
        func collect(_ frame: MediaFrame) throws(VideoError) {
            // Where the damage is only needs to be roughly right; a file's timestamps may be anything,
            // so no step may trap on overflow.
            let ts = frame.pointer.pointee.best_effort_timestamp
            let (elapsed, overflow) = ts.subtractingReportingOverflow(first)
            let at = ts == cffmpeg_nopts_value() || overflow ? 0 : Milliseconds(av_rescale_q(elapsed, timeBase, AVRational(num: 1, den: 1000)))
            let length = Milliseconds(av_rescale_q(max(frame.pointer.pointee.pkt_duration, 0), timeBase, AVRational(num: 1, den: 1000)))
            let end = at.addingReportingOverflow(max(0, length)).overflow ? at : at + max(0, length)
            recorder.decoded(frame, from: at, to: end)
            if let side = av_frame_get_side_data(frame.pointer, AV_FRAME_DATA_A53_CC) {
                found.add(ccData: UnsafeBufferPointer(start: side.pointee.data, count: Int(side.pointee.size)))
            }
        }
        while av_read_frame(scan.context, packet.pointer) >= 0 {
            guard packet.streamIndex == index else { av_packet_unref(packet.pointer); continue }
            let pts = packet.pointer.pointee.pts
            // The difference of two timestamps a file gives can overflow: then the later one is far past the limit.
            let (elapsed, overflow) = pts.subtractingReportingOverflow(first)
            if pts != cffmpeg_nopts_value(), overflow ? pts > first : elapsed > limit { av_packet_unref(packet.pointer); break }
            try decoder.decode(packet.take(), file: file.path, refused: { recorder.refused() }, collect)
        }
        try decoder.decode(nil, file: file.path, refused: { recorder.refused() }, collect)
        recorder.finish()
        return (found.names, recorder.damage)
    }

    /// The channels in every packet of `eia_608` stream `index`.
    static func channels(inSubtitleStream index: Int, of file: ContainerFile) throws(VideoError) -> [String] {
        let scan = try ContainerFile(path: file.path)
        guard index < scan.streamCount else { return [] }
        scan.discardAll(but: index)
        var found = CEA608Channels()
        let packet = MediaPacket()
        while av_read_frame(scan.context, packet.pointer) >= 0 {
            if packet.streamIndex == index, let data = packet.pointer.pointee.data {
                found.add(eia608Packet: Array(UnsafeBufferPointer(start: data, count: Int(packet.pointer.pointee.size))))
            }
            av_packet_unref(packet.pointer)
        }
        return found.names
    }
}
