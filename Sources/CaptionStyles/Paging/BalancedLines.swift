/// The balanced line breaking shared by `LineBreaker` (paging, on character counts) and
/// CaptionLayout's `LineWrapper` (layout, on measured pixel widths).
///
/// Given `count` units (words, or break units) and the fewest number of lines they need (greedy
/// filling finds it), the breaks among all layouts with that many lines are chosen, in order of
/// priority:
/// 1. no single unit alone on the last line, when any layout avoids it;
/// 2. the shortest longest line (for two lines: the smallest difference between them);
/// 3. the most even lines (smallest sum of squared widths);
/// 4. the longer last line (captions read better bottom-heavy).
///
/// A line is valid when it is at most `maxWidth` (plus `tolerance`) or holds a single unit; a unit
/// wider than the line stands alone.
///
/// First the shortest possible longest line, by binary search: whether every line can be at most M
/// is answered by filling lines greedily from the end, which needs the fewest lines and gives the
/// last line the most units, so it also says whether the last line can hold two. Then the most even
/// layout whose lines are all at most that long, by dynamic programming over (lines used, units
/// placed). (One program minimising both at once would be wrong: the best prefix for the sum of
/// squares is not always the best once a long last line sets the maximum.)
public enum BalancedLines {
    /// The index of the unit that starts each of `lineCount` lines (the first is 0), on whole-number
    /// widths (characters). Never nil here: on exact widths the search always finds a layout.
    ///
    /// - Parameters:
    ///   - count: the number of units, at least `lineCount`.
    ///   - lineCount: the fewest lines the units need, at least 2.
    ///   - maxWidth: the width of a line.
    ///   - width: `width(a, b)` is units `a..<b` on one line (the space before `a` not counted); it
    ///     never shrinks as the range grows.
    public static func lineStarts(count: Int, lineCount: Int, maxWidth: Int, width: @escaping (Int, Int) -> Int) -> [Int]? {
        Search(n: count, lineCount: lineCount, maxWidth: maxWidth, tolerance: 0, width: width).lineStarts()
    }

    /// The same on measured widths (pixels), where a width up to `tolerance` over a limit still fits
    /// (floating-point sums of advances). Nil when rounding in those sums leaves the search without a
    /// layout of `lineCount` lines; callers then keep their greedy lines.
    public static func lineStarts(count: Int, lineCount: Int, maxWidth: Double, tolerance: Double,
                                  width: @escaping (Int, Int) -> Double) -> [Int]? {
        Search(n: count, lineCount: lineCount, maxWidth: maxWidth, tolerance: tolerance, width: width).lineStarts()
    }
}

// The two entry points above are concrete so that the one generic search below is specialised here,
// in this module, for both width types: CaptionLayout calling a public generic across modules would
// run it unspecialised, several times slower.

/// A width the balanced search can add, square and compare: `Int` characters or `Double` pixels.
protocol BalancedLineWidth: Comparable, Numeric {
    /// Larger than any sum of squared line widths: marks a prefix that no layout reaches.
    static var unreachableCost: Self { get }

    /// The smallest width from `low` to `high` for which `fits` holds, to this type's precision,
    /// given that `fits` holds at `high` and keeps holding as the width grows.
    static func smallestFitting(from low: Self, to high: Self, _ fits: (Self) -> Bool) -> Self
}

extension Int: BalancedLineWidth {
    static var unreachableCost: Int { .max }

    /// Binary search on whole numbers: exactly the smallest that fits.
    static func smallestFitting(from low: Int, to high: Int, _ fits: (Int) -> Bool) -> Int {
        var low = low, high = high
        while low < high {
            let middle = low + (high - low) / 2
            if fits(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

extension Double: BalancedLineWidth {
    static var unreachableCost: Double { .infinity }

    /// Bisection to within 1e-7: `high` always fits and is the answer. Deterministic: the same
    /// inputs take the same steps.
    static func smallestFitting(from low: Double, to high: Double, _ fits: (Double) -> Bool) -> Double {
        var low = low, high = high
        while high - low > 1e-7 {
            let middle = low + (high - low) / 2
            if fits(middle) { high = middle } else { low = middle }
        }
        return high
    }
}

private struct Search<Width: BalancedLineWidth> {
    let n: Int
    let lineCount: Int
    let maxWidth: Width
    let tolerance: Width
    let width: (Int, Int) -> Width

    /// A line is valid when it fits or is a single unit.
    func fits(_ a: Int, _ b: Int) -> Bool { b - a == 1 || width(a, b) <= maxWidth + tolerance }

    func lineStarts() -> [Int]? {
        if lineCount == 2 { return twoLines() }
        var widestUnit = width(0, 1)
        for a in 1..<n { widestUnit = max(widestUnit, width(a, a + 1)) }
        // Priority 1: layouts whose last line holds at least two units, when there are any.
        let upper = max(maxWidth, widestUnit)
        let minimumLastLine = n > lineCount && fitsLines(longest: upper, minimumLastLine: 2) ? 2 : 1
        // Priority 2: the smallest longest line (every line is at least as wide as its widest unit).
        // The search needs `upper` to fit; on whole numbers it always does.
        guard fitsLines(longest: upper, minimumLastLine: minimumLastLine) else { return nil }
        let longest = Width.smallestFitting(from: widestUnit, to: upper) {
            fitsLines(longest: $0, minimumLastLine: minimumLastLine)
        }
        // Priorities 3 and 4.
        return mostEven(longest: longest, minimumLastLine: minimumLastLine)
    }

    /// Two lines, the usual case, by trying every break: the same priorities without the tables.
    private func twoLines() -> [Int] {
        var best: (start: Int, orphan: Int, longest: Width, squares: Width)?
        for a in 1..<n where fits(0, a) && fits(a, n) {
            let top = width(0, a), bottom = width(a, n)
            let candidate = (start: a, orphan: a == n - 1 && n > 2 ? 1 : 0, longest: max(top, bottom),
                             squares: top * top + bottom * bottom)
            // Strictly better only: on ties the earliest break, the longer last line, stays.
            if let current = best,
               (candidate.orphan, candidate.longest, candidate.squares) >= (current.orphan, current.longest, current.squares) {
                continue
            }
            best = candidate
        }
        return [0, best?.start ?? 1]
    }

    /// Whether the units fit in `lineCount` lines of at most `longest` (lines of several units also
    /// at most `maxWidth`) with at least `minimumLastLine` units on the last line. Filling greedily
    /// from the end answers it: that needs the fewest lines and puts the most units last.
    private func fitsLines(longest: Width, minimumLastLine: Int) -> Bool {
        let limit = min(longest, maxWidth) + tolerance
        guard width(n - 1, n) <= longest + tolerance else { return false }
        var lines = 1
        // The line being filled is units lineStart..<lineEnd.
        var lineStart = n - 1, lineEnd = n
        for a in stride(from: n - 2, through: 0, by: -1) {
            if width(a, lineEnd) <= limit {
                lineStart = a
                continue
            }
            if lines == 1, lineEnd - lineStart < minimumLastLine { return false }
            guard width(a, a + 1) <= longest + tolerance, lines < lineCount else { return false }
            lines += 1
            lineStart = a
            lineEnd = a + 1
        }
        return lines > 1 || n >= minimumLastLine
    }

    /// The layout of `lineCount` lines, each at most `longest` (lines of several units also at most
    /// `maxWidth`), with the smallest sum of squared widths; on ties, the longest line ending at each
    /// break, which makes the last line the longer one.
    private func mostEven(longest: Width, minimumLastLine: Int) -> [Int]? {
        let limit = min(longest, maxWidth) + tolerance
        let impossible = Width.unreachableCost
        // cost[m]: for the lines placed so far, the least sum of squares placing units 0..<m.
        var cost = [Width](repeating: impossible, count: n + 1)
        cost[0] = 0
        // lineStart[(line - 1) * (n + 1) + m]: where that line starts when it ends before unit m.
        var lineStart = [Int](repeating: 0, count: lineCount * (n + 1))
        for line in 1...lineCount {
            var next = [Width](repeating: impossible, count: n + 1)
            let isLast = line == lineCount
            // The lines after this one need a unit each.
            for m in (isLast ? n : line)...(n - (lineCount - line)) {
                var a = m - (isLast ? minimumLastLine : 1)
                while a >= line - 1 {
                    let w = width(a, m)
                    if m - a > 1 && w > limit { break }
                    // `<=` while `a` falls: among equal costs the last candidate, the longest line, wins.
                    if cost[a] != impossible, cost[a] + w * w <= next[m] {
                        next[m] = cost[a] + w * w
                        lineStart[(line - 1) * (n + 1) + m] = a
                    }
                    a -= 1
                }
            }
            cost = next
        }
        guard cost[n] != impossible else { return nil }
        var starts = [Int](repeating: 0, count: lineCount)
        var m = n
        for line in stride(from: lineCount, through: 1, by: -1) {
            m = lineStart[(line - 1) * (n + 1) + m]
            starts[line - 1] = m
        }
        return starts
    }
}
