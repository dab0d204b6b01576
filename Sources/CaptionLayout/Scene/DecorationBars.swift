import CaptionStyles

/// One underline or strikeout bar of one word: a rectangle in frame pixels (y down, before page and
/// word motion), drawn in the word's colours, stroke and shadow as if it were one more glyph of it.
public struct DecorationBar: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case underline, strikeout }
    public var kind: Kind
    /// The word whose look the bar takes (an index into `TextLayout.words`).
    public var word: Int
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
}

/// The bars of a page's underlined and struck-out words (`WordMarkup`).
///
/// libass draws `\u1` and `\s1` as a rectangle added to each glyph's outline, from the pen to its
/// advance, at the face's `post` underline or `OS/2` strikeout (`DecorationMetrics`); glyph after glyph,
/// spaces included, that makes one bar under the marked text. Here a word's bar runs along its advance
/// box and on over the space to the next word when that word carries the same line on the same text
/// line, so `<u>two words</u>` is underlined without a gap and `<u>one</u> two` stops at the word.
/// The bar's height and place come from the word's first glyph's face and size.
///
/// Both drawing paths draw the bars as drawings, not as `\u1`: the native painter as one more run of
/// the word (`CaptionPainter`), the compiled ASS as `\p1` rectangles on the word's layers
/// (`LineEvents`), because the compiled ASS's per-word events carry filler glyphs whose own rectangles
/// would stretch a `\u1` line beyond the word.
public enum DecorationBars {
    private static let metrics = BoundedMemo<ObjectIdentifier, (FontFace, DecorationMetrics)>(limit: 256)

    /// The face's underline and strikeout lines, read once per face (the painter's glyph outlines under
    /// the simple shaper use them too).
    public static func metrics(of face: FontFace) -> DecorationMetrics {
        metrics.value(ObjectIdentifier(face)) { (face, face.decorationMetrics) }.1
    }

    /// `words`: the page's timed words, one per laid-out word, whose markup marks them.
    public static func bars(layout: TextLayout, words timed: [TimedWord]) -> [DecorationBar] {
        var bars: [DecorationBar] = []
        for (i, word) in layout.words.enumerated() where i < timed.count {
            let markup = timed[i].markup
            guard markup.underline || markup.strikethrough, let glyph = layout.glyphs[word.glyphRange].first,
                  word.box.width > 0 else { continue }
            let face = glyph.face
            let lines = Self.metrics(of: face)
            let baseline = layout.lines[word.lineIndex].baseline
            // The next word of the same text line, whose marks decide whether a bar runs on to it.
            let next = i + 1 < layout.words.count && i + 1 < timed.count && layout.words[i + 1].lineIndex == word.lineIndex
                ? (box: layout.words[i + 1].box, markup: timed[i + 1].markup) : nil
            for (kind, marked, continues, line) in [
                (DecorationBar.Kind.underline, markup.underline, next?.markup.underline == true, lines.underline),
                (.strikeout, markup.strikethrough, next?.markup.strikethrough == true, lines.strikeout),
            ] {
                guard marked, let line else { continue }
                // Over the space to the next word's left edge when the line goes on (left to right only:
                // a right-to-left word's neighbour in reading order lies to its left).
                var right = word.box.x + word.box.width
                if continues, let next, word.direction == .leftToRight, next.box.x > right { right = next.box.x }
                let (top, thickness) = line.pixels(size: glyph.fontSize)
                guard thickness > 0 else { continue }
                bars.append(DecorationBar(kind: kind, word: i, x: word.box.x, y: baseline + top, width: right - word.box.x,
                                          height: thickness))
            }
        }
        return bars
    }
}
