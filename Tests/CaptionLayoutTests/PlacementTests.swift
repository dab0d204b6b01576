import CaptionModel
import CaptionStyles
import CaptionExpectations
import Testing
@testable import CaptionLayout

/// Anchors, margins, boxes, determinism.
@Suite struct PlacementTests {
    static let twoLines = "Captions that wrap onto\ntwo lines of text"

    @Test(arguments: 1...9)
    func anchorPlacesTheBlock(anchor: Int) throws {
        var style = Fonts.style(size: 80, anchor: anchor)
        style.marginLeft = 50
        style.marginRight = 70
        style.marginTop = 100
        style.marginBottom = 300
        let result = try layout(Self.twoLines, style: style)
        expectEqual(result.lines.count, 2)
        let first = result.lines[0], last = result.lines[1]
        expectTrue(abs((last.baseline - first.baseline) - 1.2 * 80) < 1e-9)
        switch (anchor - 1) / 3 {
        case 0: expectTrue(abs(last.bottom - (1920 - 300)) < 1e-9)
        case 1: expectTrue(abs((first.top + last.bottom) / 2 - (100 + 1920 - 300) / 2) <= 1.0 / 64)
        default: expectTrue(abs(first.top - 100) < 1e-9)
        }
        for line in result.lines {
            switch (anchor - 1) % 3 {
            case 0: expectTrue(abs(line.x - 50) < 1e-9)
            case 1: expectTrue(abs((line.x + line.width / 2) - (50 + (1080 - 70)) / 2) < 1e-9)
            default: expectTrue(abs(line.x + line.width - (1080 - 70)) < 1e-9)
            }
        }
        expectEqual(result.bounds, first.box.union(last.box))
    }

    @Test func marginsAndSizesScaleWithTheFrame() throws {
        var style = Fonts.style(size: 80, anchor: 1)
        style.marginLeft = 60
        style.marginBottom = 300
        let result = try layout("Hello", style: style, width: 720, height: 1280)
        let scale = 720.0 / 1080
        expectEqual(result.scale, scale)
        // The size as the compiled ASS prints it and libass reads it (7 decimals), so both size glyphs alike.
        expectEqual(result.fontSize, 53.3333333)
        expectTrue(abs(result.fontSize - 80 * scale) < 1e-7)
        expectTrue(abs(result.lines[0].x - 60 * scale) < 1e-9)
        expectTrue(abs(result.lines[0].bottom - (1280 - 300 * scale)) < 1e-9)
        expectTrue(abs(result.lines[0].bottom - result.lines[0].top - 80 * scale) <= 2.0 / 64)
    }

    @Test func wordBoxesAreInReadingOrderAndDoNotOverlap() throws {
        let result = try layout(WrappingTests.sentence, style: Fonts.style(size: 72))
        for line in result.lines {
            let words = result.words[line.wordRange]
            for (a, b) in zip(words, words.dropFirst()) {
                expectTrue(a.box.maxX <= b.box.minX + 1e-9, "'\(a.text)' and '\(b.text)' overlap")
                expectTrue(a.box.maxX < b.box.minX, "a space separates '\(a.text)' and '\(b.text)'")
            }
            for word in words {
                expectTrue(word.box.minY == line.top && word.box.maxY == line.bottom)
                expectEqual(word.lineIndex, result.lines.firstIndex(of: line))
                let ink = try #require(word.inkBox)
                // Ink sits inside the line's box vertically (DejaVu's outlines are within its win metrics).
                expectTrue(ink.minY >= line.top - 1e-9 && ink.maxY <= line.bottom + 1e-9)
                expectTrue(ink.minX >= word.box.minX - 10 && ink.maxX <= word.box.maxX + 10)
            }
            // The line's width is its words and the spaces between them.
            expectTrue(abs(words.first!.box.minX - line.x) < 1e-9)
            expectTrue(abs(words.last!.box.maxX - (line.x + line.width)) < 1e-9)
        }
        expectTrue(result.inkBounds != nil)
    }

    @Test func glyphsBelongToTheirWords() throws {
        let result = try layout("Hello, wörld — سلام 字幕 \u{1F525}", style: Fonts.style(size: 60))
        var next = 0
        for (w, word) in result.words.enumerated() {
            expectEqual(word.glyphRange.lowerBound, next)
            next = word.glyphRange.upperBound
            for glyph in result.glyphs[word.glyphRange] {
                expectEqual(glyph.wordIndex, w)
                expectTrue(word.characterRange.contains(glyph.characterIndex))
                expectEqual(glyph.y, result.lines[word.lineIndex].baseline)
            }
            expectEqual(String(Array(result.text)[word.characterRange]), word.text)
        }
        expectEqual(next, result.glyphs.count)
    }

    @Test func layoutIsDeterministic() throws {
        let text = "Deterministic layout: سلام, שלום, 字幕テスト and \u{1F525} over\nseveral lines of caption text"
        let a = try layout(text, engine: LayoutEngine(resolver: FontResolver()))
        let b = try layout(text, engine: LayoutEngine(resolver: FontResolver()))
        let engine = LayoutEngine()
        let c = try layout(text, engine: engine)
        let d = try layout(text, engine: engine)
        expectEqual(a, b)
        expectEqual(b, c)
        expectEqual(c, d)
        // Bit for bit, not just equal within tolerance.
        for (g, h) in zip(a.glyphs, b.glyphs) {
            expectTrue(g.x.bitPattern == h.x.bitPattern && g.y.bitPattern == h.y.bitPattern)
        }
    }

    @Test func emptyTextHasNoLines() throws {
        let result = try layout("  \n ")
        expectTrue(result.lines.isEmpty && result.words.isEmpty && result.glyphs.isEmpty)
        expectNil(result.inkBounds)
    }

    @Test func eventLayoutUsesItsWords() throws {
        let event = CaptionEvent(start: 0, end: 1000, text: CaptionText(plain: "Hello big world"),
                                 words: [Word(text: "Hello", start: 0, end: 300), Word(text: "big world", start: 300, end: 1000)])
        let result = try LayoutEngine().layout(event, style: Fonts.style(), frameWidth: 1080, frameHeight: 1920)
        expectEqual(result.words.map(\.text), ["Hello", "big world"])
    }
}

/// One engine used from many tasks at once gives the same layouts as one at a time.
@Suite struct ConcurrencyTests {
    @Test func concurrentLayoutsMatchSerialOnes() async throws {
        let engine = LayoutEngine(resolver: FontResolver())
        let texts = ["Hello world", "سلام عليكم", "abc שלום def", "字幕のテストです。", "Fire \u{1F525}", WrappingTests.sentence]
        let serial = try texts.map { try layout($0, engine: engine) }
        let parallel = try await withThrowingTaskGroup(of: (Int, TextLayout).self) { group in
            for round in 0..<8 {
                for (i, text) in texts.enumerated() {
                    group.addTask { (i, try layout(text, engine: round % 2 == 0 ? engine : LayoutEngine(resolver: engine.resolver))) }
                }
            }
            var results: [(Int, TextLayout)] = []
            for try await result in group { results.append(result) }
            return results
        }
        expectEqual(parallel.count, texts.count * 8)
        for (i, result) in parallel { expectEqual(result, serial[i]) }
    }
}
