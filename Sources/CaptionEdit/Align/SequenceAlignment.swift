/// A global alignment of two token sequences (Needleman-Wunsch with unit costs: a substitution costs
/// 1, an insertion or deletion 1, a match 0), made fast on long transcripts by anchoring first.
///
/// Corrections to a transcript are local, so most of two long sequences agree. The common prefix and
/// suffix are taken first; then tokens that occur exactly once in each remaining sequence, in an order
/// both agree on (the longest increasing run of them, as patience diff does), are fixed as matches;
/// only the stretches between anchors go through the quadratic dynamic program. A stretch too large
/// for it (over `maxCells`) is paired position by position, with the leftover inserted or deleted.
enum SequenceAlignment {
    enum Step: Equatable { case match, substitute, insert, delete }

    static let maxCells = 4_000_000

    /// Steps turning `a` into `b`: `.match`/`.substitute` consume one of each, `.delete` one of `a`,
    /// `.insert` one of `b`.
    static func steps(_ a: [String], _ b: [String]) -> [Step] {
        var out: [Step] = []
        out.reserveCapacity(max(a.count, b.count))
        anchored(a, 0..<a.count, b, 0..<b.count, into: &out)
        return out
    }

    private static func anchored(_ a: [String], _ ra: Range<Int>, _ b: [String], _ rb: Range<Int>, into out: inout [Step]) {
        var ra = ra, rb = rb
        // Common prefix and suffix.
        var prefix = 0
        while ra.lowerBound + prefix < ra.upperBound, rb.lowerBound + prefix < rb.upperBound,
              a[ra.lowerBound + prefix] == b[rb.lowerBound + prefix] { prefix += 1 }
        out.append(contentsOf: repeatElement(.match, count: prefix))
        ra = (ra.lowerBound + prefix)..<ra.upperBound
        rb = (rb.lowerBound + prefix)..<rb.upperBound
        var suffix = 0
        while suffix < ra.count, suffix < rb.count, a[ra.upperBound - 1 - suffix] == b[rb.upperBound - 1 - suffix] { suffix += 1 }
        ra = ra.lowerBound..<(ra.upperBound - suffix)
        rb = rb.lowerBound..<(rb.upperBound - suffix)

        let anchors = uniqueAnchors(a, ra, b, rb)
        if anchors.isEmpty {
            dynamic(a, ra, b, rb, into: &out)
        } else {
            var i = ra.lowerBound, j = rb.lowerBound
            for (x, y) in anchors {
                anchored(a, i..<x, b, j..<y, into: &out)
                out.append(.match)
                i = x + 1; j = y + 1
            }
            anchored(a, i..<ra.upperBound, b, j..<rb.upperBound, into: &out)
        }
        out.append(contentsOf: repeatElement(.match, count: suffix))
    }

    /// Pairs (index in a, index in b) of tokens unique in both ranges, the longest run increasing in both.
    private static func uniqueAnchors(_ a: [String], _ ra: Range<Int>, _ b: [String], _ rb: Range<Int>) -> [(Int, Int)] {
        guard !ra.isEmpty, !rb.isEmpty else { return [] }
        var countA: [String: Int] = [:], countB: [String: Int] = [:], whereB: [String: Int] = [:]
        for i in ra { countA[a[i], default: 0] += 1 }
        for j in rb { countB[b[j], default: 0] += 1; whereB[b[j]] = j }
        let pairs = ra.compactMap { i -> (Int, Int)? in
            countA[a[i]] == 1 && countB[a[i]] == 1 ? (i, whereB[a[i]]!) : nil
        }
        guard !pairs.isEmpty else { return [] }
        // Longest increasing subsequence on the b indices (patience sorting with back links).
        var tails: [Int] = [], previous = [Int](repeating: -1, count: pairs.count)
        for (k, pair) in pairs.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi { let mid = (lo + hi) / 2; if pairs[tails[mid]].1 < pair.1 { lo = mid + 1 } else { hi = mid } }
            if lo > 0 { previous[k] = tails[lo - 1] }
            if lo == tails.count { tails.append(k) } else { tails[lo] = k }
        }
        var chain: [(Int, Int)] = []
        var k = tails.last!
        while k >= 0 { chain.append(pairs[k]); k = previous[k] }
        return chain.reversed()
    }

    /// Needleman-Wunsch on one stretch; ties prefer substitution, then deletion, so replaced words pair
    /// up in order.
    private static func dynamic(_ a: [String], _ ra: Range<Int>, _ b: [String], _ rb: Range<Int>, into out: inout [Step]) {
        let n = ra.count, m = rb.count
        if n == 0 { out.append(contentsOf: repeatElement(.insert, count: m)); return }
        if m == 0 { out.append(contentsOf: repeatElement(.delete, count: n)); return }
        guard (n + 1) * (m + 1) <= maxCells else {
            let paired = min(n, m)
            for k in 0..<paired { out.append(a[ra.lowerBound + k] == b[rb.lowerBound + k] ? .match : .substitute) }
            out.append(contentsOf: repeatElement(n > m ? .delete : .insert, count: abs(n - m)))
            return
        }
        let width = m + 1
        var cost = [Int32](repeating: 0, count: (n + 1) * width)
        for j in 0...m { cost[j] = Int32(j) }
        for i in 1...n {
            cost[i * width] = Int32(i)
            let ai = a[ra.lowerBound + i - 1]
            for j in 1...m {
                let diagonal = cost[(i - 1) * width + j - 1] + (ai == b[rb.lowerBound + j - 1] ? 0 : 1)
                let up = cost[(i - 1) * width + j] + 1, left = cost[i * width + j - 1] + 1
                cost[i * width + j] = min(diagonal, up, left)
            }
        }
        var steps: [Step] = []
        var i = n, j = m
        while i > 0 || j > 0 {
            if i > 0, j > 0 {
                let same = a[ra.lowerBound + i - 1] == b[rb.lowerBound + j - 1]
                if cost[i * width + j] == cost[(i - 1) * width + j - 1] + (same ? 0 : 1) {
                    steps.append(same ? .match : .substitute); i -= 1; j -= 1; continue
                }
            }
            if i > 0, cost[i * width + j] == cost[(i - 1) * width + j] + 1 { steps.append(.delete); i -= 1 } else { steps.append(.insert); j -= 1 }
        }
        out.append(contentsOf: steps.reversed())
    }
}
