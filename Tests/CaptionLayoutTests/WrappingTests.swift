import CaptionStyles
import CaptionExpectations
import Testing
@testable import CaptionLayout

/// Line breaking by measured width: explicit breaks, over-long words, the safe area, balance.
@Suite struct WrappingTests {
    static let sentence = "The quick brown fox jumps over the lazy dog while the five boxing wizards jump quickly and the sphinx of black quartz judges my vow"

    @Test func explicitLineBreakAlwaysBreaks() throws {
        let result = try layout("Hi\nthere")
        expectEqual(result.lines.count, 2)
        expectEqual(result.lines.map(\.wordRange), [0..<1, 1..<2])
        expectEqual(result.text, "Hi\nthere")
        // \r\n and a blank line between: the blank line stays, blank lines at the ends go.
        let blank = try layout("\nHi\r\n\r\nthere\n\n")
        expectEqual(blank.text, "Hi\n\nthere")
        expectEqual(blank.lines.map(\.wordRange), [0..<1, 1..<1, 1..<2])
        let gap: Double = blank.lines[2].baseline - blank.lines[0].baseline
        expectEqual(gap, 2 * 1.2 * 80)
    }

    @Test func linesStayInsideTheSafeArea() throws {
        for size in [40.0, 64, 80, 120] {
            for anchor in [1, 2, 3] {
                let result = try layout(Self.sentence, style: Fonts.style(size: size, anchor: anchor))
                expectTrue(result.lines.count > 1)
                for line in result.lines {
                    expectTrue(line.width <= 960 + 1e-6, "size \(size): line \(line.wordRange) is \(line.width) wide")
                    expectTrue(line.x >= 60 - 1e-6 && line.x + line.width <= 1020 + 1e-6)
                }
                // Every word is on exactly one line, in order.
                expectEqual(result.lines.map(\.wordRange).flatMap { Array($0) }, Array(result.words.indices))
            }
        }
    }

    static let longWord = "Pneumonoultramicroscopicsilicovolcanoconiosis"

    @Test func overlongWordStandsAloneAndIsNotSplit() throws {
        let result = try layout("a \(Self.longWord) b", style: Fonts.style(size: 80))
        expectEqual(result.words.map(\.text), ["a", Self.longWord, "b"])
        expectEqual(result.lines.map(\.wordRange), [0..<1, 1..<2, 2..<3])
        let word = result.words[1]
        let line = result.lines[word.lineIndex]
        // Wider than the frame: centred on the safe area like any other line (and clipped when drawn).
        expectTrue(line.width > 1080)
        expectTrue(abs(line.x + line.width / 2 - 540) <= 1.0 / 64)
        // All its glyphs on one baseline, in one piece, in order.
        let glyphs = Array(result.glyphs[word.glyphRange])
        expectEqual(glyphs.count, Self.longWord.count)
        expectTrue(glyphs.allSatisfy { $0.y == line.baseline })
        for i in 1..<glyphs.count { expectTrue(abs(glyphs[i].x - glyphs[i - 1].x - glyphs[i - 1].advance) < 1e-9) }
        // The other lines fit.
        for other in result.lines where other.wordRange != 1..<2 { expectTrue(other.width <= 960) }
    }

    @Test func overlongWordThatFitsTheFrameIsMovedInsideIt() throws {
        // About 1050 pixels at size 45: wider than the safe area (960), narrower than the frame.
        for anchor in [1, 2, 3] {
            let result = try layout("a \(Self.longWord) b", style: Fonts.style(size: 45, anchor: anchor))
            let line = result.lines[result.words[1].lineIndex]
            expectTrue(line.width > 960 && line.width < 1080)
            expectTrue(line.x >= 0 && line.x + line.width <= 1080 + 1e-9)
            switch anchor {
            case 1: expectTrue(abs(line.x + line.width - 1080) < 1e-9) // from x = 60, pushed back inside
            case 3: expectTrue(abs(line.x) < 1e-9)
            default: expectTrue(abs(line.x + line.width / 2 - 540) <= 1.0 / 64)
            }
        }
    }

    @Test(arguments: ["She sells sea shells by the sea shore", "Balanced lines keep the last line from holding one word"])
    func balancedLinesAreMoreEvenThanGreedyOnes(text: String) throws {
        var style = Fonts.style(size: 80)
        let balanced = try layout(text, style: style)
        style.paging.balanceLines = false
        let greedy = try layout(text, style: style)
        expectTrue(balanced.lines.count == greedy.lines.count && balanced.lines.count > 1)
        let widths = balanced.lines.map(\.width), greedyWidths = greedy.lines.map(\.width)
        // Greedy filling leaves a short last line; balancing shortens the longest line.
        expectTrue(widths.max()! < greedyWidths.max()!)
        expectTrue(widths.max()! - widths.min()! < greedyWidths.max()! - greedyWidths.min()!)
        expectTrue(widths.allSatisfy { $0 <= 960 })
    }

    @Test func wrapperGreedyFillsAndLongUnitsStandAlone() {
        expectEqual(LineWrapper.lineStarts(widths: [], spaces: [], maxWidth: 100, balance: true), [])
        expectEqual(LineWrapper.lineStarts(widths: [40, 40, 40], spaces: [0, 10, 10], maxWidth: 90, balance: false), [0, 2])
        expectEqual(LineWrapper.lineStarts(widths: [40, 40, 40], spaces: [0, 10, 10], maxWidth: 89, balance: false), [0, 1, 2])
        // A unit wider than the line gets a line of its own.
        expectEqual(LineWrapper.lineStarts(widths: [10, 500, 10], spaces: [0, 5, 5], maxWidth: 100, balance: false), [0, 1, 2])
        expectEqual(LineWrapper.lineStarts(widths: [10, 500, 10], spaces: [0, 5, 5], maxWidth: 100, balance: true), [0, 1, 2])
    }

    @Test func wrapperBalancesTwoAndThreeLines() {
        // Greedy: [a b c] [d]; balanced: [a b] [c d].
        let widths = [30.0, 30, 30, 30], spaces = [0.0, 5, 5, 5]
        expectEqual(LineWrapper.lineStarts(widths: widths, spaces: spaces, maxWidth: 100, balance: false), [0, 3])
        expectEqual(LineWrapper.lineStarts(widths: widths, spaces: spaces, maxWidth: 100, balance: true), [0, 2])
        // Three lines of nine equal units: three each.
        let nine = [Double](repeating: 20, count: 9), nineSpaces = [0.0] + [Double](repeating: 5, count: 8)
        expectEqual(LineWrapper.lineStarts(widths: nine, spaces: nineSpaces, maxWidth: 95, balance: false), [0, 4, 8])
        expectEqual(LineWrapper.lineStarts(widths: nine, spaces: nineSpaces, maxWidth: 95, balance: true), [0, 3, 6])
    }

    @Test func balancedWrapNeverExceedsTheWidth() {
        // Deterministic pseudo-random widths: every multi-unit line fits, and the line count is greedy's.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 40) / Double(1 << 24)
        }
        for _ in 0..<300 {
            let n = 1 + Int(next() * 30)
            let widths = (0..<n).map { _ in 5 + next() * 120 }
            let spaces = [0] + (1..<max(n, 1)).map { _ in next() * 15 }
            let maxWidth = 60 + next() * 300
            let greedy = LineWrapper.lineStarts(widths: widths, spaces: Array(spaces.prefix(n)), maxWidth: maxWidth, balance: false)
            let balanced = LineWrapper.lineStarts(widths: widths, spaces: Array(spaces.prefix(n)), maxWidth: maxWidth, balance: true)
            expectEqual(balanced.count, greedy.count)
            expectTrue(balanced.first == 0 && balanced == balanced.sorted() && Set(balanced).count == balanced.count)
            let measure = LineWrapper.Measure(widths: widths, spaces: Array(spaces.prefix(n)))
            let ends = Array(balanced.dropFirst()) + [n]
            for (a, b) in zip(balanced, ends) where b - a > 1 {
                expectTrue(measure.width(a, b) <= maxWidth + 1e-6)
            }
        }
    }
}
