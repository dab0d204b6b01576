import CaptionLayout
import Foundation

/// A glyph as drawn: which glyph of which face, at which eighth-of-a-pixel position and scale.
struct GlyphSignature: Hashable {
    var face: ObjectIdentifier
    var glyph: UInt32
    /// Where the fill and the border went on the 1/8 px grid.
    var x: Int
    var y: Int
    var borderX: Int
    var borderY: Int
    var scale: Int
    /// The lines libass adds to the outline (`GlyphDecorations`), under the simple shaper.
    var decorations: GlyphDecorations = []
}

/// A box in frame pixels (exact: boxes come from the layout, which is deterministic).
struct BoxKey: Hashable {
    var x: Double, y: Double, width: Double, height: Double, radius: Double
    /// A border of this width rather than the fill (an underline bar's stroke); 0 for the fill.
    var strokeWidth = 0.0
    /// Kept at libass's bitmap extent (a bar, whose shadow is blurred from it), not trimmed.
    var untrimmed = false
}

/// The masks a frame is built from that stay the same from frame to frame, as libass reuses its
/// composited bitmaps: blurred shadows (least recently used dropped first beyond a byte limit; blurring
/// is the costliest step of a frame, and a page's shadow only changes when a glyph moves or scales),
/// box masks, and each word's summed glyph masks.
final class FrameMaskCache: @unchecked Sendable {
    // Unchecked: every access holds the lock.
    private var entries: [[GlyphSignature]: (mask: AlphaMask, used: Int)] = [:]
    /// Rounded-rectangle masks of boxes, a handful per page; cleared when it grows past a page's worth.
    private var boxes: [BoxKey: AlphaMask] = [:]
    /// Each word's glyph fills and strokes added up; cleared when it holds more than a few pages' words.
    private var words: [[GlyphSignature]: GlyphMasks] = [:]
    private var clock = 0
    private var bytes = 0
    private let byteLimit: Int
    private let lock = NSLock()

    init(byteLimit: Int = 32 << 20) { self.byteLimit = byteLimit }

    func box(_ key: BoxKey, orMake make: () -> AlphaMask) -> AlphaMask {
        if let hit = lock.withLock({ boxes[key] }) { return hit }
        let mask = make()
        lock.withLock {
            if boxes.count > 256 { boxes.removeAll(keepingCapacity: true) }
            boxes[key] = mask
        }
        return mask
    }

    func combined(_ glyphs: [GlyphSignature], orMake make: () -> GlyphMasks) -> GlyphMasks {
        if let hit = lock.withLock({ words[glyphs] }) { return hit }
        let masks = make()
        lock.withLock {
            if words.count > 1024 { words.removeAll(keepingCapacity: true) }
            words[glyphs] = masks
        }
        return masks
    }

    func mask(for glyphs: [GlyphSignature], orMake make: () -> AlphaMask) -> AlphaMask {
        if let hit = lock.withLock({ () -> AlphaMask? in
            clock += 1
            guard let entry = entries[glyphs] else { return nil }
            entries[glyphs] = (entry.mask, clock)
            return entry.mask
        }) { return hit }
        let mask = make()
        lock.withLock {
            let size = mask.width * mask.height + 64
            while bytes + size > byteLimit, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
                bytes -= oldest.value.mask.width * oldest.value.mask.height + 64
                entries[oldest.key] = nil
            }
            if entries[glyphs] == nil { bytes += size }
            entries[glyphs] = (mask, clock)
        }
        return mask
    }
}
