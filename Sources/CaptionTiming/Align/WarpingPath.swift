/// Dynamic time warping of a reference (synthesized speech, rows) onto a recording (columns), inside a
/// band of columns per row: the whole window for one caption, a corridor around a coarser path for a
/// long script (`CoarseToFine`). Cost and memory are the band's area.
///
/// Steps are the symmetric ones (diagonal counted twice, so a path's weight is rows plus columns and
/// neither a stretch nor a squeeze is favoured). The path runs from the band's first column in the
/// first row to its last column in the last row: the reference's own leading and trailing silence
/// takes up what surrounds the speech in the window. (Letting it start and end anywhere, as
/// subsequence warping does, measured worse: an unnormalised cost favours the shortest stretch of
/// recording, and the first word was squeezed onto the end of itself.)
struct WarpingPath {
    /// For each row, the first column the path visits there.
    var first: [Int]
    /// For each row, the last column the path visits there.
    var last: [Int]
    /// The path's cost per unit of weight (rows plus columns): how alike the two are along it.
    var cost: Float

    /// `band[i]` is the columns row i may use; each range non-empty, their bounds non-decreasing.
    static func find(reference: MelCepstrum, recording: MelCepstrum, band: [Range<Int>]) -> WarpingPath {
        let rows = reference.count
        precondition(band.count == rows && rows > 0)
        let d = reference.coefficients
        var offsets = [Int](repeating: 0, count: rows + 1)
        for i in 0..<rows { offsets[i + 1] = offsets[i] + band[i].count }
        // 0 diagonal, 1 from the row above, 2 from the left.
        var moves = [UInt8](repeating: 0, count: offsets[rows])
        let width = recording.count
        var previous = [Float](repeating: .infinity, count: width), current = previous

        reference.values.withUnsafeBufferPointer { ref in
            recording.values.withUnsafeBufferPointer { rec in
                func distance(_ i: Int, _ j: Int) -> Float {
                    var s: Float = 0
                    for c in 0..<d { let x = ref[i * d + c] - rec[j * d + c]; s += x * x }
                    return s.squareRoot()
                }
                for i in 0..<rows {
                    let columns = band[i]
                    let above = i > 0 ? band[i - 1] : 0..<0
                    for j in columns {
                        let cost = distance(i, j)
                        var best = Float.infinity, move: UInt8 = 0
                        if i == 0 && j == columns.lowerBound { best = cost }
                        if above.contains(j - 1), previous[j - 1] + 2 * cost < best { (best, move) = (previous[j - 1] + 2 * cost, 0) }
                        if above.contains(j), previous[j] + cost < best { (best, move) = (previous[j] + cost, 1) }
                        if j > columns.lowerBound, current[j - 1] + cost < best { (best, move) = (current[j - 1] + cost, 2) }
                        current[j] = best
                        moves[offsets[i] + j - columns.lowerBound] = move
                    }
                    swap(&previous, &current)
                }
            }
        }

        let end = band[rows - 1].upperBound - 1
        let cost = previous[end] / Float(rows + end - band[0].lowerBound + 1)
        var first = [Int](repeating: 0, count: rows), last = first
        var (i, j) = (rows - 1, end)
        last[i] = j
        while true {
            first[i] = j
            let move = moves[offsets[i] + j - band[i].lowerBound]
            if i == 0 && j == band[0].lowerBound { break }
            switch move {
            case 0: i -= 1; j -= 1; last[i] = j
            case 1: i -= 1; last[i] = j
            default: j -= 1
            }
        }
        return WarpingPath(first: first, last: last, cost: cost)
    }
}
