import CaptionLayout
import Foundation

/// The centre of each glyph's control box at libass's reference size (26.6 units, y up), and of its
/// border outline's, cached: the painter needs them for every glyph of every frame before it can
/// look the masks up, and a border's centre takes a run of the stroker.
final class OutlineCentres: @unchecked Sendable {
    static let shared = OutlineCentres()
    private let lock = NSLock()
    private var centres: [Key: (x: Double, y: Double)?] = [:]

    private struct Key: Hashable {
        var path: String
        var index: Int
        var glyph: UInt32
        /// The border's scale order and stroker width per axis (x, y, x, y); zeros for the glyph's own outline.
        var border: SIMD4<Int32> = .zero
        var decorations: GlyphDecorations = []
    }

    func centre(_ glyph: UInt32, face: FontFace, decorations: GlyphDecorations = []) -> (x: Double, y: Double) {
        let key = Key(path: face.path, index: face.index, glyph: glyph, decorations: decorations)
        return cached(key) { GlyphRasterizer.loadOutline(glyph, face: face, decorations: decorations)?.centre } ?? (0, 0)
    }

    /// The centre of the border libass strokes around the glyph (`LibassBorder.Stroked.centre`), in
    /// the glyph's reference units; nil when it strokes none.
    func borderCentre(_ glyph: UInt32, face: FontFace, border: LibassBorder, decorations: GlyphDecorations = []) -> (x: Double, y: Double)? {
        let key = Key(path: face.path, index: face.index, glyph: glyph,
                      border: SIMD4(Int32(border.order.x), Int32(border.order.y), Int32(border.width.x), Int32(border.width.y)),
                      decorations: decorations)
        return cached(key) {
            GlyphRasterizer.loadOutline(glyph, face: face, decorations: decorations).flatMap { border.stroke($0)?.centre(order: border.order) }
        }
    }

    private func cached(_ key: Key, make: () -> (x: Double, y: Double)?) -> (x: Double, y: Double)? {
        if let c = lock.withLock({ centres[key] }) { return c }
        let c = make()
        lock.withLock {
            if centres.count > 200_000 { centres.removeAll() }
            centres[key] = .some(c)
        }
        return c
    }
}
