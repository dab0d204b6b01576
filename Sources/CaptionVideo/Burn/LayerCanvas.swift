import CaptionRender

/// A reusable full-size transparent frame that renderers draw captions on, returning only what they
/// drew: cropped to its opaque bounds. Between draws only the previously drawn rectangle is cleared,
/// and the bounds are found by a word-at-a-time scan, so a frame costs little beyond the drawing.
public final class LayerCanvas {
    public let width: Int
    public let height: Int
    private var image: RGBAImage
    private var dirty: PixelRect?

    public init(width: Int, height: Int) {
        self.width = width; self.height = height
        image = RGBAImage(width: width, height: height)
    }

    /// Clears the canvas, lets `body` draw on it, and returns the drawing as a layer (nil if empty).
    /// With `ink`, which the body's renderer tells where it drew, the opaque bounds are looked for only
    /// there, not in the whole frame (whose empty rows cost more to scan at 1080x1920 than the caption
    /// costs to draw).
    public func draw<E: Error>(inking ink: InkArea? = nil, _ body: (inout RGBAImage) throws(E) -> Void) throws(E) -> CaptionLayer? {
        if let dirty { image.fill(.init(red: 0, green: 0, blue: 0, alpha: 0), in: dirty) }
        ink?.reset()
        try body(&image)
        // With `ink`, only where the renderer drew (nothing drawn: no layer).
        if let ink { dirty = ink.rect.flatMap(image.opaqueBounds(within:)) } else { dirty = image.opaqueBounds }
        guard let dirty else { return nil }
        return CaptionLayer(image: image.cropped(to: dirty), x: dirty.x, y: dirty.y)
    }
}
