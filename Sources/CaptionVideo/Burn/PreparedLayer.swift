import CaptionRender

/// A caption layer converted once into what blending it into Y'CbCr needs, in the coded frame's
/// orientation, as 16.16 fixed-point weights so each frame's blend is multiply-adds and a shift:
///
///     Y' = (Y·(65536 − a) + p + 32768) >> 16,   a = 65536·α/255,  p = a·Y_caption
///
/// Chroma samples cover several pixels (2×2 in 4:2:0); their weight is the pixels' mean alpha and
/// their premultiplied colour the alpha-weighted mean, which equals blending in RGB at full
/// resolution, converting, and averaging the block (the background's chroma is one value per block).
struct PreparedLayer {
    /// The luma rectangle covered, clipped to the frame (coded orientation).
    let rect: PixelRect
    let lumaWeight: [Int32]
    let lumaPremultiplied: [Int32]
    /// The chroma rectangle covered, in chroma samples.
    let chromaRect: PixelRect
    let chromaWeight: [Int32]
    let uPremultiplied: [Int32]
    let vPremultiplied: [Int32]

    /// - Parameters:
    ///   - rotation: the display rotation (clockwise degrees): the layer is upright on the display,
    ///     so it is turned back into the coded orientation.
    init?(_ layer: CaptionLayer, frameWidth: Int, frameHeight: Int, rotation: Int,
          chromaShiftX sx: Int, chromaShiftY sy: Int, matrix: ColorMatrix) {
        let (w, h) = (frameWidth, frameHeight)
        // The display frame's size, and the display position of coded pixel (x, y).
        let (dw, dh) = rotation % 180 == 0 ? (w, h) : (h, w)
        func display(_ x: Int, _ y: Int) -> (Int, Int) {
            switch rotation {
            case 90: (h - 1 - y, x)
            case 180: (w - 1 - x, h - 1 - y)
            case 270: (y, w - 1 - x)
            default: (x, y)
            }
        }
        let shown = layer.frame.intersection(PixelRect(x: 0, y: 0, width: dw, height: dh))
        guard !shown.isEmpty else { return nil }
        // The coded rectangle: the image of the display rectangle's corners.
        let a = Self.coded(shown.x, shown.y, rotation: rotation, w: w, h: h)
        let b = Self.coded(shown.maxX - 1, shown.maxY - 1, rotation: rotation, w: w, h: h)
        let rect = PixelRect(x: min(a.0, b.0), y: min(a.1, b.1), width: abs(a.0 - b.0) + 1, height: abs(a.1 - b.1) + 1)
        self.rect = rect

        let cx0 = rect.x >> sx, cy0 = rect.y >> sy
        let chromaRect = PixelRect(x: cx0, y: cy0, width: ((rect.maxX - 1) >> sx) - cx0 + 1, height: ((rect.maxY - 1) >> sy) - cy0 + 1)
        self.chromaRect = chromaRect
        var lumaWeight = [Int32](repeating: 0, count: rect.area)
        var lumaPremultiplied = [Int32](repeating: 0, count: rect.area)
        // Per chroma sample, in integers: Σα (α 0...255) and Σα·C with C in 1/256 code values.
        var sums = [Int](repeating: 0, count: chromaRect.area * 3)
        lumaWeight.withUnsafeMutableBufferPointer { lumaWeight in
        lumaPremultiplied.withUnsafeMutableBufferPointer { lumaPremultiplied in
        sums.withUnsafeMutableBufferPointer { sums in
        layer.image.withUnsafePixels { pixels in
            let lw = layer.image.width
            // Captions have few colours (fill, stroke, shadow, highlight; anti-aliasing changes alpha,
            // not colour): the last conversion is reused while the colour repeats.
            var lastRGB: UInt32 = .max
            var (yScaled, u256, v256) = (0.0, 0, 0)
            for y in rect.y..<rect.maxY {
                let chromaRow = ((y >> sy) - cy0) * chromaRect.width - cx0
                let lumaRow = (y - rect.y) * rect.width - rect.x
                for x in rect.x..<rect.maxX {
                    let (px, py) = rotation == 0 ? (x, y) : display(x, y)
                    let i = ((py - layer.y) * lw + (px - layer.x)) * 4
                    let alpha = Int(pixels[i + 3])
                    guard alpha > 0 else { continue }
                    let rgb = UInt32(pixels[i]) << 16 | UInt32(pixels[i + 1]) << 8 | UInt32(pixels[i + 2])
                    if rgb != lastRGB {
                        let c = matrix.yuv(pixels[i], pixels[i + 1], pixels[i + 2])
                        yScaled = c.y * 65536 / 255
                        u256 = Int(c.u * 256 + 0.5); v256 = Int(c.v * 256 + 0.5)
                        lastRGB = rgb
                    }
                    let j = lumaRow + x
                    lumaWeight[j] = Int32((alpha * 65536 + 127) / 255)
                    lumaPremultiplied[j] = Int32(Double(alpha) * yScaled + 0.5)
                    let k = (chromaRow + (x >> sx)) * 3
                    sums[k] += alpha; sums[k + 1] += alpha * u256; sums[k + 2] += alpha * v256
                }
            }
        }
        }
        }
        }
        var chromaWeight = [Int32](repeating: 0, count: chromaRect.area)
        var uPremultiplied = chromaWeight, vPremultiplied = chromaWeight
        for cy in 0..<chromaRect.height {
            // Pixels per chroma sample: fewer on the last row or column of an odd-sized frame.
            let rows = min(1 << sy, h - ((cy + cy0) << sy))
            for cx in 0..<chromaRect.width {
                let k = cy * chromaRect.width + cx
                guard sums[k * 3] > 0 else { continue }
                let columns = min(1 << sx, w - ((cx + cx0) << sx))
                let n = 255 * rows * columns
                // 65536·(Σα/255)/n, and 65536·Σ(α/255·C)/n = 256·Σ(α·C·256)/(255·n).
                chromaWeight[k] = Int32((sums[k * 3] * 65536 + n / 2) / n)
                uPremultiplied[k] = Int32((sums[k * 3 + 1] * 256 + n / 2) / n)
                vPremultiplied[k] = Int32((sums[k * 3 + 2] * 256 + n / 2) / n)
            }
        }
        self.lumaWeight = lumaWeight; self.lumaPremultiplied = lumaPremultiplied
        self.chromaWeight = chromaWeight; self.uPremultiplied = uPremultiplied; self.vPremultiplied = vPremultiplied
    }

    /// The coded position of display pixel (x, y) for a frame coded `w`×`h`.
    static func coded(_ x: Int, _ y: Int, rotation: Int, w: Int, h: Int) -> (Int, Int) {
        switch rotation {
        case 90: (y, h - 1 - x)
        case 180: (w - 1 - x, h - 1 - y)
        case 270: (w - 1 - y, x)
        default: (x, y)
        }
    }
}
