import CaptionStyles
import CaptionExpectations
import Testing
@testable import CaptionLayout

/// Words from a word list or from the text, normalization, word spacing.
@Suite struct WordTests {
    @Test func wordListIsMatchedToTheText() throws {
        let result = try layout("Hello,  world!\nSecond line", words: ["Hello,", "world!", "Second", "line"])
        expectTrue(result.warnings.isEmpty)
        expectEqual(result.text, "Hello, world!\nSecond line")
        expectEqual(result.words.map(\.text), ["Hello,", "world!", "Second", "line"])
        expectEqual(result.words.map(\.characterRange), [0..<6, 7..<13, 14..<20, 21..<25])
        expectEqual(result.lines.count, 2)
    }

    @Test func unspacedWordsStayTogether() throws {
        // "Hello" + "," with no space: no break between them, however narrow the line.
        var style = Fonts.style(size: 80)
        style.marginLeft = 400
        style.marginRight = 400
        let result = try layout("Hello, you", words: ["Hello", ",", "you"], style: style)
        expectEqual(result.words[0].lineIndex, result.words[1].lineIndex)
        expectEqual(result.words[2].lineIndex, 1)
        expectTrue(abs(result.words[0].box.maxX - result.words[1].box.minX) < 1e-9)
    }

    @Test func mismatchedWordsAreLaidOutWithAWarning() throws {
        let result = try layout("Completely different text", words: ["Hello", "world", "!"])
        expectEqual(result.warnings, [.wordsDoNotMatchText])
        expectEqual(result.words.map(\.text), ["Hello", "world", "!"])
        expectEqual(result.text, "Hello world!")
        // Text left over after the last word is a mismatch too.
        expectTrue(try layout("Hello world again", words: ["Hello", "world"]).warnings == [.wordsDoNotMatchText])
    }

    @Test func uppercaseNormalizesTextAndWords() throws {
        var style = Fonts.style()
        style.uppercase = true
        let result = try layout("Straße groß", words: ["Straße", "groß"], style: style)
        expectTrue(result.warnings.isEmpty)
        expectEqual(result.text, "STRASSE GROSS")
        expectEqual(result.words.map(\.text), ["STRASSE", "GROSS"])
        expectEqual(result.glyphs.count, 12)
    }

    @Test func wordSpacingWidensTheGapsOnly() throws {
        let plain = try layout("one two three")
        var style = Fonts.style()
        style.wordSpacing = 20
        let spaced = try layout("one two three", style: style)
        expectTrue(abs(spaced.lines[0].width - plain.lines[0].width - 40) < 1e-9)
        for (a, b) in zip(plain.words, spaced.words) { expectTrue(abs(a.box.width - b.box.width) < 1e-9) }
        let gap = { (l: TextLayout) in l.words[1].box.minX - l.words[0].box.maxX }
        expectTrue(abs(gap(spaced) - gap(plain) - 20) < 1e-9)
        // Scaled with the frame.
        let small = try layout("one two three", style: style, width: 540, height: 960)
        expectTrue(abs(gap(small) - gap(spaced) / 2) < 1e-9)
    }

    @Test func whitespaceIsCollapsed() throws {
        let result = try layout("  lots \t of   space  ")
        expectEqual(result.text, "lots of space")
        expectEqual(result.words.map(\.text), ["lots", "of", "space"])
    }
}
