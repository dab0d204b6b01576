import CaptionLayout
import CaptionModel
@testable import CaptionRender
import Foundation

enum Fonts {
    static let boldPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    static let regularPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let emojiPath = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    static func bold() throws -> FontFace { try FontFace(path: boldPath) }
    static func regular() throws -> FontFace { try FontFace(path: regularPath) }
}

extension AlphaMask {
    /// The coverage-weighted centre of the mask in frame coordinates (pixel centres at +0.5).
    var centroid: (x: Double, y: Double) {
        var sx = 0.0, sy = 0.0, total = 0.0
        for row in 0..<height {
            for column in 0..<width {
                let c = Double(self[x: x + column, y: y + row])
                sx += (Double(x + column) + 0.5) * c; sy += (Double(y + row) + 0.5) * c; total += c
            }
        }
        return (sx / total, sy / total)
    }
}

/// A fresh directory under the system temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "captionrender-tests-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A glyph drawn in white over opaque black, at a pen position: the scene for comparison tests.
func glyphScene(_ character: Unicode.Scalar, face: FontFace, size: Double, penX: Double, penY: Double,
                color: RGBAColor = .white, width: Int = 120, height: Int = 120) -> RGBAImage {
    let rasterizer = GlyphRasterizer(cache: GlyphCache(byteLimit: 1 << 20))
    let masks = rasterizer.masks(glyph: face.glyphIndex(for: character), face: face, size: size, penX: penX, penY: penY)
    var image = RGBAImage(width: width, height: height, filling: .black)
    image.blend(masks.fill, color: color)
    return image
}

/// Pixels of `color` inside `rect` of `image`, each channel within `tolerance`.
func pixelCount(of color: RGBAColor, in image: RGBAImage, _ rect: LayoutRect, tolerance: Int = 0) -> Int {
    var n = 0
    func near(_ a: UInt8, _ b: UInt8) -> Bool { abs(Int(a) - Int(b)) <= tolerance }
    for y in max(0, Int(rect.minY))..<min(image.height, Int(rect.maxY.rounded(.up))) {
        for x in max(0, Int(rect.minX))..<min(image.width, Int(rect.maxX.rounded(.up))) {
            let p = image[x, y]
            if near(p.red, color.red) && near(p.green, color.green) && near(p.blue, color.blue) && near(p.alpha, color.alpha) { n += 1 }
        }
    }
    return n
}
