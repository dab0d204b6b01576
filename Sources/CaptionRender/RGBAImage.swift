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
    public var opaqueBounds: PixelRect? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        pixels.withUnsafeBufferPointer { buffer in
            for y in 0..<height {
                let row = buffer.baseAddress! + y * width * 4
                for x in 0..<width where row[x * 4 + 3] != 0 {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = y
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
