import CaptionExpectations
import Testing
import CaptionModel
import CaptionStyles
import CaptionLayout
@testable import CaptionRender

/// letter-by-letter on pixels: at a time inside a word, the characters whose share of the word has
/// begun (character k of n from start + k × duration / n) are drawn in the highlight colour and the
/// others in the text colour; earlier words are fully lit, later ones not at all.
@Suite struct LetterModeTests {
    static let words: [Word] = [("So", 0, 180), ("today", 180, 520), ("caption", 520, 1220), ("styles", 1220, 1800)]
        .map { Word(text: $0.0, start: $0.1, end: $0.2) }
    static let event = CaptionEvent(start: 0, end: 1800, text: CaptionText(plain: words.map(\.text).joined(separator: " ")), words: words)

    /// Times in "caption" (520-1220, 7 characters of 100 ms): just after each share begins and just
    /// before the next, so the 10 ms grid the steps sit on cannot move them across.
    static let times: [Milliseconds] = [521, 615, 627, 1013, 1027, 1219]

    @Test(arguments: times)
    func litCharactersAreThoseWhoseShareHasBegun(t: Milliseconds) throws {
        let style = TestFonts.pinned(try StyleLibrary.locate().style(preset: "letter-by-letter", styleFile: nil))
        let r = CaptionFrameRenderer(style: style, width: 1080, height: 1920)
        var image = RGBAImage(width: 1080, height: 1920)
        try r.render(Self.event, at: t, onto: &image)
        let layout = try r.scene(Self.event, at: t).layout
        let w = Self.words[2]
        let lit = (0..<7).filter { w.start + $0 * (w.end - w.start) / 7 <= t }.count

        // Each character's columns: from where its glyphs begin to where the next character's begin.
        let word = layout.words[2]
        let starts = word.characterRange.map { c in layout.glyphs[word.glyphRange].filter { $0.characterIndex == c }.map(\.x).min()! }
        let ink = try #require(word.inkBox)
        for k in 0..<7 {
            let left = Double(Int(starts[k].rounded()))
            let right = k < 6 ? Double(Int(starts[k + 1].rounded())) : ink.maxX + 1
            let columns = LayoutRect(minX: left, minY: ink.minY, maxX: right, maxY: ink.maxY)
            let highlighted = pixelCount(of: style.highlightColor, in: image, columns), plain = pixelCount(of: style.textColor, in: image, columns)
            if k < lit {
                expectTrue(highlighted > 20 && plain == 0, "at \(t) ms character \(k) should be lit: \(highlighted) lit, \(plain) plain pixels")
            } else {
                expectTrue(highlighted == 0 && plain > 20, "at \(t) ms character \(k) should not be lit: \(highlighted) lit, \(plain) plain pixels")
            }
        }
        for (i, other) in layout.words.enumerated() where i != 2 {
            let box = try #require(other.inkBox)
            let highlighted = pixelCount(of: style.highlightColor, in: image, box), plain = pixelCount(of: style.textColor, in: image, box)
            if i < 2 { expectTrue(highlighted > 50 && plain == 0, "past word \(i) should be lit") }
            else { expectTrue(highlighted == 0 && plain > 50, "upcoming word \(i) should not be lit") }
        }
    }

    /// Grapheme clusters stay whole: "é" written as e + combining acute is one character, lit at once.
    @Test func clustersLightUpWhole() {
        let word = TimedWord(text: "cafe\u{301}s", start: 0, end: 500)
        expectEqual(CharacterSteps.times(of: word), [100, 200, 300, 400])
        var style = CaptionStyle()
        style.karaoke.mode = .letter
        let lit = [50, 150, 350, 450].map { Karaoke.appearances(of: [word], at: $0, style: style)[0].sweepCharacters }
        expectEqual(lit, [1, 2, 4, 5])
        expectEqual(Karaoke.appearances(of: [word], at: 500, style: style)[0].sweepCharacters, 5)
        expectEqual(Karaoke.appearances(of: [word], at: -1, style: style)[0].sweepCharacters, 0)
    }
}
