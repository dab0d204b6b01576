import CaptionStyles

/// The faces of words laid out in another face than the style's: emphasised words in the emphasis
/// weight and size (`emphasis.font_weight`, `emphasis.scale`), and the markup's italic words in the
/// family's italic face, bold words at weight 700 or more, words in a `<font face>` in that family
/// (through fontconfig, as the style's family) and words in a `<font size>` at that size. The compiled
/// ASS asks libass for the same faces and sizes (`\fn`, `\b`, `\i`, `\fs`), so the two draw the same
/// glyphs.
struct WordFaces {
    struct Face {
        let fonts: ResolvedChain
        let size: Double
    }

    /// By character index in the whole text; characters of words in the style's face are absent.
    private var faces: [Int: Face] = [:]
    /// A family with no italic or oblique face: its italics are drawn upright (and asked of libass
    /// upright too, so the two still agree).
    private(set) var warnings: [LayoutWarning] = []

    init() {}

    init(_ request: LayoutRequest, words: CaptionWords, fonts: ResolvedChain, fontSize: Double, scale: Double,
         resolver: FontResolver) throws(FontError) {
        let style = request.style, look = style.emphasis
        let emphasized = look.fontWeight != nil || look.scale != 1 ? request.emphasized : []
        let changed = emphasized.union(request.italic).union(request.bold).union(request.families.keys).union(request.scales.keys)
            .filter { $0 < words.words.count }
        guard !changed.isEmpty else { return }
        struct Key: Hashable { var weight: Int; var italic: Bool; var emphasized: Bool; var family: String?; var scale: Double }
        var chosen: [Key: Face] = [:]
        for w in changed {
            let emphasis = emphasized.contains(w)
            var weight = emphasis ? look.fontWeight ?? style.fontWeight : style.fontWeight
            if request.bold.contains(w) { weight = max(weight, 700) }
            let key = Key(weight: weight, italic: request.italic.contains(w), emphasized: emphasis,
                          family: request.families[w], scale: request.scales[w] ?? 1)
            if chosen[key] == nil {
                var variant = style
                variant.fontWeight = weight
                if let family = key.family {
                    // The markup's family replaces the style's file and family; the style's fallbacks stay.
                    (variant.fontFamily, variant.fontFile) = (family, nil)
                }
                let fonts = try resolver.chain(for: variant, italic: key.italic)
                if key.italic, !fonts.fonts[0].face.isItalic, !warnings.contains(.noItalicFace(variant.fontFamily)) {
                    warnings.append(.noItalicFace(variant.fontFamily))
                }
                // Read back as libass reads the compiled ASS's `\fs` (`ASSNumber`).
                let size = key.emphasized || key.scale != 1
                    ? ASSNumber.read(style.fontSize * (key.emphasized ? look.scale : 1) * key.scale * scale) : fontSize
                chosen[key] = Face(fonts: fonts, size: size)
            }
            for c in words.words[w] { faces[c] = chosen[key] }
        }
    }

    func face(ofCharacter c: Int) -> Face? { faces.isEmpty ? nil : faces[c] }
}
