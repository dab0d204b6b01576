import CFFmpeg
import CaptionModel
import CaptionRender

/// Chosen frames of a video as RGBA images, for golden checks of burned files.
public struct VideoStillFrames: Sendable {
    /// In the order of the times asked for.
    public var images: [RGBAImage]
    /// What the Y'CbCr pixels were converted with (the stream's tags).
    public var matrix: ColorMatrix
    public var width: Int
    public var height: Int
    /// The decoded frames' pixel format, as libavutil names it (`yuv420p`).
    public var pixelFormat: String
    /// Damage the decoder met and decoded past in the frames read (up to the last time asked for).
    public var damage: DecodeDamage
}

/// Reads the frames a video shows at given times: decoded with libavcodec from the start (exact, and
/// the clips checked are short), and converted to 8-bit sRGB RGBA by `StillConverter` (the stream's
/// matrix and range, alpha kept, HDR back to SDR). Frames are as stored: rotation metadata is not applied.
public enum VideoStills {
    /// The frame shown at each of `times` (milliseconds from the stream's start, any order, repeats
    /// allowed): the last frame whose timestamp is at or before the time; the first frame for a time
    /// before it, the last one for a time past the end.
    public static func frames(path: String, at times: [Milliseconds]) throws(VideoError) -> VideoStillFrames {
        let input = try MediaInput(path: path)
        guard let stream = input.video else { throw VideoError(.usage, "\(path) has no video stream") }
        // Decoders' notes (libvpx prints its version) are not the user's business; errors still are.
        av_log_set_level(AV_LOG_ERROR)
        let decoder = try VideoDecoder.open(stream, file: path, alpha: true)
        let timeBase = stream.pointee.time_base
        let start = stream.pointee.start_time == cffmpeg_nopts_value() ? 0 : stream.pointee.start_time
        let order = times.indices.sorted { times[$0] < times[$1] }
        var images = [RGBAImage?](repeating: nil, count: times.count)
        var next = 0
        var shown: (frame: MediaFrame, image: RGBAImage?)?
        var converter: StillConverter?
        var recorder = DamageRecorder()
        var lastEnd: Milliseconds = 0

        func image(of entry: inout (frame: MediaFrame, image: RGBAImage?)) throws(VideoError) -> RGBAImage {
            if let done = entry.image { return done }
            if converter == nil { converter = try StillConverter(entry.frame, file: path) }
            let converted = try converter!.convert(entry.frame)
            entry.image = converted
            return converted
        }
        // Every time before this frame's start is shown by the frame before it (or, before the first
        // frame, by this one).
        func arrived(_ frame: MediaFrame) throws(VideoError) {
            let ts = frame.pointer.pointee.best_effort_timestamp
            // Damage is placed on the stream's clock (a frame without a timestamp, after the last one).
            func ms(_ t: Int64) -> Milliseconds { Milliseconds(av_rescale_q(t - start, timeBase, AVRational(num: 1, den: 1000))) }
            let from = ts == cffmpeg_nopts_value() ? lastEnd : ms(ts)
            lastEnd = ts == cffmpeg_nopts_value() ? lastEnd : ms(ts + max(frame.pointer.pointee.pkt_duration, 0))
            recorder.decoded(frame, from: from, to: lastEnd)
            // Exactly: a time t is before the frame when t / 1000 < (ts - start) * num / den (a frame at
            // 33.3 ms is not shown at 33 ms, which rounding the frame's time to milliseconds would say).
            func before(_ t: Milliseconds) -> Bool {
                ts != cffmpeg_nopts_value() && Int64(t) * Int64(timeBase.den) < (ts - start) * 1000 * Int64(timeBase.num)
            }
            var current = (frame: try frame.reference(), image: RGBAImage?.none)
            while next < order.count, before(times[order[next]]) {
                images[order[next]] = shown == nil ? try image(of: &current) : try image(of: &shown!)
                next += 1
            }
            shown = current
        }

        let packet = MediaPacket()
        while next < order.count, try input.read(into: packet) {
            let owned = packet.take()
            guard owned.pointer.pointee.stream_index == stream.pointee.index else { continue }
            try decoder.decode(owned, file: path, refused: { recorder.refused() }) { (frame) throws(VideoError) in try arrived(frame) }
        }
        if next < order.count { try decoder.decode(nil, file: path, refused: { recorder.refused() }) { (frame) throws(VideoError) in try arrived(frame) } }
        recorder.finish()
        guard shown != nil || next == order.count else { throw VideoError(.malformed, "\(path): no video frame could be decoded") }
        while next < order.count {
            images[order[next]] = try image(of: &shown!)
            next += 1
        }
        guard let converter else { throw VideoError(.malformed, "\(path): no video frame could be decoded") }
        return VideoStillFrames(images: images.map { $0! }, matrix: converter.matrix, width: converter.width,
                                height: converter.height, pixelFormat: converter.formatName, damage: recorder.damage)
    }
}
