/// An integer rectangle in frame pixels: `x`, `y` is the top-left corner, y grows downwards.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(width, 0); self.height = max(height, 0)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }
    public var area: Int { width * height }

    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }

    /// The overlap of two rectangles; empty (at the origin of `self`) when they do not overlap.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return PixelRect(x: x, y: y, width: 0, height: 0) }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rectangle holding both; an empty rectangle does not count.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let left = min(x, other.x), top = min(y, other.y)
        return PixelRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// An 8-bit coverage mask placed at an integer position in the frame: libass's `ASS_Image` bitmap without
/// its colour. Row-major, one byte per pixel, stride = width; 255 is full coverage.
public struct AlphaMask: Sendable, Hashable {
    /// Frame position of the mask's top-left pixel.
    public var x: Int
    public var y: Int
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var coverage: [UInt8]

    /// A zero mask of the given size.
    public init(x: Int = 0, y: Int = 0, width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative mask size")
        self.x = x; self.y = y; self.width = width; self.height = height
        coverage = [UInt8](repeating: 0, count: width * height)
    }

    public init(x: Int = 0, y: Int = 0, width: Int, height: Int, coverage: [UInt8]) {
        precondition(width >= 0 && height >= 0 && coverage.count == width * height, "coverage does not match the size")
        self.x = x; self.y = y; self.width = width; self.height = height; self.coverage = coverage
    }

    /// Builds a mask by filling its zeroed buffer in place (no intermediate copy).
    init(x: Int, y: Int, width: Int, height: Int, fill: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        self.init(x: x, y: y, width: width, height: height)
        coverage.withUnsafeMutableBufferPointer { fill($0) }
    }

    public static let empty = AlphaMask(width: 0, height: 0)

    public var isEmpty: Bool { width == 0 || height == 0 }
    /// The rectangle the mask's buffer covers in the frame.
    public var frame: PixelRect { PixelRect(x: x, y: y, width: width, height: height) }

    /// Coverage at a frame position; 0 outside the mask.
    public subscript(x px: Int, y py: Int) -> UInt8 {
        get {
            let cx = px - x, cy = py - y
            guard cx >= 0, cx < width, cy >= 0, cy < height else { return 0 }
            return coverage[cy * width + cx]
        }
        set {
            let cx = px - x, cy = py - y
            precondition(cx >= 0 && cx < width && cy >= 0 && cy < height, "pixel outside the mask")
            coverage[cy * width + cx] = newValue
        }
    }

    /// Runs `body` with the mutable coverage buffer (stride = width).
    public mutating func withUnsafeMutableCoverage<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try coverage.withUnsafeMutableBufferPointer { try body($0) }
    }

    /// The sum of all coverage values (255 per fully covered pixel): the mask's "ink".
    public var totalCoverage: Int { coverage.reduce(0) { $0 + Int($1) } }

    /// The tight frame rectangle around the non-zero pixels; nil when nothing is covered.
    public var inkBounds: PixelRect? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        coverage.withUnsafeBufferPointer { buffer in
            for row in 0..<height {
                let line = buffer.baseAddress! + row * width
                var first = -1, last = -1
                for column in 0..<width where line[column] != 0 {
                    if first < 0 { first = column }
                    last = column
                }
                guard first >= 0 else { continue }
                minX = min(minX, first); maxX = max(maxX, last)
                minY = min(minY, row); maxY = row
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: x + minX, y: y + minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The mask cut (or zero-extended) to a frame rectangle.
    public func cropped(to rect: PixelRect) -> AlphaMask {
        var result = AlphaMask(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        result.formMax(self)
        return result
    }

    /// The mask shrunk to its ink bounds (an empty mask when nothing is covered). Keeps caches small.
    public func trimmed() -> AlphaMask {
        guard let ink = inkBounds else { return AlphaMask(x: x, y: y, width: 0, height: 0) }
        return ink == frame ? self : cropped(to: ink)
    }

    public func translated(dx: Int, dy: Int) -> AlphaMask {
        var copy = self
        copy.x += dx; copy.y += dy
        return copy
    }

    /// Raises this mask's coverage to `other`'s where they overlap (the part of `other` outside this
    /// mask's frame is dropped: grow first with `union` when it must be kept).
    public mutating func formMax(_ other: AlphaMask) {
        combine(other) { max($0, $1) }
    }

    /// Adds `other`'s coverage to this mask's where they overlap, saturating at 255 (the part of `other`
    /// outside this mask's frame is dropped).
    public mutating func formSaturatingSum(_ other: AlphaMask) {
        combine(other) { UInt8(min(Int($0) + Int($1), 255)) }
    }

    /// The per-pixel maximum of two masks over the union of their frames.
    public func union(_ other: AlphaMask) -> AlphaMask { AlphaMask.union([self, other]) }

    /// The per-pixel maximum of masks over the union of their frames (empty masks are ignored).
    public static func union(_ masks: some Sequence<AlphaMask>) -> AlphaMask {
        combined(masks) { $0.formMax($1) }
    }

    /// The per-pixel saturating sum of masks over the union of their frames (empty masks are ignored):
    /// how libass combines the glyph bitmaps of one run (`add_bitmaps`) before blending them once, so
    /// the anti-aliased edges of two glyphs' borders that meet in one pixel add up to full coverage.
    public static func saturatingSum(_ masks: some Sequence<AlphaMask>) -> AlphaMask {
        combined(masks) { $0.formSaturatingSum($1) }
    }

    /// Every non-empty mask folded into one covering all their frames; a single mask is returned as it is.
    private static func combined(_ masks: some Sequence<AlphaMask>, _ fold: (inout AlphaMask, AlphaMask) -> Void) -> AlphaMask {
        let nonEmpty = masks.filter { !$0.isEmpty }
        guard let first = nonEmpty.first else { return .empty }
        if nonEmpty.count == 1 { return first }
        let bounds = nonEmpty.dropFirst().reduce(first.frame) { $0.union($1.frame) }
        var result = AlphaMask(x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height)
        for mask in nonEmpty { fold(&result, mask) }
        return result
    }

    /// Applies `op(this, other)` to every pixel where the two masks overlap.
    @inline(__always)
    private mutating func combine(_ other: AlphaMask, _ op: (UInt8, UInt8) -> UInt8) {
        let overlap = frame.intersection(other.frame)
        guard !overlap.isEmpty else { return }
        let (w, ow, ox, oy) = (width, other.width, x, y)
        other.coverage.withUnsafeBufferPointer { src in
            coverage.withUnsafeMutableBufferPointer { dst in
                for row in overlap.y..<overlap.maxY {
                    let d = dst.baseAddress! + (row - oy) * w + (overlap.x - ox)
                    let s = src.baseAddress! + (row - other.y) * ow + (overlap.x - other.x)
                    for i in 0..<overlap.width { d[i] = op(d[i], s[i]) }
                }
            }
        }
    }

    /// libass's `ass_fix_outline`: where the fill covers the border, the border is reduced
    /// (`border > fill ? border - fill / 2 : 0`), so a translucent fill does not show the border through it
    /// and the two layers do not double their edge. Apply it to match libass when it would.
    public func removingFill(_ fill: AlphaMask) -> AlphaMask {
        var result = self
        let overlap = frame.intersection(fill.frame)
        guard !overlap.isEmpty else { return result }
        let (w, fw) = (width, fill.width)
        fill.coverage.withUnsafeBufferPointer { g in
            result.coverage.withUnsafeMutableBufferPointer { o in
                for row in overlap.y..<overlap.maxY {
                    let op = o.baseAddress! + (row - y) * w + (overlap.x - x)
                    let gp = g.baseAddress! + (row - fill.y) * fw + (overlap.x - fill.x)
                    for i in 0..<overlap.width {
                        op[i] = op[i] > gp[i] ? op[i] - gp[i] / 2 : 0
                    }
                }
            }
        }
        return result
    }

    /// Bytes held, for cache accounting.
    var byteCount: Int { coverage.count + 48 }
}
