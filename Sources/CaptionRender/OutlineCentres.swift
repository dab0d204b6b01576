import CaptionLayout
import Foundation

/// The centre of each glyph's control box at libass's reference size (26.6 units, y up), cached:
/// the painter needs it for every glyph of every frame before it can look the masks up.
final class OutlineCentres: @unchecked Sendable {
    static let shared = OutlineCentres()
    private let lock = NSLock()
    private var centres: [Key: (x: Double, y: Double)] = [:]

    private struct Key: Hashable {
        var path: String
        var index: Int
        var glyph: UInt32
    }

    func centre(_ glyph: UInt32, face: FontFace) -> (x: Double, y: Double) {
        let key = Key(path: face.path, index: face.index, glyph: glyph)
        if let c = lock.withLock({ centres[key] }) { return c }
        let c = GlyphRasterizer.loadOutline(glyph, face: face)?.centre ?? (0, 0)
        lock.withLock {
            if centres.count > 200_000 { centres.removeAll() }
            centres[key] = c
        }
        return c
    }
}
