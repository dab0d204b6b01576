import CaptionLayout
import CaptionRender
import CaptionStyles

/// A word's text with `\fn` switches around the characters the layout drew from a fallback font (CJK
/// from Droid Sans Fallback, emoji from Symbola...): the ASS names the same font for them, so libass
/// (which has no fallback of its own when fonts are given explicitly) draws the same glyphs. A
/// fallback without a bold face is asked for with `\b0`, since libass would otherwise embolden it
/// synthetically where the native renderer draws it as it is. `\fn` with no name returns to the
/// style's font. An emphasised word laid out in another weight or size (`emphasis.font_weight`,
/// `emphasis.scale`) names its face the same way and starts with its size (`\fs`).
/// Words also get the filler characters that keep libass's simple shaper on the complex shaper's
/// grid (`SimpleShaperFillers`).
struct FallbackFontRuns {
    let layout: TextLayout
    let style: CaptionStyle

    /// The first `count` characters of word `i` (all when nil), escaped, with font switches, and with
    /// the simple shaper's fillers (`SimpleShaperFillers`). A filler's tags are its `\fsp`, or what
    /// `spacing` makes of the filler, its group's place and whether it is the group's last (a word drawn
    /// scaled animates it with its scale). A hidden filler (`Filler.hidden`) is written at zero height
    /// (`\fscy0`), then the style's height comes back (`\fscy100`); a mode that scales words plans none
    /// (the height would have to be animated again after each).
    func text(word i: Int, characters count: Int? = nil,
              spacing: (SimpleShaperFillers.Filler, _ place: Int, _ last: Bool) -> String = { f, _, _ in "\\fsp" + ASSSyntax.number(f.spacing) })
        -> String {
        let word = layout.words[i]
        let fillers = SimpleShaperFillers.plan(word: i, in: layout, strokeWidth: PrintedLengths.strokeWidth(style, scale: layout.scale),
                                               hiddenFillers: !ScaledSpan.isUsed(by: style))
        func group(_ fillers: [SimpleShaperFillers.Filler], place: Int) -> String {
            fillers.enumerated().map { k, f in "{" + spacing(f, place, k == fillers.count - 1) + (f.hidden ? "\\fscy0" : "") + "}" + String(f.scalar) }
                .joined()
        }
        let characters = Array(word.text.prefix(count ?? Int.max))
        var faces: [Int: FontFace] = [:]
        for glyph in layout.glyphs[word.glyphRange] { faces[glyph.characterIndex] = faces[glyph.characterIndex] ?? glyph.face }
        let primary = layout.face
        let styleBold = style.fontWeight >= 600 ? "1" : "0"
        var out = "", current: FontFace? = nil
        if let size = layout.glyphs[word.glyphRange].first?.fontSize, size != layout.fontSize {
            out += "{\\fs\(ASSSyntax.number(size))}"
        }
        let writesTrailing = (count ?? .max) >= word.characterRange.count && fillers.before[word.characterRange.count] != nil
        /// Whether a backslash at `offset` is followed by nothing libass would read with it: a
        /// character other than N, n, h (braces are written `\{`, starting with a backslash of their
        /// own), or the end of the text; not by a tag block (a face switch, fillers).
        func backslashIsSafe(at offset: Int) -> Bool {
            let next = offset + 1
            guard next < characters.count else { return !writesTrailing }
            let face = faces[word.characterRange.lowerBound + offset] ?? primary
            return fillers.before[next] == nil && (faces[word.characterRange.lowerBound + next] ?? primary) == face
                && !["N", "n", "h"].contains(characters[next])
        }
        for (offset, character) in characters.enumerated() {
            let face = faces[word.characterRange.lowerBound + offset] ?? primary
            let fallback = face == primary ? nil : face
            if fallback != current {
                if let fallback {
                    // A bold face as bold (the style's weight or the emphasis's), any other as regular.
                    let bold = fallback.styleName.localizedCaseInsensitiveContains("bold") ? "1" : "0"
                    out += "{\\fn\(fallback.familyName)\\b\(bold)}"
                } else {
                    out += "{\\fn\\b\(styleBold)}"
                }
                current = fallback
            }
            if let before = fillers.before[offset] {
                // Each filler's `\fsp` takes its complex-shaper advance back out; then no spacing again.
                out += group(before, place: offset) + "{\\fsp0" + (before.contains(where: \.hidden) ? "\\fscy100" : "") + "}"
            }
            out += ASSSyntax.escape(character, safeBackslash: character == "\\" && backslashIsSafe(at: offset))
        }
        if (count ?? .max) >= word.characterRange.count, let after = fillers.before[word.characterRange.count] {
            out += group(after, place: word.characterRange.count)
        }
        return out
    }
}
