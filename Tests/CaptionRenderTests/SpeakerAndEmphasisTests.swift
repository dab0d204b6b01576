import Foundation
import CaptionExpectations
import Testing
import CaptionModel
import CaptionStyles
import CaptionLayout
@testable import CaptionRender

/// Speakers and emphasis on pixels: a speaker's words in that speaker's colour and nowhere else, a
/// speaker's page placed by that speaker's style; emphasised words, and only they, in the emphasis
/// colour, whichever way they were picked.
@Suite struct SpeakerAndEmphasisTests {
    static let ana = RGBAColor(red: 255, green: 140, blue: 40)
    static let ben = RGBAColor(red: 40, green: 200, blue: 255)
    static let red = RGBAColor(red: 255, green: 60, blue: 60)

    func style(_ edit: (inout CaptionStyle) -> Void) throws -> CaptionStyle {
        var style = TestFonts.pinned(try StyleLibrary.locate().style(preset: "highlight-by-word", styleFile: nil))
        edit(&style)
        return style
    }

    func patch(_ json: String) throws -> StylePatch { try StylePatch(json: Data(json.utf8), source: "test") }


    @Test func aSpeakersWordsAreInTheirColourAndNowhereElse() throws {
        let style = try style {
            $0.speakers = .styles(["Ana": try! patch(##"{"text_color": "#FF8C28"}"##),
                                   "Ben": try! patch(##"{"text_color": "#28C8FF", "anchor": 8}"##)])
        }
        // One caption where both speak (a WebVTT cue with two voices reads like this), then Ben alone.
        let mixed: [Word] = [("Where", 0, 300, "Ana"), ("to?", 300, 600, "Ana"), ("North", 600, 900, "Ben"), ("now.", 900, 1200, "Ben")]
            .map { Word(text: $0.0, start: $0.1, end: $0.2, speaker: $0.3) }
        let alone: [Word] = [("Follow", 1500, 1800, "Ben"), ("me.", 1800, 2100, "Ben")].map { Word(text: $0.0, start: $0.1, end: $0.2, speaker: $0.3) }
        let pages = [mixed, alone].map { CaptionEvent(start: $0[0].start, end: $0.last!.end, text: CaptionText(plain: $0.map(\.text).joined(separator: " ")), words: $0) }
        let r = CaptionFrameRenderer(style: style, width: 1080, height: 1920)

        // At 100 ms Ana's "Where" is spoken (highlighted); "to?" is Ana's colour, Ben's words his.
        var image = RGBAImage(width: 1080, height: 1920)
        try r.render(pages, at: 100, onto: &image)
        let layout = try r.scene(pages[0], at: 100).layout
        for (i, word) in layout.words.enumerated() {
            let ink = try #require(word.inkBox)
            let (a, b) = (pixelCount(of: Self.ana, in: image, ink), pixelCount(of: Self.ben, in: image, ink))
            switch i {
            case 0: expectTrue(a == 0 && b == 0 && pixelCount(of: style.highlightColor, in: image, ink) > 50, "the spoken word is highlighted")
            case 1: expectTrue(a > 50 && b == 0, "Ana's word: \(a) Ana, \(b) Ben pixels")
            default: expectTrue(b > 50 && a == 0, "Ben's word '\(word.text)': \(a) Ana, \(b) Ben pixels")
            }
        }
        // The page is Ana's (its first word's): placed by the style's anchor, at the bottom.
        expectTrue(layout.bounds.minY > 960)

        // Ben's own page: his colour, and his anchor (top centre); no pixel of Ana's colour anywhere.
        var second = RGBAImage(width: 1080, height: 1920)
        try r.render(pages, at: 1600, onto: &second)
        let benLayout = try r.scene(pages[1], at: 1600).layout
        expectTrue(benLayout.bounds.maxY < 960, "Ben's page should sit at the top: \(benLayout.bounds)")
        expectTrue(pixelCount(of: Self.ben, in: second, try #require(benLayout.words[1].inkBox)) > 50)
        expectEqual(pixelCount(of: Self.ana, in: second, LayoutRect(x: 0, y: 0, width: 1080, height: 1920)), 0)
    }

    @Test func autoGivesSpeakersPaletteColoursInOrderOfFirstAppearance() throws {
        let words: [Word] = [("a", 0, 100, "S2"), ("b", 100, 200, "S1"), ("c", 200, 300, "S3"), ("d", 300, 400, "S1")]
            .map { Word(text: $0.0, start: $0.1, end: $0.2, speaker: $0.3) }
        let pages = words.map { CaptionEvent(start: $0.start, end: $0.end, text: CaptionText(plain: $0.text), words: [$0]) }
        let style = try style { $0.speakers = .auto }
        let prepared = StyledPages.prepare(pages, style: style)
        let colours = pages.map { prepared.style.forPage(WordTimeline.words(of: $0)).textColor }
        // S2 first keeps the text colour; S1 takes the palette's cyan; S3 its green, the orange
        // between them being too near the preset's yellow highlight.
        expectTrue(SpeakerPalette.isClose(SpeakerPalette.colors[1], style.highlightColor))
        expectEqual(colours, [style.textColor, SpeakerPalette.colors[0], SpeakerPalette.colors[2], SpeakerPalette.colors[0]])
    }

    /// "today" from the word list, "3" by the numbers rule, "caption styles" by markup; at 100 ms
    /// "So" is spoken. Only the emphasised words have pixels of the emphasis colour, and they have no
    /// pixels of the text colour; the asterisks are gone from the text.
    @Test func emphasisedWordsAndOnlyTheyTakeTheEmphasisColour() throws {
        let style = try style {
            $0.emphasis.words = ["TODAY"]
            $0.emphasis.rule = .numbers
            $0.emphasis.markup = true
            $0.emphasis.color = Self.red
        }
        let cue = CaptionEvent(start: 0, end: 2000, text: CaptionText(plain: "So today we test 3 *caption styles*, right?"))
        let (pages, prepared) = StyledPages.prepare([cue], style: style)
        expectEqual(pages[0].text.plain, "So today we test 3 caption styles, right?")
        let r = CaptionFrameRenderer(style: prepared, width: 1080, height: 1920)
        var image = RGBAImage(width: 1080, height: 1920)
        try r.render(pages, at: 100, onto: &image)
        let layout = try r.scene(pages[0], at: 100).layout
        let emphasised: Set<String> = ["today", "3", "caption", "styles,"]
        for (i, word) in layout.words.enumerated() {
            let ink = try #require(word.inkBox)
            let (red, plain) = (pixelCount(of: Self.red, in: image, ink), pixelCount(of: style.textColor, in: image, ink))
            if emphasised.contains(word.text) {
                expectTrue(red > 20 && plain == 0, "'\(word.text)' should be emphasised: \(red) red, \(plain) white pixels")
            } else {
                expectEqual(red, 0, "'\(word.text)' (word \(i)) should not be emphasised: \(red) red pixels")
            }
        }
    }

    /// `emphasis.scale` lays the emphasised word out larger and its neighbours make room; the others keep
    /// the style's size.
    @Test func emphasisedWordsLaidOutLargerMakeRoom() throws {
        let words: [Word] = [("So", 0, 300), ("today", 300, 600), ("we", 600, 900)].map { Word(text: $0.0, start: $0.1, end: $0.2) }
        let event = CaptionEvent(start: 0, end: 900, text: CaptionText(plain: "So today we"), words: words)
        func layout(_ scale: Double) throws -> TextLayout {
            let style = try self.style { $0.emphasis.words = ["today"]; $0.emphasis.scale = scale }
            return try CaptionFrameRenderer(style: style, width: 1080, height: 1920).scene(event, at: 100).layout
        }
        let normal = try layout(1), larger = try layout(1.3)
        let sizes = larger.words.map { larger.glyphs[$0.glyphRange].first!.fontSize }
        expectTrue(abs(sizes[1] / sizes[0] - 1.3) < 0.01 && sizes[0] == sizes[2] && sizes[0] == normal.fontSize)
        expectTrue(abs(larger.words[1].box.width / normal.words[1].box.width - 1.3) < 0.03)
        expectTrue(larger.words[2].box.minX >= larger.words[1].box.maxX, "the next word makes room")
        expectEqual(larger.lines[0].baseline, normal.lines[0].baseline)
    }

    /// The emphasis box sits behind emphasised words only, and the spoken word's highlight still wins
    /// over the emphasis colour where the mode highlights.
    @Test func emphasisBoxAndHighlightWhileSpoken() throws {
        let style = try style {
            $0.emphasis.words = ["today"]
            $0.emphasis.color = Self.red
            var box = CaptionStyle.Box()
            box.color = RGBAColor(red: 20, green: 20, blue: 120)
            $0.emphasis.box = box
        }
        let words: [Word] = [("So", 0, 300), ("today", 300, 600), ("we", 600, 900)].map { Word(text: $0.0, start: $0.1, end: $0.2) }
        let event = CaptionEvent(start: 0, end: 900, text: CaptionText(plain: "So today we"), words: words)
        let r = CaptionFrameRenderer(style: style, width: 1080, height: 1920)
        let before = try r.scene(event, at: 100), during = try r.scene(event, at: 400)
        expectEqual(before.appearances.map { $0.box != nil }, [false, true, false])
        expectTrue(before.appearances[1].color == Self.red && during.appearances[1].color == style.highlightColor)
        var image = RGBAImage(width: 1080, height: 1920)
        try r.render(event, at: 100, onto: &image)
        let boxColor = RGBAColor(red: 20, green: 20, blue: 120)
        let today = before.layout.words[1].box, so = before.layout.words[0].box
        // Inside the padding to the left of "today", at mid-height: the box (the blurred shadow, drawn
        // over it, darkens it near the text: hence the tolerance); around "So": none.
        expectTrue(pixelCount(of: boxColor, in: image, LayoutRect(x: today.minX - 14, y: (today.minY + today.maxY) / 2 - 2, width: 4, height: 4), tolerance: 60) > 0)
        expectEqual(pixelCount(of: boxColor, in: image, so, tolerance: 60), 0)
    }
}
