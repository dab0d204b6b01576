import CFreeType
import CaptionStyles
import CaptionExpectations
import Testing
@testable import CaptionLayout

/// Font resolution (files, fontconfig, fallback, warnings) and sizes that agree with FreeType at the
/// size libass uses.
@Suite struct FontTests {
    /// libass's advances for `glyphs` at an ASS size, computed here straight from FreeType the way
    /// libass 0.17 does with hinting off: OS/2 win metrics as the ascender and descender, the face
    /// sized to 256 px with `FT_SIZE_REQUEST_TYPE_REAL_DIM`, each glyph's hinted advance
    /// (`FT_LOAD_DEFAULT`, as libass's HarfBuzz font functions load it) scaled to the size and
    /// rounded to 1/64 px as `lrint` rounds. Also the unhinted advance at the size itself, and the ascender at the size.
    private func freeTypeMetrics(path: String, size: Double, glyphs: [UInt32]) throws -> (libass: [Double], linear: [Double], ascender: Double) {
        var library: FT_Library?
        try #require(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        try #require(FT_New_Face(library, path, 0, &face) == 0)
        let ft = try #require(face)
        defer { FT_Done_Face(ft) }
        let os2 = try #require(FT_Get_Sfnt_Table(ft, FT_SFNT_OS2)).assumingMemoryBound(to: TT_OS2.self)
        ft.pointee.ascender = FT_Short(os2.pointee.usWinAscent)
        ft.pointee.descender = -FT_Short(os2.pointee.usWinDescent)
        func request(_ px: Double) throws {
            var request = FT_Size_RequestRec(type: FT_SIZE_REQUEST_TYPE_REAL_DIM, width: 0, height: FT_Long(px * 64),
                                             horiResolution: 0, vertResolution: 0)
            try #require(FT_Request_Size(ft, &request) == 0)
        }
        var libass: [Double] = [], linear: [Double] = []
        try request(256)
        for glyph in glyphs {
            try #require(FT_Load_Glyph(ft, glyph, cfreetype_load_default()) == 0)
            libass.append((Double(ft.pointee.glyph.pointee.metrics.horiAdvance) * size / 256).rounded(.toNearestOrEven) / 64)
        }
        try request(size)
        for glyph in glyphs {
            try #require(FT_Load_Glyph(ft, glyph, cfreetype_load_no_hinting()) == 0)
            linear.append(Double(ft.pointee.glyph.pointee.linearHoriAdvance) / 65536)
        }
        let ascender = Double(FT_MulFix(FT_Long(ft.pointee.ascender), ft.pointee.size.pointee.metrics.y_scale)) / 64
        return (libass, linear, ascender)
    }

    @Test func helloAdvancesAreLibassAdvances() throws {
        let result = try layout("Hello", style: Fonts.style(size: 80))
        expectEqual(result.glyphs.count, 5)
        expectTrue(result.glyphs.allSatisfy { $0.face.path == Fonts.dejaVuSansBold && $0.fontSize == 80 })
        let reference = try freeTypeMetrics(path: Fonts.dejaVuSansBold, size: 80, glyphs: result.glyphs.map(\.glyphID))
        for (i, glyph) in result.glyphs.enumerated() {
            expectEqual(glyph.advance, reference.libass[i], "glyph \(i): \(glyph.advance) vs libass's \(reference.libass[i])")
            // Hinting at 256 px moves an advance by at most half a pixel there: 1/6 px at 80 px.
            expectTrue(abs(glyph.advance - reference.linear[i]) < 0.2, "glyph \(i): \(glyph.advance) vs unhinted \(reference.linear[i])")
        }
        // Pen positions are the running sum of the advances (no kerning pairs in "Hello").
        for i in 1..<5 {
            expectTrue(abs(result.glyphs[i].x - (result.glyphs[i - 1].x + result.glyphs[i - 1].advance)) < 1e-9)
        }
        // The line's top and bottom are the ascender and descender at the size, which together span
        // it (to libass's 1/64 px truncation of each).
        let line = try #require(result.lines.first)
        expectTrue(abs((line.bottom - line.top) - 80) <= 2.0 / 64)
        expectTrue(abs((line.baseline - line.top) - reference.ascender) <= 1.0 / 64)
    }

    @Test func fontSizeFollowsTheFrameScale() throws {
        let full = try layout("Hello", width: 1080, height: 1920)
        let half = try layout("Hello", width: 540, height: 960)
        expectTrue(half.scale == 0.5 && half.fontSize == 40)
        for (a, b) in zip(full.glyphs, half.glyphs) { expectTrue(abs(a.advance / 2 - b.advance) < 1e-9) }
        // Landscape: the shorter side is the height.
        expectTrue(try layout("Hello", width: 1920, height: 1080).scale == 1)
    }

    @Test func fontconfigResolvesFamilyAndWeight() throws {
        let resolver = FontResolver()
        var style = CaptionStyle()
        style.fontFamily = "DejaVu Sans"
        style.fallbackFonts = []
        style.fontWeight = 700
        let bold = try resolver.fonts(for: style)
        expectTrue(bold.primary.path.hasSuffix("DejaVuSans-Bold.ttf"))
        expectTrue(bold.warnings.isEmpty)
        style.fontWeight = 400
        expectTrue(try resolver.fonts(for: style).primary.path.hasSuffix("DejaVuSans.ttf"))
        // A family's name is matched ignoring case and spaces, as fontconfig does.
        expectEqual(resolver.match(family: "dejavusans", weight: 400)?.isExact, true)
    }

    @Test func missingFamilyWarnsAndNamesTheSubstitute() throws {
        var style = CaptionStyle()
        style.fontFamily = "No Such Family 7Q"
        style.fallbackFonts = []
        let result = try layout("Hello", style: style, engine: LayoutEngine(resolver: FontResolver()))
        expectTrue(!result.glyphs.isEmpty)
        let warning = try #require(result.warnings.first)
        guard case .fontSubstituted(let requested, let used, let path) = warning else {
            Issue.record("expected a substitution warning, got \(warning)")
            return
        }
        expectEqual(requested, "No Such Family 7Q")
        expectEqual(used, result.face.familyName)
        expectEqual(path, result.face.path)
        expectTrue(warning.description.contains("No Such Family 7Q") && warning.description.contains(used))
    }

    @Test func genericFamilyIsNotASubstitution() throws {
        var style = CaptionStyle()
        style.fontFamily = "sans-serif"
        style.fallbackFonts = []
        expectTrue(try FontResolver().fonts(for: style).warnings.isEmpty)
    }

    @Test func unusableFontFileFallsBackToTheFamilyWithAWarning() throws {
        var style = CaptionStyle()
        style.fontFile = "/nonexistent/font.ttf"
        style.fontFamily = "DejaVu Sans"
        style.fallbackFonts = []
        let fonts = try FontResolver().fonts(for: style)
        expectTrue(fonts.primary.path.hasSuffix("DejaVuSans-Bold.ttf"))
        expectEqual(fonts.warnings.count, 1)
        guard case .fontFileUnusable(let path, _) = fonts.warnings.first else {
            Issue.record("expected a font file warning, got \(fonts.warnings)")
            return
        }
        expectEqual(path, "/nonexistent/font.ttf")
    }

    @Test func missingFallbackIsSkippedWithAWarning() throws {
        var style = Fonts.style()
        style.fallbackFonts = ["No Such Fallback 7Q", "/nonexistent/fallback.ttf", Fonts.symbola]
        let fonts = try FontResolver().fonts(for: style)
        expectEqual(fonts.fallbacks.map(\.path), [Fonts.symbola])
        expectEqual(fonts.warnings, [.fallbackFontNotFound("No Such Fallback 7Q"), .fallbackFontNotFound("/nonexistent/fallback.ttf")])
    }

    @Test func facesAreCachedByPathAndIndex() throws {
        let resolver = FontResolver()
        let a = try resolver.face(path: Fonts.dejaVuSans)
        let b = try resolver.face(path: Fonts.dejaVuSans, index: 0)
        expectTrue(a === b)
        expectEqual(a, (try FontFace(path: Fonts.dejaVuSans)))
        #expect(throws: FontError.self) { try resolver.face(path: "/nonexistent/font.ttf") }
    }

    @Test func emojiComesFromSymbola() throws {
        // U+1F525 and U+1F680 are not in DejaVu Sans; the variation selector does not stop Symbola
        // from being chosen.
        let result = try layout("Fire \u{1F525}\u{FE0F} \u{1F680}")
        expectTrue(result.warnings.isEmpty)
        expectEqual(result.words.map(\.text), ["Fire", "\u{1F525}\u{FE0F}", "\u{1F680}"])
        for w in 1...2 {
            let glyphs = result.glyphs[result.words[w].glyphRange]
            expectEqual(glyphs.count, 1)
            expectTrue(glyphs.allSatisfy { $0.face.path == Fonts.symbola && $0.glyphID != 0 })
            expectTrue(result.words[w].inkBox != nil)
        }
        expectTrue(result.glyphs[result.words[0].glyphRange].allSatisfy { $0.face.path == Fonts.dejaVuSansBold })
    }

    @Test func characterNoFontHasWarnsAndDrawsTheMissingGlyph() throws {
        var style = Fonts.style()
        style.fallbackFonts = []
        let result = try layout("a\u{10FFFD}b", style: style)
        expectEqual(result.warnings, [.missingGlyph("\u{10FFFD}")])
        expectTrue(result.glyphs.map(\.glyphID).contains(0))
    }
}
