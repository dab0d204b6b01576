import CaptionStyles
import Testing
@testable import CaptionLayout

/// Words from a word list or from the text, normalization, word spacing.
@Suite struct WordTests {
    @Test func wordListIsMatchedToTheText() throws {
        let result = try layout("Hello,  world!\nSecond line", words: ["Hello,", "world!", "Second", "line"])
        #expect(result.warnings.isEmpty)
        #expect(result.text == "Hello, world!\nSecond line")
        #expect(result.words.map(\.text) == ["Hello,", "world!", "Second", "line"])
        #expect(result.words.map(\.characterRange) == [0..<6, 7..<13, 14..<20, 21..<25])
        #expect(result.lines.count == 2)
    }

    @Test func unspacedWordsStayTogether() throws {
        // "Hello" + "," with no space: no break between them, however narrow the line.
        var style = Fonts.style(size: 80)
        style.marginLeft = 400
        style.marginRight = 400
        let result = try layout("Hello, you", words: ["Hello", ",", "you"], style: style)
        #expect(result.words[0].lineIndex == result.words[1].lineIndex)
        #expect(result.words[2].lineIndex == 1)
        #expect(abs(result.words[0].box.maxX - result.words[1].box.minX) < 1e-9)
    }

    @Test func mismatchedWordsAreLaidOutWithAWarning() throws {
        let result = try layout("Completely different text", words: ["Hello", "world", "!"])
        #expect(result.warnings == [.wordsDoNotMatchText])
        #expect(result.words.map(\.text) == ["Hello", "world", "!"])
        #expect(result.text == "Hello world!")
        // Text left over after the last word is a mismatch too.
        #expect(try layout("Hello world again", words: ["Hello", "world"]).warnings == [.wordsDoNotMatchText])
    }

    @Test func uppercaseNormalizesTextAndWords() throws {
        var style = Fonts.style()
        style.uppercase = true
        let result = try layout("Straße groß", words: ["Straße", "groß"], style: style)
        #expect(result.warnings.isEmpty)
        #expect(result.text == "STRASSE GROSS")
        #expect(result.words.map(\.text) == ["STRASSE", "GROSS"])
        #expect(result.glyphs.count == 12)
    }

    @Test func wordSpacingWidensTheGapsOnly() throws {
        let plain = try layout("one two three")
        var style = Fonts.style()
        style.wordSpacing = 20
        let spaced = try layout("one two three", style: style)
        #expect(abs(spaced.lines[0].width - plain.lines[0].width - 40) < 1e-9)
        for (a, b) in zip(plain.words, spaced.words) { #expect(abs(a.box.width - b.box.width) < 1e-9) }
        let gap = { (l: TextLayout) in l.words[1].box.minX - l.words[0].box.maxX }
        #expect(abs(gap(spaced) - gap(plain) - 20) < 1e-9)
        // Scaled with the frame.
        let small = try layout("one two three", style: style, width: 540, height: 960)
        #expect(abs(gap(small) - gap(spaced) / 2) < 1e-9)
    }

    @Test func whitespaceIsCollapsed() throws {
        let result = try layout("  lots \t of   space  ")
        #expect(result.text == "lots of space")
        #expect(result.words.map(\.text) == ["lots", "of", "space"])
    }
}
