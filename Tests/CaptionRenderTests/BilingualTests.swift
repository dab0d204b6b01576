import CaptionExpectations
import Testing
import CaptionModel
import CaptionStyles
import CaptionLayout
@testable import CaptionRender

/// Bilingual captions on pixels: the secondary block is drawn in its own style under the main
/// captions, and neither block moves when the other changes (a secondary cue of one line, of two, or
/// none; a main page of one line or two).
@Suite struct BilingualTests {
    static let green = RGBAColor(red: 128, green: 255, blue: 192)

    /// Main: one line (0-2 s), then two lines (2-4 s). Secondary: one line (0-1 s), two lines (1-3 s),
    /// nothing after 3 s.
    static let main = [CaptionEvent(start: 0, end: 2000, text: CaptionText(plain: "Where are we going?")),
                       CaptionEvent(start: 2000, end: 4000, text: CaptionText(plain: "North, and then a long\nway round the hills."))]
    static let secondary = [CaptionEvent(start: 0, end: 1000, text: CaptionText(plain: "¿Adónde vamos?")),
                            CaptionEvent(start: 1000, end: 3000, text: CaptionText(plain: "Al norte, y luego\nrodeando las colinas."))]

    func prepared() throws -> (pages: [CaptionEvent], renderer: CaptionFrameRenderer) {
        var style = TestFonts.pinned(try StyleLibrary.locate().style(preset: "plain", styleFile: nil))
        style.secondary.textColor = Self.green
        let (pages, drawn) = StyledPages.prepare(Self.main, style: style, secondary: Self.secondary)
        return (pages, CaptionFrameRenderer(style: drawn, width: 1080, height: 1920))
    }

    func frame(_ t: Milliseconds, _ f: (pages: [CaptionEvent], renderer: CaptionFrameRenderer)) throws -> RGBAImage {
        var image = RGBAImage(width: 1080, height: 1920)
        try f.renderer.render(f.pages, at: t, onto: &image)
        return image
    }

    /// Rows `rows` of the image, as bytes.
    func band(_ image: RGBAImage, _ rows: Range<Int>) -> [RGBAColor] {
        rows.flatMap { y in (0..<image.width).map { image[$0, y] } }
    }

    @Test func theSecondaryBlockIsDrawnInItsStyleBelowTheMainOne() throws {
        let f = try prepared()
        let mainLayout = try f.renderer.scene(Self.main[0], at: 500).layout
        let secondaryPage = try #require(f.pages.first { $0.style == SecondaryCaptions.styleName })
        let scene = try f.renderer.scene(secondaryPage, at: 500)
        expectTrue(scene.style.fontSize == 56 && scene.style.karaoke.mode == .none)
        // Below the main block, by at least the gap.
        expectTrue(scene.layout.bounds.minY > mainLayout.bounds.maxY + 16)
        let image = try frame(500, f)
        expectTrue(pixelCount(of: Self.green, in: image, try #require(scene.layout.inkBounds)) > 200)
        expectEqual(pixelCount(of: Self.green, in: image, try #require(mainLayout.inkBounds)), 0)
        expectEqual(pixelCount(of: Self.green, in: try frame(3500, f), LayoutRect(x: 0, y: 0, width: 1080, height: 1920)), 0)
    }

    @Test func neitherBlockMovesWhenTheOtherChanges() throws {
        let f = try prepared()
        let mainLayout = try f.renderer.scene(Self.main[0], at: 500).layout
        let secondLayout = try f.renderer.scene(Self.main[1], at: 2500).layout
        // Between the two-line main page's ink and the two-line secondary cue's: each block's own rows.
        let twoLineSecondary = try #require(f.pages.last { $0.style == SecondaryCaptions.styleName })
        let secondaryTop = try #require(try f.renderer.scene(twoLineSecondary, at: 1500).layout.inkBounds).minY
        let mainBottom = max(try #require(mainLayout.inkBounds).maxY, try #require(secondLayout.inkBounds).maxY)
        expectTrue(secondaryTop - mainBottom > 16, "the blocks overlap: main ink ends at \(mainBottom), secondary starts at \(secondaryTop)")
        let boundary = Int(((mainBottom + secondaryTop) / 2).rounded())
        // The main page's pixels with a one-line secondary cue, a two-line one, and none.
        let mainRows = 0..<boundary
        let withOne = band(try frame(500, f), mainRows), withTwo = band(try frame(1500, f), mainRows)
        expectEqual(withOne, withTwo)
        // The two-line main page (2-4 s): the same with the two-line secondary cue and with none.
        expectEqual(band(try frame(2500, f), mainRows), band(try frame(3500, f), mainRows))
        // The secondary cue's pixels under a one-line main page and under a two-line one.
        let secondaryRows = boundary..<1920
        expectEqual(band(try frame(1500, f), secondaryRows), band(try frame(2500, f), secondaryRows))
        // And the main blocks keep their bottom line where it was.
        expectTrue(abs(mainLayout.lines.last!.baseline - secondLayout.lines.last!.baseline) < 1e-9)
    }
}
