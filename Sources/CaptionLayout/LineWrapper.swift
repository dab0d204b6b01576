/// Breaks one paragraph into lines by measured width, the way CaptionStyles' `LineBreaker` breaks by
/// characters.
///
/// The input is the paragraph's break units (a unit is a run of words with no break opportunity
/// inside it: words joined by a space always allow a break, CJK characters allow one between them,
/// other unspaced words do not) with their widths in pixels and the width of the space before each.
///
/// - A paragraph always gets the fewest lines it needs; filling greedily finds that number.
/// - A unit wider than the line is never split: it stands alone on its own line, which is then wider
///   than the line (layout keeps it inside the frame when it fits there). Splitting would cut a
///   karaoke word's box in two and put half a word on each line; captions rarely have such words
///   and a wider line is the lesser harm.
/// - With `balance`, among the layouts with that fewest number of lines the breaks are chosen by:
///   no single unit alone on the last line when any layout avoids it; then the shortest longest
///   line; then the most even lines (smallest sum of squared widths); then the longer last line.
///   Without `balance`, lines are filled greedily.
enum LineWrapper {
    /// A width within this many pixels over the limit still fits (floating-point sums of advances).
    static let tolerance = 1e-6

    /// The index of the unit that starts each line: the first is 0; no units, no lines.
    static func lineStarts(widths: [Double], spaces: [Double], maxWidth: Double, balance: Bool) -> [Int] {
        let measure = Measure(widths: widths, spaces: spaces)
        let greedy = greedyLineStarts(measure, maxWidth: maxWidth)
        guard balance, greedy.count > 1 else { return greedy }
        return Balanced(measure, maxWidth: maxWidth, lineCount: greedy.count).lineStarts()
    }

    /// Fills each line as far as it goes.
    static func greedyLineStarts(_ measure: Measure, maxWidth: Double) -> [Int] {
        guard measure.count > 0 else { return [] }
        var starts = [0]
        var start = 0
        for i in 1..<measure.count where measure.width(start, i + 1) > maxWidth + tolerance {
            starts.append(i)
            start = i
        }
        return starts
    }

    /// Prefix sums: the width of units a..<b on one line without recomputing sums.
    struct Measure {
        let count: Int
        let prefix: [Double]
        let spaces: [Double]
        let widths: [Double]

        init(widths: [Double], spaces: [Double]) {
            count = widths.count
            self.widths = widths
            self.spaces = spaces
            var prefix = [0.0]
            prefix.reserveCapacity(widths.count + 1)
            for i in widths.indices { prefix.append(prefix[i] + (i == 0 ? 0 : spaces[i]) + widths[i]) }
            self.prefix = prefix
        }

        /// Units a..<b on one line (the space before `a` not counted).
        func width(_ a: Int, _ b: Int) -> Double {
            b - a == 1 ? widths[a] : prefix[b] - prefix[a] - (a == 0 ? 0 : spaces[a])
        }
    }

    /// The balanced layout among those with `lineCount` lines (see `LineBreaker` in CaptionStyles for
    /// the same search on characters): the shortest longest line by bisection (whether every line can
    /// be at most M is answered by filling greedily from the end, which needs the fewest lines and
    /// gives the last line the most units), then the most even layout under that longest line by
    /// dynamic programming.
    private struct Balanced {
        let measure: Measure
        let maxWidth: Double
        let lineCount: Int
        let n: Int
        let widest: Double

        init(_ measure: Measure, maxWidth: Double, lineCount: Int) {
            self.measure = measure
            self.maxWidth = maxWidth
            self.lineCount = lineCount
            n = measure.count
            widest = measure.widths.max() ?? 0
        }

        func width(_ a: Int, _ b: Int) -> Double { measure.width(a, b) }
        /// A line is valid when it fits or holds a single unit.
        func fits(_ a: Int, _ b: Int) -> Bool { b - a == 1 || width(a, b) <= maxWidth + LineWrapper.tolerance }

        func lineStarts() -> [Int] {
            if lineCount == 2 { return twoLines() }
            let upper = max(maxWidth, widest)
            let minimumLastLine = n > lineCount && fitsLines(longest: upper, minimumLastLine: 2) ? 2 : 1
            // Bisection on the longest line: `high` always fits. Deterministic: the same inputs take
            // the same steps.
            var low = widest, high = upper
            if !fitsLines(longest: high, minimumLastLine: minimumLastLine) { return LineWrapper.greedyLineStarts(measure, maxWidth: maxWidth) }
            while high - low > 1e-7 {
                let middle = low + (high - low) / 2
                if fitsLines(longest: middle, minimumLastLine: minimumLastLine) { high = middle } else { low = middle }
            }
            return mostEven(longest: high, minimumLastLine: minimumLastLine)
        }

        /// Two lines, the usual case: every break tried, with the same priorities.
        private func twoLines() -> [Int] {
            var best: (start: Int, orphan: Int, longest: Double, squares: Double)?
            for a in 1..<n where fits(0, a) && fits(a, n) {
                let top = width(0, a), bottom = width(a, n)
                let candidate = (start: a, orphan: a == n - 1 && n > 2 ? 1 : 0, longest: max(top, bottom),
                                 squares: top * top + bottom * bottom)
                // Strictly better only: on ties the earliest break (the longer last line) stays.
                if let current = best,
                   (candidate.orphan, candidate.longest, candidate.squares) >= (current.orphan, current.longest, current.squares) {
                    continue
                }
                best = candidate
            }
            return [0, best?.start ?? 1]
        }

        /// Whether the units fit in `lineCount` lines of at most `longest` (lines of several units also
        /// at most `maxWidth`) with at least `minimumLastLine` units on the last line.
        private func fitsLines(longest: Double, minimumLastLine: Int) -> Bool {
            let limit = min(longest, maxWidth) + LineWrapper.tolerance
            guard width(n - 1, n) <= longest + LineWrapper.tolerance else { return false }
            var lines = 1
            var lineStart = n - 1, lineEnd = n
            for a in stride(from: n - 2, through: 0, by: -1) {
                if width(a, lineEnd) <= limit {
                    lineStart = a
                    continue
                }
                if lines == 1, lineEnd - lineStart < minimumLastLine { return false }
                guard width(a, a + 1) <= longest + LineWrapper.tolerance, lines < lineCount else { return false }
                lines += 1
                lineStart = a
                lineEnd = a + 1
            }
            return lines > 1 || n >= minimumLastLine
        }

        /// The layout of `lineCount` lines, each at most `longest`, with the smallest sum of squared
        /// widths; on ties the longest line ending at each break, which makes the last line longer.
        private func mostEven(longest: Double, minimumLastLine: Int) -> [Int] {
            let limit = min(longest, maxWidth) + LineWrapper.tolerance
            let impossible = Double.infinity
            var cost = [Double](repeating: impossible, count: n + 1)
            cost[0] = 0
            var lineStart = [Int](repeating: 0, count: lineCount * (n + 1))
            for line in 1...lineCount {
                var next = [Double](repeating: impossible, count: n + 1)
                let isLast = line == lineCount
                for m in (isLast ? n : line)...(n - (lineCount - line)) {
                    var a = m - (isLast ? minimumLastLine : 1)
                    while a >= line - 1 {
                        let w = width(a, m)
                        if m - a > 1 && w > limit { break }
                        if cost[a] != impossible, cost[a] + w * w <= next[m] {
                            next[m] = cost[a] + w * w
                            lineStart[(line - 1) * (n + 1) + m] = a
                        }
                        a -= 1
                    }
                }
                cost = next
            }
            guard cost[n] != impossible else { return LineWrapper.greedyLineStarts(measure, maxWidth: maxWidth) }
            var starts = [Int](repeating: 0, count: lineCount)
            var m = n
            for line in stride(from: lineCount, through: 1, by: -1) {
                m = lineStart[(line - 1) * (n + 1) + m]
                starts[line - 1] = m
            }
            return starts
        }
    }
}
