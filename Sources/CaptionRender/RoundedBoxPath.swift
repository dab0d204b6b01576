import CaptionLayout
import Foundation

/// The coverage libass gives the compiled ASS's rounded box drawing (`RoundedBoxPath.commands`), so
/// the native boxes are libass's boxes.
///
/// libass reads each number as 1/64 px
/// (`double_to_d6`, lrint), places the drawing's control-box centre on its 1/8 px grid, quantises the
/// scale as for a glyph, and fills it with its rasterizer (`ass_drawing_parse`, `get_outline_glyph`,
/// `quantize_transform`); the exact-area rounded rectangle this replaces differed by up to 50 levels
/// at the corners, where the cubic is not a circle.
extension RoundedBoxPath {
    /// The path as `ass_drawing_parse` builds it: a line adds its end point, a cubic its two control
    /// points and end point, and the contour closes with a line back to its start (1/64 px, y down).
    static func outline(width: Double, height: Double, radius: Double) -> LibassOutline {
        var outline = LibassOutline()
        for command in commands(width: width, height: height, radius: radius.isFinite ? radius : 0) {
            switch command {
            case let .move(px, py):
                outline.points.append(.init(x: ASSNumber.d6(px), y: ASSNumber.d6(py)))
            case let .line(px, py):
                outline.segments.append(LibassOutline.line)
                outline.points.append(.init(x: ASSNumber.d6(px), y: ASSNumber.d6(py)))
            case let .cubic(x1, y1, x2, y2, x3, y3):
                outline.segments.append(LibassOutline.cubic)
                outline.points += [.init(x: ASSNumber.d6(x1), y: ASSNumber.d6(y1)), .init(x: ASSNumber.d6(x2), y: ASSNumber.d6(y2)), .init(x: ASSNumber.d6(x3), y: ASSNumber.d6(y3))]
            }
        }
        outline.segments.append(LibassOutline.line | LibassOutline.contourEnd)
        return outline
    }

    /// libass's coverage of the box drawn with its top-left corner at (x, y) in frame pixels. `trimmed`
    /// false keeps the extent of libass's bitmap (16 px tiles), which a shadow's blur needs as for a
    /// glyph (`GlyphRasterizer.draw`).
    public static func mask(x: Double, y: Double, width: Double, height: Double, radius: Double, trimmed: Bool = true) -> AlphaMask {
        guard width > 0, height > 0, x.isFinite, y.isFinite, width.isFinite, height.isFinite else { return .empty }
        let outline = outline(width: width, height: height, radius: radius)
        guard let box = LibassOutline.controlBox([outline]) else { return .empty }
        // The scale (1) quantised in steps of 8 / (half the box + 64), as for a glyph.
        let scale = (LibassBorder.quantisedScale(1, halfExtent: Double(box.2 - box.0) / 2 + 64),
                     LibassBorder.quantisedScale(1, halfExtent: Double(box.3 - box.1) / 2 + 64))
        return placed([outline], box: box, scale: scale, x: x, y: y, trimmed: trimmed)
    }

    /// libass's border (`\bord`, `strokeWidth` px) of the same drawing: the path stroked by libass's
    /// stroker at the drawing's scale (1: the script's pixels are the frame's), its own control box's
    /// centre on the 1/8 px grid apart from the fill's, as for a glyph's border (`LibassBorder`).
    public static func borderMask(x: Double, y: Double, width: Double, height: Double, radius: Double,
                                  strokeWidth: Double, trimmed: Bool = true) -> AlphaMask {
        guard width > 0, height > 0, strokeWidth > 0, x.isFinite, y.isFinite, width.isFinite, height.isFinite else { return .empty }
        let border = LibassBorder(scale: (1, 1), width: strokeWidth)
        guard !border.isEmpty else { return mask(x: x, y: y, width: width, height: height, radius: radius, trimmed: trimmed) }
        guard let stroked = border.stroke(outline(width: width, height: height, radius: radius)), let box = stroked.box else { return .empty }
        let scale = border.borderScale(extent: (Double(box.2 - box.0), Double(box.3 - box.1)))
        return placed([stroked.outer, stroked.inner], box: box, scale: scale, order: border.order, x: x, y: y, trimmed: trimmed)
    }

    /// Outlines drawn with their origin at (x, y) in frame pixels, as libass places a drawing: the
    /// control box's centre (outline units, the frame's 1/64 px scaled by 2^`order`) onto the 1/8 px
    /// grid, the outlines scaled by `scale` about it and rasterized (one group each).
    private static func placed(_ outlines: [LibassOutline], box: (Int, Int, Int, Int), scale: (Double, Double),
                               order: (x: Int, y: Int) = (0, 0), x: Double, y: Double, trimmed: Bool) -> AlphaMask {
        let cx = Double(box.0 + box.2) / 2, cy = Double(box.1 + box.3) / 2
        let qx = Int(((Double(ASSNumber.d6(x)) + scalbn(cx, -order.x)) / 8).rounded(.toNearestOrEven))
        let qy = Int(((Double(ASSNumber.d6(y)) + scalbn(cy, -order.y)) / 8).rounded(.toNearestOrEven))
        guard let mask = LibassOutline.rasterize(outlines, scale: scale, centre: (cx, cy),
                                                 phase: ((qx & 7) * 8, -(qy & 7) * 8)) else { return .empty }
        let placed = mask.translated(dx: qx >> 3, dy: qy >> 3)
        return trimmed ? placed.trimmed() : placed
    }
}
