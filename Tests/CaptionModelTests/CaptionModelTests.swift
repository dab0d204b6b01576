import Testing
@testable import CaptionModel

@Suite struct TimeRoundingTests {
    @Test func secondsRoundToNearestMillisecondHalvesAwayFromZero() {
        #expect(CaptionTime.milliseconds(fromSeconds: 1.0005) == 1001)
        #expect(CaptionTime.milliseconds(fromSeconds: 1.0004) == 1000)
        #expect(CaptionTime.milliseconds(fromSeconds: -0.0005) == -1)
        #expect(CaptionTime.milliseconds(fromSeconds: 0.18) == 180)
        #expect(CaptionTime.milliseconds(fromSeconds: 3.62) == 3620)
        #expect(CaptionTime.milliseconds(fromSeconds: .nan) == nil)
        #expect(CaptionTime.milliseconds(fromSeconds: .infinity) == nil)
    }

    @Test func fractionsOfAnyLength() {
        #expect(CaptionTime.milliseconds(fraction: 5, digits: 1) == 500)
        #expect(CaptionTime.milliseconds(fraction: 25, digits: 2) == 250)
        #expect(CaptionTime.milliseconds(fraction: 1234, digits: 4) == 123)
        #expect(CaptionTime.milliseconds(fraction: 1235, digits: 4) == 124)
        #expect(CaptionTime.milliseconds(fraction: 9996, digits: 4) == 1000)
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
        #expect(text.runs == [
            .text("Hello ", TextAttributes()), .text("big", bold), .lineBreak,
            .text("wor", italic), .text("ld", TextAttributes()),
        ])
    }

    @Test func multibyteOffsetsAreUTF8() {
        let text = CaptionText(plain: "é日x", spans: [TextSpan(start: 2, end: 5, kind: .underline)])
        var underline = TextAttributes(); underline.underline = true
        #expect(text.runs == [.text("é", TextAttributes()), .text("日", underline), .text("x", TextAttributes())])
    }
}

@Suite struct CaptionEventTests {
    @Test func sourceTextDefaultsToPlainAndSurvivesEditsOfThePlainText() {
        var event = CaptionEvent(start: 0, end: 1000, text: CaptionText(plain: "Hi"))
        #expect(event.sourceText == "Hi")
        event.text.plain = "Hello"
        #expect(event.sourceText == "Hi")
        #expect(event.text.plain == "Hello")
        event.text.plain = "Hi"
        #expect(event == CaptionEvent(start: 0, end: 1000, text: CaptionText(plain: "Hi")))
    }

    @Test func aCueWithoutMarkupStoresNothingBesideItsText() {
        let plain = CaptionEvent(start: 0, end: 1, text: CaptionText(plain: "A cue long enough to live on the heap"),
                                 sourceText: "A cue long enough to live on the heap", id: "7")
        #expect(plain.details == nil)
        let marked = CaptionEvent(start: 0, end: 1, text: CaptionText(plain: "Hi"), sourceText: "<i>Hi</i>")
        #expect(marked.details != nil)
        #expect(MemoryLayout<CaptionEvent>.size == 56)
    }

    @Test func textsInOneArenaReadBackAndCompareByValue() {
        var arena = TextArenaWriter()
        let a = arena.append("first cue text, long enough to matter")
        let b = arena.append("second")
        #expect(a.string == "first cue text, long enough to matter")
        #expect(b.string == "second")
        #expect(a == StoredText("first cue text, long enough to matter"))
        #expect(a != b)
        let event = CaptionEvent(start: 0, end: 1, plain: b)
        #expect(event == CaptionEvent(start: 0, end: 1, text: CaptionText(plain: "second")))
        #expect(event.sourceText == "second")
        // A chunk fills up and the next begins; earlier texts are untouched.
        let big = [UInt8](repeating: 0x61, count: TextArenaWriter.chunkSize - 10)
        let c = arena.append(big)
        #expect(c.utf8Count == Int32(big.count))
        #expect(a.string == "first cue text, long enough to matter")
    }

    @Test func anArenaSharingAnInputPointsIntoItAndCopiesEverythingElse() throws {
        let source = Array("Dialogue: 0,text one,text two".utf8)
        let input = try #require(OwnedBytes(count: source.count) { start in
            start.update(from: source, count: source.count)
            return source.count
        })
        var arena = TextArenaWriter(sharing: input)
        let inside = arena.append(UnsafeBufferPointer(start: input.base + 12, count: 8))
        #expect(inside.string == "text one")
        #expect(inside.chunk === input.chunk)
        #expect(inside.offset == 12)
        let last = arena.append(UnsafeBufferPointer(start: input.base + 21, count: 8))
        #expect(last.string == "text two")
        #expect(last.chunk === input.chunk)
        // Bytes elsewhere (a text the reader rewrote) are copied into the arena's own chunks.
        let elsewhere = arena.append("text one")
        #expect(elsewhere == inside)
        #expect(elsewhere.chunk !== input.chunk)
        // Detached: the place alone, read through the input, made whole by it; a text elsewhere is copied.
        var detached = arena.appendDetached(UnsafeBufferPointer(start: input.base + 21, count: 8))
        #expect(detached.isDetached)
        #expect(detached.chunk == nil && detached.offset == 21 && detached.utf8Count == 8)
        #expect(input.withUTF8(of: &detached) { String(decoding: $0, as: UTF8.self) } == "text two")
        #expect(input.attached(detached) == last)
        #expect(input.attached(detached).chunk === input.chunk)
        let outside = Array("elsewhere".utf8)
        var copied = outside.withUnsafeBufferPointer { arena.appendDetached($0) }
        #expect(!copied.isDetached)
        #expect(input.withUTF8(of: &copied) { String(decoding: $0, as: UTF8.self) } == "elsewhere")
        #expect(input.attached(copied) == copied)
        #expect(!StoredText.empty.isDetached)
        // A writer sharing nothing copies as before.
        var plain = TextArenaWriter(sharing: nil)
        #expect(plain.append(UnsafeBufferPointer(start: input.base + 12, count: 8)).chunk !== input.chunk)
    }

    @Test func ownedBytesHoldWhatTheirFillWrote() {
        let short = OwnedBytes(count: 10) { start in
            start.update(repeating: 0x41, count: 4)
            return 4
        }
        #expect(short?.count == 4)
        #expect(OwnedBytes(count: 10) { _ in nil } == nil)
        #expect(OwnedBytes(count: 10) { _ in 11 } == nil)
        #expect(OwnedBytes(count: 0) { _ in 0 } == nil)
    }

    @Test func detailsAreValuesNotShared() {
        var a = CaptionEvent(start: 0, end: 1, text: CaptionText(plain: "x"), id: "one")
        let b = a
        a.id = "two"
        a.words = [Word(text: "x", start: 0, end: 1)]
        #expect(b.id == "one")
        #expect(b.words.isEmpty)
        #expect(a.id == "two")
        #expect(a != b)
    }

    @Test func colourParsing() {
        #expect(RGBAColor(parsing: "#ff8000") == RGBAColor(red: 255, green: 128, blue: 0))
        #expect(RGBAColor(parsing: "#f80") == RGBAColor(red: 255, green: 136, blue: 0))
        #expect(RGBAColor(parsing: "#11223344") == RGBAColor(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x44))
        #expect(RGBAColor(parsing: "Yellow") == RGBAColor(red: 255, green: 255, blue: 0))
        #expect(RGBAColor(parsing: "nonsense") == nil)
        #expect(RGBAColor(red: 1, green: 2, blue: 255, alpha: 16).hexString == "#0102ff10")
    }
}
