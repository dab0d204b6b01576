import CaptionLayout
import Foundation

/// How libass puts the glyphs of one run (the glyphs it combines into one bitmap: in the compiled
/// ASS, one word) on its 1/8 px grid (`quantize_transform` in ass_render.c): the first glyph's
/// control-box centre is rounded to the nearest eighth and the rounding error remembered; every
/// later glyph's centre is first moved by that same error, then rounded. So a run moves as one
/// piece and its glyphs keep their distances to within 1/16 px, instead of each glyph rounding on
/// its own. Positions are in eighths of a frame pixel.
public struct LibassSubpixelRun: Sendable {
    private var offset: (x: Double, y: Double)?

    public init() {}

    /// The grid point (eighths of a pixel) for a glyph whose exact centre is at (x, y) eighths.
    public mutating func place(x: Double, y: Double) -> (x: Int, y: Int) {
        guard let offset else {
            let q = (x: Self.round(x), y: Self.round(y))
            self.offset = (x - Double(q.x), y - Double(q.y))
            return q
        }
        return (Self.round(x - offset.x), Self.round(y - offset.y))
    }

    /// C's `lrint` in the default rounding mode: halves to even.
    static func round(_ v: Double) -> Int { Int(v.rounded(.toNearestOrEven)) }
}
