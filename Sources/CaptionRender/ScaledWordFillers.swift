import CaptionLayout

/// A word's simple-shaper fillers (`SimpleShaperFillers`) while it is drawn alone at a scale (the
/// compiled ASS's `\an5` event of a growing or popping word): at each scale the fillers' `\fsp` may
/// also move both shapers' pens by a few 64ths, chosen anew for that scale, so that every glyph lands in
/// the same eighth of a pixel under both shapers there too. The word is centred, so the shifts and the
/// fillers' drift also move its left edge (by half the change of its width); the filler after the last
/// glyph takes the rest of the shifts, so they add up to a total chosen first.
/// The native painter draws the glyphs at `pens`; `ScaledWordEvents` writes `shifts` into the fillers'
/// `\fsp` at each step of the scale.
public struct ScaledWordFillers: Sendable {
    /// Each filler group's shift (1/64 px) by its place in `SimpleShaperFillers.before`.
    public var shifts: [Int: Int]
    /// The pens of the word's glyphs, in order, under the complex shaper (as the native renderer draws them).
    public var pens: [(x: Double, y: Double)]

    /// The fillers' shifts and the glyphs' pens for a word (its glyphs; its first character
    /// `firstCharacter`) at ASS `size` × `scale`, centred at (centreX, centreY). Cached: a word holds
    /// a scale over many frames, and its steps come back for every word with the same letters.
    public static func plan(_ fillers: SimpleShaperFillers, glyphs: [PositionedGlyph], firstCharacter: Int, size: Double, scale: Double,
                            centreX: Double, centreY: Double, strokeWidth: Double,
                            rasterizer: GlyphRasterizer = GlyphRasterizer()) -> ScaledWordFillers {
        let key = Key(fillers: fillers.before, glyphs: glyphs.map(\.glyphID), faces: glyphs.map(\.face.path), kerning: glyphs.map(\.kerning),
                      ink: glyphs.map { $0.inkBox != nil }, firstCharacter: firstCharacter, size: size, scale: scale, centreX: centreX, centreY: centreY, strokeWidth: strokeWidth)
        return cache.value(key) {
            make(fillers, glyphs: glyphs, firstCharacter: firstCharacter, size: size, scale: scale, centreX: centreX,
                 centreY: centreY, strokeWidth: strokeWidth, rasterizer: rasterizer)
        }
    }

    private struct Key: Hashable {
        var fillers: [Int: [SimpleShaperFillers.Filler]]
        var glyphs: [UInt32]
        var faces: [String]
        var kerning: [Int]
        var ink: [Bool]
        var firstCharacter: Int
        var size, scale, centreX, centreY, strokeWidth: Double
    }

    private static let cache = BoundedMemo<Key, ScaledWordFillers>(limit: 20_000)

    private static func make(_ fillers: SimpleShaperFillers, glyphs: [PositionedGlyph], firstCharacter: Int, size: Double, scale: Double,
                             centreX: Double, centreY: Double, strokeWidth: Double, rasterizer: GlyphRasterizer) -> ScaledWordFillers {
        guard !fillers.before.isEmpty, scale > 0 else {
            return ScaledWordFillers(shifts: [:], pens: LibassScaledWord.pens(of: glyphs, size: size, scale: scale, centreX: centreX, centreY: centreY))
        }
        let line = ScaledLine(fillers, glyphs: glyphs, firstCharacter: firstCharacter, size: size * scale, centreX: centreX, centreY: centreY)
        let inner = line.places.filter { $0 < glyphs.count }
        typealias Runs = (complex: LibassSubpixelRun, simple: LibassSubpixelRun)
        var best: (shifts: [Int: Int], pens: [(x: Double, y: Double)], misses: Int)?
        for total in (line.hasTrailing ? Self.totals : [0]) where best?.misses != 0 {
            // Walk the glyphs with the total fixed: each inner group takes the first shift that lands its glyph.
            var shifts: [Int: Int] = [:], misses = 0
            var runs: Runs = (LibassSubpixelRun(), LibassSubpixelRun())
            func place(_ j: Int) -> (lands: Bool, runs: Runs) {
                let pens = line.pens(shifts: shifts, total: total)
                var (c, s) = runs
                let lands = land(glyphs[j], pen: pens.complex[j], size: line.size, strokeWidth: strokeWidth, rasterizer: rasterizer, run: &c)
                    == land(glyphs[j], pen: pens.simple[j], size: line.size, strokeWidth: strokeWidth, rasterizer: rasterizer, run: &s)
                return (lands, (c, s))
            }
            for j in glyphs.indices {
                let offset = glyphs[j].characterIndex - firstCharacter
                let startsGroup = inner.contains(offset)
                if startsGroup { (runs, shifts[offset]) = ((LibassSubpixelRun(), LibassSubpixelRun()), 0) }
                guard glyphs[j].inkBox != nil else { continue }
                var placed: (lands: Bool, runs: Runs)?
                for shift in startsGroup ? SimpleShaperFillers.shiftSteps : [0] {
                    if startsGroup { shifts[offset] = shift }
                    let p = place(j)
                    if p.lands { placed = p; break }
                }
                if placed == nil {
                    // Kept where it is, and still the first of its run.
                    misses += 1
                    if startsGroup { shifts[offset] = 0 }
                    placed = place(j)
                }
                runs = placed!.runs
            }
            // The shifts add up to the total: the trailing filler takes the rest; without one, only a total they reach.
            let sum = inner.reduce(0) { $0 + (shifts[$1] ?? 0) }
            if line.hasTrailing { shifts[glyphs.count] = total - sum } else if sum != total { continue }
            if best == nil || misses < best!.misses { best = (shifts, line.pens(shifts: shifts, total: total).complex, misses) }
        }
        guard let best else {
            return ScaledWordFillers(shifts: [:], pens: LibassScaledWord.pens(of: glyphs, size: size, scale: scale, centreX: centreX, centreY: centreY))
        }
        return ScaledWordFillers(shifts: best.shifts, pens: best.pens)
    }

    /// Totals of the shifts tried, nearest none first.
    static let totals = [0] + (1...12).flatMap { [-$0, $0] }

    /// A word drawn alone at one size with its filler groups: what its pens depend on besides the shifts.
    struct ScaledLine {
        let glyphs: [PositionedGlyph]
        let firstCharacter: Int
        /// The filler groups' places (`SimpleShaperFillers.before`) and each group's drift (simple −
        /// complex, 1/64 px) at this size.
        let places: Set<Int>
        let groupDrift: [Int: Int]
        /// The ASS size times the scale.
        let size: Double
        let centreX: Double
        let baseline: Double

        var hasTrailing: Bool { places.contains(glyphs.count) }

        init(_ fillers: SimpleShaperFillers, glyphs: [PositionedGlyph], firstCharacter: Int, size: Double, centreX: Double, centreY: Double) {
            self.glyphs = glyphs
            self.firstCharacter = firstCharacter
            self.size = size
            self.centreX = centreX
            places = Set(fillers.before.keys)
            groupDrift = fillers.before.mapValues { group in
                group.reduce(0) { $0 + Int((($1.face.libassSimpleAdvance(glyph: $1.glyph, size: size) - $1.complexAdvance(size: size)) * 64).rounded()) }
            }
            let ascender = glyphs.map { $0.face.libassAscender(size: size) }.max() ?? 0
            let descender = glyphs.map { $0.face.libassDescender(size: size) }.max() ?? 0
            baseline = LibassGrid.snap(centreY - (descender - ascender) / 2)
        }

        /// Every glyph's pen under each shaper: complex with the shifts, simple with the shifts and
        /// drifts, each word centred on its own width. The width is libass's (`compute_string_bbox`):
        /// the furthest end of any glyph's advance, fillers included, so a filler whose shift is
        /// negative ends before the glyph it follows does and widens nothing. The trailing filler makes
        /// the shifts add up to `total`.
        func pens(shifts: [Int: Int], total: Int) -> (complex: [(x: Double, y: Double)], simple: [(x: Double, y: Double)]) {
            var complex = Pen(), simple = Pen()
            var complexAt: [Double] = [], simpleAt: [Double] = []
            func filler(at place: Int, shift: Int) {
                complex.advance(Double(shift) / 64)
                simple.advance(Double(shift + (groupDrift[place] ?? 0)) / 64)
            }
            var innerShifts = 0
            for g in glyphs {
                let offset = g.characterIndex - firstCharacter
                if places.contains(offset) {
                    filler(at: offset, shift: shifts[offset] ?? 0)
                    innerShifts += shifts[offset] ?? 0
                }
                complexAt.append(complex.x)
                simpleAt.append(simple.x)
                complex.advance(g.face.libassAdvance(glyph: g.glyphID, adjustment: g.kerning, size: size))
                simple.advance(g.face.libassSimpleAdvance(glyph: g.glyphID, size: size))
            }
            if hasTrailing { filler(at: glyphs.count, shift: total - innerShifts) }
            return (complexAt.map { (LibassGrid.snap(centreX - complex.width / 2 + $0), baseline) },
                    simpleAt.map { (LibassGrid.snap(centreX - simple.width / 2 + $0), baseline) })
        }
    }

    /// A pen along a line, and the furthest any advance reached.
    struct Pen {
        var x = 0.0
        var width = 0.0
        mutating func advance(_ by: Double) {
            width = max(width, x + by)
            x += by
        }
    }

    /// Where glyph `g` lands with its pen at `pen` (eighths of a pixel: the fill's centre, then the
    /// border's), as the next glyph of `run`.
    static func land(_ g: PositionedGlyph, pen: (x: Double, y: Double), size: Double, strokeWidth: Double,
                     rasterizer: GlyphRasterizer, run: inout LibassSubpixelRun) -> [Int] {
        let exact = rasterizer.exactCentres(glyph: g.glyphID, face: g.face, size: size, penX: pen.x, penY: pen.y, strokeWidth: strokeWidth)
        let fill = run.place(x: exact.fill.x, y: exact.fill.y)
        guard let border = exact.border else { return [fill.x, fill.y] }
        let b = run.place(x: border.x, y: border.y)
        return [fill.x, fill.y, b.x, b.y]
    }
}
