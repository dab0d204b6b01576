import CFFmpeg
import Foundation

/// An opened media container of any kind, all of its streams kept: what `captions tracks`, reading a
/// subtitle track and `captions mux` start from. (`MediaInput` opens the same way but keeps only the
/// video and audio it burns.) Owns the `AVFormatContext`; closed in deinit.
final class ContainerFile: OpenedContainer, @unchecked Sendable {
    let path: String
    let context: UnsafeMutablePointer<AVFormatContext>

    init(path: String) throws(VideoError) {
        self.path = path
        context = try ContainerFile.open(path)
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&owned)
    }

    /// Opens `path` and reads its stream information; one sentence naming the file when it cannot.
    /// The caller owns the context (closes it with `avformat_close_input`).
    static func open(_ path: String) throws(VideoError) -> UnsafeMutablePointer<AVFormatContext> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw VideoError(.unreadable, "\(path): no such file")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw VideoError(.unreadable, "\(path): permission denied")
        }
        var context: UnsafeMutablePointer<AVFormatContext>?
        // The demuxer's own complaint ("moov atom not found") would come before ours: one sentence is enough.
        let level = av_log_get_level()
        av_log_set_level(AV_LOG_FATAL)
        defer { av_log_set_level(level) }
        let opened = avformat_open_input(&context, path, nil, nil)
        guard opened >= 0, let context else {
            throw VideoError(.malformed, "\(path) cannot be read as a video, audio or image file; it may be truncated or damaged (\(VideoError.reason(opened))).")
        }
        let found = avformat_find_stream_info(context, nil)
        if found < 0 {
            var owned: UnsafeMutablePointer<AVFormatContext>? = context
            avformat_close_input(&owned)
            throw VideoError(.malformed, "\(path) is damaged: its streams cannot be read (\(VideoError.reason(found))).")
        }
        return context
    }

    var streamCount: Int { Int(context.pointee.nb_streams) }

    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream> { context.pointee.streams[index]! }

    /// Keeps only stream `index`: the demuxer drops every other stream's packets early.
    func discardAll(but index: Int) {
        for other in 0..<streamCount where other != index { stream(other).pointee.discard = AVDISCARD_ALL }
    }

    /// Every packet of stream `index`, in file order (the others discarded); a read error other than
    /// the end of the file is the file being damaged or truncated.
    func forEachPacket(ofStream index: Int, _ body: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        discardAll(but: index)
        let packet = MediaPacket()
        while true {
            let status = av_read_frame(context, packet.pointer)
            if status == averrorEOF { return }
            try check(status, .malformed, "\(path) is damaged or truncated")
            defer { av_packet_unref(packet.pointer) }
            if packet.streamIndex == index { try body(packet.pointer) }
        }
    }
}

/// An opened input's clock, shared by `ContainerFile` (tracks, mux) and `MediaInput` (burn).
protocol OpenedContainer {
    var context: UnsafeMutablePointer<AVFormatContext> { get }
}

extension OpenedContainer {
    /// The container's start time in µs (players and ffmpeg show timestamps relative to it); 0 if unknown.
    var startMicroseconds: Int64 {
        context.pointee.start_time == cffmpeg_nopts_value() ? 0 : context.pointee.start_time
    }

    /// The container's duration in µs; nil when unknown.
    var durationMicroseconds: Int64? {
        let d = context.pointee.duration
        return d == cffmpeg_nopts_value() || d <= 0 ? nil : d
    }
}
