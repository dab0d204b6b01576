import CaptionLayout
import CaptionModel
import CaptionStyles

/// A rounded rectangle as a `\p1` drawing event: its top-left corner placed by `\an7\pos`, the path
/// relative to it with the corners as cubic quarter circles (κ ≈ 0.5523), no border, shadow or blur,
/// filled with the box colour. Line boxes and word boxes share it, as the native painter shares
/// `AlphaMask.roundedRectangle`.
struct RoundedBoxDrawing {
    /// The padded rectangle in frame pixels and the corner radius (before clamping to half a side).
    var x: Double, y: Double, width: Double, height: Double, radius: Double
    var color: RGBAColor

    /// `rect` padded by the box's padding, all lengths scaled by `k` (the layout's scale).
    init(around rect: LayoutRect, box: CaptionStyle.Box, scale k: Double) {
        x = rect.x - box.paddingX * k
        y = rect.y - box.paddingY * k
        width = rect.width + 2 * box.paddingX * k
        height = rect.height + 2 * box.paddingY * k
        radius = box.cornerRadius * k
        color = box.color
    }

    var text: String {
        let n = ASSSyntax.number, w = width, h = height
        let r = min(radius, w / 2, h / 2), c = r * 0.4477  // r·(1 − κ)
        let path = "m \(n(r)) 0 l \(n(w - r)) 0 b \(n(w - c)) 0 \(n(w)) \(n(c)) \(n(w)) \(n(r)) "
            + "l \(n(w)) \(n(h - r)) b \(n(w)) \(n(h - c)) \(n(w - c)) \(n(h)) \(n(w - r)) \(n(h)) "
            + "l \(n(r)) \(n(h)) b \(n(c)) \(n(h)) 0 \(n(h - c)) 0 \(n(h - r)) "
            + "l 0 \(n(r)) b 0 \(n(c)) \(n(c)) 0 \(n(r)) 0"
        return "{\\an7\\pos(\(n(x)),\(n(y)))\\bord0\\shad0\\blur0\\1c\(ASSSyntax.tagColor(color))\\1a\(ASSSyntax.transparency(color.alpha))\\p1}"
            + path + "{\\p0}"
    }
}
