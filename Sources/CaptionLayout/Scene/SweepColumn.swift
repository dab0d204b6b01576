import CaptionStyles

/// The pixel column where a karaoke word's fill is split between the sweep colour (its first part in
/// reading order) and its own colour: the native painter splits there and the compiled ASS clips its
/// two copies there, so both draw the same pixels.
public enum SweepColumn {
    /// nil when the word is not split (no sweep in its appearance).
    public static func x(word i: Int, in layout: TextLayout, appearance: WordAppearance) -> Int? {
        let word = layout.words[i]
        let rightToLeft = word.direction == .rightToLeft
        if let sweep = appearance.sweep {
            let fraction = rightToLeft ? 1 - sweep : sweep
            return Int((word.box.x + fraction * word.box.width).rounded())
        }
        guard let lit = appearance.sweepCharacters else { return nil }
        // Where the first unlit character's glyphs begin in reading order: the left of the leftmost
        // for a left-to-right word, the right of the rightmost for a right-to-left one.
        let first = word.characterRange.lowerBound + lit
        let rest = layout.glyphs[word.glyphRange].filter { $0.characterIndex >= first }
        let edge: Double
        if lit <= 0 || rest.isEmpty {
            edge = (lit <= 0) == rightToLeft ? word.box.maxX : word.box.x
        } else {
            edge = rightToLeft ? rest.map { $0.x + $0.advance }.max()! : rest.map(\.x).min()!
        }
        return Int(edge.rounded())
    }
}
