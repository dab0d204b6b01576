import CFFmpeg

/// Decodes and resamples a file's best audio stream into a growing mono buffer (or a `sink`), placing
/// each frame at its timestamp (gaps filled with silence, overlaps overwritten) so the buffer stays on
/// the file's clock.
final class AudioSampleDecoder {
    let file: String
    private let container: ContainerFile
    private let index: Int
    let sampleRate: Int
    let timeBase: AVRational
    let startMicroseconds: Int64
    private let decoder: CodecContext
    private var resampler: OpaquePointer?
    private(set) var samples: [Float] = []
    /// Where the samples go instead of `samples` when set: each run of resampled samples with the
    /// position of its first (what a long file's waveform is made from without holding its sound).
    var sink: ((_ position: Int, _ samples: UnsafeBufferPointer<Float>) -> Void)?
    /// Where the next resampled sample goes in `samples` (set from the first timestamped frame).
    private var cursor: Int?

    /// The best audio stream of `path` (any file libavformat reads: a video, a WAV, an M4A), to be
    /// decoded by `decodeAll()` at `sampleRate`, the stream's own when nil. Video and every other stream
    /// are skipped by the demuxer. A file with no audio stream is malformed input (exit 65): "PATH has
    /// no audio stream to `purpose`".
    init(bestStreamOf path: String, sampleRate: Int?, purpose: String) throws(VideoError) {
        container = try ContainerFile(path: path)
        let found = av_find_best_stream(container.context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        guard found >= 0 else { throw VideoError(.malformed, "\(path) \(VideoError.noAudioStream) to \(purpose)") }
        index = Int(found)
        let stream = container.stream(index)
        let rate = sampleRate ?? Int(stream.pointee.codecpar.pointee.sample_rate)
        guard rate > 0 else { throw VideoError(.malformed, "\(path): its audio stream gives no sample rate") }
        file = path
        self.sampleRate = rate
        startMicroseconds = container.startMicroseconds
        timeBase = stream.pointee.time_base
        decoder = try CodecContext.audioDecoder(for: stream, file: path)
    }

    deinit { swr_free(&resampler) }

    func decode(_ packet: MediaPacket) throws(VideoError) {
        try decoder.decode(packet, file: file, refused: {}) { (frame) throws(VideoError) in try self.append(frame) }
    }

    /// Every packet of the stream decoded, then the decoder and resampler flushed. A damaged packet is
    /// skipped, as ffmpeg does.
    func decodeAll() throws(VideoError) {
        try decodePackets(until: nil)
    }

    /// The samples `first..<end` only (positions on the file's clock at `sampleRate`), into `sink`
    /// runs as `decodeAll` gives them: the container sought to a second before `first`, the decoding
    /// stopped once past `end`. (The caller clips the runs to the window.)
    func decodeWindow(first: Int, end: Int) throws(VideoError) {
        // Within the first second, no seek: the file is read from its start, as `decodeAll` reads it (a
        // seek to the start can lose the demuxer's note of AAC's priming samples, shifting them all).
        if first > sampleRate {
            let target = Int64(first - sampleRate) * 1_000_000 / Int64(sampleRate) + startMicroseconds
            // Backward: the last seek point at or before the target, so the window's start is decoded.
            _ = av_seek_frame(container.context, -1, target, cffmpeg_seek_flag_backward())
        }
        cursor = nil
        try decodePackets(until: end)
    }

    /// The stream's packets from where the container stands, decoded; then the decoder and resampler
    /// flushed, unless the samples reached `end` first.
    private func decodePackets(until end: Int?) throws(VideoError) {
        let held = MediaPacket()
        do {
            try container.forEachPacket(ofStream: index) { packet in
                av_packet_move_ref(held.pointer, packet)
                defer { av_packet_unref(held.pointer) }
                try decode(held)
                if let end, let cursor, cursor >= end { throw WindowDecoded() }
            }
        } catch is WindowDecoded {
            return
        } catch let error as VideoError {
            throw error
        } catch {
            throw VideoError(.malformed, "\(file): \(error)")
        }
        try finish()
    }

    private struct WindowDecoded: Error {}

    func finish() throws(VideoError) {
        try decoder.decode(nil, file: file, refused: {}) { (frame) throws(VideoError) in try self.append(frame) }
        if resampler != nil { try append(nil) }
    }

    private func append(_ frame: MediaFrame?) throws(VideoError) {
        if let frame {
            // A WAV's layout is often "unknown" (unspecified order): read it as the usual layout of its
            // channel count, as ffmpeg does, or the resampler would call every frame a change of input.
            let layout = frame.pointer.pointee.ch_layout
            if layout.order == AV_CHANNEL_ORDER_UNSPEC {
                av_channel_layout_uninit(&frame.pointer.pointee.ch_layout)
                av_channel_layout_default(&frame.pointer.pointee.ch_layout, layout.nb_channels)
            }
            if resampler == nil { try makeResampler(for: frame) }
            let ts = frame.pointer.pointee.best_effort_timestamp
            if ts != cffmpeg_nopts_value() {
                let us = av_rescale_q(ts, timeBase, cffmpeg_time_base_q()) - startMicroseconds
                let position = Int((Double(us) * Double(sampleRate) / 1_000_000).rounded())
                // Follow the timestamps only when they disagree by more than a few ms with the running
                // count (the resampler's own delay would otherwise make every frame jump back and forth).
                if cursor == nil || abs(position - cursor!) > sampleRate / 100 { cursor = max(0, position) }
            }
        }
        let converted = MediaFrame()
        let out = converted.pointer
        out.pointee.sample_rate = Int32(sampleRate)
        out.pointee.format = AV_SAMPLE_FMT_FLT.rawValue
        av_channel_layout_default(&out.pointee.ch_layout, 1)
        try check(swr_convert_frame(resampler, out, frame?.pointer), .malformed, "\(file): cannot resample its audio")
        let count = Int(out.pointee.nb_samples)
        guard count > 0, let data = out.pointee.data.0 else { return }
        let start = cursor ?? 0
        cursor = start + count
        if let sink {
            data.withMemoryRebound(to: Float.self, capacity: count) { sink(start, UnsafeBufferPointer(start: $0, count: count)) }
            return
        }
        if samples.count < start + count { samples.append(contentsOf: repeatElement(0, count: start + count - samples.count)) }
        data.withMemoryRebound(to: Float.self, capacity: count) { source in
            samples.withUnsafeMutableBufferPointer { target in
                (target.baseAddress! + start).update(from: source, count: count)
            }
        }
    }

    private func makeResampler(for frame: MediaFrame) throws(VideoError) {
        let f = frame.pointer
        var mono = AVChannelLayout()
        av_channel_layout_default(&mono, 1)
        try check(swr_alloc_set_opts2(&resampler, &mono, AV_SAMPLE_FMT_FLT, Int32(sampleRate),
                                      &f.pointee.ch_layout, AVSampleFormat(rawValue: f.pointee.format), f.pointee.sample_rate, 0, nil),
                  .usage, "\(file): cannot resample its audio")
        try check(swr_init(resampler), .usage, "\(file): cannot resample its audio")
    }
}

extension VideoError {
    /// The words of the error a file without sound gives whoever asks for its samples.
    static let noAudioStream = "has no audio stream"

    /// Whether this is that error: the studio shows "no sound" rather than a failure.
    public var isNoAudioStream: Bool { kind == .malformed && message.contains(Self.noAudioStream) }
}
