import CaptionLayout

/// Where libass puts the glyphs of a word drawn alone, centred at (centreX, centreY) with `\an5\pos`
/// and scaled by `\fscx\fscy` (the compiled ASS of a growing or popping word): it lays the word out
/// again at the scaled size (advances `FontFace.libassAdvance` at size × scale, so rounded at that
/// scale, not scaled afterwards), centres the advance box horizontally and the line box (its scaled
/// ascender and descender) vertically, and puts positions on its 1/64 px grid. Scaling the resting
/// layout about the centre instead lands glyphs up to a few tenths of a pixel away.
struct LibassScaledWord {
    /// Pen positions (baseline origins, frame pixels) of `glyphs`, in the same order, at ASS size
    /// `size × scale`.
    static func pens(of glyphs: [PositionedGlyph], size: Double, scale: Double, centreX: Double, centreY: Double) -> [(x: Double, y: Double)] {
        guard !glyphs.isEmpty else { return [] }
        let scaled = size * scale
        // Visual order: the pen runs left to right whatever the word's direction.
        let order = glyphs.indices.sorted { glyphs[$0].x < glyphs[$1].x }
        var pen = [Double](repeating: 0, count: glyphs.count)
        var width = 0.0
        for i in order {
            pen[i] = width
            width += glyphs[i].face.libassAdvance(glyph: glyphs[i].glyphID, adjustment: glyphs[i].kerning, size: scaled)
        }
        // The line box is the largest ascender and descender of the fonts the glyphs come from.
        let ascender = glyphs.map { $0.face.libassAscender(size: scaled) }.max() ?? 0
        let descender = glyphs.map { $0.face.libassDescender(size: scaled) }.max() ?? 0
        // Each glyph's x is rounded on its own from the unrounded start (`double_to_d6(device_x + pen)`,
        // lrint): when the start falls on half a 64th, the glyphs round to even one by one and some
        // land a 64th right of the snapped start plus their pen (measured: 'a' of "today" at 1.0125x,
        // an eighth off after libass's 1/8 px rounding). The baseline is rounded once, then added.
        let left = centreX - width / 2
        let baseline = LibassGrid.snap(centreY - (descender - ascender) / 2)
        return pen.map { (LibassGrid.snap(left + $0), baseline) }
    }
}
