import CFreeType
import CaptionLayout

/// The lines libass adds to a glyph's own outline for `\u1` and `\s1` (`ass_get_glyph_outline` in
/// ass_font.c): a rectangle from the pen to the glyph's advance at the face's underline or strikeout
/// (`DecorationMetrics`), wound as the glyph's contours are, so a space in an underlined span is a
/// glyph of its own made of the line alone and the line is stroked, rounded to the 1/8 px grid and
/// combined with the run like every other glyph. The native painter draws decorations so under
/// `TextShaping.simple`, where a line is one libass event; the compiled ASS draws them as drawings
/// of their own (`DecorationBars`), and so does the painter under the complex shaper.
public struct GlyphDecorations: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let underline = GlyphDecorations(rawValue: 1)
    public static let strikeout = GlyphDecorations(rawValue: 2)

    /// The decorations of the given bar kinds.
    public init(_ kinds: some Sequence<DecorationBar.Kind>) {
        self = kinds.reduce(into: []) { $0.insert($1 == .underline ? .underline : .strikeout) }
    }

    /// `outline` (26.6 at the reference size, y up; nil for a glyph with no contours) with the lines
    /// added across `advance` (26.6 at the reference size), as libass adds them; nil when nothing is
    /// left to draw. A face without usable lines, or a glyph without advance, keeps its outline.
    func apply(to outline: GlyphOutline?, advance: Int, metrics: DecorationMetrics, library: FT_Library) -> GlyphOutline? {
        var lines: [DecorationMetrics.Line] = []
        if contains(.underline), let line = metrics.underline { lines.append(line) }
        if contains(.strikeout), let line = metrics.strikeout { lines.append(line) }
        guard advance > 0, !lines.isEmpty else { return outline }
        var out = outline ?? GlyphOutline(points: [], tags: [], contourEnds: [], flags: 0, library: library)
        // libass picks which edge comes first by the glyph's winding, so the rectangle adds to the
        // glyph's coverage where they overlap instead of cutting it (an empty outline counts as TrueType's).
        let trueType = out.points.isEmpty || out.orientation == FT_ORIENTATION_TRUETYPE
        for line in lines {
            // y down from the baseline, as libass has it: the top, then the bottom.
            let top = line.centre - (line.thickness >> 1), bottom = top + line.thickness
            let (y0, y1) = trueType ? (top, bottom) : (bottom, top)
            // libass's rectangle (0, y0) (adv, y0) (adv, y1) (0, y1) in its y-down form; y up here.
            for (x, y) in [(0, y0), (advance, y0), (advance, y1), (0, y1)] {
                out.points.append(FT_Vector(x: x, y: -y))
                out.tags.append(1)   // FT_CURVE_TAG_ON
            }
            out.contourEnds.append(Int16(out.points.count - 1))
        }
        return out
    }
}
