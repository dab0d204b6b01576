import CFreeType
import CHarfBuzz
import Foundation

/// A colour emoji font with bitmap glyphs (CBDT, as Noto Color Emoji): an emoji cluster shaped by
/// HarfBuzz with it (so a ZWJ sequence, a skin tone or a flag becomes its one glyph) and each glyph's
/// colour bitmap from FreeType at the font's strike. The layout keeps placing emoji with the outline
/// fallback (Symbola), which libass draws too; the native renderer paints these bitmaps over that
/// place instead (`ColorEmojiLayer`).
public final class ColorEmojiFont: @unchecked Sendable {
    public let face: FontFace
    let shaping: ShapingFont
    /// The strike's pixels per em: bitmaps are drawn at this size and scaled.
    public let strikePPEM: Double
    private let bitmaps = NSLock()
    private var cache: [UInt32: ColorBitmap?] = [:]
    /// Shaped clusters: every frame of a page with an emoji asks again.
    private var shaped: [String: [(glyph: UInt32, advance: Double)]] = [:]

    /// The font at `path`; nil when it cannot be opened or has no colour bitmaps.
    public init?(path: String) {
        guard let face = try? FontFace(path: path), face.hasColorGlyphs, let shaping = try? ShapingFont(face: face) else { return nil }
        let ppem = face.withFace { ft -> Double in
            guard ft.pointee.num_fixed_sizes > 0, let sizes = ft.pointee.available_sizes else { return 0 }
            guard FT_Select_Size(ft, 0) == 0 else { return 0 }
            return Double(sizes[0].y_ppem) / 64
        }
        guard ppem > 0 else { return nil }
        self.face = face
        self.shaping = shaping
        strikePPEM = ppem
    }

    /// Whether a character is drawn as an emoji (emoji presentation by default, or asked for with
    /// U+FE0F, or a keycap; not a plain digit or "#").
    public static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        if first.properties.isEmojiPresentation { return true }
        return first.properties.isEmoji && scalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 }
    }

    /// A family name or a font file, as `fallback_fonts` takes them; nil when there is none.
    public static func locate(_ name: String, resolver: FontResolver = .shared) -> ColorEmojiFont? {
        if name.hasPrefix("/") { return ColorEmojiFont(path: name) }
        guard let match = resolver.match(family: name, weight: 400), match.family.caseInsensitiveCompare(name) == .orderedSame else { return nil }
        return ColorEmojiFont(path: match.path)
    }

    /// The glyphs for one emoji cluster, with their advances in strike pixels; empty when the font does
    /// not have it.
    public func glyphs(for cluster: String) -> [(glyph: UInt32, advance: Double)] {
        if let hit = bitmaps.withLock({ shaped[cluster] }) { return hit }
        let glyphs = shape(cluster)
        bitmaps.withLock { if shaped.count < 4096 { shaped[cluster] = glyphs } }
        return glyphs
    }

    private func shape(_ cluster: String) -> [(glyph: UInt32, advance: Double)] {
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf8(buffer, cluster, -1, 0, -1)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(shaping.font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        // The HarfBuzz font's scale is the face's units per em (FreeType gives 0 for a bitmap-only face).
        var upemX: Int32 = 0, upemY: Int32 = 0
        hb_font_get_scale(shaping.font, &upemX, &upemY)
        let upem = Double(max(upemX, 1))
        var result: [(glyph: UInt32, advance: Double)] = []
        for i in 0..<Int(count) {
            guard infos[i].codepoint != 0 else { return [] }
            result.append((infos[i].codepoint, Double(positions[i].x_advance) / upem * strikePPEM))
        }
        return result
    }

    /// The glyph's colour bitmap at the strike (cached).
    public func bitmap(_ glyph: UInt32) -> ColorBitmap? {
        if let hit = bitmaps.withLock({ cache[glyph] }) { return hit }
        let made = face.withFace { ft -> ColorBitmap? in
            guard FT_Select_Size(ft, 0) == 0, FT_Load_Glyph(ft, glyph, cfreetype_load_color()) == 0, let slot = ft.pointee.glyph else { return nil }
            let bitmap = slot.pointee.bitmap
            guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), let buffer = bitmap.buffer else { return nil }
            let (w, h, pitch) = (Int(bitmap.width), Int(bitmap.rows), Int(bitmap.pitch))
            // FreeType's BGRA is premultiplied; kept so for scaling.
            var pixels = [UInt8](repeating: 0, count: w * h * 4)
            for y in 0..<h {
                for x in 0..<w {
                    let s = buffer + y * pitch + x * 4, d = (y * w + x) * 4
                    pixels[d] = s[2]; pixels[d + 1] = s[1]; pixels[d + 2] = s[0]; pixels[d + 3] = s[3]
                }
            }
            return ColorBitmap(width: w, height: h, premultipliedRGBA: pixels, left: Double(slot.pointee.bitmap_left),
                               top: Double(slot.pointee.bitmap_top))
        }
        bitmaps.withLock { cache[glyph] = made }
        return made
    }
}

/// A colour glyph's bitmap: premultiplied RGBA rows, and where its top left sits from the pen
/// (x right, y up), in the same pixels.
public struct ColorBitmap: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var premultipliedRGBA: [UInt8]
    public var left: Double
    public var top: Double
}
