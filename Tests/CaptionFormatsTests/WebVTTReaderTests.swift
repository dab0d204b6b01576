import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// File-level reading: signature, header metadata, blocks, malformed cues and their warnings.
@Suite struct WebVTTReaderTests {
    func read(_ text: String) throws -> ParseResult {
        try WebVTTFormat.read(DecodedText(text, sourceName: "test.vtt"))
    }

    func malformedMessage(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch let error as CaptionFormatError {
            return error.kind == .malformed ? error.message : "wrong kind: \(error)"
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func malformedCueIsSkippedWithAWarningNamingItsLine() throws {
        let r = try read("""
            WEBVTT

            1
            00:00:01.000 --> 00:00:02.000
            A

            2
            00:00:03 --> 00:00:04
            B

            3
            00:00:05.000 --> 00:00:06.000
            C

            00:00:07.000 00:00:08.000 -->
            D

            00:00:09.000 --> 00:00:10.00
            E

            00:00:11.000 -> 00:00:12.000
            F

            00:00:13.000 --> 00:00:14.000
            G
            """)
        expectEqual(r.document.events.map(\.text.plain), ["A", "C", "G"])
        expectEqual(r.document.events.map(\.id), ["1", "3", nil])
        expectEqual(r.diagnostics.map(\.line), [8, 15, 18, 21])
        expectEqual(r.diagnostics[0].message, "malformed cue timing '00:00:03 --> 00:00:04': the start time is not a WebVTT timestamp (mm:ss.ttt or hh:mm:ss.ttt); cue skipped")
        expectTrue(r.diagnostics[1].message.contains("expected '-->' after the start time"))
        expectTrue(r.diagnostics[2].message.contains("the end time is not a WebVTT timestamp"))
        expectTrue(r.diagnostics.prefix(3).allSatisfy { $0.severity == .warning && $0.message.hasSuffix("cue skipped") })
        // Without "-->" a line is not a timing line at all: the block is stray text.
        expectEqual(r.diagnostics[3].message, "block without a cue timing ignored: '00:00:11.000 -> 00:00:12.000'")
    }

    @Test func signatureIsRequired() {
        expectEqual(malformedMessage(""), "test.vtt: line 1: the file is empty; a WebVTT file starts with 'WEBVTT'")
        expectEqual(malformedMessage("WEBVTTX\n")?.hasPrefix("test.vtt: line 1: 'WEBVTT' must be followed by a space, a tab or the end of the line, not U+0058"), true)
        expectEqual(malformedMessage("webvtt\n\n00:01.000 --> 00:02.000\nx")?.hasPrefix("test.vtt: line 1: no WebVTT signature"), true)
        expectTrue(malformedMessage("1\n00:00:01,000 --> 00:00:02,000\nSRT") != nil)
        expectNil(malformedMessage("WEBVTT"))
        expectNil(malformedMessage("WEBVTT - A title\r\n"))
        expectNil(malformedMessage("WEBVTT\tx"))
    }

    @Test func detection() {
        expectEqual(WebVTTFormat.detect(DecodedText("WEBVTT\n\n00:01.000 --> 00:02.000\nx")), .certain)
        expectEqual(WebVTTFormat.detect(DecodedText("WEBVTTX")), .no)
        expectEqual(WebVTTFormat.detect(DecodedText("1\n00:00:01,000 --> 00:00:02,000\nx")), .no)
    }

    @Test func headerMetadata() throws {
        let r = try read("WEBVTT - title\nKind: captions\nLanguage:en\nX-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000\nno separator here\n\n00:01.000 --> 00:02.000\nx\n")
        expectEqual(r.document.metadata, [
            MetadataEntry(key: "Kind", value: "captions"),
            MetadataEntry(key: "Language", value: "en"),
            MetadataEntry(key: "X-TIMESTAMP-MAP", value: "MPEGTS:900000,LOCAL:00:00:00.000"),
        ])
        expectEqual(r.document.events.count, 1)
        expectTrue(r.diagnostics.isEmpty)
    }

    @Test func aTimingLineEndsTheHeaderAndEachCue() throws {
        // No blank lines at all: "-->" starts a new cue wherever it appears after a cue's first lines.
        let r = try read("WEBVTT\nKind: captions\n00:01.000 --> 00:02.000\nA\n00:03.000 --> 00:04.000\nB\nid\n00:05.000 --> 00:06.000\nC")
        expectEqual(r.document.metadata, [MetadataEntry(key: "Kind", value: "captions")])
        expectEqual(r.document.events.map(\.text.plain), ["A", "B\nid", "C"])
        expectEqual(r.document.events.map(\.start), [1000, 3000, 5000])
    }

    @Test func notesStylesAndRegions() throws {
        let r = try read("""
            WEBVTT

            NOTE a comment
            spanning lines

            STYLE
            ::cue { color: red }

            REGION
            id:fred width:40% lines:3
            regionanchor:0%,100% viewportanchor:10%,90% scroll:up

            00:00.000 --> 00:01.000 region:fred align:left
            <v Fred>Hi

            STYLE
            ::cue { color: blue }

            NOTE
            00:02.000 --> 00:03.000
            After
            """)
        expectEqual(r.document.stylesheets, ["::cue { color: red }"])
        var fred = CaptionRegion(id: "fred")
        fred.width = 40; fred.lines = 3
        fred.regionAnchor = .init(x: 0, y: 100); fred.viewportAnchor = .init(x: 10, y: 90); fred.scrollUp = true
        expectEqual(r.document.regions, [fred])
        // "NOTE" followed by a timing line is a cue with the id "NOTE", as the spec reads it.
        expectEqual(r.document.events.map(\.id), [nil, "NOTE"])
        expectEqual(r.document.events[0].settings, "region:fred align:left")
        var placement = CuePlacement()
        placement.region = "fred"; placement.align = .left
        // The region's box: 40 % wide, 3 lines of 5.33 % high, its bottom-left corner at (10 %, 90 %).
        let area = try #require(r.document.events[0].placement?.area)
        expectTrue(area.x == 10 && area.width == 40 && abs(area.height - 15.99) < 1e-9 && abs(area.y - 74.01) < 1e-9, "\(area)")
        placement.area = area
        expectEqual(r.document.events[0].placement, placement)
        expectEqual(r.diagnostics.map(\.line), [16])
        expectEqual(r.diagnostics.first?.message.contains("STYLE block after the first cue ignored"), true)
    }

    @Test func strayTextIsReportedAndSkipped() throws {
        let r = try read("WEBVTT\n\nsome stray text\nmore\n\n00:01.000 --> 00:02.000\nx\n")
        expectEqual(r.document.events.count, 1)
        expectEqual(r.diagnostics.map(\.line), [3])
        expectEqual(r.diagnostics.first?.message, "block without a cue timing ignored: 'some stray text'")
    }

    @Test func endBeforeStartIsKeptWithAWarning() throws {
        let r = try read("WEBVTT\n\n00:02.000 --> 00:01.000\nbackwards\n")
        expectEqual(r.document.events.map { [$0.start, $0.end] }, [[2000, 1000]])
        expectEqual(r.diagnostics.map(\.line), [3])
    }

    @Test func timestampForms() throws {
        let r = try read("""
            WEBVTT

            00:00.001 --> 59:59.999
            a

            1:00:00.000 --> 100:00:00.000
            b

            00:60:00.000 --> 00:00:60.000
            invalid minutes and seconds

            00:00:00.1234 --> 00:00:01.000
            invalid fraction
            """)
        expectEqual(r.document.events.map { [$0.start, $0.end] }, [[1, 3_599_999], [3_600_000, 360_000_000]])
        expectEqual(r.diagnostics.map(\.line), [9, 12])
    }

    @Test func settingsAreKeptRawAndParsed() throws {
        let r = try read("WEBVTT\n\n00:01.000 --> 00:02.000   vertical:rl line:-2,end position:30%,line-right size:50% align:end bogus:1 line:x  \nx\n")
        let e = try #require(r.document.events.first)
        expectEqual(e.settings, "vertical:rl line:-2,end position:30%,line-right size:50% align:end bogus:1 line:x")
        var p = CuePlacement()
        p.vertical = .rl; p.line = .number(-2); p.lineAlign = .end
        p.position = 30; p.positionAlign = .lineRight; p.size = 50; p.align = .end
        expectEqual(e.placement, p)
        let plain = try read("WEBVTT\n\n00:01.000 --> 00:02.000\nx\n").document.events[0]
        expectTrue(plain.settings == nil && plain.placement == nil && plain.id == nil)
    }

    @Test func emptyCueAndCueAtEndOfFileWithoutNewline() throws {
        let r = try read("WEBVTT\n\n00:01.000 --> 00:02.000\n\n00:03.000 --> 00:04.000")
        expectEqual(r.document.events.map(\.text.plain), ["", ""])
        expectEqual(r.document.events.map(\.end), [2000, 4000])
    }

    @Test func decodingDiagnosticsArePassedOn() throws {
        let warning = Diagnostic.warning(line: 1, "read as Windows-1252")
        let text = DecodedText(utf8: Array("WEBVTT\n".utf8), sourceName: "x.vtt", encoding: "Windows-1252", diagnostics: [warning])
        expectTrue(try WebVTTFormat.read(text).diagnostics == [warning])
    }
}
