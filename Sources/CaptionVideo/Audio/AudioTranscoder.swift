import CFFmpeg

/// Audio the output container cannot hold as it is: decoded, resampled to planar float and encoded as
/// AAC, in the encoder's fixed frame size (a sample FIFO between the two), same rate and channels.
final class AudioTranscoder: AudioPath {
    let file: String
    let output: MediaOutput
    let streamIndex: Int
    let window: TimeWindow
    let inputTimeBase: AVRational
    private let decoder: CodecContext
    private let encoder: CodecContext
    private var resampler: OpaquePointer?
    private let fifo: OpaquePointer
    /// The next output sample's timestamp (1/sample rate); set from the first kept frame.
    private var nextPTS: Int64?

    init(input: UnsafeMutablePointer<AVStream>, file: String, output: MediaOutput, window: TimeWindow) throws(VideoError) {
        self.file = file
        self.output = output
        self.window = window
        inputTimeBase = input.pointee.time_base
        decoder = try CodecContext.audioDecoder(for: input, file: file)

        guard let aac = avcodec_find_encoder(AV_CODEC_ID_AAC) else { throw VideoError(.usage, "this libavcodec has no AAC encoder") }
        encoder = try CodecContext(codec: aac)
        let e = encoder.pointer
        let rate = decoder.pointer.pointee.sample_rate
        let rates: Set<Int32> = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000]
        e.pointee.sample_rate = rates.contains(rate) ? rate : 48000
        e.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        av_channel_layout_default(&e.pointee.ch_layout, min(max(decoder.pointer.pointee.ch_layout.nb_channels, 1), 8))
        e.pointee.bit_rate = 192_000
        e.pointee.time_base = AVRational(num: 1, den: e.pointee.sample_rate)
        if output.needsGlobalHeader { e.pointee.flags |= cffmpeg_codec_flag_global_header() }
        try check(avcodec_open2(e, aac, nil), .usage, "cannot open the AAC encoder")
        guard let fifo = av_audio_fifo_alloc(AV_SAMPLE_FMT_FLTP, e.pointee.ch_layout.nb_channels, 1) else {
            throw VideoError(.usage, "cannot allocate an audio buffer")
        }
        self.fifo = fifo
        streamIndex = try output.addStream(encoder: encoder)
    }

    deinit {
        av_audio_fifo_free(fifo)
        swr_free(&resampler)
    }

    func handle(_ packet: MediaPacket) throws(VideoError) {
        try decoder.decode(packet, file: file) { (frame) throws(VideoError) in try self.resample(frame) }
    }

    func finish() throws(VideoError) {
        try decoder.decode(nil, file: file) { (frame) throws(VideoError) in try self.resample(frame) }
        if resampler != nil { try resample(nil) }
        try drain(all: true)
        try encoder.encode(nil) { (packet) throws(VideoError) in try self.output.write(packet, stream: self.streamIndex) }
    }

    /// Resamples a decoded frame (nil: what the resampler still holds) into the FIFO, then encodes.
    private func resample(_ frame: MediaFrame?) throws(VideoError) {
        if let frame {
            let ts = frame.pointer.pointee.best_effort_timestamp
            if ts != cffmpeg_nopts_value() {
                let us = window.microseconds(ts, inputTimeBase)
                guard window.contains(us) else { return }
                if nextPTS == nil {
                    nextPTS = av_rescale_q(us - window.start, cffmpeg_time_base_q(), encoder.pointer.pointee.time_base)
                }
            }
            if resampler == nil { try makeResampler(for: frame) }
        }
        let converted = MediaFrame()
        let e = encoder.pointer.pointee
        converted.pointer.pointee.sample_rate = e.sample_rate
        converted.pointer.pointee.format = e.sample_fmt.rawValue
        try check(av_channel_layout_copy(&converted.pointer.pointee.ch_layout, &encoder.pointer.pointee.ch_layout), .usage, "audio layout")
        try check(swr_convert_frame(resampler, converted.pointer, frame?.pointer), .malformed, "\(file): cannot resample its audio")
        let count = converted.pointer.pointee.nb_samples
        if count > 0 {
            let data = UnsafeMutableRawPointer(converted.pointer.pointee.extended_data!).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
            guard av_audio_fifo_write(fifo, data, count) == count else { throw VideoError(.usage, "audio buffer overflow") }
        }
        try drain(all: false)
    }

    private func makeResampler(for frame: MediaFrame) throws(VideoError) {
        let f = frame.pointer
        try check(swr_alloc_set_opts2(&resampler, &encoder.pointer.pointee.ch_layout, encoder.pointer.pointee.sample_fmt,
                                      encoder.pointer.pointee.sample_rate, &f.pointee.ch_layout,
                                      AVSampleFormat(rawValue: f.pointee.format), f.pointee.sample_rate, 0, nil),
                  .usage, "\(file): cannot resample its audio")
        try check(swr_init(resampler), .usage, "\(file): cannot resample its audio")
    }

    /// Encodes whole encoder frames from the FIFO (and, with `all`, the short remainder).
    private func drain(all: Bool) throws(VideoError) {
        let size = encoder.pointer.pointee.frame_size > 0 ? encoder.pointer.pointee.frame_size : 1024
        while av_audio_fifo_size(fifo) >= size || (all && av_audio_fifo_size(fifo) > 0) {
            let count = min(size, av_audio_fifo_size(fifo))
            let frame = MediaFrame()
            let f = frame.pointer
            f.pointee.nb_samples = count
            f.pointee.format = encoder.pointer.pointee.sample_fmt.rawValue
            f.pointee.sample_rate = encoder.pointer.pointee.sample_rate
            try check(av_channel_layout_copy(&f.pointee.ch_layout, &encoder.pointer.pointee.ch_layout), .usage, "audio layout")
            try check(av_frame_get_buffer(f, 0), .usage, "cannot allocate an audio frame")
            let data = UnsafeMutableRawPointer(f.pointee.extended_data!).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
            guard av_audio_fifo_read(fifo, data, count) == count else { throw VideoError(.usage, "audio buffer underflow") }
            f.pointee.pts = nextPTS ?? 0
            nextPTS = f.pointee.pts + Int64(count)
            try encoder.encode(frame) { (packet) throws(VideoError) in try self.output.write(packet, stream: self.streamIndex) }
        }
    }
}
