/// Where a painter has drawn: the union of the rectangles of every mask and image it blended. A frame
/// writer that keeps only the drawn part (a PGS track's looks) then looks for the exact ink inside this
/// rectangle instead of scanning the whole frame for it, which at 1080x1920 cost more than the drawing.
public final class InkArea {
    public private(set) var rect: PixelRect?

    public init() {}

    func add(_ r: PixelRect) {
        guard !r.isEmpty else { return }
        rect = rect.map { $0.union(r) } ?? r
    }

    public func reset() { rect = nil }
}
