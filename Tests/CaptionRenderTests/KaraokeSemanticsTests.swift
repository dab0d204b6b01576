import CaptionExpectations
import Testing
import CaptionModel
import CaptionStyles
import CaptionLayout
@testable import CaptionRender

/// The promises of the word-level presets, checked on pixels and glyph positions: only the spoken
/// word is highlighted; the word box covers the spoken word and no other; the spoken word grows to 1.2
/// in place while its neighbours stay where they are.
@Suite struct KaraokeSemanticsTests {
    static let words: [Word] = [("So", 0, 180), ("today", 180, 520), ("we're", 520, 700), ("testing", 700, 1100),
                                ("3", 1160, 1400), ("caption", 1400, 1820), ("styles.", 1820, 2400)]
        .map { Word(text: $0.0, start: $0.1, end: $0.2) }
    static let event = CaptionEvent(start: 0, end: 2400, text: CaptionText(plain: words.map(\.text).joined(separator: " ")), words: words)

    func renderer(_ preset: String) throws -> CaptionFrameRenderer {
        let style = TestFonts.pinned(try StyleLibrary.locate().style(preset: preset, styleFile: nil))
        return CaptionFrameRenderer(style: style, width: 1080, height: 1920)
    }

    func middle(_ k: Int) -> Milliseconds { (Self.words[k].start + Self.words[k].end) / 2 }


    @Test(arguments: [1, 3, 5])
    func highlightByWordColoursOnlyTheSpokenWord(_ k: Int) throws {
        let r = try renderer("highlight-by-word")
        var image = RGBAImage(width: 1080, height: 1920)
        try r.render(Self.event, at: middle(k), onto: &image)
        let layout = try r.scene(Self.event, at: middle(k)).layout
        for (index, word) in layout.words.enumerated() {
            let ink = try #require(word.inkBox)
            let highlighted = pixelCount(of: r.style.highlightColor, in: image, ink)
            let plain = pixelCount(of: r.style.textColor, in: image, ink)
            if index == k {
                expectTrue(highlighted > 50, "word \(index) '\(word.text)' should be highlighted")
                expectEqual(plain, 0)
            } else {
                expectEqual(highlighted, 0, "word \(index) '\(word.text)' has \(highlighted) highlight pixels at word \(k)'s middle")
                expectTrue(plain > 50)
            }
        }
    }

    @Test(arguments: [1, 3, 5])
    func backgroundByWordBoxesTheSpokenWordAndNoOther(_ k: Int) throws {
        let r = try renderer("background-by-word")
        let box = try #require(r.style.wordBox)
        let scene = try r.scene(Self.event, at: middle(k))
        expectEqual(scene.appearances.map { $0.box != nil }, scene.layout.words.indices.map { $0 == k })
        let layout = scene.layout
        let painter = CaptionPainter(style: r.style, rasterizer: GlyphRasterizer())
        let core = painter.wordBoxRect(layout.words[k], layout: layout)
        let padded = LayoutRect(x: core.x - box.paddingX * layout.scale, y: core.y - box.paddingY * layout.scale,
                                width: core.width + 2 * box.paddingX * layout.scale, height: core.height + 2 * box.paddingY * layout.scale)
        for glyph in layout.glyphs {
            guard let ink = glyph.inkBox else { continue }
            let inside = ink.minX >= padded.minX && ink.maxX <= padded.maxX && ink.minY >= padded.minY && ink.maxY <= padded.maxY
            let overlaps = ink.minX < padded.maxX && ink.maxX > padded.minX && ink.minY < padded.maxY && ink.maxY > padded.minY
            if glyph.wordIndex == k { expectTrue(inside, "glyph of the spoken word outside its box") }
            else { expectTrue(!overlaps, "the box reaches word \(glyph.wordIndex) '\(layout.words[glyph.wordIndex].text)'") }
        }
        // And on pixels: the box colour shows around the spoken word only (the blurred shadow, drawn
        // over the box as libass draws it, darkens it near the text: hence the tolerance).
        var image = RGBAImage(width: 1080, height: 1920)
        try r.render(Self.event, at: middle(k), onto: &image)
        // Inside the left padding at mid-height: off the text and clear of the rounded corners.
        let probe = LayoutRect(x: padded.minX + 1, y: (padded.minY + padded.maxY) / 2 - 2, width: 3, height: 4)
        expectTrue(pixelCount(of: box.color, in: image, probe, tolerance: 90) > 0)
        let other = layout.words[(k + 2) % layout.words.count]
        expectEqual(pixelCount(of: box.color, in: image, other.box, tolerance: 90), 0)
    }

    @Test(arguments: [1, 3, 5])
    func wordAndScaleGrowsTheSpokenWordInPlace(_ k: Int) throws {
        let r = try renderer("word-and-scale")
        let painter = CaptionPainter(style: r.style, rasterizer: GlyphRasterizer())
        let spoken = try r.scene(Self.event, at: middle(k))
        // 2400 is after every word (and past the 150 ms ease back): nothing is spoken or easing.
        let rest = try r.scene(Self.event, at: 2399 + 1000)
        expectTrue(abs(spoken.appearances[k].scale - 1.2) < 1e-9)
        expectTrue(rest.appearances.allSatisfy { $0.scale == 1 })
        let spokenLayers = painter.glyphMasks(spoken, dy: 0), restLayers = painter.glyphMasks(rest, dy: 0)
        let drawn = spoken.layout.glyphs.filter { $0.inkBox != nil }
        try #require(spokenLayers.count == drawn.count && restLayers.count == drawn.count)
        var spokenBox: PixelRect?, restBox: PixelRect?
        for (n, glyph) in drawn.enumerated() {
            if glyph.wordIndex == k {
                // Ink, not the masks' frames: a mask keeps the extent of libass's tile-aligned bitmap.
                let spokenInk = try #require(spokenLayers[n].masks.fill.inkBounds), restInk = try #require(restLayers[n].masks.fill.inkBounds)
                spokenBox = spokenBox.map { $0.union(spokenInk) } ?? spokenInk
                restBox = restBox.map { $0.union(restInk) } ?? restInk
            } else {
                // Neighbours: the very same masks at the very same places.
                expectEqual(spokenLayers[n].masks, restLayers[n].masks, "glyph of word \(glyph.wordIndex) moved")
            }
        }
        let grown = try #require(spokenBox), normal = try #require(restBox)
        expectTrue(abs(Double(grown.width) - 1.2 * Double(normal.width)) <= 4, "\(grown) vs \(normal)")
        expectTrue(abs(Double(grown.x + grown.width / 2) - Double(normal.x + normal.width / 2)) <= 2)
    }
}
