import CaptionLibass
import CaptionModel
import CaptionRender

/// libass drawing a loaded script, as a frame source.
public struct LibassFrames: FrameSource {
    public let renderer: LibassRenderer

    public init(renderer: LibassRenderer) { self.renderer = renderer }

    public func frame(at time: Milliseconds) throws -> RGBAImage {
        var image = RGBAImage(width: renderer.width, height: renderer.height)
        renderer.render(at: time, onto: &image)
        return image
    }
}
