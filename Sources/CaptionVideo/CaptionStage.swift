import CaptionRender
import Foundation

/// The middle of the pipeline: each frame gets the captions showing at its time. Runs on one thread;
/// counts what it costs (getting the layer, making the frame writable, blending) for --stats.
final class CaptionStage: @unchecked Sendable {
    // Unchecked: used by the captions thread only, read by `run` after that thread has finished.
    private let captions: CaptionLayerSource
    private let compositor: FrameCompositor
    private(set) var milliseconds = 0.0
    private(set) var captionedFrames = 0

    init(captions: CaptionLayerSource, rotation: Int) {
        self.captions = captions
        compositor = FrameCompositor(rotation: rotation)
    }

    func draw(_ item: TimedFrame) throws(VideoError) {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { milliseconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 }
        guard let layer = try captions.layer(at: item.time) else { return }
        captionedFrames += 1
        try item.frame.makeWritable()
        try compositor.blend(layer, onto: item.frame)
    }
}
