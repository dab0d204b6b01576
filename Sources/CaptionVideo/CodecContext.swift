import CFFmpeg

/// Owns an `AVCodecContext` (a decoder or an encoder); freed in deinit.
final class CodecContext: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<AVCodecContext>
    let codec: UnsafePointer<AVCodec>

    init(codec: UnsafePointer<AVCodec>) throws(VideoError) {
        guard let context = avcodec_alloc_context3(codec) else { throw VideoError(.unsupported, "cannot allocate a codec context") }
        pointer = context
        self.codec = codec
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&context)
    }

    var name: String { String(cString: codec.pointee.name) }

    /// Sends one frame (nil: flush) and hands every packet the encoder has ready to `body`.
    func encode(_ frame: MediaFrame?, _ body: (MediaPacket) throws(VideoError) -> Void) throws(VideoError) {
        try check(avcodec_send_frame(pointer, frame?.pointer), .unsupported, "the \(name) encoder refused a frame")
        while true {
            let packet = MediaPacket()
            let status = avcodec_receive_packet(pointer, packet.pointer)
            if status == averrorEAGAIN || status == averrorEOF { return }
            try check(status, .unsupported, "the \(name) encoder failed")
            try body(packet)
        }
    }

    /// Sends one packet (nil: flush) and hands every decoded frame to `body`. Errors name `file`.
    func decode(_ packet: MediaPacket?, file: String, _ body: (MediaFrame) throws(VideoError) -> Void) throws(VideoError) {
        let sent = avcodec_send_packet(pointer, packet?.pointer)
        if sent != averrorEOF {
            try check(sent, .malformedInput, "\(file): the \(name) stream is corrupt")
        }
        while true {
            let frame = MediaFrame()
            let status = avcodec_receive_frame(pointer, frame.pointer)
            if status == averrorEAGAIN || status == averrorEOF { return }
            try check(status, .malformedInput, "\(file): the \(name) stream is corrupt")
            try body(frame)
        }
    }
}
