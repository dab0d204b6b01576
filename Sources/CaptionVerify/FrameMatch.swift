import CaptionRender

/// How well a native frame and libass's frame of the compiled ASS agree: libass's compare grade over
/// the whole frame, and PSNR over the caption area (the union of both images' non-transparent pixels,
/// so an empty frame on one side cannot hide).
public struct FrameMatch: Sendable {
    public let comparison: ImageComparison
    /// dB; +∞ when identical.
    public let psnr: Double
    /// The union of both images' opaque bounds; nil when both are empty.
    public let captionArea: PixelRect?
    public let nativeDrewSomething: Bool
    public let libassDrewSomething: Bool

    public init(native: RGBAImage, libass: RGBAImage) throws(ImageComparisonError) {
        let a = native.opaqueBounds, b = libass.opaqueBounds
        nativeDrewSomething = a != nil
        libassDrewSomething = b != nil
        comparison = try ImageComparison(actual: native, expected: libass)
        // Over the pixels where either image is not transparent: the comparison finds it in its own pass.
        psnr = comparison.psnr
        switch (a, b) {
        case let (a?, b?):
            let x = min(a.x, b.x), y = min(a.y, b.y)
            captionArea = PixelRect(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
        default: captionArea = a ?? b
        }
    }
}
