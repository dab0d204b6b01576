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

    /// Moves the packet's contents into a new owner and leaves this one empty (for reuse by the reader).
    func take() -> MediaPacket {
        let moved = MediaPacket()
        av_packet_move_ref(moved.pointer, pointer)
        return moved
    }
}
