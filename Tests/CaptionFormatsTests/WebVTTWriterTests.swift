import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// What the writer produces, byte for byte, and what it reports.
@Suite struct WebVTTWriterTests {
    func write(_ document: CaptionDocument, wordTimestamps: Bool = false) -> WriteResult {
        var options = WriteOptions()
        options.wordTimestamps = wordTimestamps
        return WebVTTFormat.write(document, options: options)
    }

    func read(_ text: String) throws -> CaptionDocument {
        try WebVTTFormat.read(DecodedText(text, sourceName: "written.vtt")).document
    }

    @Test func wholeDocument() throws {
        var fred = CaptionRegion(id: "fred")
        fred.width = 40.5; fred.viewportAnchor = .init(x: 10, y: 90); fred.scrollUp = true
        var placement = CuePlacement()
        placement.line = .percent(10); placement.lineAlign = .center; placement.region = "fred"
        let document = CaptionDocument(
            events: [
                CaptionEvent(start: 1000, end: 2500, text: CaptionText(plain: "Hello\nworld"), id: "1", settings: "align:start"),
                CaptionEvent(start: 3_723_004, end: 3_724_000,
                             text: CaptionText(plain: "a < b & c --> d", spans: [TextSpan(start: 0, end: 5, kind: .bold)])),
                CaptionEvent(start: 400_000_000, end: 400_000_001, text: CaptionText(plain: "placed"), placement: placement),
            ],
            metadata: [MetadataEntry(key: "Kind", value: "captions"), MetadataEntry(key: "X-TIMESTAMP-MAP", value: "MPEGTS:0,LOCAL:00:00:00.000")],
            regions: [fred],
            stylesheets: ["::cue {\n  color: red;\n}"])
        let result = write(document)
        expectEqual(result.text, """
            WEBVTT
            Kind: captions
            X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000

            STYLE
            ::cue {
              color: red;
            }

            REGION
            id:fred
            width:40.5%
            lines:3
            regionanchor:0%,100%
            viewportanchor:10%,90%
            scroll:up

            1
            00:00:01.000 --> 00:00:02.500 align:start
            Hello
            world

            01:02:03.004 --> 01:02:04.000
            <b>a &lt; b</b> &amp; c --&gt; d

            111:06:40.000 --> 111:06:40.001 line:10%,center region:fred
            placed


            """)
        expectTrue(result.diagnostics.isEmpty)
        let back = try read(result.text)
        // Read back with the region's box.
        var boxed = placement
        boxed.area = WebVTTCueSettings.area(of: fred)
        expectEqual(back.events[2].placement, boxed)
        expectEqual(back.events.map(\.text), document.events.map(\.text))
    }

    @Test func emptyLinesInsideACueDoNotEndIt() throws {
        let document = CaptionDocument(events: [
            CaptionEvent(start: 0, end: 1000, text: CaptionText(plain: "a\n\nb")),
            CaptionEvent(start: 1000, end: 2000, text: CaptionText(plain: "\nx\n")),
            CaptionEvent(start: 2000, end: 3000, text: CaptionText(plain: "")),
            CaptionEvent(start: 3000, end: 4000, text: CaptionText(plain: "\n", spans: [TextSpan(start: 1, end: 1, kind: .italic)])),
        ])
        let text = write(document).text
        expectEqual(text, """
            WEBVTT

            00:00:00.000 --> 00:00:01.000
            a
            <>
            b

            00:00:01.000 --> 00:00:02.000
            <>
            x
            <>

            00:00:02.000 --> 00:00:03.000

            00:00:03.000 --> 00:00:04.000
            <>
            <i></i>


            """)
        let back = try read(text)
        expectEqual(back.events.map(\.text), document.events.map(\.text))
    }

    @Test func wordTimestamps() throws {
        let words = [
            Word(text: "one", start: 1000, end: 1500),
            Word(text: "two", start: 1500, end: 1750, interpolated: true),
            Word(text: "three", start: 1750, end: 2000, interpolated: true),
            Word(text: "four", start: 2500, end: 2800),
        ]
        let event = CaptionEvent(start: 1000, end: 3000, text: CaptionText(plain: "one two three\nfour"), words: words)
        let result = write(CaptionDocument(events: [event]), wordTimestamps: true)
        expectEqual(result.text, "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\none <00:00:01.500>two three<00:00:02.000>\n<00:00:02.500>four<00:00:02.800>\n\n")
        expectTrue(try read(result.text).events[0].words == words)

        let without = write(CaptionDocument(events: [event]))
        expectEqual(without.text, "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\none two three\nfour\n\n")
        expectEqual(without.diagnostics.map(\.message), ["WebVTT cannot carry word timings (enable word timestamps to write them as inline timestamps)"])
    }

    @Test func unwritableWordsAreReported() {
        let event = CaptionEvent(start: 0, end: 1000, text: CaptionText(plain: "a b"),
                                 words: [Word(text: "b", start: 0, end: 500), Word(text: "a", start: 500, end: 1000)])
        let result = write(CaptionDocument(events: [event, event]), wordTimestamps: true)
        expectTrue(result.text.hasSuffix("00:00:00.000 --> 00:00:01.000\na b\n\n"))
        expectEqual(result.diagnostics.count, 1)
        expectEqual(result.diagnostics.first?.message.contains("(2 times)"), true)
    }

    @Test func whatCannotBeWrittenIsRepairedAndReported() throws {
        var placement = CuePlacement()
        placement.anchor = 7
        let document = CaptionDocument(events: [
            CaptionEvent(start: -5, end: 1000, text: CaptionText(plain: "red", spans: [TextSpan(start: 0, end: 3, kind: .color(.white))]),
                         id: "two\nlines --> here", placement: placement),
            CaptionEvent(start: 0, end: 1000, text: CaptionText(plain: "x", spans: [TextSpan(start: 0, end: 1, kind: .voice("A  B--"))])),
        ], metadata: [MetadataEntry(key: "Bad: key", value: "v")], stylesheets: ["a {}\n\nb { x: y } -->"])
        let result = write(document)
        expectEqual(result.text, """
            WEBVTT

            STYLE
            a {}
            b { x: y } -- >

            two lines -> here
            00:00:00.000 --> 00:00:01.000 line:0 align:left
            red

            00:00:00.000 --> 00:00:01.000
            <v A B-- >x</v>


            """)
        let messages = result.diagnostics.map(\.message)
        expectTrue(messages.contains { $0.contains("metadata") })
        expectTrue(messages.contains { $0.contains("cue ids") })
        expectTrue(messages.contains { $0.contains("negative times") })
        expectTrue(messages.contains { $0.contains("colours") })
        // `{\an7}` (top left) is said in settings now; nothing of it is reported.
        expectTrue(!messages.contains { $0.contains("positions") })
        expectTrue(messages.contains { $0.contains("blank lines inside STYLE") })
        expectTrue(try read(result.text).events[1].text.spans == [TextSpan(start: 0, end: 1, kind: .voice("A B--"))])
    }

    @Test func overlappingSpansAreSplitToNest() throws {
        let text = CaptionText(plain: "abcd", spans: [TextSpan(start: 0, end: 3, kind: .bold), TextSpan(start: 1, end: 4, kind: .italic)])
        let written = write(CaptionDocument(events: [CaptionEvent(start: 0, end: 1, text: text)])).text
        expectTrue(written.contains("\n<b>a<i>bc</i></b><i>d</i>\n"))
        let back = try read(written).events[0].text
        expectEqual(back.plain, "abcd")
        expectEqual(back.runs, text.runs)
    }

    /// A box (608 rows, a TTML region) becomes a percentage line at its aligned edge, and position and
    /// size when it is not centred; SRT keeps the alignment and says so only where the box was away
    /// from where that alignment puts the text.
    @Test func areasBecomeLinesAndSRTSaysWhenItMatters() throws {
        func event(_ area: CuePlacement.Area, anchor: Int? = nil, at s: Milliseconds) -> CaptionEvent {
            var p = CuePlacement()
            (p.area, p.anchor) = (area, anchor)
            return CaptionEvent(start: s, end: s + 1000, text: CaptionText(plain: "x"), placement: p)
        }
        let lastRow = event(.init(x: 10, y: 10 + 14 * 80.0 / 15, width: 80, height: 80.0 / 15), at: 0)
        let row10 = event(.init(x: 10, y: 10 + 9 * 80.0 / 15, width: 80, height: 80.0 / 15), at: 1000)
        let region = event(.init(x: 60, y: 10, width: 30, height: 20), anchor: 6, at: 2000)
        let vtt = write(CaptionDocument(events: [lastRow, row10, region])).text
        expectTrue(vtt.contains("00:00:00.000 --> 00:00:01.000 line:90%,end\n"), "\(vtt)")
        expectTrue(vtt.contains("00:00:01.000 --> 00:00:02.000 line:63.333%,end\n"), "\(vtt)")
        expectTrue(vtt.contains("00:00:02.000 --> 00:00:03.000 line:20%,center position:90%,line-right size:30% align:right\n"), "\(vtt)")
        expectTrue(SRTFormat.write(CaptionDocument(events: [lastRow]), options: WriteOptions()).diagnostics.isEmpty)
        let srt = SRTFormat.write(CaptionDocument(events: [lastRow, row10, region]), options: WriteOptions())
        expectTrue(srt.diagnostics.map(\.message).joined().contains("2 events: caption rows and region boxes"), "\(srt.diagnostics)")
    }
}
