/// How far a line of text leans: the shear that makes its strokes most upright. Upright strokes pile
/// their ink into few columns, so the column sums of the sheared ink are most uneven (the largest sum
/// of squares) at the shear that undoes the lean. Italic and oblique faces lean 10-20 % (libass's
/// synthetic slant is 20 %); upright text's best shear is near 0.
///
/// Tesseract's LSTM models do not report italics, and read slanted text worse than upright text, so a
/// line found leaning is marked italic and straightened before it is read.
enum TextSlant {
    /// The shears tried, as the horizontal shift per row of height (0.20: a 20 % slant).
    static let shears: [Double] = stride(from: -0.10, through: 0.40, by: 0.025).map { $0 }
    /// A line leaning at least this much is italic.
    static let italicShear = 0.09

    /// The best shear of the ink in `rows` x `columns` of `ink` (0 none, 255 full).
    static func shear(of ink: TextImage, rows: Range<Int>, columns: Range<Int>, threshold: UInt8 = 96) -> Double {
        let height = rows.count
        guard height > 2, !columns.isEmpty else { return 0 }
        let margin = Int((Double(height) * (shears.map(abs).max() ?? 0)).rounded(.up)) + 1
        var best = (shear: 0.0, score: -1.0)
        var sums = [Double](repeating: 0, count: columns.count + 2 * margin)
        for shear in shears {
            for k in sums.indices { sums[k] = 0 }
            for (r, row) in rows.enumerated() {
                // Rows above the baseline move left by their height above it.
                let shift = shear * Double(height - 1 - r)
                let base = row * ink.width
                for (c, column) in columns.enumerated() {
                    let value = ink.gray[base + column]
                    guard value >= threshold else { continue }
                    let x = Double(c) - shift + Double(margin)
                    let left = Int(x.rounded(.down)), f = x - Double(left)
                    guard left >= 0, left + 1 < sums.count else { continue }
                    sums[left] += Double(value) * (1 - f)
                    sums[left + 1] += Double(value) * f
                }
            }
            let score = sums.reduce(0) { $0 + $1 * $1 }
            // Ties go to the smaller lean.
            if score > best.score * 1.0001 || (score >= best.score && abs(shear) < abs(best.shear)) { best = (shear, score) }
        }
        return best.shear
    }

    /// Which words of a line lean, from each word's lean (nil for a word that cannot tell): a word that
    /// cannot tell is italic only between italic words (inside a title), else upright. Nil when no word
    /// can tell, or when every word that can tells the same (the line's own lean then decides, for the
    /// words that cannot tell too: a sung line in italics, "♪ We wish...", is italic from end to end).
    static func italicWords(_ shears: [Double?]) -> [Bool]? {
        let told = shears.map { $0.map { $0 >= italicShear } }
        let decided = told.compactMap { $0 }
        guard decided.contains(true), decided.contains(false) else { return nil }
        return told.indices.map { k in
            if let own = told[k] { return own }
            let left = told[..<k].last { $0 != nil } ?? nil, right = told[(k + 1)...].first { $0 != nil } ?? nil
            return left == true && right == true
        }
    }

    /// The ink of `rows` x `columns` sheared upright by `shear` (widened so nothing is cut off).
    static func straightened(_ ink: TextImage, rows: Range<Int>, columns: Range<Int>, shear: Double) -> TextImage {
        let height = rows.count
        let extra = Int((abs(shear) * Double(height)).rounded(.up)) + 1
        let width = columns.count + 2 * extra
        var out = [UInt8](repeating: 0, count: width * height)
        for (r, row) in rows.enumerated() {
            let shift = shear * Double(height - 1 - r)
            for x in 0..<width {
                // The source column this output column takes, between two pixels.
                let source = Double(x - extra) + shift
                let left = Int(source.rounded(.down)), f = source - Double(left)
                func at(_ c: Int) -> Double {
                    guard c >= 0, c < columns.count else { return 0 }
                    return Double(ink.gray[row * ink.width + columns.lowerBound + c])
                }
                out[r * width + x] = UInt8(min(255, (at(left) * (1 - f) + at(left + 1) * f).rounded()))
            }
        }
        return TextImage(width: width, height: height, gray: out)
    }
}
