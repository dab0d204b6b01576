import CaptionModel
import CaptionRender

/// What is drawn over one video frame: straight-alpha RGBA cropped to the caption's opaque bounds,
/// placed at (x, y) in the upright (displayed) output frame. A class, so that a source returning the
/// same layer as for the previous frame lets the compositor reuse its conversion to Y'CbCr.
public final class CaptionLayer: Sendable {
    public let image: RGBAImage
    public let x: Int
    public let y: Int

    public init(image: RGBAImage, x: Int, y: Int) {
        self.image = image; self.x = x; self.y = y
    }

    public var frame: PixelRect { PixelRect(x: x, y: y, width: image.width, height: image.height) }
}

/// Where the captions of a burn come from: the native renderer or libass (the command line has both).
/// Called from one thread, once per frame, in presentation order.
public protocol CaptionLayerSource: AnyObject {
    /// The captions to show on the frame that starts at `t` (ms on the input's clock), or nil.
    /// Returning the previous frame's layer object again means "unchanged".
    func layer(at t: Milliseconds) throws(VideoError) -> CaptionLayer?
}
