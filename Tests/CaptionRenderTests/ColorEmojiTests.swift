import CaptionExpectations
import Testing
import CaptionModel
import CaptionStyles
import CaptionLayout
@testable import CaptionRender

/// Colour emoji on pixels: drawn in colour from Noto Color Emoji where the layout placed the emoji
/// (its outline fallback's box), at the text's size; without a colour font, the monochrome fallback.
@Suite struct ColorEmojiTests {
    static let event = CaptionEvent(start: 0, end: 2000, text: CaptionText(plain: "Party time 🎉 go"))

    func render(_ edit: (inout CaptionStyle) -> Void = { _ in }) throws -> (image: RGBAImage, layout: TextLayout, renderer: CaptionFrameRenderer) {
        var style = TestFonts.pinned(try StyleLibrary.locate().style(preset: "plain", styleFile: nil))
        edit(&style)
        let r = CaptionFrameRenderer(style: style, width: 1080, height: 1920)
        var image = RGBAImage(width: 1080, height: 1920)
        try r.render(Self.event, at: 1000, onto: &image)
        return (image, try r.scene(Self.event, at: 1000).layout, r)
    }

    /// Opaque pixels whose channels differ by more than 60: coloured, not white, black or grey.
    func coloured(_ image: RGBAImage, in rect: LayoutRect) -> Int {
        var n = 0
        for y in max(0, Int(rect.minY))..<min(image.height, Int(rect.maxY.rounded(.up))) {
            for x in max(0, Int(rect.minX))..<min(image.width, Int(rect.maxX.rounded(.up))) {
                let p = image[x, y]
                let channels = [Int(p.red), Int(p.green), Int(p.blue)]
                if p.alpha > 200, channels.max()! - channels.min()! > 60 { n += 1 }
            }
        }
        return n
    }

    @Test func emojiAreColouredAndSitInTheirLayoutBox() throws {
        let (image, layout, renderer) = try render()
        expectTrue(renderer.colorEmoji != nil, "Noto Color Emoji should be found at \(TestFonts.colorEmoji)")
        let emoji = try #require(layout.words.first { $0.text == "🎉" })
        // The emoji's box: its advance across the line, from the line's top to its bottom, with a few
        // pixels for the colour glyph, which is a little taller than the text.
        let box = LayoutRect(x: emoji.box.minX - 4, y: emoji.box.minY - 12, width: emoji.box.width + 8, height: emoji.box.height + 24)
        let inside = coloured(image, in: box), everywhere = coloured(image, in: LayoutRect(x: 0, y: 0, width: 1080, height: 1920))
        expectTrue(inside > 500, "\(inside) coloured pixels in the emoji's box")
        expectEqual(everywhere, inside, "\(everywhere - inside) coloured pixels outside the emoji's box")
        // Drawn at the text's size: about as tall as the line (the colour glyph's em is the fallback's).
        var rows = 0
        for y in Int(box.minY)..<Int(box.maxY) where (Int(box.minX)..<Int(box.maxX)).contains(where: { x in
            let p = image[x, y]
            return p.alpha > 200 && max(p.red, p.green, p.blue) - min(p.red, p.green, p.blue) > 60
        }) { rows += 1 }
        expectTrue(Double(rows) > 0.6 * emoji.box.height && Double(rows) < 1.3 * emoji.box.height, "emoji \(rows) px tall, line \(emoji.box.height)")
    }

    @Test func withoutAColourFontTheMonochromeFallbackIsDrawn() throws {
        let (image, layout, renderer) = try render { $0.emojiFont = nil }
        expectNil(renderer.colorEmoji)
        let emoji = try #require(layout.words.first { $0.text == "🎉" })
        expectEqual(coloured(image, in: LayoutRect(x: 0, y: 0, width: 1080, height: 1920)), 0)
        expectTrue(pixelCount(of: .white, in: image, emoji.box) > 50)
        expectTrue(try renderer.colorEmojiBoxes([Self.event], at: 1000).isEmpty)
    }
}
