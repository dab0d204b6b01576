import Foundation

/// What a glyph was drawn with, quantised the way libass quantises its bitmap cache keys: size to
/// 1/64 px, subpixel pen offset to 1/8 px (libass's SUBPIXEL_ORDER 3), scale to 1/256, stroke to 1/64 px.
/// Two requests with the same key produce the same masks (the rasterizer draws the quantised values).
public struct GlyphKey: Sendable, Hashable {
    public var fontPath: String
    public var faceIndex: Int
    public var glyph: UInt32
    /// Size in 1/64 px, scale in 1/256, stroke width in 1/64 px, subpixel offset in 1/8 px (0...7).
    public var size64: Int32
    public var scaleX256: Int32
    public var scaleY256: Int32
    public var stroke64: Int32
    public var subpixelX8: UInt8
    public var subpixelY8: UInt8

    public init(fontPath: String, faceIndex: Int, glyph: UInt32, size64: Int32, scaleX256: Int32, scaleY256: Int32,
                stroke64: Int32, subpixelX8: UInt8, subpixelY8: UInt8) {
        self.fontPath = fontPath; self.faceIndex = faceIndex; self.glyph = glyph; self.size64 = size64
        self.scaleX256 = scaleX256; self.scaleY256 = scaleY256; self.stroke64 = stroke64
        self.subpixelX8 = subpixelX8; self.subpixelY8 = subpixelY8
    }

    public var size: Double { Double(size64) / 64 }
    public var scaleX: Double { Double(scaleX256) / 256 }
    public var scaleY: Double { Double(scaleY256) / 256 }
    public var strokeWidth: Double { Double(stroke64) / 64 }
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
