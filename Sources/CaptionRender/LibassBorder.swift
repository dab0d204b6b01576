import Foundation

/// The border (`\\bord`) libass draws around a glyph (`get_bitmap_glyph` in ass_render.c), in the
/// terms our stroker needs: the width it really strokes and the scale it really applies.
///
/// libass strokes the untransformed outline (26.6 units at its 256 px reference size, scaled by a
/// power of two `2^order` chosen from the transform) with a width rounded to its stroker's precision
/// of 16 units, then draws the result with a transform quantised to the border outline's own box
/// (the same rule as the glyph: steps of 8 / (half the box + 64)). At 40 px a 3 px border comes out
/// 2.97 px (1216/64 units at 256 px instead of 1228.8); both effects are emulated here.
struct LibassBorder {
    /// Scale from the 256 px outline to frame 26.6 units, per axis.
    let scale: (x: Double, y: Double)
    /// Stroke radius in frame 26.6 units.
    let radius64: Int

    /// `outline`: the glyph at the reference size; `scale`: the requested glyph scale (frame 26.6 per
    /// outline unit); `width`: the border in frame pixels.
    init(outline: GlyphOutline, scale requested: (x: Double, y: Double), width: Double) {
        let extent = outline.extent
        func axis(_ s: Double, _ extent: Double) -> (scale: Double, border: Double) {
            guard s > 0 else { return (s, 0) }
            // scale_ord: the transform's magnitude, × STROKER_PRECISION / POSITION_PRECISION (= 2).
            let order = frexp(2 * s).1
            let border = 64 * width / s                      // in outline units
            let steps = (scalbn(border, order) / 16).rounded(.toNearestOrEven)
            let stroked = scalbn(steps * 16, -order)          // back in outline units
            // The border outline's box in its own (2^order) units, and its quantised transform.
            let half = scalbn(extent + 2 * stroked, order) / 2 + 64
            let q = Self.quantisedScale(scalbn(s, -order), halfExtent: half)
            return (scalbn(q, order), stroked)
        }
        let x = axis(requested.x, extent.x), y = axis(requested.y, extent.y)
        scale = (x.scale, y.scale)
        // FreeType strokes with one radius: the mean of the two axes' (equal unless scaled unevenly).
        radius64 = Int(((x.border * x.scale + y.border * y.scale) / 2).rounded())
    }

    /// libass's transform quantisation for one axis: the scale in steps of 8 / `halfExtent`.
    static func quantisedScale(_ s: Double, halfExtent d: Double) -> Double {
        let q = (s * d / 8).rounded(.toNearestOrEven)
        return q > 0 ? q * 8 / d : s
    }
}
