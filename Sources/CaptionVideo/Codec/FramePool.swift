import CFFmpeg

/// Frames to draw captions on, reused. A decoded frame is usually still referenced by the decoder (as
/// a reference picture for the next ones), so drawing on it needs a copy; copying into a recycled
/// frame instead of a fresh allocation avoids page-faulting 3 MB per 1080x1920 frame and keeps the
/// heap flat. A pooled frame is free again once the encoder has dropped its reference (libx264
/// copies its input when it is sent).
final class FramePool {
    private var frames: [MediaFrame] = []

    /// A writable frame with `frame`'s pixels and properties: `frame` itself when nothing else refers
    /// to its pixels, else a copy in a pooled frame (the caller gets its own reference to it).
    func writable(_ frame: MediaFrame) throws(VideoError) -> MediaFrame {
        if av_frame_is_writable(frame.pointer) != 0 { return frame }
        let f = frame.pointer.pointee
        let free = frames.first {
            av_frame_is_writable($0.pointer) != 0 && $0.width == Int(f.width) && $0.height == Int(f.height) && $0.format.rawValue == f.format
        }
        let target: MediaFrame
        if let free {
            target = free
        } else {
            target = try MediaFrame.video(width: Int(f.width), height: Int(f.height), format: AVPixelFormat(rawValue: f.format))
            // A size change mid-stream retires the old frames.
            frames.removeAll { $0.width != Int(f.width) || $0.height != Int(f.height) || $0.format.rawValue != f.format }
            frames.append(target)
        }
        try check(av_frame_copy(target.pointer, frame.pointer), .usage, "cannot copy a frame")
        try check(av_frame_copy_props(target.pointer, frame.pointer), .usage, "cannot copy a frame")
        return try target.reference()
    }
}
