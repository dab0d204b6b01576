import CaptionModel

/// Porter-Duff "over" onto a straight-alpha 8-bit destination, in exact integer arithmetic.
///
/// A layer is what libass outputs (`ASS_Image`): a coverage mask `m` (0...255), one colour `c` with
/// alpha `A` (0...255; libass's transparency is `255 - A`), placed at an integer position. A fade or
/// other extra opacity `o` is folded into the colour first, as libass does: `A' = round(A × o)`.
/// With `S = m × A'` (source alpha in units of 1/65025, u = 255²) over a pixel `(dc, D)`:
///
///     outA = round((255·S + D·(u − S)) / u)                       (alpha, 0...255)
///     outC = round((c·S·255 + dc·D·(u − S)) / (255·S + D·(u − S)))  (each of R, G, B)
///
/// i.e. the real-valued "over" operator with one rounding to nearest at the end. Over an opaque pixel
/// this is `dc + (c − dc)·S/u` rounded (the blend libass's compare tool and ffmpeg perform, up to their
/// ±1 fixed-point shortcuts); over a transparent pixel the colour stays exactly `c`, which premultiplied
/// 8-bit storage would lose. Ties cannot occur in the alpha and opaque cases (u is odd).
public enum Compositing {
    /// One destination pixel (4 bytes, straight RGBA) after a source of colour (r, g, b) and alpha
    /// `s` in units of 1/65025 is laid over it.
    @inline(__always)
    static func over(_ d: UnsafeMutablePointer<UInt8>, _ r: Int, _ g: Int, _ b: Int, _ s: Int) {
        let u = 65025
        if s == 0 { return }
        let da = Int(d[3])
        if s == u || da == 0 {
            d[0] = UInt8(r); d[1] = UInt8(g); d[2] = UInt8(b)
            d[3] = s == u ? 255 : UInt8((s + 127) / 255)
        } else if da == 255 {
            let k = u - s
            d[0] = UInt8((r * s + Int(d[0]) * k + u / 2) / u)
            d[1] = UInt8((g * s + Int(d[1]) * k + u / 2) / u)
            d[2] = UInt8((b * s + Int(d[2]) * k + u / 2) / u)
        } else {
            let src = 255 * s, dst = da * (u - s)
            let den = src + dst
            d[0] = UInt8((2 * (r * src + Int(d[0]) * dst) + den) / (2 * den))
            d[1] = UInt8((2 * (g * src + Int(d[1]) * dst) + den) / (2 * den))
            d[2] = UInt8((2 * (b * src + Int(d[2]) * dst) + den) / (2 * den))
            d[3] = UInt8((den + u / 2) / u)
        }
    }
}

extension RGBAImage {
    /// Lays `mask` in `color` over the image (clipped to it), with an extra opacity (fades).
    public mutating func blend(_ mask: AlphaMask, color: RGBAColor, opacity: Double = 1) {
        guard !mask.isEmpty else { return }
        mask.coverage.withUnsafeBufferPointer { coverage in
            blend(coverage: coverage.baseAddress!, stride: mask.width, width: mask.width, height: mask.height,
                  x: mask.x, y: mask.y, color: color, opacity: opacity)
        }
    }

    /// The same for a mask held elsewhere (an `ASS_Image` bitmap, with its stride), without copying it.
    public mutating func blend(coverage: UnsafePointer<UInt8>, stride: Int, width maskWidth: Int, height maskHeight: Int,
                               x: Int, y: Int, color: RGBAColor, opacity: Double = 1) {
        let alpha = Int(RGBAColor.alpha(color.alpha, times: opacity))
        let area = PixelRect(x: x, y: y, width: maskWidth, height: maskHeight).intersection(bounds)
        guard alpha > 0, !area.isEmpty else { return }
        let (r, g, b) = (Int(color.red), Int(color.green), Int(color.blue))
        let w = width
        withUnsafeMutablePixels { pixels in
            for row in area.y..<area.maxY {
                let src = coverage + (row - y) * stride + (area.x - x)
                var dst = pixels.baseAddress! + (row * w + area.x) * 4
                for i in 0..<area.width {
                    Compositing.over(dst, r, g, b, Int(src[i]) * alpha)
                    dst += 4
                }
            }
        }
    }

    /// Lays `source` (straight alpha) over this image with its top-left corner at (x, y), clipped, with an
    /// extra opacity: backgrounds, cached layers. Same formula, per-pixel colour and `S = A_src × o₈`.
    public mutating func composite(_ source: RGBAImage, x: Int = 0, y: Int = 0, opacity: Double = 1) {
        let o = Int(RGBAColor.alpha(255, times: opacity))
        let area = PixelRect(x: x, y: y, width: source.width, height: source.height).intersection(bounds)
        guard o > 0, !area.isEmpty else { return }
        let (w, sw) = (width, source.width)
        source.withUnsafePixels { srcPixels in
            withUnsafeMutablePixels { pixels in
                for row in area.y..<area.maxY {
                    var src = srcPixels.baseAddress! + ((row - y) * sw + (area.x - x)) * 4
                    var dst = pixels.baseAddress! + (row * w + area.x) * 4
                    for _ in 0..<area.width {
                        Compositing.over(dst, Int(src[0]), Int(src[1]), Int(src[2]), Int(src[3]) * o)
                        src += 4; dst += 4
                    }
                }
            }
        }
    }
}
