import Foundation

/// What a glyph was drawn with: size, scale and stroke width exactly as asked (libass draws with the
/// script's values, and a size rounded to 1/64 px moved a border's width across one of libass's
/// rounding steps), the subpixel offset of its centre to 1/8 px (libass's SUBPIXEL_ORDER 3). Two
/// requests with the same key produce the same masks.
public struct GlyphKey: Sendable, Hashable {
    public var fontPath: String
    public var faceIndex: Int
    public var glyph: UInt32
    /// Size in px, scale, stroke width in px (0: none), subpixel offset in 1/8 px (0...7).
    public var size: Double
    public var scaleX: Double
    public var scaleY: Double
    public var strokeWidth: Double
    public var subpixelX8: UInt8
    public var subpixelY8: UInt8
    /// The lines added to the outline (`GlyphDecorations`).
    public var decorations: GlyphDecorations = []

    public init(fontPath: String, faceIndex: Int, glyph: UInt32, size: Double, scaleX: Double, scaleY: Double,
                strokeWidth: Double, subpixelX8: UInt8, subpixelY8: UInt8) {
        self.fontPath = fontPath; self.faceIndex = faceIndex; self.glyph = glyph; self.size = size
        self.scaleX = scaleX; self.scaleY = scaleY; self.strokeWidth = strokeWidth
        self.subpixelX8 = subpixelX8; self.subpixelY8 = subpixelY8
    }

    public var subpixelX: Double { Double(subpixelX8) / 8 }
    public var subpixelY: Double { Double(subpixelY8) / 8 }
}

/// A glyph's fill mask and, when a stroke was asked for, its stroke mask (the fill expanded by the
/// stroke width; it contains the fill). Positioned in frame pixels.
public struct GlyphMasks: Sendable, Hashable {
    public var fill: AlphaMask
    public var stroke: AlphaMask?

    public init(fill: AlphaMask, stroke: AlphaMask?) { self.fill = fill; self.stroke = stroke }

    public func translated(dx: Int, dy: Int) -> GlyphMasks {
        GlyphMasks(fill: fill.translated(dx: dx, dy: dy), stroke: stroke?.translated(dx: dx, dy: dy))
    }

    var byteCount: Int { fill.byteCount + (stroke?.byteCount ?? 0) + 64 }
}

/// A thread-safe least-recently-used cache of glyph masks, limited in bytes (the masks' buffers plus a
/// small per-entry overhead). The masks are stored relative to the integer pen position, so one entry
/// serves a glyph wherever it lands on the same 1/8-pixel phase.
///
/// The lock is held only for lookups and insertions: a miss is rasterized outside it, so two threads
/// missing the same key may both draw it (the second insertion wins; both results are equal).
public final class GlyphCache: @unchecked Sendable {
    /// The process-wide cache the rasterizer uses by default: 64 MiB.
    public static let shared = GlyphCache(byteLimit: 64 << 20)

    public let byteLimit: Int
    private let lock = NSLock()
    // LRU list threaded through `entries` by index; `head` is the most recently used.
    private var slots: [GlyphKey: Int] = [:]
    private var entries: [Entry] = []
    private var freeSlots: [Int] = []
    private var head = -1, tail = -1
    private var bytes = 0
    private var hitCount = 0, missCount = 0

    private struct Entry {
        var key: GlyphKey
        var value: GlyphMasks
        var size: Int
        var previous: Int
        var next: Int
    }

    public init(byteLimit: Int) { self.byteLimit = max(byteLimit, 0) }

    public var hits: Int { lock.withLock { hitCount } }
    public var misses: Int { lock.withLock { missCount } }
    public var count: Int { lock.withLock { slots.count } }
    public var byteCount: Int { lock.withLock { bytes } }

    /// The cached masks for `key`, or `make()`'s result, stored for next time.
    public func masks(for key: GlyphKey, orMake make: () -> GlyphMasks) -> GlyphMasks {
        if let cached = lookup(key) { return cached }
        let value = make()
        insert(key, value)
        return value
    }

    public func removeAll() {
        lock.withLock {
            slots.removeAll(); entries.removeAll(); freeSlots.removeAll()
            head = -1; tail = -1; bytes = 0
        }
    }

    public func resetCounters() { lock.withLock { hitCount = 0; missCount = 0 } }

    private func lookup(_ key: GlyphKey) -> GlyphMasks? {
        lock.withLock {
            guard let index = slots[key] else { missCount += 1; return nil }
            hitCount += 1
            unlink(index); pushFront(index)
            return entries[index].value
        }
    }

    private func insert(_ key: GlyphKey, _ value: GlyphMasks) {
        let size = value.byteCount
        guard size <= byteLimit else { return }  // would evict everything and still not fit
        lock.withLock {
            if let existing = slots[key] { remove(existing) }
            while bytes + size > byteLimit, tail >= 0 { remove(tail) }
            let entry = Entry(key: key, value: value, size: size, previous: -1, next: -1)
            let index: Int
            if let free = freeSlots.popLast() { index = free; entries[index] = entry } else { index = entries.count; entries.append(entry) }
            slots[key] = index
            bytes += size
            pushFront(index)
        }
    }

    private func remove(_ index: Int) {
        unlink(index)
        slots[entries[index].key] = nil
        bytes -= entries[index].size
        entries[index].value = GlyphMasks(fill: .empty, stroke: nil)  // release the buffers now
        freeSlots.append(index)
    }

    private func unlink(_ index: Int) {
        let (previous, next) = (entries[index].previous, entries[index].next)
        if previous >= 0 { entries[previous].next = next } else { head = next }
        if next >= 0 { entries[next].previous = previous } else { tail = previous }
        entries[index].previous = -1; entries[index].next = -1
    }

    private func pushFront(_ index: Int) {
        entries[index].next = head
        entries[index].previous = -1
        if head >= 0 { entries[head].previous = index }
        head = index
        if tail < 0 { tail = index }
    }
}
