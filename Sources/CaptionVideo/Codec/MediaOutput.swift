import CFFmpeg
import CaptionModel
import Foundation

/// The muxer. Writes into a temporary file beside the target (`.NAME.PID.RANDOM.tmp`) and renames it over
/// the target only when the trailer is written, so an error or Ctrl-C never leaves partial output;
/// the container is chosen from the target's extension. Packets from the audio and video threads are
/// written under one lock (libavformat interleaves them by time).
final class MediaOutput: @unchecked Sendable {
    let path: String
    let temporaryPath: String
    let context: UnsafeMutablePointer<AVFormatContext>
    private let lock = NSLock()
    private var opened = false
    private var finished = false
    private var sourceTimeBases: [AVRational] = []

    init(path: String) throws(VideoError) {
        self.path = path
        if let problem = OutputLocation.problem(writing: path) { throw VideoError(.cannotWrite, "\(path): \(problem)") }
        temporaryPath = OutputLocation.temporaryPath(for: path)
        var context: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_alloc_output_context2(&context, nil, nil, path) >= 0, let context else {
            throw VideoError(.usage, "\(path): unknown container; name the output .mp4, .mov or .mkv")
        }
        self.context = context
    }

    deinit {
        if opened && !finished { discard() }
        avformat_free_context(context)
    }

    var needsGlobalHeader: Bool { context.pointee.oformat.pointee.flags & cffmpeg_fmt_globalheader() != 0 }

    /// Whether the container can hold `codec` as it is (audio copy) or needs it re-encoded.
    func accepts(_ codec: AVCodecID) -> Bool {
        avformat_query_codec(context.pointee.oformat, codec, 0) == 1
    }

    /// A stream for an encoder's packets (`parameters` from the opened encoder); returns its index.
    func addStream(encoder: CodecContext, displayMatrix: [Int32]? = nil, hdr: HDRMetadata = HDRMetadata()) throws(VideoError) -> Int {
        guard let stream = avformat_new_stream(context, nil) else { throw VideoError(.cannotWrite, "\(path): cannot add a stream") }
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder.pointer), .cannotWrite, "\(path): cannot add a stream")
        stream.pointee.time_base = encoder.pointer.pointee.time_base
        if let displayMatrix {
            let status = displayMatrix.withUnsafeBufferPointer { cffmpeg_stream_set_display_matrix(stream, $0.baseAddress) }
            try check(status, .cannotWrite, "\(path): cannot keep the rotation")
        }
        try check(hdr.attach(to: stream), .cannotWrite, "\(path): cannot keep the HDR metadata")
        sourceTimeBases.append(encoder.pointer.pointee.time_base)
        return Int(stream.pointee.index)
    }

    /// A stream whose packets are copied from an input stream; returns its index.
    func addStream(copying input: UnsafeMutablePointer<AVStream>, displayMatrix: [Int32]? = nil, hdr: HDRMetadata = HDRMetadata()) throws(VideoError) -> Int {
        guard let stream = avformat_new_stream(context, nil) else { throw VideoError(.cannotWrite, "\(path): cannot add a stream") }
        try check(avcodec_parameters_copy(stream.pointee.codecpar, input.pointee.codecpar), .cannotWrite, "\(path): cannot add a stream")
        stream.pointee.codecpar.pointee.codec_tag = 0
        stream.pointee.time_base = input.pointee.time_base
        if let displayMatrix {
            let status = displayMatrix.withUnsafeBufferPointer { cffmpeg_stream_set_display_matrix(stream, $0.baseAddress) }
            try check(status, .cannotWrite, "\(path): cannot keep the rotation")
        }
        try check(hdr.attach(to: stream), .cannotWrite, "\(path): cannot keep the HDR metadata")
        sourceTimeBases.append(input.pointee.time_base)
        return Int(stream.pointee.index)
    }

    /// A stream the caller describes (a subtitle track, an attachment), whose packets' timestamps are
    /// in `timeBase`; returns its index.
    func addStream(timeBase: AVRational, _ describe: (UnsafeMutablePointer<AVStream>) throws(VideoError) -> Void) throws(VideoError) -> Int {
        guard let stream = avformat_new_stream(context, nil) else { throw VideoError(.cannotWrite, "\(path): cannot add a stream") }
        stream.pointee.time_base = timeBase
        try describe(stream)
        sourceTimeBases.append(timeBase)
        return Int(stream.pointee.index)
    }

    /// Opens the temporary file and writes the header; `options` are the muxer's (`default_mode`).
    func begin(options: [String: String] = [:]) throws(VideoError) {
        try check(avio_open(&context.pointee.pb, temporaryPath, cffmpeg_avio_flag_write()), .cannotWrite,
                  "\(path): cannot write into its directory")
        opened = true
        var dictionary: OpaquePointer?
        for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
        defer { av_dict_free(&dictionary) }
        try check(avformat_write_header(context, &dictionary), .cannotWrite, "\(path): cannot write the header")
    }

    /// Writes a packet whose timestamps are in its stream's source time base (encoder or input stream).
    func write(_ packet: MediaPacket, stream index: Int) throws(VideoError) {
        lock.lock()
        defer { lock.unlock() }
        let stream = context.pointee.streams[index]!
        packet.pointer.pointee.stream_index = Int32(index)
        av_packet_rescale_ts(packet.pointer, sourceTimeBases[index], stream.pointee.time_base)
        try checkWrite(av_interleaved_write_frame(context, packet.pointer), "cannot write")
    }

    /// A failed write as `PATH: what: why`, the why in the user's terms for the two a burn meets in
    /// practice (a full disk, a file-size limit), else libav's reason.
    private func checkWrite(_ code: Int32, _ what: String) throws(VideoError) {
        guard code < 0 else { return }
        let why = switch code {
        case cffmpeg_averror(ENOSPC): "the disk is full"
        case cffmpeg_averror(EFBIG): "the file-size limit was reached (ulimit -f, or the file system's largest file)"
        default: VideoError.reason(code)
        }
        throw VideoError(.cannotWrite, "\(path): \(what): \(why)")
    }

    /// Writes the trailer, closes the file and renames it over the target.
    func finish() throws(VideoError) {
        try checkWrite(av_write_trailer(context), "cannot finish the file")
        avio_closep(&context.pointee.pb)
        finished = true
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw VideoError(.cannotWrite, "\(path): cannot replace the file (\(reason))")
        }
    }

    /// Closes and deletes the temporary file (after an error or an interruption).
    func discard() {
        if context.pointee.pb != nil { avio_closep(&context.pointee.pb) }
        unlink(temporaryPath)
        finished = true
    }
}
