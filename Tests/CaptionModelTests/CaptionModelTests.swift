import CaptionExpectations
import Testing
@testable import CaptionModel

@Suite struct TimeRoundingTests {
    @Test func secondsRoundToNearestMillisecondHalvesAwayFromZero() {
        expectEqual(CaptionTime.milliseconds(fromSeconds: 1.0005), 1001)
        expectEqual(CaptionTime.milliseconds(fromSeconds: 1.0004), 1000)
        expectEqual(CaptionTime.milliseconds(fromSeconds: -0.0005), -1)
        expectEqual(CaptionTime.milliseconds(fromSeconds: 0.18), 180)
        expectEqual(CaptionTime.milliseconds(fromSeconds: 3.62), 3620)
        expectNil(CaptionTime.milliseconds(fromSeconds: .nan))
        expectNil(CaptionTime.milliseconds(fromSeconds: .infinity))
    }

    @Test func fractionsOfAnyLength() {
        expectEqual(CaptionTime.milliseconds(fraction: 5, digits: 1), 500)
        expectEqual(CaptionTime.milliseconds(fraction: 25, digits: 2), 250)
        expectEqual(CaptionTime.milliseconds(fraction: 1234, digits: 4), 123)
        expectEqual(CaptionTime.milliseconds(fraction: 1235, digits: 4), 124)
        expectEqual(CaptionTime.milliseconds(fraction: 9996, digits: 4), 1000)
    }
}

@Suite struct CaptionTextTests {
    @Test func runsSplitAtSpansAndLineBreaks() {
        // "Hello big\nworld" with "big" bold and "big\nwor" italic.
        let text = CaptionText(plain: "Hello big\nworld", spans: [
            TextSpan(start: 6, end: 9, kind: .bold), TextSpan(start: 6, end: 13, kind: .italic),
        ])
        var bold = TextAttributes(); bold.bold = true; bold.italic = true
        var italic = TextAttributes(); italic.italic = true
        expectEqual(text.runs, [
            .text("Hello ", TextAttributes()), .text("big", bold), .lineBreak,
            .text("wor", italic), .text("ld", TextAttributes()),
        ])
    }

    @Test func multibyteOffsetsAreUTF8() {
        let text = CaptionText(plain: "é日x", spans: [TextSpan(start: 2, end: 5, kind: .underline)])
        var underline = TextAttributes(); underline.underline = true
        expectEqual(text.runs, [.text("é", TextAttributes()), .text("日", underline), .text("x", TextAttributes())])
    }
}

@Suite struct CaptionEventTests {
    @Test func sourceTextDefaultsToPlainAndSurvivesEditsOfThePlainText() {
        var event = CaptionEvent(start: 0, end: 1000, text: CaptionText(plain: "Hi"))
        expectEqual(event.sourceText, "Hi")
        event.text.plain = "Hello"
        expectEqual(event.sourceText, "Hi")
        expectEqual(event.text.plain, "Hello")
        event.text.plain = "Hi"
        expectEqual(event, CaptionEvent(start: 0, end: 1000, text: CaptionText(plain: "Hi")))
    }

    @Test func aCueWithoutMarkupStoresNothingBesideItsText() {
        let plain = CaptionEvent(start: 0, end: 1, text: CaptionText(plain: "A cue long enough to live on the heap"),
                                 sourceText: "A cue long enough to live on the heap", id: "7")
        expectNil(plain.details)
        let marked = CaptionEvent(start: 0, end: 1, text: CaptionText(plain: "Hi"), sourceText: "<i>Hi</i>")
        expectTrue(marked.details != nil)
        expectTrue(MemoryLayout<CaptionEvent>.size == 56)
    }

    @Test func textsInOneArenaReadBackAndCompareByValue() {
        var arena = TextArenaWriter()
        let a = arena.append("first cue text, long enough to matter")
        let b = arena.append("second")
        expectEqual(a.string, "first cue text, long enough to matter")
        expectEqual(b.string, "second")
        expectEqual(a, StoredText("first cue text, long enough to matter"))
        expectTrue(a != b)
        let event = CaptionEvent(start: 0, end: 1, plain: b)
        expectEqual(event, CaptionEvent(start: 0, end: 1, text: CaptionText(plain: "second")))
        expectEqual(event.sourceText, "second")
        // A chunk fills up and the next begins; earlier texts are untouched.
        let big = [UInt8](repeating: 0x61, count: TextArenaWriter.chunkSize - 10)
        let c = arena.append(big)
        expectEqual(c.utf8Count, Int32(big.count))
        expectEqual(a.string, "first cue text, long enough to matter")
    }

    @Test func anArenaSharingAnInputPointsIntoItAndCopiesEverythingElse() throws {
        let source = Array("Dialogue: 0,text one,text two".utf8)
        let input = try #require(OwnedBytes(count: source.count) { start in
            start.update(from: source, count: source.count)
            return source.count
        })
        var arena = TextArenaWriter(sharing: input)
        let inside = arena.append(UnsafeBufferPointer(start: input.base + 12, count: 8))
        expectEqual(inside.string, "text one")
        expectTrue(inside.chunk === input.chunk)
        expectEqual(inside.offset, 12)
        let last = arena.append(UnsafeBufferPointer(start: input.base + 21, count: 8))
        expectEqual(last.string, "text two")
        expectTrue(last.chunk === input.chunk)
        // Bytes elsewhere (a text the reader rewrote) are copied into the arena's own chunks.
        let elsewhere = arena.append("text one")
        expectEqual(elsewhere, inside)
        expectTrue(elsewhere.chunk !== input.chunk)
        // Detached: the place alone, read through the input, made whole by it; a text elsewhere is copied.
        var detached = arena.appendDetached(UnsafeBufferPointer(start: input.base + 21, count: 8))
        expectTrue(detached.isDetached)
        expectTrue(detached.chunk == nil && detached.offset == 21 && detached.utf8Count == 8)
        expectEqual(input.withUTF8(of: &detached) { String(decoding: $0, as: UTF8.self) }, "text two")
        expectEqual(input.attached(detached), last)
        expectTrue(input.attached(detached).chunk === input.chunk)
        let outside = Array("elsewhere".utf8)
        var copied = outside.withUnsafeBufferPointer { arena.appendDetached($0) }
        expectTrue(!copied.isDetached)
        expectEqual(input.withUTF8(of: &copied) { String(decoding: $0, as: UTF8.self) }, "elsewhere")
        expectEqual(input.attached(copied), copied)
        expectTrue(!StoredText.empty.isDetached)
        // A writer sharing nothing copies as before.
        var plain = TextArenaWriter(sharing: nil)
        expectTrue(plain.append(UnsafeBufferPointer(start: input.base + 12, count: 8)).chunk !== input.chunk)
    }

    @Test func ownedBytesHoldWhatTheirFillWrote() {
        let short = OwnedBytes(count: 10) { start in
            start.update(repeating: 0x41, count: 4)
            return 4
        }
        expectEqual(short?.count, 4)
        expectNil(OwnedBytes(count: 10) { _ in nil })
        expectNil(OwnedBytes(count: 10) { _ in 11 })
        expectNil(OwnedBytes(count: 0) { _ in 0 })
    }

    @Test func detailsAreValuesNotShared() {
        var a = CaptionEvent(start: 0, end: 1, text: CaptionText(plain: "x"), id: "one")
        let b = a
        a.id = "two"
        a.words = [Word(text: "x", start: 0, end: 1)]
        expectEqual(b.id, "one")
        expectTrue(b.words.isEmpty)
        expectEqual(a.id, "two")
        expectTrue(a != b)
    }

    @Test func colourParsing() {
        expectEqual(RGBAColor(parsing: "#ff8000"), RGBAColor(red: 255, green: 128, blue: 0))
        expectEqual(RGBAColor(parsing: "#f80"), RGBAColor(red: 255, green: 136, blue: 0))
        expectEqual(RGBAColor(parsing: "#11223344"), RGBAColor(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x44))
        expectEqual(RGBAColor(parsing: "Yellow"), RGBAColor(red: 255, green: 255, blue: 0))
        expectNil(RGBAColor(parsing: "nonsense"))
        expectEqual(RGBAColor(red: 1, green: 2, blue: 255, alpha: 16).hexString, "#0102ff10")
    }
}
