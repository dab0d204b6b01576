import CFFmpeg
import Foundation

/// The demuxer: an opened input file, its chosen video and audio streams, and packets read in order.
/// Owns the `AVFormatContext`; closed in deinit.
final class MediaInput: OpenedContainer, @unchecked Sendable {
    let path: String
    let context: UnsafeMutablePointer<AVFormatContext>
    /// The best video stream, when there is one that is not a cover picture.
    let video: UnsafeMutablePointer<AVStream>?
    let audio: UnsafeMutablePointer<AVStream>?

    init(path: String) throws(VideoError) {
        self.path = path
        let context = try ContainerFile.open(path)
        self.context = context
        let videoIndex = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        let audioIndex = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        var video = videoIndex >= 0 ? context.pointee.streams[Int(videoIndex)] : nil
        // An MP3's or M4A's cover art is a one-picture "video" stream: the input is audio.
        if let stream = video, stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0 { video = nil }
        let audio = audioIndex >= 0 ? context.pointee.streams[Int(audioIndex)] : nil
        // Checked before the last stored property is set: once it is, a throw runs deinit, which closes
        // the context (closing it here as well crashed on a subtitle file given as a video).
        guard video != nil || audio != nil else {
            var owned: UnsafeMutablePointer<AVFormatContext>? = context
            avformat_close_input(&owned)
            throw VideoError(.malformed, "\(path) has neither a video nor an audio stream.")
        }
        self.video = video
        self.audio = audio
        // Only the chosen streams are read; the demuxer drops the others' packets early.
        for i in 0..<Int(context.pointee.nb_streams) {
            let stream = context.pointee.streams[i]!
            if stream != video && stream != audio { stream.pointee.discard = AVDISCARD_ALL }
        }
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&owned)
    }

    /// A picture file (PNG, JPEG, ...): one frame, shown for a duration rather than played.
    var isStillImage: Bool {
        let name = String(cString: context.pointee.iformat.pointee.name)
        return video != nil && (name == "image2" || name.hasSuffix("_pipe"))
    }

    /// The display rotation of the video in degrees clockwise, a multiple of 90 (0 without metadata).
    var rotation: Int {
        guard let video, let matrix = cffmpeg_stream_display_matrix(video) else { return 0 }
        let counterclockwise = av_display_rotation_get(matrix)
        guard counterclockwise.isFinite else { return 0 }
        let clockwise = Int((-counterclockwise / 90).rounded()) * 90
        return ((clockwise % 360) + 360) % 360
    }

    /// The video stream's display matrix as stored, to copy onto the output.
    var displayMatrix: [Int32]? {
        guard let video, let matrix = cffmpeg_stream_display_matrix(video) else { return nil }
        return Array(UnsafeBufferPointer(start: matrix, count: 9))
    }

    /// Reads the next packet of a chosen stream into `packet`; false at the end of the file.
    func read(into packet: MediaPacket) throws(VideoError) -> Bool {
        while true {
            let status = av_read_frame(context, packet.pointer)
            if status == averrorEOF { return false }
            try check(status, .malformed, "\(path) is damaged or truncated")
            let stream = context.pointee.streams[packet.streamIndex]
            if stream == video || stream == audio { return true }
            av_packet_unref(packet.pointer)
        }
    }

    /// Seeks to the last key frame at or before timestamp `ts` of `stream`, for a plan's part.
    func seek(stream: UnsafeMutablePointer<AVStream>, toKeyFrameAtOrBefore ts: Int64) throws(VideoError) {
        try check(av_seek_frame(context, stream.pointee.index, ts, cffmpeg_seek_flag_backward()),
                  .malformed, "\(path): cannot seek to the part's first frame")
    }

    /// Seeks to the last key frame at or before `microseconds` (relative to the start), for --start.
    func seek(toMicroseconds microseconds: Int64) throws(VideoError) {
        try check(av_seek_frame(context, -1, startMicroseconds + microseconds, cffmpeg_seek_flag_backward()),
                  .malformed, "\(path): cannot seek to \(Double(microseconds) / 1e6) s")
    }
}
