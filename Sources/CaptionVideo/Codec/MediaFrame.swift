import CFFmpeg

/// Owns one `AVFrame` (and, through it, references to its buffers); freed in deinit. Frames move
/// between pipeline threads through queues, one owner at a time, hence `@unchecked Sendable`.
final class MediaFrame: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<AVFrame>

    init() {
        guard let frame = av_frame_alloc() else { fatalError("av_frame_alloc: out of memory") }
        pointer = frame
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    /// A new video frame with its own buffers.
    static func video(width: Int, height: Int, format: AVPixelFormat) throws(VideoError) -> MediaFrame {
        let frame = MediaFrame()
        frame.pointer.pointee.width = Int32(width)
        frame.pointer.pointee.height = Int32(height)
        frame.pointer.pointee.format = format.rawValue
        try check(av_frame_get_buffer(frame.pointer, 0), .usage, "cannot allocate a \(width)x\(height) frame")
        return frame
    }

    /// Another reference to the same buffers (no pixel copy).
    func reference() throws(VideoError) -> MediaFrame {
        let copy = MediaFrame()
        try check(av_frame_ref(copy.pointer, pointer), .usage, "cannot reference a frame")
        return copy
    }

    var width: Int { Int(pointer.pointee.width) }
    var height: Int { Int(pointer.pointee.height) }
    var format: AVPixelFormat { AVPixelFormat(rawValue: pointer.pointee.format) }
    var pts: Int64 {
        get { pointer.pointee.pts }
        set { pointer.pointee.pts = newValue }
    }

    func plane(_ index: Int) -> UnsafeMutablePointer<UInt8>? { cffmpeg_frame_plane(pointer, Int32(index)) }
    func linesize(_ index: Int) -> Int { Int(cffmpeg_frame_linesize(pointer, Int32(index))) }
}
