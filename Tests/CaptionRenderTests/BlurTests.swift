@testable import CaptionRender
import Foundation
import CaptionExpectations
import Testing

@Suite struct BlurTests {
    private func square(size: Int = 20, margin: Int = 0) -> AlphaMask {
        let side = size + 2 * margin
        var mask = AlphaMask(x: 50, y: 30, width: side, height: side)
        for y in margin..<(margin + size) { for x in margin..<(margin + size) { mask[x: 50 + x, y: 30 + y] = 255 } }
        return mask
    }

    @Test(arguments: [0.7, 2.0, 3.0, 6.5])
    func preservesTotalCoverage(sigma: Double) {
        let mask = square()
        let blurred = mask.blurred(sigma: sigma)
        let ratio = Double(blurred.totalCoverage) / Double(mask.totalCoverage)
        expectTrue(abs(ratio - 1) < 0.01, "ratio \(ratio)")
    }

    @Test func growsByTheKernelExtent() {
        let blurred = square().blurred(sigma: 2)
        expectEqual(blurred.frame, PixelRect(x: 44, y: 24, width: 32, height: 32))
    }

    @Test func isSymmetric() {
        var mask = square(size: 9, margin: 3)
        mask[x: 50 + 7, y: 30 + 1] = 200; mask[x: 50 + 7, y: 30 + 13] = 200  // mirrored vertically
        mask[x: 50 + 7, y: 30 + 7] = 255
        let b = mask.blurred(radius: 3)
        for y in 0..<b.height {
            for x in 0..<b.width {
                let p = b[x: b.x + x, y: b.y + y]
                expectTrue(p == b[x: b.x + b.width - 1 - x, y: b.y + y] && p == b[x: b.x + x, y: b.y + b.height - 1 - y])
            }
        }
    }

    @Test func radiusZeroIsTheIdentity() {
        let mask = square()
        expectEqual(mask.blurred(radius: 0), mask)
        expectEqual(mask.blurred(sigma: 0), mask)
    }

    /// A half-plane edge blurred with σ takes the Gaussian CDF: 50% at the edge, Φ(1) = 84.1% one σ in.
    @Test func edgeProfileFollowsTheGaussian() {
        var mask = AlphaMask(width: 80, height: 60)
        for y in 0..<60 { for x in 40..<80 { mask[x: x, y: y] = 255 } }
        let sigma = 4.0
        let b = mask.blurred(sigma: sigma)
        func value(_ frameX: Int) -> Double { Double(b[x: frameX, y: 30]) }  // far from the top and bottom
        // Pixel centres at x + 0.5; the edge is at 40, so pixels 39 and 40 straddle it.
        expectTrue(abs((value(39) + value(40)) / 2 - 127.5) <= 1)
        func phi(_ t: Double) -> Double { 0.5 * (1 + erf(t / 2.0.squareRoot())) }
        for x in [36, 42, 44, 47] {
            let expected = 255 * phi((Double(x) + 0.5 - 40) / sigma)
            expectTrue(abs(value(x) - expected) <= 1.5, "x \(x): \(value(x)) vs \(expected)")
        }
    }

    @Test func libassBlurRadiusMapping() {
        // libass: σ = \blur × 2/√ln 256 (≈ 0.8493 per unit), quantised in 1/256 logarithmic steps.
        // \blur1: log1p(0.8493 / 32) · 256 = 6.70 → 7 steps → σ = expm1(7/256) · 32 = 0.8871.
        expectTrue(abs(AlphaMask.gaussianSigma(forBlurRadius: 1) - 0.8871) < 0.0005)
        for blur in [0.5, 2, 4, 10] {
            let sigma = AlphaMask.gaussianSigma(forBlurRadius: blur)
            expectTrue(abs(sigma - 0.8493 * blur) <= 0.0625 * (1 + 0.8493 * blur / 32) + 1e-6, "\(blur) → \(sigma)")
        }
        expectTrue(abs(AlphaMask.gaussianSigma(forBlurRadius: 2, scale: 2) - AlphaMask.gaussianSigma(forBlurRadius: 4)) < 1e-9)
        expectEqual(AlphaMask.gaussianSigma(forBlurRadius: 0), 0)
    }

    /// libass's choice of filter (`find_best_method`): a 9-tap filter on the full image for small
    /// blurs, halvings as the blur grows, weights that leave the centre tap positive.
    @Test func filterChoiceFollowsLibass() {
        let small = LibassBlur.method(0.3)
        expectTrue(small.level == 0 && small.radius == 4)
        let medium = LibassBlur.method(4)
        expectTrue(medium.level == 0 && medium.radius == 6)
        let large = LibassBlur.method(26)
        expectEqual(large.level, 1)
        expectTrue(LibassBlur.method(400).level >= 2)
        for m in [small, medium, large, LibassBlur.method(400)] {
            expectTrue(m.coeff.allSatisfy { $0 >= 0 } && 2 * m.coeff.reduce(0, +) < 0x10000, "\(m)")
        }
    }
}

/// The shadow offset libass uses (`quantize_blur`'s shadow mask in ass_render.c): 1/8 px steps for
/// any ordinary blur, coarser only for a blur radius beyond about 37 px.
@Suite struct LibassShadowOffsetTests {
    @Test func roundsToEighthsUnderAnOrdinaryBlur() {
        // 480x854 (scale 4/9): \yshad1.3333333 is 85/64 px, libass moves the shadow 88/64 (11 eighths).
        expectEqual(LibassShadow.offset64(1.3333333, blur: 2.6666667), 88)
        expectEqual(LibassShadow.offset64(1.5, blur: 3), 96)
        expectEqual(LibassShadow.offset64(3, blur: 6), 192)
        // Without a blur too.
        expectEqual(LibassShadow.offset64(1.3333333, blur: 0), 88)
        // Half an eighth goes down (libass adds mask >> 1 = 3/64 before masking), more goes up.
        expectEqual(LibassShadow.offset64(4.0 / 64, blur: 2), 0)
        expectEqual(LibassShadow.offset64(5.0 / 64, blur: 2), 8)
    }

    @Test func coarsensForAVeryLargeBlur() {
        // radius 40 px: (1 + 40 · 0.849 / 32) · 4 = 8.25, so 1/4 px steps: 85 rounds to 80.
        expectEqual(LibassShadow.offset64(1.3333333, blur: 40), 80)
        expectEqual(LibassShadow.offset64(1.3333333, blur: 30), 88)
    }
}
