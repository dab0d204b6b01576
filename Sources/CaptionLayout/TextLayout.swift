import CaptionStyles

/// What `LayoutEngine.layout` lays out: a caption's text (optionally with its word list) in a style,
/// for a frame of a given size.
public struct LayoutRequest: Sendable, Hashable {
    /// The caption text; `\n` is a line break that is always kept.
    public var text: String
    /// The caption's words (karaoke timings), in order. They must appear in `text` in order, separated
    /// by whitespace or (between CJK words) by nothing; when they do not, the words themselves are
    /// laid out (joined as `WordJoining` joins them) and a warning says so. nil: the text is split at
    /// whitespace, and runs of CJK characters into one word per character.
    public var words: [String]?
    public var style: CaptionStyle
    public var frameWidth: Double
    public var frameHeight: Double
    /// A BCP 47 language tag for shaping (`"ja"`, `"sr"`); nil picks one from each run's script.
    public var language: String?
    /// The words (indices into the caption's words) laid out in the emphasis weight and size.
    public var emphasized: Set<Int>
    /// The words the caption's markup makes italic (the family's italic face) and bold (at least 700).
    public var italic: Set<Int>
    public var bold: Set<Int>
    /// The words the markup sets in another family (`<font face>`), by word index.
    public var families: [Int: String]
    /// The words the markup sets in another size, relative to the style's (`<font size>`), by word index.
    public var scales: [Int: Double]
    /// Which of libass's shapers the glyphs and advances follow (`TextShaping`).
    public var shaping: TextShaping

    public init(text: String, words: [String]? = nil, style: CaptionStyle, frameWidth: Double, frameHeight: Double,
                language: String? = nil, emphasized: Set<Int> = [], italic: Set<Int> = [], bold: Set<Int> = [],
                families: [Int: String] = [:], scales: [Int: Double] = [:], shaping: TextShaping = .complex) {
        self.shaping = shaping
        self.emphasized = emphasized
        self.italic = italic
        self.bold = bold
        self.families = families
        self.scales = scales
        self.text = text
        self.words = words
        self.style = style
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.language = language
    }
}

/// A rectangle in frame pixels, y down.
public struct LayoutRect: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// The smallest rectangle holding both.
    public func union(_ other: LayoutRect) -> LayoutRect {
        LayoutRect(minX: min(minX, other.minX), minY: min(minY, other.minY),
                   maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    public func offsetBy(dx: Double, dy: Double) -> LayoutRect {
        LayoutRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    public var description: String { "(\(x), \(y), \(width)x\(height))" }
}

public enum TextDirection: String, Sendable, Hashable {
    case leftToRight, rightToLeft
}

/// One glyph, ready to draw: load `glyphID` from `face` at `fontSize` (the ASS size, `FontFace.scale`)
/// and place its origin at (`x`, `y`).
public struct PositionedGlyph: Sendable, Hashable {
    public var face: FontFace
    public var glyphID: UInt32
    /// The glyph's origin on the baseline in frame pixels (y down): the pen position plus HarfBuzz's
    /// offset (non-zero for marks and some kerning).
    public var x: Double
    public var y: Double
    /// The pen advance in pixels (HarfBuzz's, scaled), after which the next glyph in visual order starts.
    public var advance: Double
    /// The ASS font size in pixels (already scaled to the frame).
    public var fontSize: Double
    /// The word the glyph belongs to (an index into `TextLayout.words`).
    public var wordIndex: Int
    /// The first character (`Character` index into `TextLayout.text`) of the glyph's cluster. Glyphs of
    /// a ligature share it; a character may have several glyphs (a base and its marks).
    public var characterIndex: Int
    /// The glyph's ink bounds (from its outline), nil for a glyph that draws nothing (a space).
    public var inkBox: LayoutRect?
    /// HarfBuzz's adjustment of the glyph's advance (kerning), in design units.
    public var kerning: Int

    public init(face: FontFace, glyphID: UInt32, x: Double, y: Double, advance: Double, fontSize: Double,
                wordIndex: Int, characterIndex: Int, inkBox: LayoutRect?, kerning: Int = 0) {
        self.face = face; self.glyphID = glyphID; self.x = x; self.y = y; self.advance = advance
        self.fontSize = fontSize; self.wordIndex = wordIndex; self.characterIndex = characterIndex; self.inkBox = inkBox
        self.kerning = kerning
    }
}

/// One word as laid out.
public struct LaidOutWord: Sendable, Hashable {
    /// The word's text (normalized: uppercased when the style says so).
    public var text: String
    /// Its characters in `TextLayout.text`.
    public var characterRange: Range<Int>
    /// Its line (an index into `TextLayout.lines`).
    public var lineIndex: Int
    /// Its glyphs in `TextLayout.glyphs`, in logical order (for a right-to-left word, x decreases).
    public var glyphRange: Range<Int>
    /// The advance box: from the left of its leftmost glyph's advance to the right of its rightmost,
    /// between the line's top (baseline minus the ascender) and bottom (baseline plus the descender).
    public var box: LayoutRect
    /// The union of its glyphs' ink boxes; nil when nothing in it draws.
    public var inkBox: LayoutRect?
    /// The direction of the word's first character.
    public var direction: TextDirection
}

/// One line as laid out.
public struct LaidOutLine: Sendable, Hashable {
    /// Baseline y in frame pixels.
    public var baseline: Double
    /// Left edge and width of the line's advance (its words and the spaces between them).
    public var x: Double
    public var width: Double
    /// Baseline minus the main font's ascender, and plus its descender, at the size: the line's top and bottom.
    public var top: Double
    public var bottom: Double
    /// The line's words (indices into `TextLayout.words`); empty for a blank line.
    public var wordRange: Range<Int>
    /// The paragraph's base direction (from its first strong character; left-to-right when it has none).
    public var direction: TextDirection

    public var box: LayoutRect { LayoutRect(x: x, y: top, width: width, height: bottom - top) }
}

/// A layout problem that did not stop the layout.
public enum LayoutWarning: Sendable, Hashable, CustomStringConvertible {
    /// The family is not installed; fontconfig substituted another.
    case fontSubstituted(requested: String, used: String, path: String)
    /// An explicit font file could not be opened; the family was used instead.
    case fontFileUnusable(path: String, reason: String)
    /// A fallback font (family or file) was not found and is skipped.
    case fallbackFontNotFound(String)
    /// No font covers this character; the main font's missing-glyph box is drawn.
    case missingGlyph(Unicode.Scalar)
    /// The word list does not match the text; the words were laid out instead of the text.
    case wordsDoNotMatchText
    /// Italic markup in a family with no italic or oblique face: drawn upright.
    case noItalicFace(String)

    public var description: String {
        switch self {
        case .fontSubstituted(let requested, let used, let path):
            "font family '\(requested)' is not installed; using '\(used)' (\(path)) instead"
        case .fontFileUnusable(let path, let reason):
            "font file \(path) cannot be used (\(reason)); using the font family instead"
        case .fallbackFontNotFound(let name):
            "fallback font '\(name)' not found; skipped"
        case .missingGlyph(let scalar):
            "no font has a glyph for U+\(String(scalar.value, radix: 16, uppercase: true)); drawn as a missing glyph"
        case .wordsDoNotMatchText:
            "the caption's words do not match its text; laying out the words"
        case .noItalicFace(let family):
            "font family '\(family)' has no italic or oblique face installed; italic text is drawn upright"
        }
    }
}

/// A laid-out caption: glyphs, words, lines and the block's bounds, in frame pixels.
public struct TextLayout: Sendable, Hashable {
    /// The text the character indices refer to: the request's text normalized (uppercased when the
    /// style says so, whitespace between words collapsed to one space, line breaks as `\n`).
    public var text: String
    /// Every glyph, grouped by word in word order, each word's glyphs in logical order.
    public var glyphs: [PositionedGlyph]
    public var words: [LaidOutWord]
    public var lines: [LaidOutLine]
    /// The union of the lines' boxes (advance extents, line top to bottom).
    public var bounds: LayoutRect
    /// The union of the words' ink boxes; nil when nothing draws.
    public var inkBounds: LayoutRect?
    /// The frame scale (shorter side / 1080) every style length was multiplied by.
    public var scale: Double
    /// The ASS font size in frame pixels.
    public var fontSize: Double
    /// The main font.
    public var face: FontFace
    public var warnings: [LayoutWarning]
}

extension TextLayout {
    /// The same layout `dy` pixels lower (higher when negative): a caption moved as a whole.
    public func shifted(dy: Double) -> TextLayout {
        var moved = self
        func move(_ r: LayoutRect) -> LayoutRect { r.offsetBy(dx: 0, dy: dy) }
        for i in moved.glyphs.indices {
            moved.glyphs[i].y += dy
            moved.glyphs[i].inkBox = moved.glyphs[i].inkBox.map(move)
        }
        for i in moved.words.indices {
            moved.words[i].box = move(moved.words[i].box)
            moved.words[i].inkBox = moved.words[i].inkBox.map(move)
        }
        for i in moved.lines.indices {
            moved.lines[i].baseline += dy
            moved.lines[i].top += dy
            moved.lines[i].bottom += dy
        }
        moved.bounds = move(bounds)
        moved.inkBounds = inkBounds.map(move)
        return moved
    }
}
