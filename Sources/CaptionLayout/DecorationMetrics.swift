import CFreeType

/// Where a face draws its underline and strikeout, as libass reads them for `\u1` and `\s1`
/// (`ass_get_glyph_outline` in ass_font.c): the underline from the `post` table (used only when its
/// position is at or below the baseline and its thickness positive), the strikeout from `OS/2` (used
/// only when at or above the baseline with a positive size), each centred on that position, both
/// rounded to 26.6 at libass's 256 px reference size.
public struct DecorationMetrics: Sendable, Hashable {
    /// A line's centre below the baseline (negative: above it) and its thickness, in 26.6 units at
    /// the reference size.
    public struct Line: Sendable, Hashable {
        public var centre: Int
        public var thickness: Int

        /// The line's top below the baseline and its thickness, in pixels at ASS `size`: libass's
        /// rectangle from `-position - thickness / 2` (integer halving, in 26.6) down by the thickness.
        public func pixels(size: Double) -> (top: Double, thickness: Double) {
            let k = size / FontFace.libassReferenceSize / 64
            return (Double(centre - (thickness >> 1)) * k, Double(thickness) * k)
        }
    }

    public var underline: Line?
    public var strikeout: Line?
}

extension FontFace {
    /// The face's underline and strikeout lines; nil where the font gives none libass would draw.
    public var decorationMetrics: DecorationMetrics {
        withReferenceSize { ftFace -> DecorationMetrics? in
            let yScale = Int(ftFace.pointee.size.pointee.metrics.y_scale)
            var metrics = DecorationMetrics()
            if let raw = FT_Get_Sfnt_Table(ftFace, FT_SFNT_POST) {
                let post = raw.assumingMemoryBound(to: TT_Postscript.self).pointee
                if post.underlinePosition <= 0, post.underlineThickness > 0 {
                    metrics.underline = .init(centre: -Self.scaled(Int(post.underlinePosition), yScale),
                                              thickness: Self.scaled(Int(post.underlineThickness), yScale))
                }
            }
            if let raw = FT_Get_Sfnt_Table(ftFace, FT_SFNT_OS2) {
                let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
                if os2.yStrikeoutPosition >= 0, os2.yStrikeoutSize > 0 {
                    metrics.strikeout = .init(centre: -Self.scaled(Int(os2.yStrikeoutPosition), yScale),
                                              thickness: Self.scaled(Int(os2.yStrikeoutSize), yScale))
                }
            }
            return metrics
        } ?? DecorationMetrics()
    }

    /// Font units to 26.6 at the sized face's scale, as libass rounds them: `(v · scale + 0x8000) >> 16`.
    private static func scaled(_ v: Int, _ yScale: Int) -> Int { (v * yScale + 0x8000) >> 16 }
}
