import CFFmpeg

/// Owns one `AVPacket`; freed in deinit. Moves between threads one owner at a time.
final class MediaPacket: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<AVPacket>

    init() {
        guard let packet = av_packet_alloc() else { fatalError("av_packet_alloc: out of memory") }
        pointer = packet
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }

    var streamIndex: Int { Int(pointer.pointee.stream_index) }

    /// A key packet holding a copy of `bytes` (not empty) with these times; `path` names the output in the error.
    static func holding(_ bytes: [UInt8], pts: Int64, dts: Int64, duration: Int64 = 0, path: String) throws(VideoError) -> MediaPacket {
        let packet = MediaPacket()
        try check(av_new_packet(packet.pointer, Int32(bytes.count)), .cannotWrite, "\(path): out of memory")
        bytes.withUnsafeBufferPointer { packet.pointer.pointee.data.update(from: $0.baseAddress!, count: $0.count) }
        packet.pointer.pointee.pts = pts
        packet.pointer.pointee.dts = dts
        packet.pointer.pointee.duration = duration
        packet.pointer.pointee.flags |= AV_PKT_FLAG_KEY
        return packet
    }

    /// Moves the packet's contents into a new owner and leaves this one empty (for reuse by the reader).
    func take() -> MediaPacket {
        let moved = MediaPacket()
        av_packet_move_ref(moved.pointer, pointer)
        return moved
    }
}
