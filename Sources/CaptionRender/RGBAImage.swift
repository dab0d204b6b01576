import CaptionModel
import Foundation

/// An 8-bit sRGB image with straight (not premultiplied) alpha, row-major, 4 bytes per pixel in
/// R, G, B, A order, stride = 4 × width: the layout libpng's simplified API reads and writes.
///
/// Straight alpha because that is what a PNG holds and what `RGBAColor` is; compositing (see
/// Compositing.swift) keeps colours exact over transparent pixels.
public struct RGBAImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public private(set) var pixels: [UInt8]

    /// A transparent image (all bytes 0).
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative image size")
        self.width = width; self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    public init(width: Int, height: Int, filling color: RGBAColor) {
        self.init(width: width, height: height)
        fill(color)
    }

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "pixel count does not match the size")
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// The same size and the same bytes, compared as memory (the synthesized == went byte by byte,
    /// which showed in the PGS writer's comparison of every drawn frame with the one before).
    public static func == (a: RGBAImage, b: RGBAImage) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        return a.pixels.withUnsafeBytes { p in b.pixels.withUnsafeBytes { q in p.count == 0 || memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0 } }
    }

    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
    public var bytesPerRow: Int { width * 4 }

    public subscript(x: Int, y: Int) -> RGBAColor {
        get {
            precondition(bounds.contains(x: x, y: y), "pixel outside the image")
            let i = (y * width + x) * 4
            return RGBAColor(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
        }
        set {
            precondition(bounds.contains(x: x, y: y), "pixel outside the image")
            let i = (y * width + x) * 4
            pixels[i] = newValue.red; pixels[i + 1] = newValue.green
            pixels[i + 2] = newValue.blue; pixels[i + 3] = newValue.alpha
        }
    }

    /// Runs `body` with the mutable pixel bytes (for encoders and blenders outside this module).
    public mutating func withUnsafeMutablePixels<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try pixels.withUnsafeMutableBufferPointer { try body($0) }
    }

    public func withUnsafePixels<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try pixels.withUnsafeBufferPointer { try body($0) }
    }

    /// Sets every pixel (or those of `rect`, clipped to the image) to `color`, replacing what was there.
    public mutating func fill(_ color: RGBAColor, in rect: PixelRect? = nil) {
        let area = (rect ?? bounds).intersection(bounds)
        guard !area.isEmpty else { return }
        let (r, g, b, a) = (color.red, color.green, color.blue, color.alpha)
        let w = width
        pixels.withUnsafeMutableBufferPointer { buffer in
            for row in area.y..<area.maxY {
                var p = buffer.baseAddress! + (row * w + area.x) * 4
                for _ in 0..<area.width {
                    p[0] = r; p[1] = g; p[2] = b; p[3] = a
                    p += 4
                }
            }
        }
    }

    /// The part of the image inside `rect`, clipped to the image.
    public func cropped(to rect: PixelRect) -> RGBAImage {
        let area = rect.intersection(bounds)
        var result = RGBAImage(width: area.width, height: area.height)
        guard !area.isEmpty else { return result }
        let w = width
        pixels.withUnsafeBufferPointer { src in
            result.pixels.withUnsafeMutableBufferPointer { dst in
                for row in 0..<area.height {
                    let s = src.baseAddress! + ((area.y + row) * w + area.x) * 4
                    (dst.baseAddress! + row * area.width * 4).update(from: s, count: area.width * 4)
                }
            }
        }
        return result
    }

    /// The tight rectangle around pixels with non-zero alpha; nil when the image is fully transparent.
    public var opaqueBounds: PixelRect? { opaqueBounds(within: bounds) }

    /// The same inside `area` (nil when nothing there has alpha). Fast enough for every frame of a
    /// video: rows are tested eight bytes (two pixels' alpha) at a time, and columns are searched only
    /// in the rows found, from the edges inwards.
    public func opaqueBounds(within area: PixelRect) -> PixelRect? {
        let area = area.intersection(bounds)
        guard !area.isEmpty else { return nil }
        return pixels.withUnsafeBufferPointer { pixels -> PixelRect? in
            let base = UnsafeRawPointer(pixels.baseAddress!)
            let alphaMask: UInt64 = 0xFF00_0000_FF00_0000
            func rowHasInk(_ y: Int) -> Bool {
                let row = base + (y * width + area.x) * 4
                var bits: UInt64 = 0
                for i in 0..<(area.width / 2) { bits |= row.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self) }
                if area.width % 2 == 1 { bits |= UInt64(row.load(fromByteOffset: (area.width - 1) * 4 + 3, as: UInt8.self)) << 24 }
                return bits & alphaMask != 0
            }
            guard let top = (area.y..<area.maxY).first(where: rowHasInk) else { return nil }
            let bottom = (top..<area.maxY).last(where: rowHasInk)!
            var minX = area.maxX, maxX = area.x - 1
            for y in top...bottom {
                let row = pixels.baseAddress! + y * width * 4
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
