import Foundation

/// How libass moves a shadow (`render_and_combine_glyphs` and `ass_composite_construct` in
/// ass_render.c), so the native shadow lands on the same fraction of a pixel:
/// - the offset, in 26.6, is rounded to a step that grows with the blur (`quantize_blur`'s shadow
///   mask): 1/8 px up to a `\blur` of about 37 px, 1/4 px up to about 113 px, and so on;
/// - the blurred mask moves by the whole pixels, then by the remaining 64ths with `ass_shift_bitmap`,
///   which pushes that fraction of every pixel into its right (and lower) neighbour.
public enum LibassShadow {
    /// The offset libass uses for a shadow of `offset` px under a blur of `blur` px (the `\blur`
    /// value at frame scale), in 1/64 px.
    public static func offset64(_ offset: Double, blur: Double) -> Int {
        // quantize_blur: the radius in its units (× 64 · BLUR_PRECISION / POSITION_PRECISION = 1/32),
        // then the power of two above (1 + r) × POSITION_PRECISION / 2.
        let radius = blur * 2 / sqrt(log(256.0)) / 32
        let order = frexp((1 + radius) * 4).1
        let mask = (1 << order) - 1
        let x = Int((offset * 64).rounded(.toNearestOrEven))
        return (x + (mask >> 1)) & ~mask
    }
}

extension AlphaMask {
    /// The mask moved right by `x64`/64 and down by `y64`/64 of a pixel (0...63 each) the way
    /// `ass_shift_bitmap` does it: each pixel hands `value × shift >> 6` to its neighbour, walking from
    /// the far end. Grown by one pixel on each shifted side so nothing falls off.
    public func shiftedSubpixel(x64: Int, y64: Int) -> AlphaMask {
        guard !isEmpty, x64 != 0 || y64 != 0 else { return self }
        let w = width + (x64 != 0 ? 1 : 0), h = height + (y64 != 0 ? 1 : 0)
        var out = AlphaMask(x: x, y: y, width: w, height: h)
        out.withUnsafeMutableCoverage { buf in
            for row in 0..<height {
                for col in 0..<width { buf[row * w + col] = coverage[row * width + col] }
            }
            if x64 != 0 {
                for row in 0..<h {
                    var col = w - 1
                    while col > 0 {
                        let b = UInt8((Int(buf[row * w + col - 1]) * x64) >> 6)
                        buf[row * w + col - 1] -= b
                        buf[row * w + col] &+= b
                        col -= 1
                    }
                }
            }
            if y64 != 0 {
                for col in 0..<w {
                    var row = h - 1
                    while row > 0 {
                        let b = UInt8((Int(buf[(row - 1) * w + col]) * y64) >> 6)
                        buf[(row - 1) * w + col] -= b
                        buf[row * w + col] &+= b
                        row -= 1
                    }
                }
            }
        }
        return out
    }
}
