import CFontconfig
import CHarfBuzz
import CaptionStyles
import Foundation

/// Where fontconfig found a font.
public struct FontMatch: Sendable, Hashable {
    public var path: String
    public var index: Int
    /// The matched font's first family name.
    public var family: String
    /// Whether one of the matched font's family names is the requested family (false: fontconfig
    /// substituted another font).
    public var isExact: Bool
}

/// The fonts a style resolves to: the main face, then the faces tried in order for characters it
/// lacks, and what went wrong on the way.
public struct FontSelection: Sendable, Hashable {
    public var primary: FontFace
    public var fallbacks: [FontFace]
    public var warnings: [LayoutWarning]
}

/// Finds font files (an explicit file, or fontconfig by family and weight), opens each file once and
/// keeps it (faces are cached by path and face index), and picks a font for every character.
///
/// Resolution of a style:
/// 1. `fontFile` when set and readable (a warning when it is not, then the family);
/// 2. else fontconfig's match for `fontFamily` at `fontWeight`. Fontconfig never fails to match: a
///    family that is not installed silently becomes its substitute, so the matched family names are
///    compared with the request and a substitution returns a warning naming the font used;
/// 3. the fallback chain: each of `fallbackFonts` (a family, or a file path when it contains `/`),
///    skipped with a warning when not found (a substitute would only repeat the main font);
/// 4. for a character none of those has: fontconfig's best font for the family whose character set
///    has it (cached per character). When nothing has it, the main font draws its missing glyph.
///
/// Thread-safe; `shared` is the process's resolver.
public final class FontResolver: @unchecked Sendable {
    public static let shared = FontResolver()

    private let lock = NSLock()
    private var fonts: [FaceKey: ShapingFont] = [:]
    private var selections: [SelectionKey: ResolvedChain] = [:]
    private var characterFallbacks: [CharacterKey: ShapingFont?] = [:]

    public init() {}

    /// The face in a font file (opened once per path and index).
    public func face(path: String, index: Int = 0) throws(FontError) -> FontFace {
        try shapingFont(path: path, index: index).face
    }

    /// The fonts `style` resolves to. Throws only when no font can be found at all.
    public func fonts(for style: CaptionStyle) throws(FontError) -> FontSelection {
        let chain = try chain(for: style)
        return FontSelection(primary: chain.fonts[0].face, fallbacks: chain.fonts.dropFirst().map(\.face),
                             warnings: chain.warnings)
    }

    /// The font files that drawing `texts` in `style` uses: the style's main font, and for every
    /// character the font the layout picks for it (the same choice, so the list is exact), sorted.
    public func fontFiles(for style: CaptionStyle, texts: [String]) throws(FontError) -> [String] {
        let chain = try chain(for: style)
        var paths: Set<String> = [chain.fonts[0].face.path]
        var seen: Set<Character> = []
        for text in texts {
            for character in text where !character.isWhitespace && seen.insert(character).inserted {
                paths.insert(chain.font(for: character, resolver: self).font.face.path)
            }
        }
        return paths.sorted()
    }

    /// Fontconfig's match for a family at a CSS weight (100-900), italic or not; nil when fontconfig has
    /// no fonts.
    public func match(family: String, weight: Int, italic: Bool = false) -> FontMatch? {
        lock.withLock { Fontconfig.match(family: family, weight: weight, italic: italic, covering: nil) }
    }

    // MARK: Internal: what the layout engine uses

    /// The resolved chain for a style, cached per font fields; `italic` asks for the family's italic
    /// face (for an explicit `font_file`, the italic face of the file's family, when installed).
    func chain(for style: CaptionStyle, italic: Bool = false) throws(FontError) -> ResolvedChain {
        let key = SelectionKey(family: style.fontFamily, file: style.fontFile, fallbacks: style.fallbackFonts,
                               weight: style.fontWeight, italic: italic)
        if let cached = lock.withLock({ selections[key] }) { return cached }
        let chain = try resolve(key)
        lock.withLock { selections[key] = chain }
        return chain
    }

    func shapingFont(path: String, index: Int) throws(FontError) -> ShapingFont {
        let key = FaceKey(path: path, index: index)
        if let font = lock.withLock({ fonts[key] }) { return font }
        let face = try FontFace(path: path, index: index)
        let font = try ShapingFont(face: face)
        // Another thread may have opened it meanwhile: keep the first, so one instance per key.
        return lock.withLock {
            if let existing = fonts[key] { return existing }
            fonts[key] = font
            return font
        }
    }

    /// Fontconfig's font for `family` and `weight` that has `scalar`, or nil.
    func fallback(for scalar: Unicode.Scalar, family: String, weight: Int) -> ShapingFont? {
        let key = CharacterKey(family: family, weight: weight, scalar: scalar.value)
        if let cached = lock.withLock({ characterFallbacks[key] }) { return cached }
        let match = lock.withLock { Fontconfig.match(family: family, weight: weight, italic: false, covering: scalar) }
        let font = match.flatMap { try? shapingFont(path: $0.path, index: $0.index) }
        // Fontconfig's character sets can disagree with the cmap; trust the font.
        let result = font.flatMap { $0.covers(scalar) ? $0 : nil }
        lock.withLock { characterFallbacks[key] = .some(result) }
        return result
    }

    private func resolve(_ key: SelectionKey) throws(FontError) -> ResolvedChain {
        var warnings: [LayoutWarning] = []
        var primary: ShapingFont?
        if let file = key.file {
            do {
                primary = try shapingFont(path: file, index: 0)
            } catch {
                warnings.append(.fontFileUnusable(path: file, reason: error.description))
            }
            // A file is one face: italics take the italic face of its family at its weight, when
            // fontconfig has one (DejaVu Sans Bold's file gives DejaVu Sans Bold Oblique).
            if key.italic, let upright = primary, !upright.face.isItalic,
               let match = self.match(family: upright.face.familyName, weight: key.weight, italic: true), match.isExact,
               let italic = try? shapingFont(path: match.path, index: match.index), italic.face.isItalic {
                primary = italic
            }
        }
        if primary == nil {
            guard let match = self.match(family: key.family, weight: key.weight, italic: key.italic) else {
                throw FontError.notFound(family: key.family)
            }
            primary = try shapingFont(path: match.path, index: match.index)
            if !match.isExact, !Fontconfig.isGenericFamily(key.family) {
                warnings.append(.fontSubstituted(requested: key.family, used: match.family, path: match.path))
            }
        }
        var chain = [primary!]
        for name in key.fallbacks {
            guard let font = fallbackFont(named: name, weight: key.weight) else {
                warnings.append(.fallbackFontNotFound(name))
                continue
            }
            if !chain.contains(where: { $0 === font }) { chain.append(font) }
        }
        return ResolvedChain(fonts: chain, family: key.family, weight: key.weight, warnings: warnings)
    }

    private func fallbackFont(named name: String, weight: Int) -> ShapingFont? {
        if name.contains("/") { return try? shapingFont(path: name, index: 0) }
        guard let match = self.match(family: name, weight: weight), match.isExact else { return nil }
        return try? shapingFont(path: match.path, index: match.index)
    }

    private struct FaceKey: Hashable { var path: String; var index: Int }
    private struct SelectionKey: Hashable {
        var family: String; var file: String?; var fallbacks: [String]; var weight: Int; var italic: Bool
    }
    private struct CharacterKey: Hashable { var family: String; var weight: Int; var scalar: UInt32 }
}

/// A style's fonts in the order characters try them, with the resolver for the last resort.
struct ResolvedChain: Sendable, Hashable {
    /// The main font first.
    let fonts: [ShapingFont]
    let family: String
    let weight: Int
    let warnings: [LayoutWarning]

    /// The font for one character: the first in the chain that has all of its (visible) scalars, else
    /// the first that has its base, else fontconfig's font for the base; `missing` is set when no font
    /// has the base and the main font's missing glyph will show.
    func font(for character: Character, resolver: FontResolver) -> (font: ShapingFont, missing: Unicode.Scalar?) {
        let scalars = character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        guard let base = scalars.first else { return (fonts[0], nil) }
        if let font = fonts.first(where: { font in scalars.allSatisfy(font.covers) }) { return (font, nil) }
        if let font = fonts.first(where: { $0.covers(base) }) { return (font, nil) }
        if let font = resolver.fallback(for: base, family: family, weight: weight) { return (font, nil) }
        return (fonts[0], base)
    }
}

/// A font opened for layout: its FreeType face (for the renderer and metrics) and a HarfBuzz font on
/// the same file (for coverage, shaping and glyph extents) at a scale of one design unit, so shaped
/// positions are exact integers to be multiplied by `face.scale(forSize:)`.
///
/// The HarfBuzz font is made immutable after setup; HarfBuzz allows concurrent use of such fonts.
final class ShapingFont: @unchecked Sendable, Hashable {
    let face: FontFace
    /// hb_font_t
    let font: OpaquePointer

    init(face: FontFace) throws(FontError) {
        guard let blob = hb_blob_create_from_file_or_fail(face.path) else {
            throw FontError.cannotOpen(path: face.path, code: -1)
        }
        defer { hb_blob_destroy(blob) }
        let hbFace = hb_face_create(blob, UInt32(face.index))
        defer { hb_face_destroy(hbFace) }
        let upem = Int32(hb_face_get_upem(hbFace))
        guard let font = hb_font_create(hbFace) else { throw FontError.cannotOpen(path: face.path, code: -1) }
        hb_font_set_scale(font, upem, upem)
        hb_font_make_immutable(font)
        self.face = face
        self.font = font
    }

    deinit { hb_font_destroy(font) }

    func covers(_ scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0
    }

    static func == (a: ShapingFont, b: ShapingFont) -> Bool { a.face == b.face }
    func hash(into hasher: inout Hasher) { hasher.combine(face) }
}

/// The fontconfig calls. Not thread-safe on their own: callers hold the resolver's lock.
private enum Fontconfig {
    static let initialized: Bool = FcInit() != 0

    /// CSS generic families: fontconfig maps them to a real family, which is not a substitution.
    static func isGenericFamily(_ family: String) -> Bool {
        ["sans-serif", "sans", "serif", "monospace", "mono", "cursive", "fantasy", "system-ui", "emoji", "math"]
            .contains(family.lowercased())
    }

    /// Fontconfig compares family names ignoring case and spaces.
    static func normalized(_ family: String) -> String {
        String(family.lowercased().filter { $0 != " " })
    }

    /// The best font for the family, weight and slant; with `scalar`, the best one whose character set
    /// has it.
    static func match(family: String, weight: Int, italic: Bool, covering scalar: Unicode.Scalar?) -> FontMatch? {
        guard initialized, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                _ = FcPatternAddString(pattern, cfontconfig_family(), $0)
            }
        }
        _ = FcPatternAddInteger(pattern, cfontconfig_weight(), FcWeightFromOpenType(Int32(min(max(weight, 1), 1000))))
        // FC_SLANT_ITALIC; fontconfig takes an oblique face for it where the family has no italic.
        if italic { _ = FcPatternAddInteger(pattern, cfontconfig_slant(), 100) }
        if let scalar, let charset = FcCharSetCreate() {
            _ = FcCharSetAddChar(charset, scalar.value)
            _ = FcPatternAddCharSet(pattern, cfontconfig_charset(), charset)
            FcCharSetDestroy(charset)
        }
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let scalar else {
            guard let font = FcFontMatch(nil, pattern, &result) else { return nil }
            defer { FcPatternDestroy(font) }
            return fontMatch(font, requested: family)
        }
        guard let set = FcFontSort(nil, pattern, FcTrue, nil, &result) else { return nil }
        defer { FcFontSetDestroy(set) }
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var charset: OpaquePointer?
            if FcPatternGetCharSet(font, cfontconfig_charset(), 0, &charset) == FcResultMatch,
               FcCharSetHasChar(charset, scalar.value) != 0 {
                return fontMatch(font, requested: family)
            }
        }
        return nil
    }

    private static func fontMatch(_ font: OpaquePointer, requested: String) -> FontMatch? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, cfontconfig_file(), 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(font, cfontconfig_index(), 0, &index) != FcResultMatch { index = 0 }
        var families: [String] = []
        var name: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(font, cfontconfig_family(), Int32(families.count), &name) == FcResultMatch, let name {
            families.append(String(cString: name))
        }
        let wanted = normalized(requested)
        return FontMatch(path: String(cString: file), index: Int(index), family: families.first ?? "",
                         isExact: families.contains { normalized($0) == wanted })
    }
}
