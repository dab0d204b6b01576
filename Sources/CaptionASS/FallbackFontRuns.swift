import CaptionFormats
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
        let fillers = SimpleShaperFillers.plan(word: i, in: layout, strokeWidth: PrintedLengths.strokeWidth(style, scale: layout.scale), style: style)
        func group(_ fillers: [SimpleShaperFillers.Filler], place: Int) -> String {
            fillers.enumerated().map { k, f in "{" + spacing(f, place, k == fillers.count - 1) + (f.hidden ? "\\fscy0" : "") + "}" + String(f.scalar) }
                .joined()
        }
        let characters = Array(word.text.prefix(count ?? Int.max))
        var faces: [Int: FontFace] = [:]
        for glyph in layout.glyphs[word.glyphRange] { faces[glyph.characterIndex] = faces[glyph.characterIndex] ?? glyph.face }
        let primary = layout.face
        let styleBold = style.fontWeight >= 600 ? "1" : "0"
        var out = "", current: FontFace? = nil, italicOn = false
        if let size = layout.glyphs[word.glyphRange].first?.fontSize, size != layout.fontSize {
            out += "{\\fs\(ASSSyntax.number(size))}"
        }
        // The word's text since the last tag block, escaped as the ASS writer escapes caption text
        // (`ASSWriter.escape`: braces as `\{` `\}`, and a backslash libass would read with a following
        // N, n, h or tag block as its look-alike) when a block follows it or the word ends.
        var text = ""
        func append(block tags: String) {
            out += ASSWriter.escape(text, endsEvent: false) + tags
            text = ""
        }
        for (offset, character) in characters.enumerated() {
            // A character with no glyph of its own (the second of a ligature) is in its cluster's face.
            let face = faces[word.characterRange.lowerBound + offset] ?? (offset > 0 ? current ?? primary : primary)
            let fallback = face == primary ? nil : face
            if fallback != current {
                if let fallback {
                    // A bold face as bold (the style's weight, the emphasis's or the markup's), any other
                    // as regular; an italic or oblique face (the markup's) as italic.
                    let bold = fallback.styleName.localizedCaseInsensitiveContains("bold") ? "1" : "0"
                    let italic = fallback.isItalic
                    append(block: "{\\fn\(fallback.familyName)\\b\(bold)" + (italic != italicOn ? (italic ? "\\i1" : "\\i0") : "") + "}")
                    italicOn = italic
                } else {
                    append(block: "{\\fn\\b\(styleBold)" + (italicOn ? "\\i0" : "") + "}")
                    italicOn = false
                }
                current = fallback
            }
            if let before = fillers.before[offset] {
                // Each filler's `\fsp` takes its complex-shaper advance back out; then no spacing again.
                append(block: group(before, place: offset) + "{\\fsp0" + (before.contains(where: \.hidden) ? "\\fscy100" : "") + "}")
            }
            text.append(character)
        }
        if (count ?? .max) >= word.characterRange.count, let after = fillers.before[word.characterRange.count] {
            append(block: group(after, place: word.characterRange.count))
        }
        return out + ASSWriter.escape(text, endsEvent: true)
    }
}
