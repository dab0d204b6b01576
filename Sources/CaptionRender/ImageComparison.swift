import Foundation

/// libass's compare grades: SAME (score 0), GOOD (< 2), BAD (< 4), FAIL.
public enum ComparisonGrade: String, Sendable, Comparable, CaseIterable {
    case same = "SAME", good = "GOOD", bad = "BAD", fail = "FAIL"

    public init(score: Double) {
        self = score == 0 ? .same : score < 2 ? .good : score < 4 ? .bad : .fail
    }

    public static func < (a: ComparisonGrade, b: ComparisonGrade) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

public struct PixelPoint: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) { self.x = x; self.y = y }
    public var description: String { "(\(x), \(y))" }
}

public enum ImageComparisonError: Error, Sendable, CustomStringConvertible {
    case sizeMismatch(actual: PixelRect, expected: PixelRect)

    public var description: String {
        switch self {
        case .sizeMismatch(let a, let e): "image sizes differ: \(a.width)x\(a.height) against the expected \(e.width)x\(e.height)"
        }
    }
}

/// libass's `compare` metric (compare/compare.c, image.c), reproduced exactly:
/// - both images become premultiplied RGBA, 8-bit premultiplication rounded as libass's PNG reader does
///   (`(c·a + (c·a >> 8) + 128) >> 8`), widened to 16 bits (× 257);
/// - d(p) = the largest channel difference;
/// - the visibility scale g(p) comes from the expected image only: 257 + the larger of (largest side
///   neighbour difference) / 4 and (largest diagonal difference) / 8, integer divisions; pixels on the
///   image border get 257 + 65535 / 4;
/// - err(p) = d(p) / g(p), the score is the largest err, graded by `ComparisonGrade`.
/// So an anti-aliasing change on a steep edge costs little, while a change in a flat area (a moved,
/// missing or recoloured word) costs up to 255.
public struct ImageComparison: Sendable {
    public let score: Double
    public let grade: ComparisonGrade
    /// Where the score was reached (the first such pixel in row order); nil when the images are the same.
    public let worstPixel: PixelPoint?
    /// How many pixels differ at all (premultiplied).
    public let differingPixels: Int
    /// What `psnr(actual:expected:)` gives by default (over the pixels where either image is not
    /// transparent), found in the same pass.
    public let psnr: Double

    public init(actual: RGBAImage, expected: RGBAImage) throws(ImageComparisonError) {
        // The same bytes are the same premultiplied pixels (premultiplying is a function of a pixel's
        // bytes): every value below is known without the passes over both images. Passing frames,
        // libass's against the renderer's and golden checks, are mostly this case.
        if try Premultiplied.sameBytes(actual, expected) {
            score = 0; grade = .same; worstPixel = nil; differingPixels = 0; psnr = .infinity
            return
        }
        let images = try Premultiplied(actual, expected)
        var worst = 0.0, at: PixelPoint?, differing = 0
        var squares = 0, samples = 0
        images.a.withUnsafeBytes { a in
            images.e.withUnsafeBytes { e in
                for y in 0..<images.height {
                    for x in 0..<images.width {
                        // Whole-pixel equality first: most pixels of a passing frame are identical.
                        let offset = (y * images.width + x) * 4
                        if a.loadUnaligned(fromByteOffset: offset, as: UInt32.self) == e.loadUnaligned(fromByteOffset: offset, as: UInt32.self) {
                            if e[offset + 3] != 0 { samples += 4 }
                            continue
                        }
                        differing += 1
                        // Premultiplied, a pixel that differs is not transparent on both sides.
                        samples += 4
                        for k in 0..<4 {
                            let d = Int(a[offset + k]) - Int(e[offset + k])
                            squares += d * d
                        }
                        let err = Double(images.difference(x, y)) / Double(images.gradient(x, y))
                        if err > worst { worst = err; at = PixelPoint(x: x, y: y) }
                    }
                }
            }
        }
        score = worst; grade = ComparisonGrade(score: worst); worstPixel = at; differingPixels = differing
        psnr = squares == 0 ? .infinity : 10 * log10(255 * 255 / (Double(squares) / Double(samples)))
    }

    /// Peak signal-to-noise ratio in dB over premultiplied RGBA, within `rect` (clipped to the images)
    /// or, by default, over the pixels where either image is not transparent. +∞ when they agree there
    /// (or the region is empty).
    public static func psnr(actual: RGBAImage, expected: RGBAImage, in rect: PixelRect? = nil) throws(ImageComparisonError) -> Double {
        if try Premultiplied.sameBytes(actual, expected) { return .infinity }
        // Within a rectangle only its pixels count: premultiply just those (every pixel of the
        // rectangle counts, as over the whole of the crop).
        if let rect, rect != actual.bounds {
            let area = rect.intersection(actual.bounds)
            return try psnr(actual: actual.cropped(to: area), expected: expected.cropped(to: area),
                            in: PixelRect(x: 0, y: 0, width: area.width, height: area.height))
        }
        let images = try Premultiplied(actual, expected)
        let area = (rect ?? PixelRect(x: 0, y: 0, width: images.width, height: images.height))
            .intersection(PixelRect(x: 0, y: 0, width: images.width, height: images.height))
        var sum = 0, samples = 0
        for y in area.y..<area.maxY where !area.isEmpty {
            for x in area.x..<area.maxX {
                let i = (y * images.width + x) * 4
                if rect == nil && images.a[i + 3] == 0 && images.e[i + 3] == 0 { continue }
                for k in 0..<4 {
                    let diff = Int(images.a[i + k]) - Int(images.e[i + k])
                    sum += diff * diff
                }
                samples += 4
            }
        }
        guard sum > 0 else { return .infinity }
        let mse = Double(sum) / Double(samples)
        return 10 * log10(255 * 255 / mse)
    }

    /// An opaque picture of where the images differ, for reports: the expected image's luminance dimmed
    /// to a quarter where nothing differs; green (brighter as err nears 2) for GOOD-level differences,
    /// yellow for BAD, red for FAIL.
    public static func heatMap(actual: RGBAImage, expected: RGBAImage) throws(ImageComparisonError) -> RGBAImage {
        let images = try Premultiplied(actual, expected)
        var map = RGBAImage(width: images.width, height: images.height)
        map.withUnsafeMutablePixels { out in
            for y in 0..<images.height {
                for x in 0..<images.width {
                    let i = (y * images.width + x) * 4
                    let d = images.difference(x, y)
                    let pixel: (UInt8, UInt8, UInt8)
                    if d == 0 {
                        let luma = (54 * Int(images.e[i]) + 183 * Int(images.e[i + 1]) + 19 * Int(images.e[i + 2])) >> 8
                        let dim = UInt8(luma / 4)
                        pixel = (dim, dim, dim)
                    } else {
                        let err = Double(d) / Double(images.gradient(x, y))
                        switch ComparisonGrade(score: err) {
                        case .same, .good: pixel = (0, UInt8(96 + min(err / 2, 1) * 159), 0)
                        case .bad: pixel = (255, 255, 0)
                        case .fail: pixel = (255, 0, 0)
                        }
                    }
                    out[i] = pixel.0; out[i + 1] = pixel.1; out[i + 2] = pixel.2; out[i + 3] = 255
                }
            }
        }
        return map
    }
}

/// Both images premultiplied to 8 bits the way libass's PNG reader does; 16-bit values are these × 257.
private struct Premultiplied {
    let width: Int, height: Int
    let a: [UInt8], e: [UInt8]

    init(_ actual: RGBAImage, _ expected: RGBAImage) throws(ImageComparisonError) {
        guard actual.width == expected.width, actual.height == expected.height else {
            throw .sizeMismatch(actual: actual.bounds, expected: expected.bounds)
        }
        width = actual.width; height = actual.height
        a = Premultiplied.convert(actual); e = Premultiplied.convert(expected)
    }

    /// Whether the two images (of one size, else `sizeMismatch`) hold the same bytes: one `memcmp`.
    static func sameBytes(_ actual: RGBAImage, _ expected: RGBAImage) throws(ImageComparisonError) -> Bool {
        guard actual.width == expected.width, actual.height == expected.height else {
            throw .sizeMismatch(actual: actual.bounds, expected: expected.bounds)
        }
        return actual.withUnsafePixels { a in
            expected.withUnsafePixels { e in a.count == 0 || memcmp(a.baseAddress!, e.baseAddress!, a.count) == 0 }
        }
    }

    static func convert(_ image: RGBAImage) -> [UInt8] {
        image.withUnsafePixels { src in
            [UInt8](unsafeUninitializedCapacity: src.count) { out, count in
                for i in stride(from: 0, to: src.count, by: 4) {
                    let alpha = Int(src[i + 3])
                    for k in 0..<3 {
                        let ca = Int(src[i + k]) * alpha
                        out[i + k] = UInt8((ca + (ca >> 8) + 128) >> 8)
                    }
                    out[i + 3] = UInt8(alpha)
                }
                count = src.count
            }
        }
    }

    /// d(p) in 16-bit units: 257 × the largest channel difference.
    @inline(__always)
    func difference(_ x: Int, _ y: Int) -> Int {
        let i = (y * width + x) * 4
        return 257 * Premultiplied.maxChannelDifference(a, i, e, i)
    }

    /// g(p) of compare.c's calc_grad, from the expected image.
    func gradient(_ x: Int, _ y: Int) -> Int {
        guard x > 0, y > 0, x < width - 1, y < height - 1 else { return 257 + 65535 / 4 }
        let i = (y * width + x) * 4, row = width * 4
        func side(_ j: Int) -> Int { 257 * Premultiplied.maxChannelDifference(e, i, e, j) / 4 }
        func diagonal(_ j: Int) -> Int { 257 * Premultiplied.maxChannelDifference(e, i, e, j) / 8 }
        let sides = max(side(i - 4), side(i + 4), side(i - row), side(i + row))
        let diagonals = max(diagonal(i - row - 4), diagonal(i - row + 4), diagonal(i + row - 4), diagonal(i + row + 4))
        return 257 + max(sides, diagonals)
    }

    @inline(__always)
    static func maxChannelDifference(_ p: [UInt8], _ i: Int, _ q: [UInt8], _ j: Int) -> Int {
        var m = 0
        for k in 0..<4 { m = max(m, abs(Int(p[i + k]) - Int(q[j + k]))) }
        return m
    }
}
