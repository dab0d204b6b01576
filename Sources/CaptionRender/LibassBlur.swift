// Ported from libass 0.17.1 (ass_blur.c), Copyright (C) 2015 Vabishchevich Nikolay <vabnick@gmail.com>,
// under libass's ISC license, whose notice follows:
//
// Permission to use, copy, modify, and distribute this software for any
// purpose with or without fee is hereby granted, provided that the above
// copyright notice and this permission notice appear in all copies.
//
// THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
// WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
// MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
// ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
// WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
// ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
// OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.

import Foundation

/// libass's `\blur` (`ass_gaussian_blur`), ported step for step so shadows come out as libass's to
/// the level. Not a true Gaussian: the mask is widened to 14-bit values, halved in size `level` times
/// with the kernel [1, 5, 10, 10, 5, 1], convolved with a symmetric filter of 9 to 17 taps whose
/// weights solve a least-squares fit to the Gaussian, doubled back up with [5, 10, 1] / [1, 10, 5],
/// and packed to 8 bits with a 2×2 dither. libass keeps its rows in vertical stripes; here they are
/// plain rows, which changes nothing: every step reads zero outside the image, as libass's padding is.
/// (A sampled Gaussian, which this replaces, was one level of alpha off at a thousand fringe pixels.)
enum LibassBlur {
    /// `BlurMethod`: how many halvings, the filter radius (4...8) and its weights (16.16).
    struct Method {
        var level: Int
        var radius: Int
        var coeff: [Int]
    }

    /// The mask blurred with variance `r2x`, `r2y` (px²) per axis; its origin moves left and up.
    static func blur(_ mask: AlphaMask, r2x: Double, r2y: Double) -> AlphaMask {
        guard !mask.isEmpty else { return mask }
        let bx = method(r2x), by = r2y == r2x ? bx : method(r2y)
        // `ass_stripe_unpack`: 0...255 to 0...0x4000.
        var buf = Plane(width: mask.width, height: mask.height, values: mask.coverage.map { s in
            let v = Int(s)
            return Int16(truncatingIfNeeded: Int(UInt16(truncatingIfNeeded: ((v << 7) | (v >> 1)) + 1)) >> 1)
        })
        for _ in 0..<by.level { buf = buf.shrunk(vertical: true) }
        for _ in 0..<bx.level { buf = buf.shrunk(vertical: false) }
        buf = buf.filtered(vertical: false, radius: bx.radius, coeff: bx.coeff)
        buf = buf.filtered(vertical: true, radius: by.radius, coeff: by.coeff)
        for _ in 0..<bx.level { buf = buf.expanded(vertical: false) }
        for _ in 0..<by.level { buf = buf.expanded(vertical: true) }
        // `ass_stripe_pack`: back to 8 bits with libass's dither (rows alternate 8/40 and 56/24).
        let dither: [[Int]] = [[8, 40], [56, 24]]
        var out = [UInt8](repeating: 0, count: buf.width * buf.height)
        for y in 0..<buf.height {
            for x in 0..<buf.width {
                let v = Int(buf.values[y * buf.width + x])
                let packed = Int(UInt16(truncatingIfNeeded: v - (v >> 8) + dither[y & 1][x & 1])) >> 6
                out[y * buf.width + x] = UInt8(truncatingIfNeeded: packed)
            }
        }
        return AlphaMask(x: mask.x - (((bx.radius + 4) << bx.level) - 4), y: mask.y - (((by.radius + 4) << by.level) - 4),
                         width: buf.width, height: buf.height, coverage: out)
    }

    /// 16-bit image rows, zero outside. Each pass reads rows through a zero-padded copy (horizontal)
    /// or a zero row (vertical), so the inner loops run without bounds tests.
    struct Plane {
        var width: Int
        var height: Int
        var values: [Int16]

        /// Row `y` (a zero row outside the image) as a pointer, for the vertical passes.
        @inline(__always)
        static func row(_ base: UnsafePointer<Int16>, _ y: Int, width: Int, height: Int, zero: UnsafePointer<Int16>) -> UnsafePointer<Int16> {
            y >= 0 && y < height ? base + y * width : zero
        }

        /// Runs `body` for every row with a copy of it padded by `left` and `right` zeros.
        func withPaddedRows(left: Int, right: Int, _ body: (Int, UnsafePointer<Int16>) -> Void) {
            var padded = [Int16](repeating: 0, count: left + width + right)
            values.withUnsafeBufferPointer { src in
                padded.withUnsafeMutableBufferPointer { p in
                    for y in 0..<height {
                        (p.baseAddress! + left).update(from: src.baseAddress! + y * width, count: width)
                        body(y, p.baseAddress! + left)
                    }
                }
            }
        }

        @inline(__always)
        static func shrink(_ p1p: Int32, _ p1n: Int32, _ z0p: Int32, _ z0n: Int32, _ n1p: Int32, _ n1n: Int32) -> Int16 {
            var r = (p1p + p1n + n1p + n1n) >> 1
            r = (r + z0p + z0n) >> 1
            r = (r + p1n + n1p) >> 1
            return Int16(truncatingIfNeeded: (r + z0p + z0n + 2) >> 2)
        }

        @inline(__always)
        static func expand(_ p1: Int32, _ z0: Int32, _ n1: Int32) -> (Int16, Int16) {
            @inline(__always) func u16(_ v: Int32) -> Int32 { Int32(UInt16(truncatingIfNeeded: v)) }
            let r = u16(u16(u16(p1 + n1) >> 1) + z0) >> 1
            let rp = u16(u16(u16(r + p1) >> 1) + z0 + 1) >> 1
            let rn = u16(u16(u16(r + n1) >> 1) + z0 + 1) >> 1
            return (Int16(truncatingIfNeeded: rp), Int16(truncatingIfNeeded: rn))
        }

        /// Halved with [1, 5, 10, 10, 5, 1] (`shrink_func`): out[i] from in[2i−4 ... 2i+1].
        func shrunk(vertical: Bool) -> Plane {
            let w = vertical ? width : (width + 5) >> 1, h = vertical ? (height + 5) >> 1 : height
            var out = [Int16](repeating: 0, count: w * h)
            out.withUnsafeMutableBufferPointer { o in
                if vertical {
                    let zero = [Int16](repeating: 0, count: width)
                    values.withUnsafeBufferPointer { src in zero.withUnsafeBufferPointer { z in
                        for y in 0..<h {
                            let r = (-4...1).map { Self.row(src.baseAddress!, 2 * y + $0, width: width, height: height, zero: z.baseAddress!) }
                            let dst = o.baseAddress! + y * w
                            for x in 0..<w {
                                dst[x] = Self.shrink(Int32(r[0][x]), Int32(r[1][x]), Int32(r[2][x]), Int32(r[3][x]), Int32(r[4][x]), Int32(r[5][x]))
                            }
                        }
                    } }
                } else {
                    withPaddedRows(left: 4, right: 2 * w + 2 - width) { y, p in
                        let dst = o.baseAddress! + y * w
                        for x in 0..<w {
                            let q = p + 2 * x
                            dst[x] = Self.shrink(Int32(q[-4]), Int32(q[-3]), Int32(q[-2]), Int32(q[-1]), Int32(q[0]), Int32(q[1]))
                        }
                    }
                }
            }
            return Plane(width: w, height: h, values: out)
        }

        /// Doubled with [5, 10, 1] / [1, 10, 5] (`expand_func`): out[2i], out[2i+1] from in[i−2 ... i].
        func expanded(vertical: Bool) -> Plane {
            let w = vertical ? width : 2 * width + 4, h = vertical ? 2 * height + 4 : height
            var out = [Int16](repeating: 0, count: w * h)
            out.withUnsafeMutableBufferPointer { o in
                if vertical {
                    let zero = [Int16](repeating: 0, count: width)
                    values.withUnsafeBufferPointer { src in zero.withUnsafeBufferPointer { z in
                        for i in 0..<(height + 2) {
                            let p1 = Self.row(src.baseAddress!, i - 2, width: width, height: height, zero: z.baseAddress!)
                            let z0 = Self.row(src.baseAddress!, i - 1, width: width, height: height, zero: z.baseAddress!)
                            let n1 = Self.row(src.baseAddress!, i, width: width, height: height, zero: z.baseAddress!)
                            let a = o.baseAddress! + 2 * i * w, b = a + w
                            for x in 0..<w { (a[x], b[x]) = Self.expand(Int32(p1[x]), Int32(z0[x]), Int32(n1[x])) }
                        }
                    } }
                } else {
                    withPaddedRows(left: 2, right: 2) { y, p in
                        let dst = o.baseAddress! + y * w
                        for i in 0..<(width + 2) {
                            (dst[2 * i], dst[2 * i + 1]) = Self.expand(Int32(p[i - 2]), Int32(p[i - 1]), Int32(p[i]))
                        }
                    }
                }
            }
            return Plane(width: w, height: h, values: out)
        }

        /// The main filter (`blur_horz`/`blur_vert`): out[i] = c + Σ weights × (neighbours − c), c = in[i − n].
        func filtered(vertical: Bool, radius n: Int, coeff: [Int]) -> Plane {
            let w = vertical ? width : width + 2 * n, h = vertical ? height + 2 * n : height
            var out = [Int16](repeating: 0, count: w * h)
            let param = coeff.map { Int32($0) }
            @inline(__always) func tap(_ a: Int16, _ c: Int16, _ p: Int32) -> Int32 {
                Int32(Int16(truncatingIfNeeded: Int32(a) - Int32(c))) &* p
            }
            out.withUnsafeMutableBufferPointer { o in
                if vertical {
                    let zero = [Int16](repeating: 0, count: width)
                    var acc = [Int32](repeating: 0, count: width)
                    values.withUnsafeBufferPointer { src in zero.withUnsafeBufferPointer { z in acc.withUnsafeMutableBufferPointer { acc in
                        for y in 0..<h {
                            let centre = Self.row(src.baseAddress!, y - n, width: width, height: height, zero: z.baseAddress!)
                            acc.update(repeating: 0x8000)
                            for i in stride(from: n, to: 0, by: -1) {
                                let l1 = Self.row(src.baseAddress!, y - n - i, width: width, height: height, zero: z.baseAddress!)
                                let l2 = Self.row(src.baseAddress!, y - n + i, width: width, height: height, zero: z.baseAddress!)
                                let p = param[i - 1]
                                for x in 0..<w { acc[x] &+= tap(l1[x], centre[x], p) &+ tap(l2[x], centre[x], p) }
                            }
                            let dst = o.baseAddress! + y * w
                            for x in 0..<w { dst[x] = Int16(truncatingIfNeeded: Int32(centre[x]) &+ (acc[x] >> 16)) }
                        }
                    } } }
                } else {
                    withPaddedRows(left: 2 * n, right: 2 * n) { y, p in
                        let dst = o.baseAddress! + y * w
                        for x in 0..<w {
                            let c = p[x - n]
                            var acc = Int32(0x8000)
                            for i in stride(from: n, to: 0, by: -1) {
                                acc &+= tap(p[x - n - i], c, param[i - 1]) &+ tap(p[x - n + i], c, param[i - 1])
                            }
                            dst[x] = Int16(truncatingIfNeeded: Int32(c) &+ (acc >> 16))
                        }
                    }
                }
            }
            return Plane(width: w, height: h, values: out)
        }
    }

    // MARK: The filter's weights (`find_best_method`, `calc_coeff`), in libass's double arithmetic.

    static func method(_ r2: Double) -> Method {
        var mu = [Double](repeating: 0, count: 8)
        var level = 0, radius = 4
        if r2 < 0.5 {
            mu[1] = 0.085 * r2 * r2 * r2
            mu[0] = 0.5 * r2 - 4 * mu[1]
        } else {
            let (frac, exponent) = frexp((0.11569 * r2 + 0.20591047).squareRoot())
            level = exponent
            let mul = pow(0.25, Double(level))
            radius = max(8 - Int((10.1525 + 0.8335 * mul) * (1 - frac)), 4)
            mu = coefficients(n: radius, r2: r2, mul: mul) + [Double](repeating: 0, count: 8 - radius)
        }
        return Method(level: level, radius: radius, coeff: (0..<radius).map { Int(0x10000 * mu[$0] + 0.5) })
    }

    static func gauss(_ n: Int, _ r2: Double) -> [Double] {
        let alpha = 0.5 / r2
        var mul = exp(-alpha)
        let mul2 = mul * mul
        var cur = (alpha / Double.pi).squareRoot()
        var res = [Double](repeating: 0, count: n)
        res[0] = cur
        cur *= mul
        res[1] = cur
        for i in stride(from: 2, to: n, by: 1) {
            mul *= mul2
            cur *= mul
            res[i] = cur
        }
        return res
    }

    static func filter(_ coeff: inout [Double], _ n: Int, _ kernel: [Double]) {
        var prev1 = coeff[1], prev2 = coeff[2], prev3 = coeff[3]
        for i in 0..<n {
            let res = coeff[i + 0] * kernel[0] + (prev1 + coeff[i + 1]) * kernel[1]
                + (prev2 + coeff[i + 2]) * kernel[2] + (prev3 + coeff[i + 3]) * kernel[3]
            prev3 = prev2; prev2 = prev1; prev1 = coeff[i]
            coeff[i] = res
        }
    }

    static func coefficients(n: Int, r2: Double, mul: Double) -> [Double] {
        let w = 12096.0
        let kernel = [
            (((+3280 / w) * mul + 1092 / w) * mul + 2520 / w) * mul + 5204 / w,
            (((-2460 / w) * mul - 273 / w) * mul - 210 / w) * mul + 2943 / w,
            (((+984 / w) * mul - 546 / w) * mul - 924 / w) * mul + 486 / w,
            (((-164 / w) * mul + 273 / w) * mul - 126 / w) * mul + 17 / w,
        ]
        var matFreq = [Double](repeating: 0, count: 17)
        for i in 0..<4 { matFreq[i] = kernel[i] }
        filter(&matFreq, 7, kernel)
        var vecFreq = gauss(n + 4, r2 * mul) + [Double](repeating: 0, count: 12 - (n + 4))
        filter(&vecFreq, n + 1, kernel)

        // `calc_matrix`: the normal equations' matrix, inverted in place.
        var mat = [[Double]](repeating: [Double](repeating: 0, count: 8), count: 8)
        for i in 0..<n {
            mat[i][i] = matFreq[2 * i + 2] + 3 * matFreq[0] - 4 * matFreq[i + 1]
            for j in (i + 1)..<max(n, i + 1) {
                let v = matFreq[i + j + 2] + matFreq[j - i] + 2 * (matFreq[0] - matFreq[i + 1] - matFreq[j + 1])
                mat[i][j] = v; mat[j][i] = v
            }
        }
        for k in 0..<n {
            let z = 1 / mat[k][k]
            mat[k][k] = 1
            for i in 0..<n where i != k {
                let m = mat[i][k] * z
                mat[i][k] = 0
                for j in 0..<n { mat[i][j] -= mat[k][j] * m }
            }
            for j in 0..<n { mat[k][j] *= z }
        }
        let vec = (0..<n).map { matFreq[0] - matFreq[$0 + 1] - vecFreq[0] + vecFreq[$0 + 1] }
        return (0..<n).map { i in
            var res = 0.0
            for j in 0..<n { res += mat[i][j] * vec[j] }
            return max(0, res)
        }
    }
}
