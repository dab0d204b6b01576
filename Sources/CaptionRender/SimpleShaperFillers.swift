import CaptionLayout
import CaptionStyles
import Foundation

/// Filler characters that put a word's glyphs on the same 1/8 px grid points under libass's simple shaper
/// (`ASS_SHAPING_SIMPLE`: ffmpeg's `-vf subtitles=`, Jellyfin's and Emby's burn-in) as under its
/// complex shaper (the default: `-vf ass=`, mpv), where the native renderer draws them.
///
/// Why: the two shapers take a glyph's advance differently: the complex shaper hinted (whole pixels
/// at libass's 256 px reference size), the simple shaper unhinted (`FontFace.libassSimpleAdvance`).
/// At 42 px that is up to 5/64 px per glyph, and it adds up along a word, so from the second or
/// third glyph on the simple shaper rounds glyphs to another eighth of a pixel (measured on
/// whisperx.json in highlight-by-word at 540x960: 22 of 42 glyphs). Nothing inside one event can
/// move a glyph by an amount that depends on the shaper except another glyph's advance, so:
///
/// How: before a glyph that would land elsewhere, the compiled ASS writes a blank character
/// (`U+2009`, `U+00A0`, ...: the ones the word's font has that draw nothing) with a `\fsp` of minus
/// its complex advance, then `\fsp0`. Under the complex shaper the filler moves nothing (`\fsp` is
/// added to its advance exactly, in 1/64 px); under the simple shaper it moves what follows by the
/// difference of its two advances, which is chosen (one filler or two) to take the drift back. Where
/// that difference alone does not land the glyph in the same eighth, the spacing also moves both
/// shapers' pens by up to 4/64 px (`shifts`; the native painter moves the glyphs as much). A change of
/// `\fsp` starts a new run in libass (`split_style_runs`): the glyphs after a filler are placed on the
/// grid from their own first glyph and combined into their own bitmap, and the native painter does
/// the same (`runStarts`), so both shapers and the native renderer agree. A font whose blank glyphs
/// all round the same way (DejaVu Sans Bold's) corrects one way only; for the other way a filler is a
/// letter written at zero height (`{\fsp…\fscy0}o{\fsp0\fscy100}`), which libass skips when drawing
/// but advances by (`Filler.hidden`). A word no search lands keeps its drift where it misses.
///
/// Only where it is safe: a left-to-right word whose characters are each one glyph of one scalar
/// from the same face, outside the scripts whose shaping depends on the neighbours (a run break
/// would change Arabic joining, Indic conjuncts, marks). Elsewhere the simple shaper's drift stays.
/// A word drawn alone while it scales (word-and-scale, pop-in) keeps the same fillers, their spacing
/// worked out again at each step of the scale (`ScaledWordFillers`).
public struct SimpleShaperFillers: Sendable, Hashable {
    public struct Filler: Sendable, Hashable {
        public var scalar: Unicode.Scalar
        /// The filler's advance under the complex shaper, in 1/64 px: `\fsp` takes it back out.
        public var advance64: Int
        /// How far (1/64 px) the filler moves what follows under the complex shaper (the rest of its
        /// spacing): 0, or a few 64ths that put a glyph in the same eighth under both shapers.
        public var shift64 = 0

        /// The filler's glyph in the word's face.
        public var glyph: UInt32
        public var face: FontFace
        /// A visible glyph (a letter or digit) written at zero height (`\fscy0`), which libass skips
        /// when drawing (no fill, border or shadow) but still advances by: a font whose blank glyphs
        /// all round one way has letters that round the other (`hiddenCandidates`).
        public var hidden = false

        /// The `\fsp` value (pixels; the compiled ASS's PlayRes is the frame).
        public var spacing: Double { Double(shift64 - advance64) / 64 }

        /// The filler's advance under the complex shaper at another size (a scaled word's), in pixels.
        public func complexAdvance(size: Double) -> Double { face.libassAdvance(glyph: glyph, adjustment: 0, size: size) }
    }

    /// The fillers to write before each of the word's characters (offsets from the word's first), and
    /// after its last (at its character count).
    public var before: [Int: [Filler]] = [:]
    /// The glyphs (indices into `TextLayout.glyphs`) that start a new libass run because a filler
    /// precedes them.
    public var runStarts: Set<Int> = []
    /// How far (1/64 px) the fillers move glyphs (indices into `TextLayout.glyphs`) right of where
    /// the layout puts them, under either shaper; absent for glyphs they do not move.
    public var shifts: [Int: Int] = [:]

    public static let none = SimpleShaperFillers()

    private static let plans = BoundedMemo<PlanKey, SimpleShaperFillers>(limit: 20_000)

    /// The pen shifts a filler's spacing may add (64ths of a pixel), nearest none first.
    public static let shiftSteps = [0, -1, 1, -2, 2, -3, 3, -4, 4]

    /// Blank characters a filler may be, in order of preference. Not U+0020: libass trims it at the end
    /// of a line (`trim_whitespace`), where a scaled word's last filler stands.
    static let candidates: [Unicode.Scalar] = [0x2009, 0x200A, 0x2006, 0x2005, 0x2004, 0x2008, 0x202F, 0x205F, 0x2002,
                                               0x2003, 0x2000, 0x2001, 0x2007, 0x00A0, 0x2800].compactMap(Unicode.Scalar.init)
    /// Visible characters a filler may be when no blank gives the difference needed, written at zero
    /// height (`Filler.hidden`): ASCII letters and digits, which every Latin font has and no shaper
    /// changes alone in their run. Not in modes that scale words (a scaled word's height is animated, and
    /// would have to be animated again after each), and never after a word's last glyph (libass leaves
    /// skipped glyphs out of an event's width, `compute_string_bbox`).
    static let hiddenCandidates: [Unicode.Scalar] = (Array(0x41...0x5A) + Array(0x61...0x7A) + Array(0x30...0x39))
        .compactMap(Unicode.Scalar.init)

    /// The fillers for word `index` of `layout`, drawn with strokes of `strokeWidth` px (the border's
    /// grid point must agree too) in `style`: hidden ones (`Filler.hidden`) too, unless the style's mode
    /// scales words (`hiddenCandidates`). The painter and the compiled ASS ask with the same style, so
    /// they get the same plan.
    public static func plan(word index: Int, in layout: TextLayout, strokeWidth: Double, style: CaptionStyle,
                            rasterizer: GlyphRasterizer = GlyphRasterizer()) -> SimpleShaperFillers {
        let hiddenFillers = !ScaledSpan.isUsed(by: style)
        let word = layout.words[index]
        let glyphs = Array(layout.glyphs[word.glyphRange])
        guard isEligible(word, glyphs: glyphs) else { return .none }
        let key = PlanKey(glyphs: glyphs, first: word.glyphRange.lowerBound, strokeWidth: strokeWidth, hiddenFillers: hiddenFillers)
        // Every frame of a page, and every event of a word in the ASS, plans the same words.
        return plans.value(key) {
            Planner(glyphs: glyphs, firstGlyph: word.glyphRange.lowerBound, firstCharacter: word.characterRange.lowerBound,
                    strokeWidth: strokeWidth, hiddenFillers: hiddenFillers, rasterizer: rasterizer).plan()
        }
    }

    /// Left to right, one glyph per single-scalar character, one face, and no script whose glyphs
    /// depend on their neighbours.
    static func isEligible(_ word: LaidOutWord, glyphs: [PositionedGlyph]) -> Bool {
        guard word.direction == .leftToRight, glyphs.count == word.characterRange.count, glyphs.count > 1,
              word.text.count == glyphs.count, let face = glyphs.first?.face else { return false }
        for (offset, (glyph, character)) in zip(glyphs, word.text).enumerated() {
            guard glyph.face == face, glyph.characterIndex == word.characterRange.lowerBound + offset,
                  character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
                  isContextFree(scalar) else { return false }
        }
        return true
    }

    /// Latin, Greek, Cyrillic, digits and punctuation; not marks, and not a backslash (in ASS it would
    /// escape the filler's tag block after it).
    static func isContextFree(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\\" { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control: return false
        default: break
        }
        switch scalar.value {
        case 0x21...0x24F, 0x370...0x3FF, 0x400...0x4FF, 0x1E00...0x1FFF, 0x2010...0x205E: return true
        default: return false
        }
    }
}

/// The search over one word: glyph by glyph, where each lands under both shapers, and fillers where
/// they part.
private struct Planner {
    let glyphs: [PositionedGlyph]
    let firstGlyph: Int
    let firstCharacter: Int
    let strokeWidth: Double
    let hiddenFillers: Bool
    let rasterizer: GlyphRasterizer

    typealias Option = (fillers: [SimpleShaperFillers.Filler], drift: Int)

    /// Fillers the face has, with the difference of their two advances (simple − complex, 1/64 px):
    /// one per difference, and pairs for the differences no single filler gives. The same for every
    /// word of a face and size.
    /// With `hidden`, also the hidden fillers (`Filler.hidden`) for the differences no blank gives.
    func options(face: FontFace, size: Double, hidden: Bool) -> [Option] {
        Self.optionsByFace.value(OptionsKey(face: face, size: size, hidden: hidden)) { Self.makeOptions(face: face, size: size, hidden: hidden) }
    }

    struct OptionsKey: Hashable {
        var face: FontFace
        var size: Double
        var hidden: Bool
    }

    static let optionsByFace = BoundedMemo<OptionsKey, [Option]>(limit: 256)

    static func makeOptions(face: FontFace, size: Double, hidden: Bool) -> [Option] {
        guard face.isScalable else { return [] }
        var singles: [Int: SimpleShaperFillers.Filler] = [:]
        let candidates = SimpleShaperFillers.candidates.map { ($0, false) } + (hidden ? SimpleShaperFillers.hiddenCandidates.map { ($0, true) } : [])
        for (scalar, isHidden) in candidates {
            let glyph = face.glyphIndex(for: scalar)
            // A blank filler must draw nothing; a hidden one is drawn at zero height, which libass skips.
            guard glyph != 0, isHidden || GlyphRasterizer.loadOutline(glyph, face: face) == nil else { continue }
            let complex = Int((face.libassAdvance(glyph: glyph, adjustment: 0, size: size) * 64).rounded())
            let simple = Int((face.libassSimpleAdvance(glyph: glyph, size: size) * 64).rounded())
            let d = simple - complex
            // Blanks first: a hidden filler only for a difference no blank gives.
            if singles[d] == nil { singles[d] = .init(scalar: scalar, advance64: complex, glyph: glyph, face: face, hidden: isHidden) }
        }
        var options = singles.map { (fillers: [$0.value], drift: $0.key) }
        var pairs: [Int: [SimpleShaperFillers.Filler]] = [:]
        func hiddenCount(_ fillers: [SimpleShaperFillers.Filler]) -> Int { fillers.filter(\.hidden).count }
        for a in singles.sorted(by: { $0.key < $1.key }) {
            for b in singles.sorted(by: { $0.key < $1.key }) where a.key <= b.key {
                let d = a.key + b.key
                // The pair with the fewest hidden fillers.
                let pair = [a.value, b.value]
                if singles[d] == nil, pairs[d].map({ hiddenCount($0) > hiddenCount(pair) }) ?? true { pairs[d] = pair }
            }
        }
        options += pairs.map { (fillers: $0.value, drift: $0.key) }
        return options.sorted { (abs($0.drift), $0.fillers.count, $0.drift) < (abs($1.drift), $1.fillers.count, $1.drift) }
    }

    /// Where glyph `j` lands (eighths: fill, then border) with its pen moved by `offset` 64ths, in `run`.
    func land(_ j: Int, offset: Int, run: inout LibassSubpixelRun) -> [Int] {
        let g = glyphs[j]
        return ScaledWordFillers.land(g, pen: (g.x + Double(offset) / 64, g.y), size: g.fontSize, strokeWidth: strokeWidth,
                                      rasterizer: rasterizer, run: &run)
    }

    /// The plan with the fewest glyphs landing apart, found first with the fewest fillers.
    func plan() -> SimpleShaperFillers {
        guard let face = glyphs.first?.face, let size = glyphs.first?.fontSize else { return .none }
        let options = options(face: face, size: size, hidden: hiddenFillers)
        var search = Search(options: options)
        search.walk(self, from: 0, state: .init(), chosen: [:], misses: 0)
        var result = SimpleShaperFillers()
        var shift = 0, drift = 0
        for j in glyphs.indices {
            drift += self.drift(over: j)
            if let choice = search.best?.chosen[j] {
                drift += options.first { $0.fillers == choice.fillers }?.drift ?? 0
                var fillers = choice.fillers
                // The shift rides on the last filler's spacing.
                fillers[fillers.count - 1].shift64 = choice.shift - shift
                shift = choice.shift
                result.before[glyphs[j].characterIndex - firstCharacter] = fillers
                result.runStarts.insert(firstGlyph + j)
            }
            if shift != 0 { result.shifts[firstGlyph + j] = shift }
        }
        // A filler after the last glyph takes back the drift of the word's width, by which the simple
        // shaper would move a centred word (drawn alone while it scales, `\an5`); at rest it moves nothing.
        // With fillers inside, there is always one: its spacing lets a scaled word's shifts add up (`ScaledWordFillers`).
        // Blank only: see `hiddenCandidates`.
        if let trailing = self.options(face: face, size: size, hidden: false).min(by: { abs(drift + $0.drift) < abs(drift + $1.drift) }),
           abs(drift + trailing.drift) < abs(drift) || !result.before.isEmpty {
            result.before[glyphs.count] = trailing.fillers
        }
        return result
    }

    /// The simple shaper's drift over glyph `j`'s advance (1/64 px).
    func drift(over j: Int) -> Int {
        let g = glyphs[j]
        let complex = Int((g.advance * 64).rounded())
        let simple = Int((g.face.libassSimpleAdvance(glyph: g.glyphID, size: g.fontSize) * 64).rounded())
        return simple - complex
    }

    /// Where the walk stands: the complex shaper's pen moved by `shift` from the layout's (by the
    /// fillers' spacing), the simple shaper's by `shift + drift`, and each shaper's current run.
    struct State {
        var shift = 0
        var drift = 0
        var complexRun = LibassSubpixelRun()
        var simpleRun = LibassSubpixelRun()
    }

    /// A search over the word, glyph by glyph: no filler where the glyph lands alike anyway, else
    /// fillers that make it land alike (their difference of advances takes the drift back; their
    /// spacing may also move both shapers' pens by a few 64ths, `shift`, which the native renderer
    /// follows, so both land in one eighth), smallest first; it backs up when a later glyph cannot be
    /// landed. The first plan that lands every glyph is taken; when none does within the search's
    /// budget, the one that lands the most.
    struct Search {
        let options: [Option]
        var best: (chosen: [Int: (fillers: [SimpleShaperFillers.Filler], shift: Int)], misses: Int)?
        var budget = 20_000

        var isDone: Bool { best?.misses == 0 || budget <= 0 }

        mutating func walk(_ p: Planner, from j: Int, state: State,
                           chosen: [Int: (fillers: [SimpleShaperFillers.Filler], shift: Int)], misses: Int) {
            if let best, misses >= best.misses { return }
            guard j < p.glyphs.count else {
                best = (chosen, misses)
                return
            }
            var next = state
            guard p.glyphs[j].inkBox != nil else {
                next.drift += p.drift(over: j)
                walk(p, from: j + 1, state: next, chosen: chosen, misses: misses)
                return
            }
            budget -= 1
            let lands = p.land(j, offset: state.shift, run: &next.complexRun)
                == p.land(j, offset: state.shift + state.drift, run: &next.simpleRun)
            next.drift += p.drift(over: j)
            if lands { walk(p, from: j + 1, state: next, chosen: chosen, misses: misses) }
            if j > 0 {
                for shift in SimpleShaperFillers.shiftSteps {
                    for option in options where !isDone {
                        // Fillers start a new run at this glyph in both shapers.
                        budget -= 1
                        var after = State(shift: shift, drift: state.drift + option.drift)
                        guard p.land(j, offset: after.shift, run: &after.complexRun)
                            == p.land(j, offset: after.shift + after.drift, run: &after.simpleRun) else { continue }
                        after.drift += p.drift(over: j)
                        var more = chosen
                        more[j] = (option.fillers, shift)
                        walk(p, from: j + 1, state: after, chosen: more, misses: misses)
                    }
                }
            }
            if !lands, !isDone { walk(p, from: j + 1, state: next, chosen: chosen, misses: misses + 1) }
        }
    }
}

/// The key of a word's plan: what decides where its glyphs land.
private struct PlanKey: Hashable {
    var faces: [String]
    var glyphs: [UInt32]
    var x: [Double]
    var y: [Double]
    var advances: [Double]
    var sizes: [Double]
    var ink: [Bool]
    var strokeWidth: Double
    var hiddenFillers: Bool
    /// The word's first glyph in its layout: the plan's `runStarts` and `shifts` count from the layout's.
    var first: Int

    init(glyphs: [PositionedGlyph], first: Int, strokeWidth: Double, hiddenFillers: Bool) {
        self.first = first
        self.hiddenFillers = hiddenFillers
        faces = glyphs.map(\.face.path)
        self.glyphs = glyphs.map(\.glyphID)
        x = glyphs.map(\.x)
        y = glyphs.map(\.y)
        advances = glyphs.map(\.advance)
        sizes = glyphs.map(\.fontSize)
        ink = glyphs.map { $0.inkBox != nil }
        self.strokeWidth = strokeWidth
    }
}
