import CFFmpeg

/// Opens the decoder of the input's video stream, with libavcodec's frame and slice threads (the API
/// default is one thread; the ffmpeg command line asks for as many as there are cores).
enum VideoDecoder {
    static func open(_ stream: UnsafeMutablePointer<AVStream>, file: String) throws(VideoError) -> CodecContext {
        let parameters = stream.pointee.codecpar!
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw VideoError(.unsupported, "\(file): no decoder for its video codec")
        }
        let decoder = try CodecContext(codec: codec)
        try check(avcodec_parameters_to_context(decoder.pointer, parameters), .malformedInput, "\(file): unusable video stream")
        decoder.pointer.pointee.pkt_timebase = stream.pointee.time_base
        decoder.pointer.pointee.thread_count = 0
        try check(avcodec_open2(decoder.pointer, codec, nil), .malformedInput, "\(file): cannot decode its video")
        return decoder
    }
}
