import Foundation

/// Blur of coverage masks (shadows, `\blur`), as libass blurs (`LibassBlur`).
extension AlphaMask {
    /// The Gaussian standard deviation libass uses for `\blur` = `radius` (ass_render.c): the radius times
    /// the storage-to-frame scale times 2/√ln 256 (≈ 0.849), quantised like libass's cache key
    /// (logarithmic steps of 1/256). So `\blur4` at 1:1 is σ ≈ 3.4 px.
    public static func gaussianSigma(forBlurRadius radius: Double, scale: Double = 1) -> Double {
        let r = radius * scale * (2 / (log(256.0)).squareRoot())
        guard r > 0, r.isFinite else { return 0 }
        let precision = 1.0 / 256, step = 64 * precision / 8  // BLUR_PRECISION, 64·BLUR_PRECISION/POSITION_PRECISION
        let quantised = (log1p(r * step) / precision).rounded(.toNearestOrEven)  // lrint
        return expm1(precision * quantised) / step
    }

    /// The mask blurred as libass's `\blur` with that radius (see `gaussianSigma(forBlurRadius:)`).
    /// Radius 0 returns the mask unchanged.
    public func blurred(radius: Double, scale: Double = 1) -> AlphaMask {
        blurred(sigma: AlphaMask.gaussianSigma(forBlurRadius: radius, scale: scale))
    }

    /// The mask blurred by libass's approximation of a Gaussian of standard deviation `sigma` px; it
    /// grows on every side by the filter's reach. σ² up to 0.001 (libass's threshold) returns the mask
    /// unchanged. The result depends on the mask's extent beyond σ² ≈ 6.9 (libass halves the image on
    /// a grid starting at its edge), so masks keep libass's bitmap extents (see `GlyphRasterizer.draw`).
    public func blurred(sigma: Double) -> AlphaMask {
        guard sigma.isFinite, sigma * sigma > 0.001, !isEmpty else { return self }
        return LibassBlur.blur(self, r2x: sigma * sigma, r2y: sigma * sigma)
    }
}
