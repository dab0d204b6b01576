import CFreeType
import Foundation

/// The border (`\\bord`) libass draws around a glyph (`get_bitmap_glyph` in ass_render.c), in the
/// terms our stroker needs: the scale order it strokes at and the width it really strokes.
///
/// libass strokes the untransformed outline (26.6 units at its 256 px reference size) scaled by a
/// power of two `2^order` chosen from the transform, so that one unit is about 1/16 of its stroker's
/// precision (STROKER_PRECISION 16 over POSITION_PRECISION 8). The width, in those units, is rounded
/// to a multiple of 16. The stroked outline is then drawn with a transform quantised to its own
/// control box (`borderScale`). At 40 px a 3 px border comes out 2.97 px (1216/64 units at 256 px
/// instead of 1228.8).
struct LibassBorder {
    /// STROKER_PRECISION: the stroker's allowed error and the step of its width, in stroked units.
    static let precision = 16

    /// The power of two the reference outline is scaled by before stroking, per axis.
    let order: (x: Int, y: Int)
    /// The stroker's width per axis in stroked units (a multiple of `precision`, possibly 0).
    let width: (x: Int, y: Int)
    /// The requested scale: frame 26.6 units per reference outline unit.
    let requested: (x: Double, y: Double)

    /// `scale`: the requested glyph scale (frame 26.6 per outline unit); `width`: the border in frame pixels.
    init(scale requested: (x: Double, y: Double), width: Double) {
        self.requested = requested
        func axis(_ s: Double) -> (order: Int, width: Int) {
            guard s > 0 else { return (0, 0) }
            // scale_ord: the transform's magnitude, × STROKER_PRECISION / POSITION_PRECISION (= 2).
            let order = frexp(2 * s).1
            let border = 64 * width / s                      // in outline units
            let steps = (scalbn(border, order) / Double(Self.precision)).rounded(.toNearestOrEven)
            return (order, Int(steps) * Self.precision)
        }
        let x = axis(requested.x), y = axis(requested.y)
        order = (x.order, y.order)
        self.width = (x.width, y.width)
    }

    /// True when libass's rounded width is zero on both axes: it then uses the fill as the border.
    var isEmpty: Bool { width.x == 0 && width.y == 0 }

    /// The scale (frame 26.6 per stroked unit) libass draws a border outline with whose control box
    /// is `extent` stroked units wide and high: quantised in steps of 8 / (half the box + 64).
    func borderScale(extent: (x: Double, y: Double)) -> (x: Double, y: Double) {
        (Self.quantisedScale(scalbn(requested.x, -order.x), halfExtent: extent.x / 2 + 64),
         Self.quantisedScale(scalbn(requested.y, -order.y), halfExtent: extent.y / 2 + 64))
    }

    /// libass's transform quantisation for one axis: the scale in steps of 8 / `halfExtent`, computed
    /// with libass's own floating-point operations (`quantize_transform`: the matrix carries its
    /// 20000 "distance" factor, divided out again by a reciprocal), because a box whose half extent is
    /// an odd multiple of 4 units lands exactly half a step from the grid and the last bit decides
    /// (measured: a 111.125 px box drawn 0.12 px narrower by libass than by exact rounding).
    static func quantisedScale(_ s: Double, halfExtent d: Double) -> Double {
        let dist = 20000.0
        let q = ((dist * s) * (d * (1.0 / 8 / dist))).rounded(.toNearestOrEven)
        return q > 0 ? q * (8 / d) : s
    }
}

extension LibassBorder {
    /// The border outline libass strokes from `source` (the glyph at the reference size): the outer
    /// and inner offsets of every contour, in stroked units (y down), with its control box. Nil when
    /// libass would not stroke this outline.
    struct Stroked {
        var outer: LibassOutline
        var inner: LibassOutline
        /// (minX, minY, maxX, maxY); nil for an outline without points.
        var box: (Int, Int, Int, Int)?

        /// The control box's centre in the glyph's reference 26.6 units, y up: what libass rounds to
        /// its 1/8 px grid for the border bitmap, apart from the fill's own centre. Mostly the two
        /// agree; where the stroke is not symmetric they round to neighbouring eighths, and two
        /// glyphs' borders would otherwise overlap 1/8 px more or less than libass's.
        func centre(order: (x: Int, y: Int)) -> (x: Double, y: Double)? {
            guard let box else { return nil }
            return (scalbn(Double(box.0 + box.2) / 2, -order.x), -scalbn(Double(box.1 + box.3) / 2, -order.y))
        }
    }

    func stroke(_ source: GlyphOutline) -> Stroked? {
        guard let path = LibassOutline(source) else { return nil }
        return stroke(path)
    }

    /// The same for an outline already in libass's form (a drawing's path, 1/64 px, y down).
    func stroke(_ path: LibassOutline) -> Stroked? {
        guard let stroked = LibassStroker.stroke(path.scaled(order: order), xbord: width.x, ybord: width.y, eps: Self.precision)
        else { return nil }
        return Stroked(outer: stroked.outer, inner: stroked.inner, box: LibassOutline.controlBox([stroked.outer, stroked.inner]))
    }

    /// The border's coverage for `source` (the glyph at the reference size), relative to the pen,
    /// with the centre of the border outline's control box at `phase` (26.6 units, y up), as libass
    /// draws it: both offset outlines of every contour (`LibassStroker`), rasterized as libass's two
    /// outline groups (`LibassRasterizer`). Nil when libass would not stroke this outline.
    func mask(for source: GlyphOutline, phase: (x: Int, y: Int)) -> AlphaMask? {
        guard let stroked = stroke(source) else { return nil }
        guard let box = stroked.box else { return .empty }
        let s = borderScale(extent: (Double(box.2 - box.0), Double(box.3 - box.1)))
        let centre = (x: Double(box.0 + box.2) / 2, y: Double(box.1 + box.3) / 2)
        // The outer and inner offsets are libass's two outline groups.
        return LibassOutline.rasterize([stroked.outer, stroked.inner], scale: s, centre: centre, phase: phase)
    }
}
