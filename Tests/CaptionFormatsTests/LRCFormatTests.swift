import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// LRC lyrics: the simple format with ID tags, the enhanced (A2) word times, the time-tag variants,
/// repeated lines, the offset convention, inferred ends, the writer, round trips, and each malformed case.
@Suite struct LRCFormatTests {
    static func read(_ text: String, name: String = "test.lrc") throws -> ParseResult {
        try LRCFormat.read(DecodedText(text, sourceName: name))
    }

    static func times(_ r: ParseResult) -> [[Int]] { r.document.events.map { [$0.start, $0.end] } }
    static func texts(_ r: ParseResult) -> [String] { r.document.events.map(\.text.plain) }
    static func words(_ e: CaptionEvent) -> [String] { e.words.map { "\($0.text) \($0.start)-\($0.end)" } }

    /// The example with ID tags of Wikipedia's "LRC (file format)" article (simple LRC), written out here.
    static let wikipediaExample = """
    [ti:Let's Twist Again]
    [ar:Chubby Checker oppure Beatles, The]
    [au:Written by Kal Mann / Dave Appell, 1961]
    [al:Hits Of The 60's - Vol. 2 – Oldies]

    [00:12.00]Lyrics beginning ...
    [00:15.30]Some more lyrics ...
    """

    @Test func simpleLRCWithIDTags() throws {
        let r = try Self.read(Self.wikipediaExample)
        expectEqual(r.document.metadata, [
            MetadataEntry(key: "ti", value: "Let's Twist Again"), MetadataEntry(key: "ar", value: "Chubby Checker oppure Beatles, The"),
            MetadataEntry(key: "au", value: "Written by Kal Mann / Dave Appell, 1961"),
            MetadataEntry(key: "al", value: "Hits Of The 60's - Vol. 2 – Oldies"),
        ])
        // A line ends where the next starts; the last, with nothing after it, lasts 5 s.
        expectEqual(Self.times(r), [[12000, 15300], [15300, 20300]])
        expectEqual(Self.texts(r), ["Lyrics beginning ...", "Some more lyrics ..."])
        expectTrue(r.document.events.allSatisfy { $0.words.isEmpty })
        expectEqual(r.eventLines, [6, 7])
        expectTrue(r.diagnostics.isEmpty)
        expectNil(r.wordTimedSource)
    }

    /// The enhanced format as A2 Media Player defines it (cdmi.net/a2player/lrc_center.html):
    /// `[mm:ss.xx] <mm:ss.xx> word 1 <mm:ss.xx> word 2 <mm:ss.xx> ... last word <mm:ss.xx>`,
    /// filled in with times here; and the compact spelling of the issue (`<00:01.00>Sing <00:01.50>along <00:02.10>`).
    @Test func enhancedLRCWordTimes() throws {
        let r = try Self.read("""
        [00:12.00] <00:12.04> word 1 of line 1 <00:12.52> word 2 of line 1 <00:13.23> last word of line 1 <00:14.00>
        [00:15.00]<00:15.00>Sing <00:15.50>along <00:16.10>
        """)
        let events = r.document.events
        expectEqual(Self.times(r), [[12000, 15000], [15000, 16100]]) // the last line ends at its closing tag
        expectEqual(Self.words(events[0]), ["word 1 of line 1 12040-12520", "word 2 of line 1 12520-13230", "last word of line 1 13230-14000"])
        expectEqual(events[0].text.plain, "word 1 of line 1 word 2 of line 1 last word of line 1")
        expectEqual(Self.words(events[1]), ["Sing 15000-15500", "along 15500-16100"])
        expectEqual(events[1].text.plain, "Sing along")
        expectEqual(events[1].sourceText, "<00:15.00>Sing <00:15.50>along <00:16.10>")
        expectTrue(r.diagnostics.isEmpty)
    }

    @Test func wordEndsWithoutAClosingTagAndUntimedFirstWord() throws {
        let r = try Self.read("[00:01.00]Sing <00:01.50>along\n[00:03.00]<00:03.20>next <00:03.90>\n")
        let events = r.document.events
        // Text before the first word tag starts with the line; the last word ends with its line.
        expectEqual(Self.words(events[0]), ["Sing 1000-1500", "along 1500-3000"])
        expectEqual(Self.words(events[1]), ["next 3200-3900"])
        expectEqual(Self.times(r), [[1000, 3000], [3000, 3900]])
        // A tag with only a space after it ends the word before it: a pause inside the line.
        let pause = try Self.read("[00:01.00]<00:01.00>Sing<00:01.30> <00:01.50>along <00:02.00>")
        expectEqual(Self.words(pause.document.events[0]), ["Sing 1000-1300", "along 1500-2000"])
        expectEqual(pause.document.events[0].text.plain, "Sing along")
        // Syllables without spaces between them are words of their own (karaoke by syllable).
        let syllables = try Self.read("[00:01.00]<00:01.00>Sing<00:01.20>ing <00:01.60>")
        expectEqual(Self.words(syllables.document.events[0]), ["Sing 1000-1200", "ing 1200-1600"])
        expectEqual(syllables.document.events[0].text.plain, "Singing")
    }

    @Test func timeTagVariants() throws {
        let r = try Self.read("[00:01]a\n[00:02.5]b\n[00:03.250]c\n[00:04:50]d\n[0:05.00]e\n[100:00.00]f\n[00:06.12345]g\n[ 00:07.00 ]h\n")
        expectEqual(r.document.events.map(\.start), [1000, 2500, 3250, 4500, 5000, 6123, 7000, 6_000_000])
        expectEqual(Self.texts(r), ["a", "b", "c", "d", "e", "g", "h", "f"]) // in time order
        expectTrue(r.diagnostics.isEmpty)
    }

    @Test func severalTimeTagsRepeatTheLineAndItsWords() throws {
        let r = try Self.read("""
        [00:21.10][00:45.10]<00:21.10>Chorus <00:21.60>line <00:22.00>
        [00:30.00]Verse
        [00:50.00]
        """)
        expectEqual(Self.times(r), [[21100, 30000], [30000, 45100], [45100, 50000]])
        expectEqual(Self.texts(r), ["Chorus line", "Verse", "Chorus line"])
        // Word times are written for the first tag and move with the repeat.
        expectEqual(Self.words(r.document.events[0]), ["Chorus 21100-21600", "line 21600-22000"])
        expectEqual(Self.words(r.document.events[2]), ["Chorus 45100-45600", "line 45600-46000"])
        expectEqual(r.eventLines, [1, 2, 1])
    }

    /// LRC's convention (Wikipedia, "LRC (file format)": `[offset:+/- Overall timestamp adjustment in
    /// milliseconds, + shifts time up, - shifts down]`): a positive offset makes the lyrics come sooner,
    /// so a tag's time minus the offset is the line's time.
    @Test func offsetShiftsEveryTimeAndIsNotKept() throws {
        let sooner = try Self.read("[offset:+500]\n[00:02.00]<00:02.00>a <00:02.50>b <00:03.00>\n[00:04.00]c\n")
        expectEqual(Self.times(sooner), [[1500, 3500], [3500, 8500]])
        expectEqual(Self.words(sooner.document.events[0]), ["a 1500-2000", "b 2000-2500"])
        expectTrue(sooner.document.metadata.isEmpty)
        let later = try Self.read("[00:02.00]x\n[offset:-250]\n") // anywhere in the file
        expectEqual(Self.times(later), [[2250, 7250]])
        let clamped = try Self.read("[offset:1500]\n[00:01.00]early\n[00:03.00]late\n")
        expectEqual(Self.times(clamped), [[0, 1500], [1500, 6500]])
        expectEqual(clamped.diagnostics.map(\.description), ["line 2: [offset:1500] moves this line before 00:00.00; it starts at 00:00.00"])
        let bad = try Self.read("[offset:soon]\n[00:01.00]x\n")
        expectEqual(bad.diagnostics.map(\.description), ["line 1: '[offset:soon]' is not a number of milliseconds; offset ignored"])
        expectEqual(Self.times(bad), [[1000, 6000]])
        // Beyond any song (and beyond Int's negation): ignored, not a crash.
        let huge = try Self.read("[offset:-9223372036854775808]\n[00:01.00]x\n")
        expectEqual(Self.times(huge), [[1000, 6000]])
        expectEqual(huge.diagnostics.map(\.description), ["line 1: '[offset:-9223372036854775808]' is not a number of milliseconds; offset ignored"])
    }

    @Test func emptyLinesEndTheLineBeforeAndSameTimeLinesShareTheirEnd() throws {
        let r = try Self.read("""
        [00:01.00]Verse
        [00:03.00]
        [00:10.00]Original
        [00:10.00]Translation
        [00:14.00]Last
        [length:00:16.50]
        """)
        expectEqual(Self.times(r), [[1000, 3000], [10000, 14000], [10000, 14000], [14000, 16500]]) // the last capped by [length:]
        expectEqual(Self.texts(r), ["Verse", "Original", "Translation", "Last"])
        expectEqual(r.document.metadata, [MetadataEntry(key: "length", value: "00:16.50")])
    }

    @Test func sampleFile() throws {
        let r = try CaptionFileReader.read(path: CorpusLocation.path("samples/sample.lrc"))
        expectEqual(Self.times(r), [[1000, 4000], [4000, 7000], [9500, 12000], [12000, 15000], [15000, 18000]])
        expectEqual(Self.texts(r), ["Sing along with me", "Every word in time", "A plain line, sung twice",
                                  "An untimed line between", "A plain line, sung twice"])
        expectEqual(Self.words(r.document.events[0]), ["Sing 1000-1500", "along 1500-2100", "with 2100-2600", "me 2600-3200"])
        expectEqual(r.document.metadata.map(\.key), ["ar", "ti", "al", "by", "length"])
        expectEqual(r.eventLines, [6, 7, 9, 10, 9])
    }

    @Test func detection() {
        let lrc = DecodedText(Self.wikipediaExample, sourceName: "song.txt")
        expectEqual(LRCFormat.detect(lrc), .certain)
        expectEqual(FormatRegistry.detect(lrc, pathHint: nil)?.name, "lrc")
        expectEqual(LRCFormat.detect(DecodedText("1\n00:00:01,000 --> 00:00:02,000\n[00:01.00] in text\n")), .maybe)
        expectEqual(FormatRegistry.detect(DecodedText("1\n00:00:01,000 --> 00:00:02,000\n[00:01.00] in text\n"), pathHint: nil)?.name, "srt")
        expectEqual(LRCFormat.detect(DecodedText("[Script Info]\nTitle: x\n[Events]\n")), .no)
        // Only tags and broken lines: still LRC (so the reader can say which line is wrong), and not JSON.
        let broken = DecodedText("[ar:x]\n[00:6x.00]broken\n")
        expectEqual(LRCFormat.detect(broken), .maybe)
        expectEqual(CaptionJSONFormat.detect(broken), .no)
        expectEqual(FormatRegistry.detect(broken, pathHint: nil)?.name, "lrc")
        // A JSON array of objects stays JSON's; an LRC file is at most plausible JSON.
        expectEqual(CaptionJSONFormat.detect(DecodedText("[{\"text\":\"a\"}]")), .certain)
        expectEqual(LRCFormat.detect(DecodedText("[{\"text\":\"a\"}]")), .no)
        expectEqual(CaptionJSONFormat.detect(DecodedText("[00:01.00]x\n")), .maybe)
        expectEqual(LRCFormat.detect(DecodedText("WEBVTT\n\n00:01.000 --> 00:02.000\nx\n")), .no)
    }

    // MARK: - Malformed input

    @Test func malformedLinesAreReportedWithTheirLineAndSkipped() throws {
        let r = try Self.read("""
        [ar:Someone]
        [00:01.00]one
        text without a tag
        [Chorus]
        [00:02.00]two
        [00:03.00]three
        [00:6x.00]broken
        [00:08.00]<00:08.00>a <00:0x.50>b <00:09.00>
        [00:10.00]<00:10.50>late <00:10.20>early
        [00:12.00
        """)
        expectEqual(Self.texts(r), ["one", "two", "three", "a <00:0x.50>b", "late early"])
        expectEqual(r.diagnostics.map(\.description), [
            "line 3: 'text without a tag' has no time tag; line skipped",
            "line 4: '[Chorus]' is not an LRC tag ([mm:ss.xx] or [key:value]); line skipped",
            "line 7: '[00:6x.00]' is not an LRC time tag; line skipped",
            "line 8: '<00:0x.50>' is not an LRC word time; kept as text",
            "line 9: '<00:10.20>' is earlier than the word time before it; moved up to it",
            "line 10: '[00:12.00' is not closed with ']'; line skipped",
        ])
        // The broken word tag stays in the word it interrupts; the one going backwards is moved up.
        expectEqual(Self.words(r.document.events[3]), ["a <00:0x.50>b 8000-9000"])
        expectEqual(Self.words(r.document.events[4]), ["late 10500-10500", "early 10500-15000"])
    }

    @Test func nothingUsableIsMalformed() {
        expectMalformed([
            ("[ar:Only tags]\n[ti:No lyrics]\n", "in.lrc: no timed LRC line (like '[00:12.00]Lyrics')"),
            ("[ar:x]\n[00:6x.00]broken\n", "in.lrc: no usable LRC line; line 2: '[00:6x.00]' is not an LRC time tag; line skipped"),
            ("[00:01.00]\n[00:02.00]\n", "in.lrc: no LRC line has text (only empty time tags)"),
        ], read: { try Self.read($0, name: "in.lrc") })
    }

    // MARK: - Writing

    @Test func enhancedLRCRoundTripsByteForByte() throws {
        let text = """
        [ar:CaptionKit]
        [ti:Round trip]
        [00:01.00]<00:01.00>Sing <00:01.50>along <00:02.10>
        [00:03.00]<00:03.00>Every<00:03.30> <00:03.50>word <00:04.00>in <00:04.20>time <00:05.00>
        [00:06.00]A plain line
        [00:09.25]
        [00:10.00]<00:10.00>夜<00:10.40>空<00:11.00>
        [00:12.00]Last line

        """
        let read = try Self.read(text)
        expectTrue(read.diagnostics.isEmpty)
        let written = LRCFormat.write(read.document, options: WriteOptions())
        expectEqual(written.text, text)
        expectTrue(written.diagnostics.isEmpty)
    }

    @Test func timesAreRoundedFromAbsoluteMilliseconds() {
        // 333 ms steps: rounded each from its own time (00.33, 00.67, 01.00), never as summed durations.
        let words = [0, 333, 666, 999].map { Word(text: "w\($0)", start: $0, end: $0 + 333) }
        let event = CaptionEvent(start: 0, end: 1332, text: CaptionText(plain: words.map(\.text).joined(separator: " ")), words: words)
        let written = LRCFormat.write(CaptionDocument(events: [event]), options: WriteOptions())
        expectEqual(written.text, "[00:00.00]<00:00.00>w0 <00:00.33>w333 <00:00.67>w666 <00:01.00>w999 <00:01.33>\n")
        expectEqual(LRCTime.format(1005), "00:01.01")
        expectEqual(LRCTime.format(1004), "00:01.00")
        expectEqual(LRCTime.format(6_000_000), "100:00.00")
    }

    @Test func endsAreKeptWithEmptyLinesAndLossesReported() {
        var doc = CaptionDocument(events: [
            CaptionEvent(start: 1000, end: 2000, text: CaptionText(plain: "gap after", spans: [TextSpan(start: 0, end: 3, kind: .bold)])),
            CaptionEvent(start: 3000, end: 5000, text: CaptionText(plain: "overlaps\nthe next")),
            CaptionEvent(start: 4000, end: 4500, text: CaptionText(plain: "last")),
        ])
        doc.metadata = [MetadataEntry(key: "Kind", value: "captions"), MetadataEntry(key: "ar", value: "Band"), MetadataEntry(key: "offset", value: "300")]
        let written = LRCFormat.write(doc, options: WriteOptions())
        expectEqual(written.text, "[ar:Band]\n[00:01.00]gap after\n[00:02.00]\n[00:03.00]overlaps the next\n[00:04.00]last\n[00:04.50]\n")
        expectEqual(written.diagnostics.map(\.message), [
            "LRC cannot carry metadata other than LRC ID tags (Kind); dropped",
            "1 event: styling (bold, italic, colour...) dropped (LRC cannot hold them)",
            "1 event: line breaks inside a caption joined with a space (LRC cannot hold them)",
            "1 event: overlapping captions ended where the next begins (LRC cannot hold them)",
        ])
    }

    /// SRT -> LRC -> SRT is the identity for what LRC carries: single-line captions on 10 ms times,
    /// gaps and back-to-back captions alike (an empty time tag keeps each end).
    @Test func srtThroughLRCKeepsStartsEndsAndText() throws {
        let srt = """
        1
        00:00:01,000 --> 00:00:02,500
        First

        2
        00:00:02,500 --> 00:00:04,000
        Back to back

        3
        00:00:06,120 --> 00:00:09,990
        After a gap

        4
        00:01:00,000 --> 00:01:30,000
        Long last one


        """
        let document = try SRTFormat.read(DecodedText(srt, sourceName: "a.srt")).document
        let lrc = LRCFormat.write(document, options: WriteOptions())
        expectTrue(lrc.diagnostics.isEmpty)
        let back = try Self.read(lrc.text)
        expectEqual(SRTFormat.write(back.document, options: WriteOptions()).text, srt)
    }

    @Test(arguments: Array(UInt64(1)...100))
    func generatedKaraokeRoundTrips(seed: UInt64) throws {
        var g = DocumentGenerator(seed: seed)
        var events: [CaptionEvent] = []
        var t = g.int(0...500) * 10
        for _ in 0..<g.int(1...6) {
            let start = t + g.int(0...200) * 10
            var words: [Word] = []
            var w = start
            for _ in 0..<g.int(0...5) {
                let text = String(g.line().filter { !$0.isWhitespace && $0 != "<" && $0 != "[" }.prefix(8))
                guard !text.isEmpty else { continue }
                let begin = w + (g.chance(0.2) ? g.int(1...30) * 10 : 0)
                w = begin + g.int(1...80) * 10
                words.append(Word(text: text, start: begin, end: w))
            }
            let text = words.isEmpty ? String(g.line().filter { $0 != "<" && $0 != "[" }).trimmingWhitespace : words.map(\.text).joined(separator: " ")
            guard !text.isEmpty else { continue }
            let end = max(w, start) + (g.chance(0.5) && !words.isEmpty ? 0 : g.int(1...300) * 10)
            events.append(CaptionEvent(start: start, end: end, text: CaptionText(plain: text), words: words))
            t = end + (g.chance(0.5) ? 0 : g.int(1...100) * 10)
        }
        let document = CaptionDocument(events: events)
        let written = LRCFormat.write(document, options: WriteOptions())
        expectTrue(written.diagnostics.isEmpty, "seed \(seed): \(written.diagnostics)")
        let read = try Self.read(written.text)
        expectTrue(read.diagnostics.isEmpty, "seed \(seed)")
        expectEqual(Self.times(read), events.map { [$0.start, $0.end] }, "seed \(seed):\n\(written.text)")
        expectEqual(Self.texts(read), events.map(\.text.plain), "seed \(seed)")
        expectEqual(read.document.events.map(\.words), events.map(\.words), "seed \(seed):\n\(written.text)")
    }
}
