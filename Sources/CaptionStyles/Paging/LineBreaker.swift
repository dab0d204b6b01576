/// Breaks one page's words into lines of at most `maxCharsPerLine` characters.
///
/// A page always gets the fewest lines its words need (greedy filling finds that number: a line
/// that fits stays fitting when words are taken away, so filling each line as far as it goes is
/// optimal). A word longer than a line stands alone on its own line. With `balance`, the breaks
/// among all of those fewest-line layouts are chosen, in order of priority:
/// 1. no single word alone on the last line, when any layout avoids it;
/// 2. the shortest longest line (for two lines: the smallest difference between them);
/// 3. the most even lines (smallest sum of squared lengths);
/// 4. the longer last line (captions read better bottom-heavy).
/// Without `balance`, lines are filled greedily.
public enum LineBreaker {
    /// The index of the word that starts each line; the first is always 0, and an empty list of
    /// words has no lines. Reusable for events that already exist (their `words` or their text split
    /// on spaces).
    public static func lineStarts(_ words: [String], maxCharsPerLine: Int, balance: Bool) -> [Int] {
        lineStarts(WordMetrics(words), 0..<words.count, maxChars: maxCharsPerLine, balance: balance)
    }

    /// The words joined into lines (see `WordJoining`), lines separated by `\n`.
    public static func text(_ words: [String], maxCharsPerLine: Int, balance: Bool) -> String {
        let metrics = WordMetrics(words)
        let starts = lineStarts(metrics, 0..<words.count, maxChars: maxCharsPerLine, balance: balance)
        return text(words, metrics, 0..<words.count, lineStarts: starts)
    }

    /// Re-breaks text that already exists: its words are the runs between whitespace (existing line
    /// breaks included). Unspaced CJK text stays one word here; breaking inside it needs a real
    /// line breaker (UAX #14) and is left to layout.
    public static func rewrap(_ text: String, maxCharsPerLine: Int, balance: Bool) -> String {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        return self.text(words, maxCharsPerLine: maxCharsPerLine, balance: balance)
    }

    /// Words `range` of `texts` joined with the spaces in `metrics`, and `\n` before each line start
    /// after the first.
    static func text(_ texts: [String], _ metrics: WordMetrics, _ range: Range<Int>, lineStarts: [Int]) -> String {
        var result = ""
        var nextLine = 1
        for i in range {
            if nextLine < lineStarts.count, lineStarts[nextLine] == i {
                result += "\n"
                nextLine += 1
            } else if i > range.lowerBound, metrics.spaces[i] == 1 {
                result += " "
            }
            result += texts[i]
        }
        return result
    }

    /// The line starts of words `range` (indices into `metrics`).
    static func lineStarts(_ metrics: WordMetrics, _ range: Range<Int>, maxChars: Int, balance: Bool) -> [Int] {
        let greedy = greedyLineStarts(metrics, range, maxChars: maxChars)
        guard balance, greedy.count > 1 else { return greedy }
        return BalancedLines(metrics, range, maxChars: maxChars, lineCount: greedy.count).lineStarts()
    }

    /// Fills each line as far as it goes. A word that does not fit on its own starts a line and,
    /// since nothing fits after it, ends it.
    static func greedyLineStarts(_ metrics: WordMetrics, _ range: Range<Int>, maxChars: Int) -> [Int] {
        guard let first = range.first else { return [] }
        var starts = [first]
        var width = metrics.widths[first]
        for i in range.dropFirst() {
            let extended = width + metrics.spaces[i] + metrics.widths[i]
            if extended <= maxChars {
                width = extended
            } else {
                starts.append(i)
                width = metrics.widths[i]
            }
        }
        return starts
    }
}

/// The balanced layout among those with `lineCount` lines. First the shortest possible longest line,
/// by binary search: whether every line can be at most M is answered by filling lines greedily
/// from the end, which needs the fewest lines and gives the last line the most words, so it also
/// says whether the last line can hold two. Then the most even layout whose lines are all at most
/// that long, by dynamic programming over (lines used, words placed). (One program minimising both
/// at once would be wrong: the best prefix for the sum of squares is not always the best once a
/// long last line sets the maximum.)
private struct BalancedLines {
    let maxChars: Int
    let lineCount: Int
    let first: Int
    let n: Int
    /// Page-relative: prefix[i] is the width of words 0..<i with the spaces before them, spaces[i]
    /// the space before word i, so words a..<b on one line are `prefix[b] - prefix[a] - spaces[a]` wide.
    let prefix: [Int]
    let spaces: [Int]
    let widestWord: Int

    init(_ metrics: WordMetrics, _ range: Range<Int>, maxChars: Int, lineCount: Int) {
        self.maxChars = maxChars
        self.lineCount = lineCount
        first = range.lowerBound
        n = range.count
        let base = metrics.prefix[first]
        prefix = metrics.prefix[range.lowerBound...range.upperBound].map { $0 - base }
        // spaces[0] stays the space before the page: the prefix sums include it, and `width` takes it off.
        spaces = Array(metrics.spaces[range])
        widestWord = metrics.widths[range].max() ?? 0
    }

    func width(_ a: Int, _ b: Int) -> Int { prefix[b] - prefix[a] - spaces[a] }

    /// A line is valid when it fits or is a single word.
    func fits(_ a: Int, _ b: Int) -> Bool { b - a == 1 || width(a, b) <= maxChars }

    func lineStarts() -> [Int] {
        if lineCount == 2 { return twoLines().map { first + $0 } }
        // Priority 1: layouts whose last line holds at least two words, when there are any.
        let widest = max(maxChars, widestWord)
        let minimumLastLine = n > lineCount && fitsLines(longest: widest, minimumLastLine: 2) ? 2 : 1
        // Priority 2: the smallest longest line (every line is at least as wide as its widest word).
        var low = widestWord, high = widest
        while low < high {
            let middle = low + (high - low) / 2
            if fitsLines(longest: middle, minimumLastLine: minimumLastLine) { high = middle } else { low = middle + 1 }
        }
        // Priorities 3 and 4.
        return mostEven(longest: low, minimumLastLine: minimumLastLine).map { first + $0 }
    }

    /// Two lines, the usual case, by trying every break: the same priorities without the tables.
    private func twoLines() -> [Int] {
        var best = (start: 1, orphan: true, longest: Int.max, squares: Int.max)
        for a in 1..<n where fits(0, a) && fits(a, n) {
            let top = width(0, a), bottom = width(a, n)
            let candidate = (start: a, orphan: a == n - 1 && n > 2, longest: max(top, bottom), squares: top * top + bottom * bottom)
            // Strictly better only: on ties the earliest break, the longer last line, stays.
            if (candidate.orphan ? 1 : 0, candidate.longest, candidate.squares) < (best.orphan ? 1 : 0, best.longest, best.squares) {
                best = candidate
            }
        }
        return [0, best.start]
    }

    /// Whether the words fit in `lineCount` lines of at most `longest` characters (lines of several
    /// words also at most `maxChars`) with at least `minimumLastLine` words on the last line. Filling
    /// greedily from the end answers it: that needs the fewest lines and puts the most words last.
    private func fitsLines(longest: Int, minimumLastLine: Int) -> Bool {
        let limit = min(longest, maxChars)
        guard width(n - 1, n) <= longest else { return false }
        var lines = 1
        // The line being filled is words lineStart..<lineEnd.
        var lineStart = n - 1, lineEnd = n
        for a in stride(from: n - 2, through: 0, by: -1) {
            if width(a, lineEnd) <= limit {
                lineStart = a
                continue
            }
            if lines == 1, lineEnd - lineStart < minimumLastLine { return false }
            guard width(a, a + 1) <= longest, lines < lineCount else { return false }
            lines += 1
            lineStart = a
            lineEnd = a + 1
        }
        return lines > 1 || n >= minimumLastLine
    }

    /// The layout of `lineCount` lines, each at most `longest` (lines of several words also at most
    /// `maxChars`), with the smallest sum of squared line lengths; on ties, the longest line ending at
    /// each break, which makes the last line the longer one. Page-relative line starts.
    private func mostEven(longest: Int, minimumLastLine: Int) -> [Int] {
        let limit = min(longest, maxChars)
        let impossible = Int.max
        let prefix = self.prefix, spaces = self.spaces, n = self.n, lineCount = self.lineCount
        // cost[m]: for the lines placed so far, the least sum of squares placing words 0..<m.
        var cost = [Int](repeating: impossible, count: n + 1)
        cost[0] = 0
        // lineStart[(line - 1) * (n + 1) + m]: where that line starts when it ends before word m.
        var lineStart = [Int](repeating: 0, count: lineCount * (n + 1))
        for line in 1...lineCount {
            var next = [Int](repeating: impossible, count: n + 1)
            let isLast = line == lineCount
            // The lines after this one need a word each.
            for m in (isLast ? n : line)...(n - (lineCount - line)) {
                var a = m - (isLast ? minimumLastLine : 1)
                while a >= line - 1 {
                    let w = prefix[m] - prefix[a] - spaces[a]
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
        var starts = [Int](repeating: 0, count: lineCount)
        var m = n
        for line in stride(from: lineCount, through: 1, by: -1) {
            m = lineStart[(line - 1) * (n + 1) + m]
            starts[line - 1] = m
        }
        return starts
    }
}
