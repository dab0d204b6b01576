import CaptionLayout
import CaptionModel
import Foundation

/// Colour emoji in the native renderer: where the layout placed an emoji with the outline fallback
/// (the glyphs libass draws from the ASS, in one colour), the painter draws the colour font's bitmap
/// instead, scaled to the size the layout drew the emoji at and centred in its advance. Its alpha
/// stands in for the outline: the stroke is that alpha widened by the stroke width and the shadow is
/// cast from it, as the style says for text.
struct ColorEmojiLayer {
    /// Straight RGBA, placed at `x`, `y` in the frame.
    var image: RGBAImage
    var x: Int
    var y: Int
    /// The image's alpha, for the stroke and the shadow.
    var alpha: AlphaMask

    var frame: PixelRect { PixelRect(x: x, y: y, width: image.width, height: image.height) }

    /// The clusters of `layout` the colour font draws: the glyph indices of each emoji character.
    static func clusters(in layout: TextLayout, font: ColorEmojiFont) -> [(character: Character, glyphs: Range<Int>)] {
        let characters = Array(layout.text)
        var clusters: [(character: Character, glyphs: Range<Int>)] = []
        var g = 0
        while g < layout.glyphs.count {
            let c = layout.glyphs[g].characterIndex
            var end = g + 1
            while end < layout.glyphs.count, layout.glyphs[end].characterIndex == c, layout.glyphs[end].wordIndex == layout.glyphs[g].wordIndex { end += 1 }
            if c < characters.count, ColorEmojiFont.isEmoji(characters[c]), !font.glyphs(for: String(characters[c])).isEmpty {
                clusters.append((characters[c], g..<end))
            }
            g = end
        }
        return clusters
    }

    /// The cluster drawn at the size and place the layout gave its outline glyphs, moved down by `dy`;
    /// in a word that scales, `scale` times larger from the pen `at` its scaled first glyph has.
    static func draw(_ cluster: (character: Character, glyphs: Range<Int>), layout: TextLayout, font: ColorEmojiFont,
                     dy: Double, scale: Double = 1, at scaledPen: (x: Double, y: Double)? = nil) -> ColorEmojiLayer? {
        let first = layout.glyphs[cluster.glyphs.lowerBound]
        // The em the layout's glyph was drawn at, in frame pixels, over the strike's.
        let em = first.face.scale(forSize: first.fontSize) * first.face.unitsPerEm * scale
        let s = em / font.strikePPEM
        let glyphs = font.glyphs(for: String(cluster.character))
        let advance = layout.glyphs[cluster.glyphs].reduce(0) { $0 + $1.advance } * scale
        var pen = (scaledPen?.x ?? first.x) + (advance - glyphs.reduce(0) { $0 + $1.advance } * s) / 2
        let baseline = scaledPen?.y ?? (first.y + dy)
        var layers: [ColorEmojiLayer] = []
        for (glyph, glyphAdvance) in glyphs {
            defer { pen += glyphAdvance * s }
            guard let bitmap = font.bitmap(glyph) else { continue }
            let image = scaled(bitmap, by: s)
        let x = Int((pen + bitmap.left * s).rounded()), y = Int((baseline - bitmap.top * s).rounded())
            layers.append(ColorEmojiLayer(image: image, x: x, y: y, alpha: alphaMask(image, x: x, y: y)))
        }
        return layers.count == 1 ? layers[0] : merged(layers)
    }

    /// Area-averaged scaling of premultiplied pixels (each output pixel the mean of the source area it
    /// covers), returned as straight RGBA.
    static func scaled(_ bitmap: ColorBitmap, by s: Double) -> RGBAImage {
        let (w, h) = (max(1, Int((Double(bitmap.width) * s).rounded())), max(1, Int((Double(bitmap.height) * s).rounded())))
        let (sx, sy) = (Double(bitmap.width) / Double(w), Double(bitmap.height) / Double(h))
        /// For each output index: the source indices it covers and their weights.
        func spans(_ n: Int, _ step: Double, _ limit: Int) -> [[(Int, Double)]] {
            (0..<n).map { i in
                let (a, b) = (Double(i) * step, Double(i + 1) * step)
                return (Int(a)..<min(limit, Int(b.rounded(.up)))).compactMap { j in
                    let overlap = min(b, Double(j + 1)) - max(a, Double(j))
                    return overlap > 0 ? (j, overlap / step) : nil
                }
            }
        }
        let columns = spans(w, sx, bitmap.width), rows = spans(h, sy, bitmap.height)
        var image = RGBAImage(width: w, height: h)
        let source = bitmap.premultipliedRGBA
        for y in 0..<h {
            for x in 0..<w {
                var sum = (0.0, 0.0, 0.0, 0.0)
                for (j, wy) in rows[y] {
                    for (i, wx) in columns[x] {
                        let p = (j * bitmap.width + i) * 4, k = wx * wy
                        sum.0 += Double(source[p]) * k; sum.1 += Double(source[p + 1]) * k
                        sum.2 += Double(source[p + 2]) * k; sum.3 += Double(source[p + 3]) * k
                    }
                }
                guard sum.3 >= 0.5 else { continue }
                let a = min(255, sum.3)
                func straight(_ v: Double) -> UInt8 { UInt8(min(255, max(0, (v * 255 / a).rounded()))) }
                image[x, y] = RGBAColor(red: straight(sum.0), green: straight(sum.1), blue: straight(sum.2), alpha: UInt8(a.rounded()))
            }
        }
        return image
    }

    static func alphaMask(_ image: RGBAImage, x: Int, y: Int) -> AlphaMask {
        var coverage = [UInt8](repeating: 0, count: image.width * image.height)
        for row in 0..<image.height { for column in 0..<image.width { coverage[row * image.width + column] = image[column, row].alpha } }
        return AlphaMask(x: x, y: y, width: image.width, height: image.height, coverage: coverage)
    }

    /// Several glyphs of one cluster (a sequence the font draws in pieces) as one layer.
    static func merged(_ layers: [ColorEmojiLayer]) -> ColorEmojiLayer? {
        guard let first = layers.first else { return nil }
        let frame = layers.dropFirst().reduce(first.frame) { $0.union($1.frame) }
        var image = RGBAImage(width: frame.width, height: frame.height)
        for layer in layers { image.blend(colorImage: layer.image, x: layer.x - frame.x, y: layer.y - frame.y) }
        return ColorEmojiLayer(image: image, x: frame.x, y: frame.y, alpha: alphaMask(image, x: frame.x, y: frame.y))
    }
}

extension AlphaMask {
    /// The mask widened by `radius` pixels (a disc, its edge anti-aliased): a colour emoji's stroke.
    func dilated(radius: Double) -> AlphaMask {
        guard radius > 0, !isEmpty else { return self }
        let r = Int(radius.rounded(.up)) + 1
        let (w, h) = (width + 2 * r, height + 2 * r)
        var offsets: [(dx: Int, dy: Int, weight: Double)] = []
        for dy in -r...r {
            for dx in -r...r {
                let weight = min(1, max(0, radius + 0.5 - (Double(dx * dx + dy * dy)).squareRoot()))
                if weight > 0 { offsets.append((dx, dy, weight)) }
            }
        }
        var out = [UInt8](repeating: 0, count: w * h)
        for sy in 0..<height {
            for sx in 0..<width {
                let a = Double(coverage[sy * width + sx])
                guard a > 0 else { continue }
                for o in offsets {
                    let i = (sy + r + o.dy) * w + (sx + r + o.dx)
                    let v = UInt8((a * o.weight).rounded())
                    if v > out[i] { out[i] = v }
                }
            }
        }
        return AlphaMask(x: x - r, y: y - r, width: w, height: h, coverage: out)
    }
}

extension RGBAImage {
    /// Lays a straight-RGBA image over this one at (`x`, `y`), its alpha times `opacity` (0...255).
    public mutating func blend(colorImage source: RGBAImage, x: Int, y: Int, opacity: Int = 255) {
        let area = PixelRect(x: x, y: y, width: source.width, height: source.height).intersection(bounds)
        guard opacity > 0, !area.isEmpty else { return }
        let w = width
        withUnsafeMutablePixels { pixels in
            for row in area.y..<area.maxY {
                for column in area.x..<area.maxX {
                    let p = source[column - x, row - y]
                    guard p.alpha > 0 else { continue }
                    Compositing.over(pixels.baseAddress! + (row * w + column) * 4, Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha) * opacity)
                }
            }
        }
    }
}

/// Colour emoji fonts by name, opened once per process (a font file of 10 MB is read once).
final class ColorEmojiFonts: @unchecked Sendable {
    static let shared = ColorEmojiFonts()
    private var fonts: [String: ColorEmojiFont?] = [:]
    private let lock = NSLock()

    func font(_ name: String, resolver: FontResolver) -> ColorEmojiFont? {
        lock.withLock {
            if let known = fonts[name] { return known }
            let font = ColorEmojiFont.locate(name, resolver: resolver)
            fonts[name] = font
            return font
        }
    }
}

extension RGBAImage {
    /// A copy with the pixels inside `rects` made transparent: what a comparison leaves out.
    public func clearing(_ rects: [PixelRect]) -> RGBAImage {
        var image = self
        for rect in rects {
            let area = rect.intersection(bounds)
            guard !area.isEmpty else { continue }
            for y in area.y..<area.maxY { for x in area.x..<area.maxX { image[x, y] = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) } }
        }
        return image
    }
}

/// Colour emoji as drawn, with their strokes, by everything that decides their pixels: a page at rest
/// draws the same emoji at every frame, and scaling the bitmap and widening its alpha are the costly
/// part of drawing one.
final class ColorEmojiCache: @unchecked Sendable {
    static let shared = ColorEmojiCache()

    struct Key: Hashable {
        var font: ObjectIdentifier
        var cluster: String
        /// The layout's first glyph of the cluster (face, place, size) and the cluster's advance.
        var face: ObjectIdentifier
        var x: Double, y: Double, size: Double, advance: Double
        var dy: Double, scale: Double, penX: Double?, penY: Double?
        var strokeWidth: Double
    }

    /// A few hundred emoji states: a moving emoji's frames do not pile up.
    private let entries = BoundedMemo<Key, (layer: ColorEmojiLayer, stroke: AlphaMask?)>(limit: 256)

    func layer(_ key: Key, orMake make: () -> (layer: ColorEmojiLayer, stroke: AlphaMask?)?) -> (layer: ColorEmojiLayer, stroke: AlphaMask?)? {
        entries.value(key, orMake: make)
    }
}
