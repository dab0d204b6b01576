import CaptionExpectations
import Testing
@testable import CaptionStyles
import CaptionTestSupport

@Suite struct LineBreakerTests {
    static let sentence = ["So", "today", "we're", "testing", "3", "caption", "styles."]

    @Test func oneLineWhenItFits() {
        expectEqual(LineBreaker.text(Self.sentence, maxCharsPerLine: 42, balance: true), "So today we're testing 3 caption styles.")
        expectEqual(LineBreaker.lineStarts(Self.sentence, maxCharsPerLine: 40, balance: true), [0])
        expectEqual(LineBreaker.lineStarts([], maxCharsPerLine: 40, balance: true), [])
    }

    @Test func balancedTwoLinesAgainstGreedy() {
        expectEqual(LineBreaker.text(Self.sentence, maxCharsPerLine: 24, balance: true), "So today we're testing\n3 caption styles.")
        expectEqual(LineBreaker.text(Self.sentence, maxCharsPerLine: 24, balance: false), "So today we're testing 3\ncaption styles.")
    }

    @Test func balancedThreeLines() {
        // Longest line 15 either way; (14, 9, 15) is more even than (8, 15, 15).
        expectEqual(LineBreaker.text(Self.sentence, maxCharsPerLine: 16, balance: true), "So today we're\ntesting 3\ncaption styles.")
        expectEqual(LineBreaker.text(Self.sentence, maxCharsPerLine: 17, balance: true), "So today we're\ntesting 3\ncaption styles.")
        expectEqual(LineBreaker.text(Self.sentence, maxCharsPerLine: 17, balance: false), "So today we're\ntesting 3 caption\nstyles.")
    }

    @Test func noSingleWordAloneOnTheLastLine() {
        // Greedy and even the most even split would leave "styles." alone; another break exists.
        expectEqual(LineBreaker.text(["3", "caption", "styles."], maxCharsPerLine: 16, balance: true), "3\ncaption styles.")
        expectEqual(LineBreaker.text(["3", "caption", "styles."], maxCharsPerLine: 16, balance: false), "3 caption\nstyles.")
        // ...unless no other break exists.
        expectEqual(LineBreaker.text(["abcdefghij", "b"], maxCharsPerLine: 10, balance: true), "abcdefghij\nb")
    }

    @Test func evenSplitsAndTiesToTheLongerLastLine() {
        expectEqual(LineBreaker.text(["aa", "bb", "cc", "dd"], maxCharsPerLine: 8, balance: true), "aa bb\ncc dd")
        // (5, 8) and (8, 5) tie on the longest line and on evenness: the longer last line wins.
        expectEqual(LineBreaker.text(["aa", "bb", "cc", "dd", "ee"], maxCharsPerLine: 8, balance: true), "aa bb\ncc dd ee")
        expectEqual(LineBreaker.text(["aa", "bb", "cc", "dd", "ee"], maxCharsPerLine: 8, balance: false), "aa bb cc\ndd ee")
    }

    @Test func longWordStandsAlone() {
        let words = ["a", "supercalifragilistic", "b", "c"]
        expectEqual(LineBreaker.text(words, maxCharsPerLine: 10, balance: false), "a\nsupercalifragilistic\nb c")
        expectEqual(LineBreaker.text(words, maxCharsPerLine: 10, balance: true), "a\nsupercalifragilistic\nb c")
        expectEqual(LineBreaker.text(["supercalifragilistic"], maxCharsPerLine: 10, balance: true), "supercalifragilistic")
        expectEqual(LineBreaker.text(["x", "y"], maxCharsPerLine: 0, balance: true), "x\ny")
    }

    @Test func measuresCharactersAndJoinsCJK() {
        // "café 🇯🇵" is six characters: é and the flag count once each.
        expectEqual(LineBreaker.text(["café", "🇯🇵", "ok"], maxCharsPerLine: 7, balance: false), "café 🇯🇵\nok")
        expectEqual(LineBreaker.text(["café", "🇯🇵", "o"], maxCharsPerLine: 8, balance: true), "café 🇯🇵 o")
        expectEqual(LineBreaker.text(["今日は", "字幕の", "テスト"], maxCharsPerLine: 6, balance: true), "今日は\n字幕のテスト")
    }

    @Test func rewrapsExistingText() {
        expectEqual(LineBreaker.rewrap("So today we're testing\n3 caption   styles.", maxCharsPerLine: 24, balance: false), "So today we're testing 3\ncaption styles.")
    }

    /// Against every possible layout of small random pages: the balanced breaker uses the fewest
    /// lines, avoids a lone last word when possible, and then has the shortest longest line and the
    /// most even lines; the greedy breaker fills each line as far as it goes.
    @Test func balancedBreaksAreOptimalAgainstBruteForce() {
        var g = SplitMix64(seed: 7)
        for _ in 0..<1500 {
            let words = (0..<g.int(1...9)).map { _ in
                g.chance(0.15) ? g.pick(["字幕", "テ", "。", ",", "…"]) : String(repeating: "x", count: g.int(1...9))
            }
            let maxChars = g.int(0...24)
            let metrics = WordMetrics(words)
            let widths = metrics.widths, spaces = metrics.spaces
            func width(_ a: Int, _ b: Int) -> Int { (a..<b).reduce(0) { $0 + widths[$1] + ($1 > a ? spaces[$1] : 0) } }
            func valid(_ starts: [Int]) -> Bool {
                zip(starts, starts.dropFirst() + [words.count]).allSatisfy { $1 - $0 == 1 || width($0, $1) <= maxChars }
            }
            struct Score: Comparable {
                var orphan: Bool, longest: Int, squares: Int
                static func < (a: Score, b: Score) -> Bool {
                    (a.orphan ? 1 : 0, a.longest, a.squares) < (b.orphan ? 1 : 0, b.longest, b.squares)
                }
            }
            func score(_ starts: [Int]) -> Score {
                let lines = zip(starts, starts.dropFirst() + [words.count]).map { width($0, $1) }
                return Score(orphan: starts.count > 1 && starts.last == words.count - 1,
                             longest: lines.max()!, squares: lines.reduce(0) { $0 + $1 * $1 })
            }
            var layouts: [[Int]] = []
            for mask in 0..<(1 << (words.count - 1)) {
                layouts.append([0] + (1..<words.count).filter { mask & (1 << ($0 - 1)) != 0 })
            }
            let fewest = layouts.filter(valid).map(\.count).min()!
            let best = layouts.filter { valid($0) && $0.count == fewest }.map(score).min()!

            let balanced = LineBreaker.lineStarts(words, maxCharsPerLine: maxChars, balance: true)
            expectTrue(valid(balanced) && balanced.count == fewest, "\(words) \(maxChars)")
            expectEqual(score(balanced), best, "\(words) \(maxChars): \(balanced)")

            // The same page inside a longer list of words (as the pager calls it) breaks the same way.
            let before = (0..<g.int(0...3)).map { _ in g.pick(["so", "字幕", ",", "x"]) }
            let offset = LineBreaker.lineStarts(WordMetrics(before + words), before.count..<(before.count + words.count),
                                                maxChars: maxChars, balance: true)
            expectEqual(offset.map { $0 - before.count }, balanced, "\(before) + \(words) \(maxChars)")

            let greedy = LineBreaker.lineStarts(words, maxCharsPerLine: maxChars, balance: false)
            expectTrue(valid(greedy) && greedy.count == fewest, "\(words) \(maxChars)")
            for (k, start) in greedy.enumerated() where k > 0 {
                // The word that starts each line did not fit at the end of the line before.
                expectTrue(width(greedy[k - 1], start + 1) > maxChars, "\(words) \(maxChars)")
            }
        }
    }
}
