/// What the breakers measure, computed once per word: its width in `Character`s and whether a space
/// joins it to the word before. A run of words' length on one line is then a difference of prefix
/// sums, never a re-measured string, and every stage reads the same numbers.
///
/// The sum can only overstate the joined line's `count` (two unspaced words may merge into one
/// grapheme at the seam, never split into more), so a line that fits by this measure fits.
struct WordMetrics {
    /// Characters in each word.
    let widths: [Int]
    /// 1 when a space separates word `i` from word `i - 1` on a line; `spaces[0]` is 0.
    let spaces: [Int]
    /// prefix[i]: widths and spaces of words 0..<i.
    let prefix: [Int]

    init<C: Collection<String>>(_ texts: C) {
        var widths: [Int] = [], spaces: [Int] = [], prefix = [0]
        widths.reserveCapacity(texts.count)
        spaces.reserveCapacity(texts.count)
        prefix.reserveCapacity(texts.count + 1)
        var previous: String?
        var total = 0
        for text in texts {
            let width = text.count
            let space = previous.map { WordJoining.needsSpace(between: $0, and: text) ? 1 : 0 } ?? 0
            widths.append(width)
            spaces.append(space)
            total += space + width
            prefix.append(total)
            previous = text
        }
        self.widths = widths
        self.spaces = spaces
        self.prefix = prefix
    }

    var count: Int { widths.count }

    /// Words a..<b on one line.
    func width(_ a: Int, _ b: Int) -> Int { prefix[b] - prefix[a] - spaces[a] }
}
