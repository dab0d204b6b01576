import CaptionLayout
import CaptionModel
import CaptionStyles

/// A rounded rectangle as a `\p1` drawing event: its top-left corner placed by `\an7\pos`, the path
/// relative to it with the corners as cubic quarter circles (κ ≈ 0.5523), no border, shadow or blur,
/// filled with the box colour. Line boxes and word boxes share it; the path is `RoundedBoxPath`'s,
/// which the native painter draws as libass draws this drawing.
struct RoundedBoxDrawing {
    /// The padded rectangle in frame pixels and the corner radius (before clamping to half a side).
    var x: Double, y: Double, width: Double, height: Double, radius: Double
    var color: RGBAColor
    /// More tags for the drawing (a word box's fade-in).
    var tags = ""

    /// `rect` padded by the box's padding, all lengths scaled by `k` (the layout's scale).
    init(around rect: LayoutRect, box: CaptionStyle.Box, scale k: Double) {
        x = rect.x - box.paddingX * k
        y = rect.y - box.paddingY * k
        width = rect.width + 2 * box.paddingX * k
        height = rect.height + 2 * box.paddingY * k
        radius = box.cornerRadius * k
        color = box.color
    }

    /// The drawing commands of a box at the origin (`RoundedBoxPath`'s path).
    static func path(width: Double, height: Double, radius: Double) -> String {
        let n = ASSSyntax.number
        return RoundedBoxPath.commands(width: width, height: height, radius: radius).map { command -> String in
            switch command {
            case let .move(x, y): return "m \(n(x)) \(n(y))"
            case let .line(x, y): return "l \(n(x)) \(n(y))"
            case let .cubic(x1, y1, x2, y2, x3, y3): return "b \(n(x1)) \(n(y1)) \(n(x2)) \(n(y2)) \(n(x3)) \(n(y3))"
            }
        }.joined(separator: " ")
    }

    var text: String {
        let n = ASSSyntax.number
        let path = Self.path(width: width, height: height, radius: radius)
        return "{\\an7\\pos(\(n(x)),\(n(y)))\\bord0\\shad0\\blur0\\1c\(ASSSyntax.tagColor(color))\\1a\(ASSSyntax.transparency(color.alpha))\(tags)\\p1}"
            + path + "{\\p0}"
    }
}
