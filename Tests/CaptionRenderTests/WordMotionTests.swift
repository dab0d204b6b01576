import CaptionExpectations
import Testing
import CaptionModel
import CaptionStyles
import CaptionLayout
@testable import CaptionRender

/// bounce, slide-up and fade-in on glyph masks and pixels: the moving word is where the mode says and
/// its neighbours never move; a fading word's alpha climbs from nothing to its own.
@Suite struct WordMotionTests {
    static let words: [Word] = [("So", 0, 300), ("today", 300, 700), ("we", 700, 1000)].map { Word(text: $0.0, start: $0.1, end: $0.2) }
    static let event = CaptionEvent(start: 0, end: 1000, text: CaptionText(plain: "So today we"), words: words)

    func renderer(_ preset: String) throws -> CaptionFrameRenderer {
        CaptionFrameRenderer(style: TestFonts.pinned(try StyleLibrary.locate().style(preset: preset, styleFile: nil)), width: 1080, height: 1920)
    }

    /// The top of the ink of word `k`'s fill, and every other word's masks.
    func inkTop(_ scene: CaptionScene, style: CaptionStyle, word k: Int) throws -> (top: Int, others: [GlyphMasks]) {
        let layers = CaptionPainter(style: style, rasterizer: GlyphRasterizer()).glyphMasks(scene, dy: 0)
        let mine = layers.filter { $0.wordIndex == k }.compactMap { $0.masks.fill.inkBounds }
        return (try #require(mine.map(\.y).min()), layers.filter { $0.wordIndex != k }.map(\.masks))
    }

    /// At the bounce's peak (35% of its 0.3 s from the word's start) the spoken word's ink is 28 px
    /// higher than at rest; at the end of the bounce it is back; the other words never move.
    @Test func bounceLiftsTheSpokenWordByItsRise() throws {
        let r = try renderer("bounce")
        let rest = try inkTop(try r.scene(Self.event, at: 1500), style: r.style, word: 1)
        let peak = try inkTop(try r.scene(Self.event, at: 300 + 110), style: r.style, word: 1)   // 0.35 × 300 ms on the 10 ms grid
        let settled = try inkTop(try r.scene(Self.event, at: 300 + 300), style: r.style, word: 1)
        expectEqual(rest.top - peak.top, Int(r.style.karaoke.rise), "peak \(peak.top), rest \(rest.top)")
        expectEqual(settled.top, rest.top)
        expectEqual(peak.others, rest.others, "a neighbour moved")
    }

    /// slide-up: nothing of a word before it is spoken; halfway through its slide it is lower than at
    /// rest by half the rise, and translucent; at the end, in place and opaque.
    @Test func slideUpRisesIntoPlaceFadingIn() throws {
        let r = try renderer("slide-up")
        let box = try r.scene(Self.event, at: 0).layout.words[1].box
        // The word's columns, from above it to below its starting depth (its neighbours stay outside).
        let area = LayoutRect(x: box.x, y: box.y - 20, width: box.width, height: box.height + r.style.karaoke.rise + 40)
        func maxAlpha(at t: Milliseconds) throws -> Int {
            var image = RGBAImage(width: 1080, height: 1920)
            try r.render(Self.event, at: t, onto: &image)
            var most = 0
            for y in Int(area.minY)..<Int(area.maxY) { for x in Int(area.minX)..<Int(area.maxX) { most = max(most, Int(image[x, y].alpha)) } }
            return most
        }
        expectTrue(try maxAlpha(at: 299) == 0)
        let half = 300 + r.style.karaoke.transition / 2
        let (mid, end) = (try maxAlpha(at: half), try maxAlpha(at: 300 + r.style.karaoke.transition))
        expectTrue(mid > 0 && mid < 255, "halfway alpha \(mid)")
        expectEqual(end, 255)
        let rest = try inkTop(try r.scene(Self.event, at: 1500), style: r.style, word: 1)
        let halfway = try inkTop(try r.scene(Self.event, at: half), style: r.style, word: 1)
        expectTrue(abs(Double(halfway.top - rest.top) - r.style.karaoke.rise / 2) <= 1, "halfway \(halfway.top), rest \(rest.top)")
    }

    /// fade-in: the fill's alpha follows libass's steps, (255 − transparency) with the transparency
    /// animated linearly from 255 and truncated.
    @Test func fadeInFollowsLibassSteps() throws {
        let r = try renderer("fade-in")
        let duration = Double(r.style.karaoke.transition)
        for elapsed in [0, 50, 100, 200, 299] {
            let scene = try r.scene(Self.event, at: 300 + elapsed)
            let fade = try #require(scene.appearances[1].fade)
            let k = Double(elapsed) / duration
            expectTrue(abs(fade.progress - k) < 1e-12)
            let drawn = LibassFade.apply(RGBAColor.white, page: 0, wordProgress: fade.progress)
            expectEqual(Int(drawn.alpha), 255 - Int((1 - k) * 255), "at +\(elapsed) ms")
        }
        expectTrue(try r.scene(Self.event, at: 300 + Int(duration)).appearances[1].fade == nil)
        expectTrue(try r.scene(Self.event, at: 299).appearances[1].opacity == 0)
    }
}
