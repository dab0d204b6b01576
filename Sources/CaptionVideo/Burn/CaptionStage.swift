import CaptionRender
import Foundation

/// The middle of the pipeline: each frame gets the captions showing at its time. Runs on one thread;
/// counts what it costs for --stats, in this thread's CPU time (on a machine busy with decoder and
/// encoder threads, wall time would count the time the thread waited for a core): getting the layer
/// and blending it (the caption cost), and apart from it, copying a frame the decoder still holds so it
/// can be drawn on (a copy of the whole frame, which ffmpeg's subtitle filter makes too).
final class CaptionStage: @unchecked Sendable {
    // Unchecked: used by the captions thread only, read by `run` after that thread has finished.
    private let captions: CaptionLayerSource
    private let compositor: FrameCompositor
    private let pool = FramePool()
    /// Getting layers and blending them, all frames.
    private(set) var milliseconds = 0.0
    /// Copying frames the decoder still references, all frames.
    private(set) var copyMilliseconds = 0.0
    private(set) var captionedFrames = 0

    init(captions: CaptionLayerSource, rotation: Int) {
        self.captions = captions
        compositor = FrameCompositor(rotation: rotation)
    }

    /// The frame with the captions at its time drawn on it (a copy when the decoder still holds it).
    func draw(_ item: TimedFrame) throws(VideoError) -> MediaFrame {
        let start = Self.threadCPUTime()
        guard let layer = try captions.layer(at: item.time) else {
            milliseconds += (Self.threadCPUTime() - start) * 1000
            return item.frame
        }
        captionedFrames += 1
        let copyStart = Self.threadCPUTime()
        let frame = try pool.writable(item.frame)
        let copyEnd = Self.threadCPUTime()
        try compositor.blend(layer, onto: frame)
        milliseconds += (Self.threadCPUTime() - start - (copyEnd - copyStart)) * 1000
        copyMilliseconds += (copyEnd - copyStart) * 1000
        return frame
    }

    static func threadCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
