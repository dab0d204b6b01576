import CaptionModel

/// Draws the captions of a PGS track for one drawing thread of `PGSCaptionLooks`: the native renderer
/// in a style (`PGSCaptionLooks.Worker`), or libass drawing an ASS script's own look.
public protocol PGSLookDrawer: AnyObject, Sendable {
    /// The looks of `frames` (consecutive, drawn in order): the first frame's, then one at every frame
    /// whose look may differ from the frame before's. A look with no image shows nothing; its `pages`
    /// (the captions showing) tell the track writer where fresh captions start.
    func looks(_ frames: Range<Int>, at frameRate: FrameRate) -> Result<[PGSCaptionLooks.Look], VideoError>
}
