import CFFmpeg
import CaptionModel

/// The new tracks' packets in time order, written into the output as the copied packets pass their
/// times (libavformat interleaves what it is given; sparse subtitle packets handed over all at once
/// would make it flush the video and audio out of order).
final class SubtitlePackets {
    private var queue: [(stream: Int, bytes: [UInt8], start: Milliseconds, duration: Milliseconds)]
    private var next = 0

    /// `offset`: the input's start time; a caption at 0 is shown with the first frame.
    init(_ tracks: [(stream: Int, packets: [(bytes: [UInt8], start: Milliseconds, duration: Milliseconds)])], offset: Milliseconds) {
        queue = tracks.flatMap { track in track.packets.map { (track.stream, $0.bytes, $0.start + offset, $0.duration) } }
        queue.sort { $0.start < $1.start }
    }

    /// Writes every packet that starts at or before `time` (ms, in the input's timeline).
    func write(upTo time: Milliseconds, into output: MediaOutput) throws(VideoError) {
        while next < queue.count, queue[next].start <= time {
            let item = queue[next]
            next += 1
            let packet = MediaPacket()
            try check(av_new_packet(packet.pointer, Int32(item.bytes.count)), .cannotWrite, "\(output.path): out of memory")
            item.bytes.withUnsafeBufferPointer { packet.pointer.pointee.data.update(from: $0.baseAddress!, count: $0.count) }
            packet.pointer.pointee.pts = Int64(item.start)
            packet.pointer.pointee.dts = Int64(item.start)
            packet.pointer.pointee.duration = Int64(item.duration)
            packet.pointer.pointee.flags |= AV_PKT_FLAG_KEY
            try output.write(packet, stream: item.stream)
        }
    }
}
