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
        // With `ink`, only where the renderer drew (nothing drawn: an empty area, so no layer).
        let area = ink.map { $0.rect?.intersection(image.bounds) ?? PixelRect(x: 0, y: 0, width: 0, height: 0) } ?? image.bounds
        dirty = Self.opaqueBounds(image, within: area)
        guard let dirty else { return nil }
        return CaptionLayer(image: image.cropped(to: dirty), x: dirty.x, y: dirty.y)
    }

    /// `RGBAImage.opaqueBounds` inside `area` (nil when nothing there has alpha), faster: rows are
    /// tested eight bytes at a time (two pixels' alpha), and columns are searched only in the rows found.
    static func opaqueBounds(_ image: RGBAImage, within area: PixelRect) -> PixelRect? {
        guard !area.isEmpty else { return nil }
        return image.withUnsafePixels { pixels -> PixelRect? in
            let base = UnsafeRawPointer(pixels.baseAddress!)
            let alphaMask: UInt64 = 0xFF00_0000_FF00_0000
            func rowHasInk(_ y: Int) -> Bool {
                let row = base + (y * image.width + area.x) * 4
                var bits: UInt64 = 0
                for i in 0..<(area.width / 2) { bits |= row.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self) }
                if area.width % 2 == 1 { bits |= UInt64(row.load(fromByteOffset: (area.width - 1) * 4 + 3, as: UInt8.self)) << 24 }
                return bits & alphaMask != 0
            }
            guard let top = (area.y..<area.maxY).first(where: rowHasInk) else { return nil }
            let bottom = (top..<area.maxY).last(where: rowHasInk)!
            var minX = area.maxX, maxX = area.x - 1
            for y in top...bottom {
                let row = pixels.baseAddress! + y * image.width * 4
                var x = area.x
                while x < minX, row[x * 4 + 3] == 0 { x += 1 }
                if x < minX { minX = x }
                var r = area.maxX - 1
                while r > maxX, row[r * 4 + 3] == 0 { r -= 1 }
                if r > maxX { maxX = r }
            }
            return PixelRect(x: minX, y: top, width: maxX - minX + 1, height: bottom - top + 1)
        }
    }
}
