import CFFmpeg
import CaptionModel

/// The new tracks' packets in time order, written into the output as the copied packets pass their
/// times (libavformat interleaves what it is given; sparse subtitle packets handed over all at once
/// would make it flush the video and audio out of order).
final class SubtitlePackets {
    /// One packet of a new track, its times in the track's own time base (milliseconds for the text
    /// tracks, 90 kHz ticks for PGS) and already in the input's timeline.
    struct Packet {
        var bytes: [UInt8]
        var pts: Int64
        var dts: Int64
        var duration: Int64 = 0
    }

    /// The order key is the DTS on the 90 kHz clock, which both time bases convert to exactly.
    private var queue: [(stream: Int, packet: Packet, at: Int64)]
    private var next = 0
    private static let ticks = AVRational(num: 1, den: 90_000)

    init(_ tracks: [(stream: Int, timeBase: AVRational, packets: [Packet])]) {
        queue = tracks.flatMap { track in
            track.packets.map { (track.stream, $0, av_rescale_q($0.dts, track.timeBase, Self.ticks)) }
        }
        // Stable: a PGS display set's segments share their DTS and must stay in their order.
        queue = queue.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }

    /// Writes every packet that is decoded at or before `time` (in `timeBase`, the input's timeline).
    func write(upTo time: Int64, timeBase: AVRational, into output: MediaOutput) throws(VideoError) {
        let limit = time == .max ? .max : av_rescale_q(time, timeBase, Self.ticks)
        while next < queue.count, queue[next].at <= limit {
            let item = queue[next]
            next += 1
            let packet = try MediaPacket.holding(item.packet.bytes, pts: item.packet.pts, dts: item.packet.dts,
                                                 duration: item.packet.duration, path: output.path)
            try output.write(packet, stream: item.stream)
        }
    }
}
