import CFriBidi
import CHarfBuzz

/// One paragraph's characters as the shaper and bidi see them.
struct ParagraphText {
    /// The paragraph's characters.
    let characters: [Character]
    /// All their scalars, in order.
    let scalars: [UInt32]
    /// characterStarts[i]: index in `scalars` of character i's first scalar; one extra entry at the end.
    let characterStarts: [Int]
    /// scalarCharacter[s]: the character scalar s belongs to.
    let scalarCharacter: [Int]

    init<C: Collection<Character>>(_ characters: C) {
        self.characters = Array(characters)
        var scalars: [UInt32] = [], starts: [Int] = [], owners: [Int] = []
        for (i, character) in self.characters.enumerated() {
            starts.append(scalars.count)
            for scalar in character.unicodeScalars {
                scalars.append(scalar.value)
                owners.append(i)
            }
        }
        starts.append(scalars.count)
        self.scalars = scalars
        characterStarts = starts
        scalarCharacter = owners
    }
}

/// A maximal range of characters with one font, one bidi level and one script.
struct ShapingRun {
    var characters: Range<Int>
    var font: ShapingFont
    var level: UInt8
    var script: hb_script_t
    /// The ASS font size of the run (an emphasised word may be larger than the rest).
    var size: Double
}

/// One shaped glyph, in pixels, relative to its pen position (y up, as HarfBuzz gives it).
struct ShapedGlyph {
    var font: ShapingFont
    var glyphID: UInt32
    /// The paragraph character that starts the glyph's cluster.
    var character: Int
    /// The run (index into the paragraph's runs) the glyph came from.
    var run: Int
    var advance: Double
    /// The ASS font size it was shaped at (its run's).
    var size: Double
    /// HarfBuzz's adjustment of the advance (kerning) in design units, kept so the advance can be
    /// recomputed at another scale the way libass would (a scaled word).
    var adjustment: Int
    var xOffset: Double
    var yOffset: Double
    /// Ink extents relative to the glyph origin, y up: nil when the glyph draws nothing.
    var ink: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
}

/// HarfBuzz shaping, one run at a time with the font that covers it.
///
/// Each run is added with the whole paragraph as context (`hb_buffer_add_utf32`'s item offset), so
/// Arabic joins across a change of font or direction. Direction comes from the bidi level, script
/// from the run (see `Shaper.scripts`), and language from the request or else from the script (never
/// from the process locale: layouts must not depend on the machine). Fonts are at one design unit
/// per unit, so positions are exact integers, turned into pixels here with libass's arithmetic
/// (`LibassArithmetic.swift`: 1/64 px, rounded as libass rounds) so the native layout and libass agree glyph by glyph.
enum Shaper {
    /// No kerning (`-kern`): libass kerns only when a script says `Kerning: yes`, and ffmpeg 5.1's
    /// `-vf subtitles=` (the usual way to burn ASS) renders with libass's simple shaper, which never
    /// kerns, so kerned captions would come out of ffmpeg with other spacing than previewed
    /// (measured: FAIL, 27 dB, against libass reading the same script with kerning). Unkerned, the
    /// preview, the compiled ASS (`Kerning: no`), `-vf ass=` and VSFilter-style players agree, and
    /// `-vf subtitles=` differs only by the simple shaper's rounding of advances.
    static let features: [hb_feature_t] = {
        var feature = hb_feature_t()
        _ = hb_feature_from_string("-kern", -1, &feature)
        return [feature]
    }()

    /// Glyphs of every run, in logical order: runs in order, each run's glyphs in logical order (a
    /// right-to-left run's HarfBuzz output reversed).
    static func shape(_ paragraph: ParagraphText, runs: [ShapingRun], language: String?, bidi: BidiParagraph,
                      shaping: TextShaping = .complex) -> [ShapedGlyph] {
        if shaping == .simple { return simple(paragraph, runs: runs, bidi: bidi) }
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(paragraph.scalars.count)
        let totalScalars = paragraph.scalars.count
        for (runIndex, run) in runs.enumerated() {
            let start = paragraph.characterStarts[run.characters.lowerBound]
            let end = paragraph.characterStarts[run.characters.upperBound]
            hb_buffer_clear_contents(buffer)
            paragraph.scalars.withUnsafeBufferPointer {
                hb_buffer_add_utf32(buffer, $0.baseAddress, Int32(totalScalars), UInt32(start), Int32(end - start))
            }
            let rtl = BidiParagraph.isRightToLeft(run.level)
            hb_buffer_set_direction(buffer, rtl ? charfbuzz_direction_rtl() : charfbuzz_direction_ltr())
            hb_buffer_set_script(buffer, run.script)
            hb_buffer_set_language(buffer, Self.language(language, script: run.script))
            var flags = HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES.rawValue
            if start == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
            if end == totalScalars { flags |= HB_BUFFER_FLAG_EOT.rawValue }
            hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
            Self.features.withUnsafeBufferPointer { hb_shape(run.font.font, buffer, $0.baseAddress, UInt32($0.count)) }

            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let positions = hb_buffer_get_glyph_positions(buffer, &count) else { continue }
            let face = run.font.face, fontSize = run.size, scale = face.scale(forSize: fontSize)
            let n = Int(count)
            for k in 0..<n {
                // HarfBuzz returns visual order; a right-to-left run is read backwards for logical order.
                let i = rtl ? n - 1 - k : k
                let info = infos[i], position = positions[i]
                let nominal = Int(hb_font_get_glyph_h_advance(run.font.font, info.codepoint))
                glyphs.append(ShapedGlyph(
                    font: run.font, glyphID: info.codepoint,
                    character: paragraph.scalarCharacter[Int(info.cluster)], run: runIndex,
                    advance: face.libassAdvance(glyph: info.codepoint, adjustment: Int(position.x_advance) - nominal, size: fontSize),
                    size: fontSize,
                    adjustment: Int(position.x_advance) - nominal,
                    xOffset: face.libassPixels(units: Int(position.x_offset), size: fontSize),
                    yOffset: face.libassPixels(units: Int(position.y_offset), size: fontSize),
                    ink: ink(of: info.codepoint, in: run.font, scale: scale)))
            }
        }
        return glyphs
    }

    /// The glyphs as libass's simple shaper has them (`ASS_SHAPING_SIMPLE`, `shape_fribidi` in
    /// ass_shaper.c): each character as FriBidi shapes it (`fribidiShaped`), its glyph from the run
    /// font's character map, its unhinted advance at libass's reference size scaled down
    /// (`FontFace.libassSimpleAdvance`), no kerning, no offsets, no ligatures.
    private static func simple(_ paragraph: ParagraphText, runs: [ShapingRun], bidi: BidiParagraph) -> [ShapedGlyph] {
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(paragraph.scalars.count)
        let shaped = fribidiShaped(paragraph.scalars, bidi: bidi)
        for (runIndex, run) in runs.enumerated() {
            let face = run.font.face, scale = face.scale(forSize: run.size)
            let scalars = paragraph.characterStarts[run.characters.lowerBound]..<paragraph.characterStarts[run.characters.upperBound]
            for s in scalars {
                guard let original = Unicode.Scalar(paragraph.scalars[s]), !Self.isDefaultIgnorable(original) else { continue }
                let glyph = face.glyphIndex(for: Unicode.Scalar(shaped[s]) ?? original)
                glyphs.append(ShapedGlyph(
                    font: run.font, glyphID: glyph, character: paragraph.scalarCharacter[s], run: runIndex,
                    advance: face.libassSimpleAdvance(glyph: glyph, size: run.size), size: run.size, adjustment: 0,
                    xOffset: 0, yOffset: 0, ink: ink(of: glyph, in: run.font, scale: scale)))
            }
        }
        return glyphs
    }

    /// What libass's simple shaper draws for each of a paragraph's scalars (`shape_fribidi`): FriBidi's
    /// shaping with its default flags and Arabic's, so a bracket in right-to-left text is mirrored and
    /// Arabic letters take their joined presentation forms (the font draws those code points), on the
    /// bidi types and levels `bidi` found. One scalar for each; the scalars themselves where FriBidi
    /// failed (it only fails to allocate).
    static func fribidiShaped(_ scalars: [UInt32], bidi: BidiParagraph) -> [UInt32] {
        let count = scalars.count, n = FriBidiStrIndex(count)
        var text = scalars.map { FriBidiChar($0) }
        guard var (types, levels) = bidi.perScalar, types.count == count else { return scalars }
        var joins = [FriBidiJoiningType](repeating: 0, count: count)
        fribidi_get_joining_types(&text, n, &joins)
        fribidi_join_arabic(&types, n, &levels, &joins)
        fribidi_shape(cfribidi_flags_default() | cfribidi_flags_arabic(), &levels, n, &joins, &text)
        return text.map { UInt32($0) }
    }

    /// The characters libass skips under either shaper (`is_harfbuzz_ignorable` in ass_shaper.c, the
    /// part of Unicode's Default_Ignorable list HarfBuzz draws as nothing): soft hyphen, joiners,
    /// direction marks, variation selectors, tags.
    static func isDefaultIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        switch v >> 8 {
        case 0x00: return v == 0x00AD
        case 0x03: return v == 0x034F
        case 0x06: return v == 0x061C
        case 0x17: return (0x17B4...0x17B5).contains(v)
        case 0x18: return (0x180B...0x180E).contains(v)
        case 0x20: return (0x200B...0x200F).contains(v) || (0x202A...0x202E).contains(v) || (0x2060...0x206F).contains(v)
        case 0xFE: return (0xFE00...0xFE0F).contains(v) || v == 0xFEFF
        case 0xFF: return (0xFFF0...0xFFF8).contains(v)
        case 0x1D1: return (0x1D173...0x1D17A).contains(v)
        default: return (0xE0000...0xE0FFF).contains(v)
        }
    }

    /// The glyph's outline bounds from HarfBuzz (the unhinted outline, as the renderer draws it).
    private static func ink(of glyph: UInt32, in font: ShapingFont, scale: Double) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(font.font, glyph, &extents) != 0, extents.width != 0, extents.height != 0 else {
            return nil
        }
        let left = Double(extents.x_bearing), top = Double(extents.y_bearing)
        let right = left + Double(extents.width), bottom = top + Double(extents.height)
        return (min(left, right) * scale, min(top, bottom) * scale, max(left, right) * scale, max(top, bottom) * scale)
    }

    /// Each character's script, with Common and Inherited characters (spaces, punctuation, digits,
    /// marks, emoji) taking the script of the character before them, or after them at the start.
    static func scripts(_ paragraph: ParagraphText) -> [hb_script_t] {
        let unicode = hb_unicode_funcs_get_default()
        var scripts = paragraph.characters.indices.map { i in
            hb_unicode_script(unicode, paragraph.scalars[paragraph.characterStarts[i]])
        }
        func isReal(_ script: hb_script_t) -> Bool {
            script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN
        }
        let firstReal = scripts.first(where: isReal) ?? HB_SCRIPT_COMMON
        var current = firstReal
        for i in scripts.indices {
            if isReal(scripts[i]) { current = scripts[i] } else { scripts[i] = current }
        }
        return scripts
    }

    /// The request's language, else a language for the script (so CJK and Arabic get their usual
    /// forms); "und" otherwise.
    private static func language(_ requested: String?, script: hb_script_t) -> hb_language_t? {
        let tag: String
        if let requested {
            tag = requested
        } else {
            switch script {
            case HB_SCRIPT_ARABIC: tag = "ar"
            case HB_SCRIPT_HEBREW: tag = "he"
            case HB_SCRIPT_HAN: tag = "zh"
            case HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA: tag = "ja"
            case HB_SCRIPT_HANGUL: tag = "ko"
            case HB_SCRIPT_CYRILLIC: tag = "ru"
            case HB_SCRIPT_GREEK: tag = "el"
            case HB_SCRIPT_THAI: tag = "th"
            case HB_SCRIPT_DEVANAGARI: tag = "hi"
            default: tag = "und"
            }
        }
        return hb_language_from_string(tag, -1)
    }
}
