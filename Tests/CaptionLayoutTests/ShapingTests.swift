import CaptionStyles
import CaptionExpectations
import Testing
@testable import CaptionLayout

/// Shaping, bidi and script fallback: Arabic joins and runs right to left, mixed Latin and Hebrew
/// reorders, CJK comes from the fallback file.
@Suite struct ShapingTests {
    @Test func arabicIsShapedRightToLeftWithJoiningForms() throws {
        let text = "سلام عليكم"
        let result = try layout(text)
        expectTrue(result.warnings.isEmpty)
        expectEqual(result.lines.map(\.direction), [.rightToLeft])
        expectEqual(result.words.map(\.direction), [.rightToLeft, .rightToLeft])
        // The first word (logically) is on the right.
        expectTrue(result.words[0].box.minX > result.words[1].box.maxX - 1e-9)
        for word in result.words {
            let glyphs = Array(result.glyphs[word.glyphRange])
            expectTrue(glyphs.count >= 3)
            // In logical order the pen moves left: each glyph ends where the previous one starts.
            for i in 1..<glyphs.count {
                expectTrue(glyphs[i].x < glyphs[i - 1].x)
                expectTrue(abs(glyphs[i].x + glyphs[i].advance - glyphs[i - 1].x) < 1e-9)
            }
            expectTrue(glyphs.allSatisfy { $0.face.path == Fonts.dejaVuSansBold && $0.glyphID != 0 })
        }
        // Joining forms: the shaped glyphs are not the letters' isolated (cmap) glyphs.
        let face = result.face
        let isolated = Set("عليكم".unicodeScalars.map { face.glyphIndex(for: $0) })
        let shaped = Set(result.glyphs[result.words[1].glyphRange].map(\.glyphID))
        expectTrue(isolated.isDisjoint(with: shaped), "isolated \(isolated), shaped \(shaped)")
        // Lam-alef in سلام is one ligature glyph for two characters.
        expectEqual(result.glyphs[result.words[0].glyphRange].count, 3)
    }

    @Test func rightToLeftParagraphWrapsWithTheFirstWordsOnTopRight() throws {
        let text = "مرحبا بكم في هذا المثال الطويل الذي يلتف على عدة أسطر داخل المنطقة الآمنة للشاشة"
        let result = try layout(text, style: Fonts.style(size: 80))
        expectTrue(result.lines.count >= 2)
        for line in result.lines {
            expectTrue(line.direction == .rightToLeft && line.width <= 960 + 1e-6)
            let words = result.words[line.wordRange]
            // Reading order runs right to left: each word lies left of the one before it.
            for (a, b) in zip(words, words.dropFirst()) { expectTrue(b.box.maxX <= a.box.minX + 1e-9) }
            expectTrue(abs(words.first!.box.maxX - (line.x + line.width)) < 1e-9)
        }
        expectEqual(result.words.map(\.text).joined(separator: " "), text)
    }

    @Test func latinWithHebrewReordersTheHebrewRun() throws {
        let result = try layout("abc שלום def")
        expectEqual(result.lines.map(\.direction), [.leftToRight])
        expectEqual(result.words.map(\.direction), [.leftToRight, .rightToLeft, .leftToRight])
        let boxes = result.words.map(\.box)
        expectTrue(boxes[0].maxX <= boxes[1].minX + 1e-9 && boxes[1].maxX <= boxes[2].minX + 1e-9)
        let hebrew = Array(result.glyphs[result.words[1].glyphRange])
        expectEqual(hebrew.count, 4)
        for i in 1..<hebrew.count { expectTrue(hebrew[i].x < hebrew[i - 1].x) }
        // Logical character order is kept in the glyphs.
        expectEqual(hebrew.map(\.characterIndex), [4, 5, 6, 7])
    }

    @Test func hebrewParagraphWithLatinWordRunsRightToLeft() throws {
        let result = try layout("שלום abc עולם")
        expectEqual(result.lines.map(\.direction), [.rightToLeft])
        let boxes = result.words.map(\.box)
        // Visual order, left to right: עולם abc שלום.
        expectTrue(boxes[2].maxX <= boxes[1].minX + 1e-9 && boxes[1].maxX <= boxes[0].minX + 1e-9)
        let latin = Array(result.glyphs[result.words[1].glyphRange])
        for i in 1..<latin.count { expectTrue(latin[i].x > latin[i - 1].x) }
    }

    @Test func cjkComesFromTheFallbackFileWithoutSpaces() throws {
        let text = "字幕のテストです。日本語の文章には空白がありません。"
        let result = try layout(text)
        expectTrue(result.warnings.isEmpty)
        expectEqual(result.text, text)
        expectTrue(result.glyphs.allSatisfy { $0.face.path == Fonts.droidFallback && $0.glyphID != 0 })
        // No spaces: each word's box starts where the previous one's ends on its line.
        for (a, b) in zip(result.words, result.words.dropFirst()) where a.lineIndex == b.lineIndex {
            expectTrue(abs(a.box.maxX - b.box.minX) < 1e-9)
        }
        // Closing punctuation stays with the character before it.
        expectTrue(result.words.contains { $0.text == "す。" })
        expectTrue(result.words.allSatisfy { $0.text != "。" })
    }

    @Test func cjkWrapsBetweenCharacters() throws {
        let text = "字幕のテストです。日本語の文章には空白がありません。長い文は文字の間で改行されます。"
        let result = try layout(text, style: Fonts.style(size: 80))
        expectTrue(result.lines.count >= 3)
        let safeWidth = 1080.0 - 60 - 60
        for line in result.lines {
            expectTrue(line.width <= safeWidth + 1e-6)
            // No line starts with closing punctuation.
            let first = result.words[line.wordRange.lowerBound].text.first!
            expectTrue(!"。、」".contains(first))
        }
        // The lines' words, joined without anything, are the text.
        let joined = result.lines.map { line in result.words[line.wordRange].map(\.text).joined() }.joined()
        expectEqual(joined, text)
    }

    @Test func cjkWordListBreaksOnlyBetweenWords() throws {
        let words = ["字幕の", "テストです。", "日本語の", "文章には", "空白が", "ありません。", "長い文は", "改行されます。"]
        let result = try layout(words.joined(), words: words)
        expectTrue(result.warnings.isEmpty)
        expectEqual(result.words.map(\.text), words)
        expectTrue(result.lines.count >= 2)
        for line in result.lines { expectTrue(line.width <= 960 + 1e-6) }
    }

    @Test func mixedFontsInOneWordShareTheWordBox() throws {
        let result = try layout("OK字幕")
        expectEqual(result.words.map(\.text), ["OK", "字", "幕"])
        expectEqual(result.lines.count, 1)
        let faces = result.glyphs.map(\.face.path)
        expectEqual(faces, [Fonts.dejaVuSansBold, Fonts.dejaVuSansBold, Fonts.droidFallback, Fonts.droidFallback])
    }

    @Test func visualOrderFollowsRuleL2() {
        expectEqual(BidiParagraph.visualOrder(levels: [0, 0, 0]), [0, 1, 2])
        expectEqual(BidiParagraph.visualOrder(levels: [0, 1, 0]), [0, 1, 2])
        expectEqual(BidiParagraph.visualOrder(levels: [1, 1, 1]), [2, 1, 0])
        expectEqual(BidiParagraph.visualOrder(levels: [1, 2, 1]), [2, 1, 0])
        expectEqual(BidiParagraph.visualOrder(levels: [0, 1, 2, 1, 0]), [0, 3, 2, 1, 4])
        expectEqual(BidiParagraph.visualOrder(levels: []), [])
    }
}
