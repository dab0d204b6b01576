import CaptionLayout
import Synchronization

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
        let key = Key(fillers: fillers.before, glyphs: glyphs.map(\.glyphID), faces: glyphs.map(\.face.path), kerning: glyphs.map(\.kerning), ink: glyphs.map { $0.inkBox != nil },
                      firstCharacter: firstCharacter, size: size, scale: scale, centreX: centreX, centreY: centreY, strokeWidth: strokeWidth)
        if let plan = cache.withLock({ $0[key] }) { return plan }
        let plan = make(fillers, glyphs: glyphs, firstCharacter: firstCharacter, size: size, scale: scale, centreX: centreX,
                        centreY: centreY, strokeWidth: strokeWidth, rasterizer: rasterizer)
        cache.withLock {
            if $0.count > 20_000 { $0.removeAll(keepingCapacity: true) }
            $0[key] = plan
        }
        return plan
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

    private static let cache = Mutex<[Key: ScaledWordFillers]>([:])

    private static func make(_ fillers: SimpleShaperFillers, glyphs: [PositionedGlyph], firstCharacter: Int, size: Double, scale: Double,
                             centreX: Double, centreY: Double, strokeWidth: Double, rasterizer: GlyphRasterizer) -> ScaledWordFillers {
        let places = fillers.before.keys.sorted()
        let trailing = fillers.before[glyphs.count] != nil
        guard !places.isEmpty, scale > 0 else {
            return ScaledWordFillers(shifts: [:], pens: LibassScaledWord.pens(of: glyphs, size: size, scale: scale, centreX: centreX, centreY: centreY))
        }
        let scaled = size * scale
        // Each group's drift (simple − complex, 1/64 px) at this size.
        var groupDrift: [Int: Int] = [:]
        for place in places {
            groupDrift[place] = fillers.before[place]!.reduce(0) { total, f in
                total + Int(((f.face.libassSimpleAdvance(glyph: f.glyph, size: scaled) - f.complexAdvance(size: scaled)) * 64).rounded())
            }
        }
        let inner = places.filter { $0 < glyphs.count }
        var best: (shifts: [Int: Int], pens: [(x: Double, y: Double)], misses: Int)?
        for total in (trailing ? Self.totals : [0]) where best?.misses != 0 {
            var shifts: [Int: Int] = [:]
            var misses = 0
            var sum = 0
            // Walk the glyphs with the total fixed: each inner group takes the first shift that lands its glyph.
            var complexRun = LibassSubpixelRun(), simpleRun = LibassSubpixelRun()
            for j in glyphs.indices {
                let offset = glyphs[j].characterIndex - firstCharacter
                var candidates = [0]
                if inner.contains(offset) { candidates = SimpleShaperFillers.shiftSteps; complexRun = .init(); simpleRun = .init() }
                var landed = false
                for shift in candidates {
                    shifts[offset] = inner.contains(offset) ? shift : nil
                    var c = complexRun, s = simpleRun
                    let (pc, ps) = pens(of: j, glyphs: glyphs, places: places, shifts: shifts, total: total, trailing: trailing,
                                        groupDrift: groupDrift, size: size, scale: scale, centreX: centreX, centreY: centreY)
                    guard glyphs[j].inkBox != nil else { landed = true; break }
                    if land(glyphs[j], pen: pc, size: scaled, strokeWidth: strokeWidth, rasterizer: rasterizer, run: &c)
                        == land(glyphs[j], pen: ps, size: scaled, strokeWidth: strokeWidth, rasterizer: rasterizer, run: &s) {
                        (complexRun, simpleRun, landed) = (c, s, true)
                        break
                    }
                }
                if !landed {
                    // Kept where it is, and still the first of its run.
                    misses += 1
                    if inner.contains(offset) { shifts[offset] = 0 }
                    let (pc, ps) = pens(of: j, glyphs: glyphs, places: places, shifts: shifts, total: total, trailing: trailing,
                                        groupDrift: groupDrift, size: size, scale: scale, centreX: centreX, centreY: centreY)
                    _ = land(glyphs[j], pen: pc, size: scaled, strokeWidth: strokeWidth, rasterizer: rasterizer, run: &complexRun)
                    _ = land(glyphs[j], pen: ps, size: scaled, strokeWidth: strokeWidth, rasterizer: rasterizer, run: &simpleRun)
                }
                sum += shifts[offset] ?? 0
            }
            // The shifts add up to the total: the trailing filler takes the rest; without one, only a total they reach.
            if trailing { shifts[glyphs.count] = total - sum } else if sum != total { continue }
            if best == nil || misses < best!.misses {
                let complexPens = glyphs.indices.map {
                    Self.pens(of: $0, glyphs: glyphs, places: places, shifts: shifts, total: total, trailing: trailing, groupDrift: groupDrift,
                         size: size, scale: scale, centreX: centreX, centreY: centreY).complex
                }
                best = (shifts, complexPens, misses)
            }
        }
        guard let best else {
            return ScaledWordFillers(shifts: [:], pens: LibassScaledWord.pens(of: glyphs, size: size, scale: scale, centreX: centreX, centreY: centreY))
        }
        return ScaledWordFillers(shifts: best.shifts, pens: best.pens)
    }

    /// The scale the painter draws for an ASS scale in percent (the painter's 1/80 steps, `\fscx`).
    public static func scale(percent: Double) -> Double { (percent / 100 * 80).rounded() / 80 }

    /// Totals of the shifts tried, nearest none first.
    static let totals = [0] + (1...12).flatMap { [-$0, $0] }

    /// Glyph `j`'s pen under each shaper: complex with the shifts, simple with the shifts and drifts,
    /// each word centred on its own width. The width is libass's (`compute_string_bbox`): the furthest
    /// end of any glyph's advance, fillers included, so a filler whose shift is negative ends before
    /// the glyph it follows does and widens nothing.
    static func pens(of j: Int, glyphs: [PositionedGlyph], places: [Int], shifts: [Int: Int], total: Int, trailing: Bool,
                     groupDrift: [Int: Int], size: Double, scale: Double, centreX: Double, centreY: Double)
        -> (complex: (x: Double, y: Double), simple: (x: Double, y: Double)) {
        let scaled = size * scale
        var complex = Pen(), simple = Pen()
        var complexAt = 0.0, simpleAt = 0.0
        let first = glyphs.first?.characterIndex ?? 0
        func filler(at place: Int, shift: Int) {
            complex.advance(Double(shift) / 64)
            simple.advance(Double(shift + (groupDrift[place] ?? 0)) / 64)
        }
        for i in glyphs.indices {
            let offset = glyphs[i].characterIndex - first
            if places.contains(offset) { filler(at: offset, shift: shifts[offset] ?? 0) }
            if i == j { (complexAt, simpleAt) = (complex.x, simple.x) }
            complex.advance(glyphs[i].face.libassAdvance(glyph: glyphs[i].glyphID, adjustment: glyphs[i].kerning, size: scaled))
            simple.advance(glyphs[i].face.libassSimpleAdvance(glyph: glyphs[i].glyphID, size: scaled))
        }
        // The trailing filler makes the shifts add up to `total`.
        if trailing {
            let inner = places.filter { $0 < glyphs.count }.reduce(0) { $0 + (shifts[$1] ?? 0) }
            filler(at: glyphs.count, shift: total - inner)
        }
        let ascender = glyphs.map { $0.face.libassAscender(size: scaled) }.max() ?? 0
        let descender = glyphs.map { $0.face.libassDescender(size: scaled) }.max() ?? 0
        let baseline = LibassGrid.snap(centreY - (descender - ascender) / 2)
        return ((LibassGrid.snap(centreX - complex.width / 2 + complexAt), baseline),
                (LibassGrid.snap(centreX - simple.width / 2 + simpleAt), baseline))
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
