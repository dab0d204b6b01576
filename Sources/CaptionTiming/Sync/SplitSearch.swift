/// Piecewise offsets for captions in time order: each caption takes an offset on a 10 ms grid, and
/// changing offset between two consecutive captions costs `penalty`; dynamic programming finds the
/// assignment with the best total agreement (alass's split model). Memory is one bit per caption and
/// offset for the way back, plus one row of totals.
struct SplitSearch {
    var maxOffset: Double
    var penalty: Double
    static let step = 10.0

    struct Piece {
        /// Indices into the intervals (time order).
        var captions: Range<Int>
        var offset: Double
    }

    func run(_ intervals: [CaptionInterval], _ scorer: AgreementScorer, ratio: Double) -> [Piece] {
        let steps = Int(maxOffset / Self.step)
        let width = 2 * steps + 1
        func offset(_ k: Int) -> Double { Double(k - steps) * Self.step }
        func scores(_ c: CaptionInterval) -> [Double] {
            (0..<width).map { k in scorer.cumulative(c.end * ratio + offset(k)) - scorer.cumulative(c.start * ratio + offset(k)) }
        }
        var totals = scores(intervals[0])
        // jumped[i][k]: caption i at offset k came from the previous row's best (a split before i).
        var jumped = [[Bool]](repeating: [], count: intervals.count)
        var previousBest = [Int](repeating: 0, count: intervals.count)
        for i in 1..<max(intervals.count, 1) where i < intervals.count {
            let best = argmax(totals)
            previousBest[i] = best
            let jumpTotal = totals[best] - penalty
            let own = scores(intervals[i])
            var row = [Bool](repeating: false, count: width)
            for k in 0..<width {
                if jumpTotal > totals[k] { totals[k] = jumpTotal + own[k]; row[k] = true } else { totals[k] += own[k] }
            }
            jumped[i] = row
        }
        // Back from the best final offset: a run of captions per piece.
        var k = argmax(totals)
        var pieces: [Piece] = []
        var end = intervals.count
        for i in stride(from: intervals.count - 1, through: 1, by: -1) where jumped[i][k] {
            pieces.append(Piece(captions: i..<end, offset: offset(k)))
            end = i
            k = previousBest[i]
        }
        pieces.append(Piece(captions: 0..<end, offset: offset(k)))
        return pieces.reversed()
    }

    private func argmax(_ values: [Double]) -> Int {
        var best = 0
        for i in values.indices where values[i] > values[best] { best = i }
        return best
    }
}
