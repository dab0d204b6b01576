/// Breaks one page's words into lines of at most `maxCharsPerLine` characters.
///
/// A page always gets the fewest lines its words need (greedy filling finds that number: a line
/// that fits stays fitting when words are taken away, so filling each line as far as it goes is
/// optimal). A word longer than a line stands alone on its own line. With `balance`, the breaks
/// among all of those fewest-line layouts are chosen (`BalancedLines`), in order of priority:
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
        // Page-relative units for the search; `metrics.width` takes off the space before each line's
        // first word, the space before the page included.
        let first = range.lowerBound
        let balanced = BalancedLines.lineStarts(count: range.count, lineCount: greedy.count, maxWidth: maxChars) { a, b in
            metrics.width(first + a, first + b)
        }
        // Never nil on whole characters (only rounding in pixel widths can leave the search empty).
        return balanced?.map { first + $0 } ?? greedy
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
