import Foundation

/// Gaussian blur of coverage masks (shadows, `\blur`).
///
/// A true separable Gaussian, not a box cascade: libass's blur is accurate to 8 bits, and the compare
/// metric is strict on smooth regions (small local gradient), so a three-box approximation (a few
/// levels off at the peak) would grade a blurred shadow BAD. Kernel: `exp(−i²/2σ²)` sampled at
/// integers for |i| ≤ ⌈3σ⌉, in 16-bit fixed point summing to exactly 65536 (the mask's total coverage is
/// kept up to rounding). Horizontal pass into 16-bit intermediates (8 extra bits), vertical pass with
/// 32-bit accumulators, one rounding at the end. Each pass adds tap by tap over contiguous rows, which
/// the compiler vectorises. The mask grows by ⌈3σ⌉ on every side (its origin moves accordingly).
extension AlphaMask {
    /// The Gaussian standard deviation libass uses for `\blur` = `radius` (ass_render.c): the radius times
    /// the storage-to-frame scale times 2/√ln 256 (≈ 0.849), quantised like libass's cache key
    /// (logarithmic steps of 1/256). So `\blur4` at 1:1 is σ ≈ 3.4 px.
    public static func gaussianSigma(forBlurRadius radius: Double, scale: Double = 1) -> Double {
        let r = radius * scale * (2 / (log(256.0)).squareRoot())
        guard r > 0, r.isFinite else { return 0 }
        let precision = 1.0 / 256, step = 64 * precision / 8  // BLUR_PRECISION, 64·BLUR_PRECISION/POSITION_PRECISION
        let quantised = (log1p(r * step) / precision).rounded()
        return expm1(precision * quantised) / step
    }

    /// The mask blurred as libass's `\blur` with that radius (see `gaussianSigma(forBlurRadius:)`).
    /// Radius 0 returns the mask unchanged.
    public func blurred(radius: Double, scale: Double = 1) -> AlphaMask {
        blurred(sigma: AlphaMask.gaussianSigma(forBlurRadius: radius, scale: scale))
    }

    /// The mask convolved with a Gaussian of standard deviation `sigma` px, grown by ⌈3σ⌉ px per side.
    /// σ below 0.032 (libass's `r² > 0.001` threshold) returns the mask unchanged.
    public func blurred(sigma: Double) -> AlphaMask {
        guard sigma.isFinite, sigma * sigma > 0.001, !isEmpty else { return self }
        let kernel = AlphaMask.gaussianKernel(sigma: sigma)
        let r = kernel.count / 2
        let (w, h) = (width, height)
        let outW = w + 2 * r, outH = h + 2 * r

        // Horizontal: tmp[y][X] = Σ_t k[t]·src[y][X − t], 16.8 fixed point.
        var tmp = [UInt16](repeating: 0, count: outW * h)
        var acc = [UInt32](repeating: 0, count: outW)
        coverage.withUnsafeBufferPointer { src in
            tmp.withUnsafeMutableBufferPointer { tmp in
                acc.withUnsafeMutableBufferPointer { acc in
                    let a = acc.baseAddress!
                    for y in 0..<h {
                        let row = src.baseAddress! + y * w
                        a.update(repeating: 0, count: outW)
                        for (t, weight) in kernel.enumerated() where weight != 0 {
                            let dst = a + t
                            for x in 0..<w { dst[x] &+= weight &* UInt32(row[x]) }
                        }
                        let out = tmp.baseAddress! + y * outW
                        for x in 0..<outW { out[x] = UInt16(truncatingIfNeeded: (a[x] &+ 128) >> 8) }
                    }
                }
            }
        }

        // Vertical: out[Y][X] = Σ_t k[t]·tmp[Y − t][X]; max 65280 × 65536 + 2²³ fits in 32 bits.
        return AlphaMask(x: x - r, y: y - r, width: outW, height: outH) { out in
            tmp.withUnsafeBufferPointer { tmp in
                acc.withUnsafeMutableBufferPointer { acc in
                    let a = acc.baseAddress!
                    for outY in 0..<outH {
                        a.update(repeating: 0, count: outW)
                        for t in max(0, outY - h + 1)...min(2 * r, outY) {
                            let weight = kernel[t]
                            guard weight != 0 else { continue }
                            let row = tmp.baseAddress! + (outY - t) * outW
                            for i in 0..<outW { a[i] &+= weight &* UInt32(row[i]) }
                        }
                        let line = out.baseAddress! + outY * outW
                        for i in 0..<outW { line[i] = UInt8(truncatingIfNeeded: (a[i] &+ (1 << 23)) >> 24) }
                    }
                }
            }
        }
    }

    /// Integer Gaussian weights for offsets −R...R, summing to exactly 65536 (the centre absorbs the
    /// rounding), symmetric.
    static func gaussianKernel(sigma: Double) -> [UInt32] {
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        let samples = (0...radius).map { i in exp(-Double(i * i) / (2 * sigma * sigma)) }
        let total = samples[0] + 2 * samples.dropFirst().reduce(0, +)
        var half = samples.map { UInt32(($0 / total * 65536).rounded()) }
        half[0] = 65536 - 2 * half.dropFirst().reduce(0, +)
        return half.reversed() + half.dropFirst()
    }
}
