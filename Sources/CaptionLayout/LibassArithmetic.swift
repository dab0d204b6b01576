import CFreeType
import Foundation

/// libass's integer arithmetic for glyph metrics, so the native layout puts every glyph where libass
/// puts it (measured on "we're testing" at 40 px: glyph centroids 0.06–0.11 px apart before, see
/// `CaptionVerify`'s placement tests).
///
/// With hinting off, libass (0.17, `fix_glyph_scaling` in ass_render.c) shapes and loads every glyph
/// at a reference size of 256 px and scales the result down to the font size: the reference
/// size's FreeType scale is `FT_DivFix(256 px in 26.6, winAscent + winDescent)` (16.16 fixed point;
/// libass replaces the face's ascender and descender by the OS/2 win metrics before sizing). The
/// advances HarfBuzz gets come from libass's own font functions, which load glyphs with
/// `FT_LOAD_DEFAULT`: hinted, so each advance is whole pixels at 256 px (measured: 'c' in DejaVu Sans
/// Bold 8320/64 hinted against 8343/64 unhinted; ignoring this put glyphs up to 1/4 px off by the end
/// of a word). Kerning from GPOS comes on top through HarfBuzz's scale. The scaled advance and
/// offsets are rounded to 1/64 px with `lrint` (halves to even; `shape_harfbuzz_process_run` in
/// ass_shaper.c; measured: 'i' at 42 px is 787.5/64 px, and libass puts the next glyph as if 788,
/// where truncating to 787 put it 1/8 px off). Ascender and descender are rounded the same way
/// (`info->asc = lrint(asc * scale.y)` in `get_outline_glyph`; measured: Symbola's at 40 px is
/// 1869.69/64 px, and libass puts an emoji's baseline as if 1870).
extension FontFace {
    /// libass's reference size for unhinted glyphs, in pixels.
    public static let libassReferenceSize = 256.0

    /// The FreeType scale (16.16 fixed point, 26.6 units per design unit) at the reference size.
    public var libassReferenceScale: Int {
        let span = Int(ascender + descender)
        guard span > 0 else { return 1 << 16 }
        return Self.divFix(Int(Self.libassReferenceSize * 64), span)
    }

    /// A glyph offset in design units (a mark's or a kerning offset) as libass has it at `size` px:
    /// 26.6 at the reference size, scaled, rounded to 1/64 px as `lrint` rounds.
    public func libassPixels(units: Int, size: Double) -> Double {
        let reference = Double(Self.mulFix(units, libassReferenceScale))
        return (reference * size / Self.libassReferenceSize).rounded(.toNearestOrEven) / 64
    }

    /// A vertical metric (ascender, descender) in design units at `size` px, rounded to 1/64 px as `lrint` rounds.
    func libassMetric(units: Int, size: Double) -> Double {
        let reference = Double(Self.mulFix(units, libassReferenceScale))
        return (reference * size / Self.libassReferenceSize).rounded(.toNearestOrEven) / 64
    }

    /// A shaped advance as libass has it at `size` px: the glyph's own advance through FreeType's
    /// scale and HarfBuzz's positioning adjustment (kerning) through HarfBuzz's own scale, which
    /// rounds differently (`em_mult` in hb-font.hh, on libass's `hb_font_set_scale(x_scale × upem >> 16)`).
    public func libassAdvance(glyph: UInt32, adjustment: Int, size: Double) -> Double {
        let scale = libassReferenceScale
        var reference = libassAdvances.value(glyph) { hintedReferenceAdvance(glyph) }
        if adjustment != 0 {
            let upem = max(Int(unitsPerEm), 1)
            let hbScale = (scale * upem) >> 16
            let mult = (hbScale << 16) / upem
            reference += (adjustment * mult + 32768) >> 16
        }
        return (Double(reference) * size / Self.libassReferenceSize).rounded(.toNearestOrEven) / 64
    }

    /// The advance libass's simple shaper (`ASS_SHAPING_SIMPLE`, as ffmpeg's `-vf subtitles=` uses it)
    /// gives the glyph at `size` px: the unhinted advance at the reference size (`get_outline_glyph` in
    /// ass_render.c takes the outline's `advance.x`, loaded with `FT_LOAD_NO_HINTING`), scaled and
    /// rounded to 1/64 px. No kerning: the simple shaper has none.
    public func libassSimpleAdvance(glyph: UInt32, size: Double) -> Double {
        let reference = libassSimpleAdvances.value(glyph) { unhintedReferenceAdvance(glyph) }
        return (Double(reference) * size / Self.libassReferenceSize).rounded(.toNearestOrEven) / 64
    }

    /// The unhinted advance (26.6) at the reference size, as libass's outline cache loads it.
    private func unhintedReferenceAdvance(_ glyph: UInt32) -> Int {
        let flags = cfreetype_load_no_hinting() | cfreetype_load_no_bitmap() | cfreetype_load_ignore_global_advance_width()
            | cfreetype_load_ignore_transform()
        return withReferenceSize { ftFace -> Int? in
            guard FT_Load_Glyph(ftFace, glyph, flags) == 0, let slot = ftFace.pointee.glyph else { return nil }
            return Int(slot.pointee.advance.x)
        } ?? 0
    }

    /// The hinted advance (26.6) at the reference size, as libass's `get_cached_metrics` loads it.
    private func hintedReferenceAdvance(_ glyph: UInt32) -> Int {
        let flags = cfreetype_load_default() | cfreetype_load_ignore_global_advance_width() | cfreetype_load_ignore_transform()
        return withReferenceSize { ftFace -> Int? in
            guard FT_Load_Glyph(ftFace, glyph, flags) == 0, let slot = ftFace.pointee.glyph else { return nil }
            return Int(slot.pointee.metrics.horiAdvance)
        } ?? 0
    }

    /// Runs `body` with the face sized to libass's reference size in a private `FT_Size` (the face's
    /// active size, used by shaping, is restored afterwards), holding the face's lock. The size is the
    /// ASS convention: `FT_Request_Size(REAL_DIM)` with the font's ascender + descender spanning it; when
    /// the face's own ascender/descender differ from the OS/2 ones `FontFace` (and libass) use, the
    /// same scale is requested as `SCALES` with `FT_DivFix(size, span)`: what `REAL_DIM` computes after
    /// libass has overwritten the face's metrics, which a shared face must not be. Package-only: no C
    /// type in the public API.
    package func withReferenceSize<R>(_ body: (FT_Face) -> R?) -> R? {
        let span = Int(ascender + descender)
        let size64 = Int(Self.libassReferenceSize * 64)
        return withFace { ftFace -> R? in
            var size: FT_Size?
            guard FT_New_Size(ftFace, &size) == 0, let size else { return nil }
            let previous = ftFace.pointee.size
            defer {
                FT_Activate_Size(previous)
                FT_Done_Size(size)
            }
            guard FT_Activate_Size(size) == 0 else { return nil }
            var request = FT_Size_RequestRec()
            let faceSpan = Int(ftFace.pointee.ascender) - Int(ftFace.pointee.descender)
            if span <= 0 || span == faceSpan {
                request.type = FT_SIZE_REQUEST_TYPE_REAL_DIM
                request.height = size64
            } else {
                request.type = FT_SIZE_REQUEST_TYPE_SCALES
                request.height = FT_DivFix(size64, span)
            }
            guard FT_Request_Size(ftFace, &request) == 0 else { return nil }
            return body(ftFace)
        }
    }

    /// Ascender and descender (positive, below the baseline) at `size` px, as libass measures lines.
    public func libassAscender(size: Double) -> Double { libassMetric(units: Int(ascender), size: size) }
    public func libassDescender(size: Double) -> Double { libassMetric(units: Int(descender), size: size) }

    /// FreeType's `FT_MulFix`: a × b / 65536, rounded half away from zero.
    static func mulFix(_ a: Int, _ b: Int) -> Int {
        let product = a * b
        return product >= 0 ? (product + 0x8000) >> 16 : -((-product + 0x8000) >> 16)
    }

    /// FreeType's `FT_DivFix`: a × 65536 / b, rounded half away from zero (b > 0).
    static func divFix(_ a: Int, _ b: Int) -> Int {
        let q = ((abs(a) << 16) + b / 2) / b
        return a >= 0 ? q : -q
    }
}

/// Positions on libass's grid: 1/64 px, where `\pos` coordinates land (`double_to_d6`, C's `lrint`:
/// halves to even).
public enum LibassGrid {
    public static func snap(_ v: Double) -> Double { (v * 64).rounded(.toNearestOrEven) / 64 }
}

/// A per-glyph integer memo, thread-safe (layouts run on several threads).
final class GlyphValueCache: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [UInt32: Int] = [:]

    func value(_ glyph: UInt32, orMake make: () -> Int) -> Int {
        if let v = lock.withLock({ values[glyph] }) { return v }
        let v = make()
        lock.withLock { values[glyph] = v }
        return v
    }
}
