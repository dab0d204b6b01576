import CaptionModel

/// Chooses where pages end inside one segment (see `PageSegments`), by dynamic programming over the
/// segment's words rather than filling each page greedily.
///
/// Every page must respect the hard limits (`PageLimits`: lines after line breaking, words,
/// duration; a single word always makes a valid page). Among the partitions that do, the breaker
/// minimises the sum over pages of
///
///     1 (per page)  +  (1 - fill)²  +  penalty of the seam where the page ends
///
/// where `fill` is how close the page comes to its tightest limit (characters against
/// `maxLines × maxCharsPerLine`, words against `maxWordsPerPage`, duration against `maxDuration`) and
/// the penalty (`PageBreakPenalty`, 0 to 1; 0 at the segment's end) rewards ending after punctuation
/// or before a conjunction or preposition. The per-page cost keeps the page count at or near the
/// minimum; the squared slack makes pages evenly full (no one-word page left over after a full
/// one: four words at three per page become 2 + 2, not 3 + 1); so a good seam wins only while it
/// keeps pages reasonably full. On equal cost, earlier pages are the fuller ones.
///
/// Cost: each page end looks back over the words that could share its page, so the work is
/// words × words per page, linear for any sane limits; the look-back is also capped at
/// `maxLookBack` words, which caps a page at that many words.
struct PageBreaker {
    let metrics: WordMetrics
    let starts: [Milliseconds]
    let ends: [Milliseconds]
    let limits: PageLimits
    /// penalties[j]: ending a page just before word j.
    let penalties: [Double]
    /// What the inner loop reads of each word, side by side: one array read per step instead of three.
    private let columns: [Column]

    private struct Column {
        var width: Int
        /// 1 when a space separates this word from the next.
        var spaceAfter: Int
        var start: Milliseconds
    }

    static let maxLookBack = 500

    init(metrics: WordMetrics, starts: [Milliseconds], ends: [Milliseconds], limits: PageLimits, penalties: [Double]) {
        self.metrics = metrics
        self.starts = starts
        self.ends = ends
        self.limits = limits
        self.penalties = penalties
        var columns: [Column] = []
        columns.reserveCapacity(metrics.count)
        for i in 0..<metrics.count {
            columns.append(Column(width: metrics.widths[i], spaceAfter: i + 1 < metrics.count ? metrics.spaces[i + 1] : 0,
                                  start: starts[i]))
        }
        self.columns = columns
    }

    /// The first word of each page in `segment` (global indices, ascending, starting at its lower bound).
    func pageStarts(in segment: Range<Int>) -> [Int] {
        let first = segment.lowerBound
        let n = segment.count
        guard n > 1 else { return n == 1 ? [first] : [] }
        // A segment that fits on one page is one page: any split costs at least one more page,
        // more than one page's slack can (the common case, so it skips the tables).
        if fitsOnOnePage(segment) { return [first] }
        // The inner loop runs words × words-per-page times, so it is written for a debug build too:
        // locals rather than properties, no generic `min`/`max`, sums kept as the page grows.
        let columns = self.columns, ends = self.ends, penalties = self.penalties
        let maxChars = limits.maxChars, maxLines = limits.maxLines, maxWords = limits.maxWords
        let maxDuration = limits.maxDuration, maxLookBack = Self.maxLookBack
        let perChar = 1 / (Double(maxChars > 1 ? maxChars : 1) * Double(maxLines))
        let perWord = maxWords == Int.max ? 0 : 1 / Double(maxWords)
        let perMillisecond = maxDuration > 0 ? 1 / Double(maxDuration) : 0
        // best[j]: least cost of paging the segment's words 0..<j; from[j]: where its last page starts.
        var best = [Double](repeating: .infinity, count: n + 1)
        var from = [Int](repeating: 0, count: n + 1)
        best[0] = 0
        for j in 1...n {
            let lastWord = first + j - 1
            let lastEnd = ends[lastWord]
            let seamPenalty = j == n ? 0 : penalties[first + j]
            var bestCost = Double.infinity
            var bestStart = j - 1
            // Grow the page backwards from its last word, keeping its length in characters and its
            // greedy line count filled from the end (as few lines as filling from the front).
            var chars = columns[lastWord].width
            var lines = 1
            var firstLineWidth = chars
            var i = j - 1
            while i >= 0, j - i <= maxLookBack {
                let column = columns[first + i]
                let duration = lastEnd &- column.start
                if i < j - 1 {
                    let width = column.width, space = column.spaceAfter
                    chars += space + width
                    if firstLineWidth + space + width <= maxChars {
                        firstLineWidth += space + width
                    } else {
                        lines += 1
                        firstLineWidth = width
                    }
                    // Every limit only tightens as the page grows backwards: stop at the first miss.
                    if lines > maxLines || j - i > maxWords || duration > maxDuration { break }
                }
                var fill = Double(chars) * perChar
                let wordFill = Double(j - i) * perWord, durationFill = Double(duration) * perMillisecond
                if wordFill > fill { fill = wordFill }
                if durationFill > fill { fill = durationFill }
                let slack = fill < 1 ? 1 - fill : 0
                let cost = best[i] + 1 + slack * slack + seamPenalty
                // A margin so that rounding never decides a tie: ties keep the shorter last page.
                if cost < bestCost - 1e-9 {
                    bestCost = cost
                    bestStart = i
                }
                i -= 1
            }
            best[j] = bestCost
            from[j] = bestStart
        }
        var pageStarts: [Int] = []
        var j = n
        while j > 0 {
            pageStarts.append(first + from[j])
            j = from[j]
        }
        return pageStarts.reversed()
    }

    private func fitsOnOnePage(_ segment: Range<Int>) -> Bool {
        segment.count <= min(limits.maxWords, Self.maxLookBack)
            && ends[segment.upperBound - 1] &- starts[segment.lowerBound] <= limits.maxDuration
            && LineBreaker.greedyLineStarts(metrics, segment, maxChars: limits.maxChars).count <= limits.maxLines
    }
}
