import CFFmpeg

/// Opens the decoder of the input's video stream, with libavcodec's frame and slice threads (the API
/// default is one thread; the ffmpeg command line asks for as many as there are cores).
enum VideoDecoder {
    /// With `alpha`, VP9 carrying alpha (WebM's `alpha_mode`, what `captions overlay --codec vp9` writes)
    /// is decoded by libvpx, which reads the alpha plane libavcodec's own VP9 decoder drops. `configure`
    /// sets options that must be set before the decoder opens (shot detection's reduced resolution).
    static func open(_ stream: UnsafeMutablePointer<AVStream>, file: String, alpha: Bool = false,
                     configure: (CodecContext) -> Void = { _ in }) throws(VideoError) -> CodecContext {
        let parameters = stream.pointee.codecpar!
        let vp9Alpha = alpha && parameters.pointee.codec_id == AV_CODEC_ID_VP9
            && av_dict_get(stream.pointee.metadata, "alpha_mode", nil, 0).map { String(cString: $0.pointee.value) == "1" } == true
        guard let codec = (vp9Alpha ? avcodec_find_decoder_by_name("libvpx-vp9") : nil) ?? avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw VideoError(.usage, "\(file): no decoder for its video codec")
        }
        DecoderMessages.prepare()
        let decoder = try CodecContext(codec: codec)
        try check(avcodec_parameters_to_context(decoder.pointer, parameters), .malformed, "\(file): unusable video stream")
        decoder.pointer.pointee.pkt_timebase = stream.pointee.time_base
        decoder.pointer.pointee.thread_count = 0
        configure(decoder)
        try check(avcodec_open2(decoder.pointer, codec, nil), .malformed, "\(file): cannot decode its video")
        return decoder
    }

    /// The first frame `decoder` makes of `input`'s video stream (other streams' packets skipped), or nil.
    static func firstFrame(of input: MediaInput, decoder: CodecContext) throws(VideoError) -> MediaFrame? {
        guard let stream = input.video else { return nil }
        let packet = MediaPacket()
        var first: MediaFrame?
        while first == nil, try input.read(into: packet) {
            guard packet.streamIndex == Int(stream.pointee.index) else { av_packet_unref(packet.pointer); continue }
            try decoder.decode(packet.take(), file: input.path) { (frame) throws(VideoError) in if first == nil { first = frame } }
        }
        if first == nil { try decoder.decode(nil, file: input.path) { (frame) throws(VideoError) in if first == nil { first = frame } } }
        return first
    }
}
