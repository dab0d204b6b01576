import CFFmpeg

/// Owns an `AVCodecContext` (a decoder or an encoder); freed in deinit.
final class CodecContext: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<AVCodecContext>
    let codec: UnsafePointer<AVCodec>

    init(codec: UnsafePointer<AVCodec>) throws(VideoError) {
        guard let context = avcodec_alloc_context3(codec) else { throw VideoError(.usage, "cannot allocate a codec context") }
        pointer = context
        self.codec = codec
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&context)
    }

    var name: String { String(cString: codec.pointee.name) }

    /// An opened decoder for an audio stream of `file` (its parameters and packet time base).
    static func audioDecoder(for stream: UnsafeMutablePointer<AVStream>, file: String) throws(VideoError) -> CodecContext {
        let parameters = stream.pointee.codecpar!
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw VideoError(.usage, "\(file): no decoder for its audio codec")
        }
        let decoder = try CodecContext(codec: codec)
        try check(avcodec_parameters_to_context(decoder.pointer, parameters), .malformed, "\(file): unusable audio stream")
        decoder.pointer.pointee.pkt_timebase = stream.pointee.time_base
        try check(avcodec_open2(decoder.pointer, codec, nil), .malformed, "\(file): cannot decode its audio")
        return decoder
    }

    /// Sends one frame (nil: flush) and hands every packet the encoder has ready to `body`.
    func encode(_ frame: MediaFrame?, _ body: (MediaPacket) throws(VideoError) -> Void) throws(VideoError) {
        try check(avcodec_send_frame(pointer, frame?.pointer), .usage, "the \(name) encoder refused a frame")
        while true {
            let packet = MediaPacket()
            let status = avcodec_receive_packet(pointer, packet.pointer)
            if status == averrorEAGAIN || status == averrorEOF { return }
            try check(status, .usage, "the \(name) encoder failed")
            try body(packet)
        }
    }

    /// Sends one packet (nil: flush) and hands every decoded frame to `body`. Errors name `file`.
    ///
    /// Without `refused`, a packet the decoder cannot decode throws. With it, decoding goes on past
    /// such a packet, as ffmpeg does without `-xerror`, and `refused` is called, in order with the
    /// frames, where the decoder says so (with frame threads, while a later packet is sent).
    func decode(_ packet: MediaPacket?, file: String, refused: (() -> Void)? = nil,
                _ body: (MediaFrame) throws(VideoError) -> Void) throws(VideoError) {
        let sent = avcodec_send_packet(pointer, packet?.pointer)
        // "Try again" would mean the packet was not taken: never skipped as damage.
        if sent != averrorEOF { try skip(sent, unless: sent == averrorEAGAIN, file: file, refused) }
        // Each error consumes what failed to decode; a decoder failing on and on without consuming
        // anything would loop here forever.
        var failures = 0
        while true {
            let frame = MediaFrame()
            let status = avcodec_receive_frame(pointer, frame.pointer)
            if status == averrorEAGAIN || status == averrorEOF { return }
            if status < 0 {
                failures += 1
                try skip(status, unless: failures > 64, file: file, refused)
                continue
            }
            failures = 0
            try body(frame)
        }
    }

    /// Calls `refused` for a decoding error it may skip; throws any other error (and running out of
    /// memory, which is no damage of the input).
    private func skip(_ status: Int32, unless fatal: Bool, file: String, _ refused: (() -> Void)?) throws(VideoError) {
        guard status < 0 else { return }
        if let refused, !fatal, status != cffmpeg_averror_enomem() { return refused() }
        try check(status, .malformed, "\(file): the \(name) stream is corrupt")
    }
}
