import CaptionModel
import CaptionRender

/// Draws the frame at a time: the native renderer, libass, or (in tests) a deliberately broken
/// renderer. `Verifier` and the golden checks compare whatever a source draws, so they can be shown to fail.
public protocol FrameSource {
    /// A fresh frame of the source's size with the captions visible at `time` drawn on a transparent background.
    func frame(at time: Milliseconds) throws -> RGBAImage
}

/// Any closure as a frame source (tests wrap a real source and damage its output).
public struct FrameClosure: FrameSource {
    let body: (Milliseconds) throws -> RGBAImage
    public init(_ body: @escaping (Milliseconds) throws -> RGBAImage) { self.body = body }
    public func frame(at time: Milliseconds) throws -> RGBAImage { try body(time) }
}
