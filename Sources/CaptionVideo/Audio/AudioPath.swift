import CFFmpeg

/// What happens to the input's audio: its packets copied, or decoded and re-encoded when the output
/// container cannot hold the codec. Both keep the video's clock: timestamps shifted by the same
/// offset (the input's start, plus --start), packets outside the trimmed range dropped.
protocol AudioPath: AnyObject {
    func handle(_ packet: MediaPacket) throws(VideoError)
    func finish() throws(VideoError)
}

/// The trim window and clock shift, in µs on the input's clock (relative to its start).
struct TimeWindow: Sendable {
    /// Input container start (µs, absolute): timestamps are shifted so the input starts at 0.
    var origin: Int64
    var start: Int64
    var end: Int64?

    /// A timestamp in `timeBase` as µs relative to the input's start.
    func microseconds(_ ts: Int64, _ timeBase: AVRational) -> Int64 {
        av_rescale_q(ts, timeBase, cffmpeg_time_base_q()) - origin
    }

    /// The output timestamp (in `timeBase`) of input timestamp `ts`.
    func shifted(_ ts: Int64, _ timeBase: AVRational) -> Int64 {
        ts == cffmpeg_nopts_value() ? ts : ts - av_rescale_q(origin + start, cffmpeg_time_base_q(), timeBase)
    }

    func contains(_ microseconds: Int64) -> Bool { microseconds >= start && end.map { microseconds < $0 } ?? true }
}

/// Audio packets copied as they are, retimed.
final class AudioCopy: AudioPath {
    let output: MediaOutput
    let streamIndex: Int
    let timeBase: AVRational
    let window: TimeWindow

    init(input: UnsafeMutablePointer<AVStream>, output: MediaOutput, window: TimeWindow) throws(VideoError) {
        self.output = output
        self.window = window
        timeBase = input.pointee.time_base
        streamIndex = try output.addStream(copying: input)
    }

    func handle(_ packet: MediaPacket) throws(VideoError) {
        let p = packet.pointer
        let ts = p.pointee.pts != cffmpeg_nopts_value() ? p.pointee.pts : p.pointee.dts
        guard ts != cffmpeg_nopts_value() else { return }
        // Not trimmed at the start, packets before the origin are kept too: an AAC stream's first packet
        // (pts -1024: priming samples its edit list hides) is the decoder's pre-roll, and without it the
        // first audible frame decodes differently. The copy is then the source's audio packet for packet.
        let us = window.microseconds(ts, timeBase)
        guard window.start == 0 ? window.end.map({ us < $0 }) ?? true : window.contains(us) else { return }
        p.pointee.pts = window.shifted(p.pointee.pts, timeBase)
        p.pointee.dts = window.shifted(p.pointee.dts, timeBase)
        p.pointee.pos = -1
        try output.write(packet, stream: streamIndex)
    }

    func finish() throws(VideoError) {}
}
