import CFreeType
import CaptionLayout
@testable import CaptionRender
import Foundation
import CaptionExpectations
import Testing

@Suite struct GlyphRasterizerTests {
    let face: FontFace
    let glyphH: UInt32

    init() throws {
        face = try Fonts.bold()
        glyphH = face.glyphIndex(for: "H")
    }

    /// FreeType's own box of the glyph in font units (unscaled load), in pixels at an ASS size.
    private func freeTypeBox(_ glyph: UInt32, size: Double) -> (xMin: Double, yMin: Double, xMax: Double, yMax: Double) {
        let scale = face.scale(forSize: size)
        return face.withFace { ftFace in
            expectEqual(FT_Load_Glyph(ftFace, glyph, Int32(FT_LOAD_NO_SCALE)), 0)
            var box = FT_BBox()
            FT_Outline_Get_CBox(&ftFace.pointee.glyph.pointee.outline, &box)
            return (Double(box.xMin) * scale, Double(box.yMin) * scale, Double(box.xMax) * scale, Double(box.yMax) * scale)
        }
    }

    private func rasterizer() -> GlyphRasterizer { GlyphRasterizer(cache: GlyphCache(byteLimit: 8 << 20)) }

    @Test func inkBoxMatchesFreeTypesGlyphBox() throws {
        let masks = rasterizer().masks(glyph: glyphH, face: face, size: 80, penX: 100, penY: 200)
        let ink = try #require(masks.fill.inkBounds)
        let box = freeTypeBox(glyphH, size: 80)
        // FreeType's box placed at the pen, in the whole pixels it touches.
        let left = (100 + box.xMin).rounded(.down), right = (100 + box.xMax).rounded(.up)
        let top = (200 - box.yMax).rounded(.down), bottom = (200 - box.yMin).rounded(.up)
        expectTrue(abs(Double(ink.width) - (right - left)) <= 1, "ink \(ink), FreeType \(box)")
        expectTrue(abs(Double(ink.height) - (bottom - top)) <= 1, "ink \(ink), FreeType \(box)")
        expectTrue(abs(Double(ink.x) - left) <= 1 && abs(Double(ink.y) - top) <= 1, "ink \(ink), FreeType \(box)")
        // And the coverage-weighted width (ink area / stem height would be fuzzy): the box's real width.
        expectTrue(abs(Double(ink.width) - (box.xMax - box.xMin)) < 2)
        expectNil(masks.stroke)
        // The H's stems are solid.
        expectEqual(masks.fill[x: ink.x + 3, y: ink.y + ink.height / 2], 255)
    }

    @Test func subpixelShiftMovesTheCentroid() {
        let r = rasterizer()
        let a = r.masks(glyph: glyphH, face: face, size: 80, penX: 100, penY: 200).fill.centroid
        let b = r.masks(glyph: glyphH, face: face, size: 80, penX: 100.5, penY: 200).fill.centroid
        expectTrue(abs((b.x - a.x) - 0.5) <= 0.05, "moved by \(b.x - a.x)")
        expectTrue(abs(b.y - a.y) <= 0.01)
        let c = r.masks(glyph: glyphH, face: face, size: 80, penX: 100, penY: 200.25).fill.centroid
        expectTrue(abs((c.y - a.y) - 0.25) <= 0.05, "moved by \(c.y - a.y)")
    }

    @Test func strokeContainsTheFillAndIsWiderByTwiceTheWidth() throws {
        let masks = rasterizer().masks(glyph: glyphH, face: face, size: 80, penX: 100.3, penY: 200, strokeWidth: 4)
        let stroke = try #require(masks.stroke)
        let fillInk = try #require(masks.fill.inkBounds), strokeInk = try #require(stroke.inkBounds)
        expectTrue(abs(strokeInk.width - fillInk.width - 8) <= 1, "fill \(fillInk), stroke \(strokeInk)")
        expectTrue(abs(strokeInk.height - fillInk.height - 8) <= 1, "fill \(fillInk), stroke \(strokeInk)")
        for y in fillInk.y..<fillInk.maxY {
            for x in fillInk.x..<fillInk.maxX where stroke[x: x, y: y] < masks.fill[x: x, y: y] {
                Issue.record("stroke \(stroke[x: x, y: y]) < fill \(masks.fill[x: x, y: y]) at \(x), \(y)")
                return
            }
        }
    }

    /// A thick stroke on a thin ring ('o' of the regular face): every pixel well within the stroke
    /// width of solid ink is solid. Stroking the outer contour and the hole together would cancel
    /// their overlapping bands and leave a gap inside the hole.
    @Test func thickStrokeOnAThinRingHasNoGaps() throws {
        let regular = try Fonts.regular()
        let width = 7.0
        let masks = rasterizer().masks(glyph: regular.glyphIndex(for: "o"), face: regular, size: 40, penX: 20, penY: 60,
                                       strokeWidth: width)
        let stroke = try #require(masks.stroke)
        let fill = masks.fill
        let reach = Int(width - 1.5)
        for y in fill.y..<(fill.y + fill.height) {
            for x in fill.x..<(fill.x + fill.width) where fill[x: x, y: y] == 255 {
                for dy in -reach...reach {
                    for dx in -reach...reach where Double(dx * dx + dy * dy) <= (width - 1.5) * (width - 1.5) {
                        if stroke[x: x + dx, y: y + dy] != 255 {
                            Issue.record("gap at \(x + dx), \(y + dy): \(stroke[x: x + dx, y: y + dy])")
                            return
                        }
                    }
                }
            }
        }
    }

    @Test func scaleAboutTheCentreGrowsTheBoxAndKeepsItsCentre() throws {
        let r = rasterizer()
        let plain = try #require(r.masks(glyph: glyphH, face: face, size: 80, penX: 100, penY: 200).fill.inkBounds)
        let cx = Double(plain.x) + Double(plain.width) / 2, cy = Double(plain.y) + Double(plain.height) / 2
        let scaled = try #require(r.masks(glyph: glyphH, face: face, size: 80, penX: 100, penY: 200,
                                          scaleX: 1.2, scaleY: 1.2, originX: cx, originY: cy).fill.inkBounds)
        // Whole-pixel ink boxes (±1 px at each end) and libass's per-glyph scale quantisation (a few
        // tenths of a percent, `GlyphOutline.libassScale`).
        expectTrue(abs(Double(scaled.width) - 1.2 * Double(plain.width)) <= 2.5, "\(plain) → \(scaled)")
        expectTrue(abs(Double(scaled.height) - 1.2 * Double(plain.height)) <= 2.5, "\(plain) → \(scaled)")
        expectTrue(abs(Double(scaled.x) + Double(scaled.width) / 2 - cx) <= 1)
        expectTrue(abs(Double(scaled.y) + Double(scaled.height) / 2 - cy) <= 1)
    }

    @Test func secondCallHitsTheCacheAtAnyIntegerPosition() {
        let cache = GlyphCache(byteLimit: 8 << 20)
        let r = GlyphRasterizer(cache: cache)
        // Fill and border are two entries (libass puts them on its grid apart).
        let first = r.masks(glyph: glyphH, face: face, size: 80, penX: 100.25, penY: 200, strokeWidth: 3)
        expectTrue(cache.misses == 2 && cache.hits == 0)
        let second = r.masks(glyph: glyphH, face: face, size: 80, penX: 100.25, penY: 200, strokeWidth: 3)
        expectTrue(cache.misses == 2 && cache.hits == 2)
        expectEqual(first, second)
        let moved = r.masks(glyph: glyphH, face: face, size: 80, penX: 150.25, penY: 180, strokeWidth: 3)
        expectEqual(cache.hits, 4)
        expectEqual(moved, first.translated(dx: 50, dy: -20))
        _ = r.masks(glyph: glyphH, face: face, size: 80, penX: 100.5, penY: 200, strokeWidth: 3)
        expectEqual(cache.misses, 4)
        expectTrue(cache.count == 4 && cache.byteCount > 0)
    }

    @Test func cacheEvictsTheLeastRecentlyUsedWithinItsLimit() {
        let probe = GlyphCache(byteLimit: 8 << 20)
        _ = GlyphRasterizer(cache: probe).masks(glyph: glyphH, face: face, size: 40, penX: 0, penY: 0)
        let entry = probe.byteCount
        let cache = GlyphCache(byteLimit: entry * 2 + entry / 2)
        let r = GlyphRasterizer(cache: cache)
        for phase in 0..<3 { _ = r.masks(glyph: glyphH, face: face, size: 40, penX: Double(phase) / 8, penY: 0) }
        expectTrue(cache.count == 2 && cache.byteCount <= cache.byteLimit)
        _ = r.masks(glyph: glyphH, face: face, size: 40, penX: 0, penY: 0)  // the oldest: evicted
        expectTrue(cache.misses == 4 && cache.hits == 0)
        _ = r.masks(glyph: glyphH, face: face, size: 40, penX: 2.0 / 8, penY: 0)  // still there
        expectEqual(cache.hits, 1)
    }

    @Test func concurrentCallsAgree() async {
        let r = rasterizer()
        let expected = GlyphRasterizer(cache: GlyphCache(byteLimit: 0))
            .masks(glyph: glyphH, face: face, size: 60, penX: 10.375, penY: 90, strokeWidth: 2)
        let face = self.face, glyph = glyphH
        let results = await withTaskGroup(of: GlyphMasks.self) { group in
            for _ in 0..<16 {
                group.addTask { r.masks(glyph: glyph, face: face, size: 60, penX: 10.375, penY: 90, strokeWidth: 2) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        expectTrue(results.allSatisfy { $0 == expected })
    }

    @Test func glyphsWithoutOutlinesGiveEmptyMasks() {
        let masks = rasterizer().masks(glyph: face.glyphIndex(for: " "), face: face, size: 80, penX: 10, penY: 10, strokeWidth: 4)
        expectNil(masks.fill.inkBounds)
        expectTrue(masks.stroke != nil && masks.stroke?.inkBounds == nil)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: Fonts.emojiPath)))
    func colourBitmapGlyphsAreNotDrawn() throws {
        let emoji = try FontFace(path: Fonts.emojiPath)
        let masks = rasterizer().masks(glyph: emoji.glyphIndex(for: "😀"), face: emoji, size: 80, penX: 10, penY: 90)
        expectNil(masks.fill.inkBounds)
    }

    @Test func drawingLeavesTheFacesActiveSizeAlone() {
        let before = face.withFace { $0.pointee.size.pointee.metrics.y_scale }
        _ = rasterizer().masks(glyph: glyphH, face: face, size: 123, penX: 0, penY: 0)
        expectEqual(face.withFace { $0.pointee.size.pointee.metrics.y_scale }, before)
    }
}
