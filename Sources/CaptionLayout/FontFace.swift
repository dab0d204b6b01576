import CFreeType
import CaptionModel
import Foundation

/// One font file's face, opened with FreeType. Sizes follow the ASS convention libass uses: the
/// font's ascender plus descender (from the OS/2 table when present, else hhea) span the font size in
/// pixels, so a size means the same thing here and in the ASS the toolkit writes.
///
/// FreeType faces are not thread-safe: every use of the C face goes through `withFace`, which holds
/// the face's lock.
public final class FontFace: @unchecked Sendable {
    public let path: String
    public let index: Int
    public let familyName: String
    public let styleName: String
    /// An italic or oblique face, by its style name (as libass's font matching reads it for `\i1`).
    public var isItalic: Bool {
        styleName.localizedCaseInsensitiveContains("italic") || styleName.localizedCaseInsensitiveContains("oblique")
    }
    /// Design units per em, ascender and descender (positive, below the baseline) in design units.
    public let unitsPerEm: Double
    public let ascender: Double
    public let descender: Double
    public let isScalable: Bool
    public let hasColorGlyphs: Bool

    private let face: FT_Face
    private let lock = NSLock()
    /// libass's advances at its reference size, per glyph (see `LibassArithmetic.swift`).
    let libassAdvances = GlyphValueCache()
    /// libass's simple shaper's advances at its reference size, per glyph.
    let libassSimpleAdvances = GlyphValueCache()

    public init(path: String, index: Int = 0) throws(FontError) {
        var face: FT_Face?
        let status = FreeTypeLibrary.shared.withLibrary { FT_New_Face($0, path, FT_Long(index), &face) }
        guard status == 0, let face else { throw FontError.cannotOpen(path: path, code: Int(status)) }
        self.face = face
        self.path = path
        self.index = index
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        unitsPerEm = Double(face.pointee.units_per_EM)
        isScalable = cfreetype_is_scalable(face) != 0
        hasColorGlyphs = cfreetype_has_color(face) != 0
        // libass (ass_font.c) prefers OS/2 usWinAscent/usWinDescent, falling back to hhea.
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
           os2.pointee.usWinAscent + os2.pointee.usWinDescent != 0 {
            ascender = Double(os2.pointee.usWinAscent)
            descender = Double(os2.pointee.usWinDescent)
        } else {
            ascender = Double(face.pointee.ascender)
            descender = Double(-face.pointee.descender)
        }
    }

    deinit { _ = FreeTypeLibrary.shared.withLibrary { _ in FT_Done_Face(face) } }

    /// Pixels per design unit at an ASS font size.
    public func scale(forSize size: Double) -> Double {
        let span = ascender + descender
        return span > 0 ? size / span : size / max(unitsPerEm, 1)
    }

    /// The glyph for a Unicode scalar; 0 when the font lacks it.
    public func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        withFace { UInt32(FT_Get_Char_Index($0, FT_ULong(scalar.value))) }
    }

    /// Runs `body` with the FreeType face, holding the face's lock. Package-only: no C type in the
    /// public API.
    package func withFace<R>(_ body: (FT_Face) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(face)
    }
}

/// Why no font could be used: a font file FreeType cannot open, or no font at all for a family (a
/// family that is merely not installed falls back to another, with a layout warning, instead).
public enum FontError: CaptionKitError {
    /// FreeType or HarfBuzz could not open the file (`code`: FreeType's error code, or -1).
    case cannotOpen(path: String, code: Int)
    /// Fontconfig found no usable font for the family, not even a fallback.
    case notFound(family: String)

    /// Input missing or unreadable (66), as `captions render` and `convert --preset` report it.
    public var failure: FailureKind { .unreadable }

    public var description: String {
        switch self {
        case .cannotOpen(let path, let code): "cannot open font file \(path) (FreeType error \(code))"
        case .notFound(let family): "no font found for family '\(family)'"
        }
    }
}

/// The process's FreeType library handle. FT_New_Face and FT_Done_Face touch it, so they take its lock.
final class FreeTypeLibrary: @unchecked Sendable {
    static let shared = FreeTypeLibrary()
    private let library: FT_Library
    private let lock = NSLock()

    private init() {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { fatalError("FreeType could not be initialised") }
        self.library = library
    }

    func withLibrary<R>(_ body: (FT_Library) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(library)
    }
}

/// Two faces are the same font when they come from the same file and face index: a resolver keeps one
/// instance per file and index, and two resolvers' instances of one font compare equal (so two layouts
/// of the same input are equal).
extension FontFace: Hashable {
    public static func == (a: FontFace, b: FontFace) -> Bool {
        a === b || (a.path == b.path && a.index == b.index)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(index)
    }
}
