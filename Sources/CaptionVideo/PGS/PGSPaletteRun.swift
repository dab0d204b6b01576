import CaptionModel
import CaptionRender

/// Consecutive looks of the captions in one window that share one object, each look shown by a palette
/// of its own: the PGS way to animate a highlight without sending the picture again.
///
/// Each pixel's palette index stands for its history, the colours it has had in every look of the run
/// so far. Two pixels can share an index only if they had the same colour in every look, so a look
/// that changes some pixels splits their indices off from the unchanged pixels that shared them. The
/// run holds while its histories fit the 256 indices; a look that would need more starts a new object.
/// Index 0 is kept for the pixels transparent in every look, so the run-length code's cheap
/// transparent runs cover the empty parts of the window.
///
/// Exact: every look comes back pixel for pixel. A look with more than 255 colours on its own (an
/// emoji, a gradient) cannot be exact; it is reduced by `PGSQuantizer` and stands alone.
struct PGSPaletteRun {
    let window: PixelRect
    /// Each window pixel's index.
    private(set) var indices: [UInt8]
    /// Per look, each index's colour (straight alpha, 0 when unused).
    private(set) var palettes: [[UInt32]]
    /// How many pixels hold each index.
    private var population: [Int]
    /// Indices 0..<used are in use.
    private var used: Int
    /// False when the run's single look was reduced by median cut.
    private(set) var exact = true

    /// A run starting with `look` (window-sized straight-alpha pixels, 0 for transparent).
    init(window: PixelRect, look: [UInt32], quantizer: PGSQuantizer) {
        self.window = window
        var lookup: [UInt32: UInt8] = [0: 0]
        var palette = [UInt32](repeating: 0, count: 256)
        var indices = [UInt8](repeating: 0, count: look.count)
        var population = [Int](repeating: 0, count: 256)
        var fits = true
        var reduced = PGSQuantizer.Result(colours: [], bitmap: PGSIndexedBitmap(width: 0, height: 0, indices: []), exact: true)
        var previous: (UInt32, UInt8) = (0, 0)
        for (i, colour) in look.enumerated() {
            if colour == previous.0 { indices[i] = previous.1; population[Int(previous.1)] += 1; continue }
            let index: UInt8
            if let known = lookup[colour] {
                index = known
            } else {
                guard lookup.count < 256 else { fits = false; break }
                index = UInt8(lookup.count)
                lookup[colour] = index
                palette[Int(index)] = colour
            }
            indices[i] = index
            population[Int(index)] += 1
            previous = (colour, index)
        }
        if !fits {
            // More than 255 colours: median cut, and the run keeps the reduced look.
            let image = RGBAImage(width: window.width, height: window.height, pixels: PGSPaletteRun.bytes(look))
            reduced = quantizer.quantize(image)
            indices = reduced.bitmap.indices
            palette = [0] + reduced.colours.map { PGSPaletteRun.key($0) } + [UInt32](repeating: 0, count: 255 - reduced.colours.count)
            population = [Int](repeating: 0, count: 256)
            for i in indices { population[Int(i)] += 1 }
        }
        self.indices = indices
        self.palettes = [palette]
        self.population = population
        used = fits ? lookup.count : reduced.colours.count + 1
        exact = fits
    }

    var count: Int { palettes.count }

    /// A pixel of a look that differs from the run's last look: its place in the window and its new colour.
    struct Change {
        var position: Int32
        var colour: UInt32
    }

    /// Adds the next look, given as its pixels that differ from the run's last look, if the run's
    /// indices can show it exactly; false (and the run unchanged) if not.
    ///
    /// The object is sent once, at the run's first look, so a pixel keeps its index for the whole run:
    /// when some of an index's pixels change, the changed ones move to a new index whose colour in the
    /// earlier looks is the old index's. An index whose pixels all change keeps its number (the
    /// largest group of them keeps it when they change to several colours).
    mutating func append(_ changed: [Change]) -> Bool {
        guard exact else { return false }
        var palette = palettes[palettes.count - 1]
        guard !changed.isEmpty else { palettes.append(palette); return true }
        // Each (old index, new colour) pair and how many pixels make it.
        var pairs: [UInt64: Int] = [:]
        var changedOf = [Int](repeating: 0, count: 256)
        // Neighbours mostly make the same pair: a run of one pair is counted at once.
        var run: (pair: UInt64, n: Int) = (0, 0)
        for change in changed {
            let old = indices[Int(change.position)]
            changedOf[Int(old)] += 1
            let pair = UInt64(old) << 32 | UInt64(change.colour)
            if pair == run.pair { run.n += 1; continue }
            if run.n > 0 { pairs[run.pair, default: 0] += run.n }
            run = (pair, 1)
        }
        if run.n > 0 { pairs[run.pair, default: 0] += run.n }
        // Sorted: the same looks always give the same indices.
        let sorted = pairs.sorted { $0.key < $1.key }
        var keeper: [Int: (pair: UInt64, n: Int)] = [:]
        for (pair, n) in sorted {
            let old = Int(pair >> 32)
            // Index 0 stays transparent throughout: its pixels that change always move.
            guard old != 0, changedOf[old] == population[old] else { continue }
            if keeper[old].map({ n > $0.n }) ?? true { keeper[old] = (pair, n) }
        }
        guard used + sorted.count - keeper.count <= 256 else { return false }
        var assignment: [UInt64: UInt8] = [:]
        var columns: [(index: Int, old: Int)] = []
        for (pair, n) in sorted {
            let old = Int(pair >> 32), colour = UInt32(truncatingIfNeeded: pair)
            if keeper[old]?.pair == pair {
                assignment[pair] = UInt8(old)
                palette[old] = colour
                continue
            }
            let index = used
            used += 1
            assignment[pair] = UInt8(index)
            palette[index] = colour
            population[old] -= n
            population[index] = n
            columns.append((index, old))
        }
        var last: (pair: UInt64, index: UInt8)?
        for change in changed {
            let i = Int(change.position)
            let pair = UInt64(indices[i]) << 32 | UInt64(change.colour)
            if last?.pair != pair { last = (pair, assignment[pair]!) }
            indices[i] = last!.index
        }
        for k in palettes.indices {
            for (index, old) in columns { palettes[k][index] = palettes[k][old] }
        }
        palettes.append(palette)
        return true
    }

    /// The object: the window's indices.
    var bitmap: PGSIndexedBitmap { PGSIndexedBitmap(width: window.width, height: window.height, indices: indices) }

    /// Look `k`'s palette entries: index 0 transparent, every used index with its colour.
    func entries(look k: Int, matrix: ColorMatrix) -> [PGSPalette.Entry] {
        var entries = [PGSPalette.transparent]
        for index in 1..<used {
            entries.append(PGSPalette.entry(index: UInt8(index), PGSPaletteRun.color(palettes[k][index]), matrix: matrix))
        }
        return entries
    }

    /// Look `k` as an image, as a decoder shows it (for tests).
    func image(look k: Int) -> RGBAImage {
        RGBAImage(width: window.width, height: window.height, pixels: PGSPaletteRun.bytes(indices.map { palettes[k][Int($0)] }))
    }

    // A pixel's key is its 4 RGBA bytes read as one little-endian word (alpha in the top byte), so
    // that a look is made by copying rows, not pixel by pixel; 0 is transparent whatever its colour.

    static func key(_ c: RGBAColor) -> UInt32 {
        c.alpha == 0 ? 0 : UInt32(c.alpha) << 24 | UInt32(c.blue) << 16 | UInt32(c.green) << 8 | UInt32(c.red)
    }

    static func color(_ key: UInt32) -> RGBAColor {
        RGBAColor(red: UInt8(truncatingIfNeeded: key), green: UInt8(truncatingIfNeeded: key >> 8), blue: UInt8(truncatingIfNeeded: key >> 16),
                  alpha: UInt8(key >> 24))
    }

    static func bytes(_ look: [UInt32]) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: look.count * 4)
        for (i, k) in look.enumerated() where k != 0 {
            bytes[i * 4] = UInt8(truncatingIfNeeded: k); bytes[i * 4 + 1] = UInt8(truncatingIfNeeded: k >> 8)
            bytes[i * 4 + 2] = UInt8(truncatingIfNeeded: k >> 16); bytes[i * 4 + 3] = UInt8(k >> 24)
        }
        return bytes
    }
}
