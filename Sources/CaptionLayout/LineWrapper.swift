import CaptionStyles

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
/// - With `balance`, among the layouts with that fewest number of lines the breaks are chosen
///   (`BalancedLines`) by: no single unit alone on the last line when any layout avoids it; then the
///   shortest longest line; then the most even lines (smallest sum of squared widths); then the
///   longer last line.
///   Without `balance`, lines are filled greedily.
enum LineWrapper {
    /// A width within this many pixels over the limit still fits (floating-point sums of advances).
    static let tolerance = 1e-6

    /// The index of the unit that starts each line: the first is 0; no units, no lines.
    static func lineStarts(widths: [Double], spaces: [Double], maxWidth: Double, balance: Bool) -> [Int] {
        let measure = Measure(widths: widths, spaces: spaces)
        let greedy = greedyLineStarts(measure, maxWidth: maxWidth)
        guard balance, greedy.count > 1 else { return greedy }
        // The same search as `LineBreaker`'s on characters (`BalancedLines` in CaptionStyles). On
        // floating-point sums it can come up empty; the greedy lines then stand.
        return BalancedLines.lineStarts(count: measure.count, lineCount: greedy.count, maxWidth: maxWidth,
                                        tolerance: tolerance, width: measure.width) ?? greedy
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
}
