import CaptionStyles

/// Where the compiled ASS puts a word (`\an7` at its box's left and this top), and how far a moving
/// word is drawn from its place: the native painter shifts the word by what libass's `\move` gives.
public enum WordTop {
    /// libass puts the baseline of a one-word event below its top by the largest ascender of the
    /// fonts its glyphs come from, so a word drawn in a fallback font with another ascender (an emoji
    /// from Symbola: 2.6 px less at 40 px) gets its own top to keep the line's baseline.
    public static func top(of i: Int, in layout: TextLayout) -> Double {
        let word = layout.words[i]
        let glyphs = layout.glyphs[word.glyphRange]
        let ascender = glyphs.map { $0.face.libassAscender(size: $0.fontSize) }.max()
        return ascender.map { layout.lines[word.lineIndex].baseline - $0 } ?? layout.lines[word.lineIndex].top
    }

    /// The middle of the word's line box as libass centres a one-word event (`\an5`, a word that
    /// scales): between its top (`top(of:in:)`) and the baseline plus the largest descender of its
    /// glyphs' fonts at their sizes. For a word in the style's own font and size this is the middle of
    /// its line; an emphasised word laid out larger has its own.
    public static func centreY(of i: Int, in layout: TextLayout) -> Double {
        let word = layout.words[i]
        let glyphs = layout.glyphs[word.glyphRange]
        guard let descender = glyphs.map({ $0.face.libassDescender(size: $0.fontSize) }).max() else { return word.box.y + word.box.height / 2 }
        return (top(of: i, in: layout) + layout.lines[word.lineIndex].baseline + descender) / 2
    }

    /// The tops a rise moves between, as printed in `\move` and read back by libass.
    public static func tops(of i: Int, in layout: TextLayout, rise: WordRise) -> (from: Double, to: Double) {
        let top = self.top(of: i, in: layout)
        return (ASSNumber.read(top + rise.fromOffset * layout.scale), ASSNumber.read(top + rise.toOffset * layout.scale))
    }

    /// How far below its place the word is drawn: libass's `\move` position (`k·(y2 − y1) + y1`) less
    /// the top at rest.
    public static func offset(of i: Int, in layout: TextLayout, rise: WordRise) -> Double {
        let (y1, y2) = tops(of: i, in: layout, rise: rise)
        return rise.progress * (y2 - y1) + y1 - ASSNumber.read(top(of: i, in: layout))
    }
}
