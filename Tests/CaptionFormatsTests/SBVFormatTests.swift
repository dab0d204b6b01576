import Foundation
import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// YouTube SubViewer (.sbv): the documented shape, detection against SRT and WebVTT, the lenient
/// cases, every malformed case with its line, and round trips.
@Suite struct SBVFormatTests {
    static func read(_ text: String, name: String = "test.sbv") throws -> ParseResult {
        try SBVFormat.read(DecodedText(text, sourceName: name))
    }

    static func times(_ r: ParseResult) -> [[Int]] { r.document.events.map { [$0.start, $0.end] } }
    static func texts(_ r: ParseResult) -> [String] { r.document.events.map(\.text.plain) }

    /// The example of YouTube Help's "Supported subtitle and closed caption files" page
    /// (support.google.com/youtube/answer/2734698, "SubViewer (.sbv)"), written out here.
    static let youTubeExample = """
    0:00:00.599,0:00:04.160
    >> ALICE: Hi, my name is Alice Miller and this is John Brown

    0:00:04.160,0:00:06.770
    >> JOHN: and we're the owners of Miller Bakery.

    0:00:06.770,0:00:10.880
    >> ALICE: Today, we'll be teaching you how to make
    our famous chocolate chip cookies!

    """

    @Test func youTubeHelpExample() throws {
        let r = try Self.read(Self.youTubeExample)
        expectEqual(Self.times(r), [[599, 4160], [4160, 6770], [6770, 10880]])
        expectEqual(Self.texts(r), [">> ALICE: Hi, my name is Alice Miller and this is John Brown",
                                  ">> JOHN: and we're the owners of Miller Bakery.",
                                  ">> ALICE: Today, we'll be teaching you how to make\nour famous chocolate chip cookies!"])
        expectTrue(r.diagnostics.isEmpty)
        expectEqual(r.eventLines, [1, 4, 7])
        expectNil(r.wordTimedSource)
    }

    @Test func sampleFile() throws {
        let r = try CaptionFileReader.read(path: CorpusLocation.path("samples/sample.sbv"))
        expectEqual(Self.times(r), [[1000, 4200], [4500, 7250], [8000, 10000]])
        expectEqual(Self.texts(r)[1], "SBV has no index numbers\nand no styling, only text.")
        expectEqual(r.eventLines, [1, 4, 8])
    }

    @Test func detectedFromContentAndNeverConfusedWithSRTOrWebVTT() throws {
        let sbv = DecodedText(Self.youTubeExample, sourceName: "x.txt")
        expectEqual(SBVFormat.detect(sbv), .certain)
        expectEqual(SRTFormat.detect(sbv), .no)
        expectEqual(WebVTTFormat.detect(sbv), .no)
        expectEqual(FormatRegistry.detect(sbv, pathHint: "x.txt")?.name, "sbv")
        let srt = DecodedText("1\n00:00:01,000 --> 00:00:02,000\nHi\n", sourceName: "a.sbv")
        expectEqual(SBVFormat.detect(srt), .no)
        expectEqual(FormatRegistry.detect(srt, pathHint: "a.sbv")?.name, "srt")
        let vtt = DecodedText("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n", sourceName: "a.sbv")
        expectEqual(SBVFormat.detect(vtt), .no)
        expectEqual(FormatRegistry.detect(vtt, pathHint: "a.sbv")?.name, "vtt")
        // The Sintel sample: SRT, and SBV does not claim it.
        let sintel = try TextDecoding.decode(Array(Data(contentsOf: URL(fileURLWithPath: CorpusLocation.path("samples/sintel_en.srt")))),
                                             sourceName: "sintel_en.srt")
        expectEqual(SBVFormat.detect(sintel), .no)
        expectTrue(try FormatRegistry.format(named: "sbv") == SBVFormat.self)
        expectTrue(FormatRegistry.outputNames.contains("sbv"))
    }

    @Test func lenientTimingsAndMissingBlankLines() throws {
        // Two-digit hours, SubViewer 2's centiseconds, no fraction, spaces around the comma, CRLF,
        // and a timing line straight after text (the blank line forgotten).
        let r = try Self.read("00:00:01.00,00:00:02.5\r\nA\r\n0:01:02 , 0:01:03.250\r\nB\r\nC\r\n\r\n10:00:00.000,10:00:01.000\r\nD")
        expectEqual(Self.times(r), [[1000, 2500], [62000, 63250], [36_000_000, 36_001_000]])
        expectEqual(Self.texts(r), ["A", "B\nC", "D"])
        expectTrue(r.diagnostics.isEmpty)
        expectEqual(r.eventLines, [1, 3, 7])
    }

    @Test func emptyCueIsKeptAndDoesNotSwallowTheNext() throws {
        let r = try Self.read("0:00:01.000,0:00:02.000\n\n0:00:03.000,0:00:04.000\nB\n")
        expectEqual(Self.texts(r), ["", "B"])
    }

    // MARK: - Malformed input

    @Test func badTimingIsReportedWithItsLineAndTheCueSkipped() throws {
        let r = try Self.read("0:00:01.000,0:00:02.000\nA\n\n0:00:0x.000,0:00:04.000\nB\nstill B\n\n0:00:05.000,0:00:06.000\nC\n")
        expectEqual(Self.texts(r), ["A", "C"])
        expectEqual(r.diagnostics, [.warning(line: 4, "'0:00:0x.000,0:00:04.000' is not an SBV timing (H:MM:SS.mmm,H:MM:SS.mmm); cue skipped")])
        expectEqual(r.eventLines, [1, 8])
    }

    @Test func textWithoutTimingEndBeforeStartAndOutOfRangeFields() throws {
        let r = try Self.read("stray text\n\n0:00:05.000,0:00:04.000\nbackwards\n\n0:00:61.000,0:01:02.000\nsixty-one\n\n0:00:07.000,0:00:08.000\nok\n")
        expectEqual(Self.texts(r), ["ok"])
        expectEqual(r.diagnostics.map(\.description), [
            "line 1: 'stray text' is text without a timing line before it; cue skipped",
            "line 3: end time 0:00:04.000 is before start time 0:00:05.000; cue skipped",
            "line 6: '0:00:61.000,0:01:02.000' is not an SBV timing (H:MM:SS.mmm,H:MM:SS.mmm); cue skipped",
        ])
    }

    @Test func nothingUsableIsMalformedNamingTheLine() {
        #expect(throws: CaptionFormatError.self) { try Self.read("") }
        do {
            _ = try Self.read("0:00:02.000,0:00:01.000\nbackwards\n", name: "in.sbv")
            Issue.record("read a file without a usable cue")
        } catch let error as CaptionFormatError {
            expectEqual(error.kind, .malformed)
            expectEqual(error.message, "in.sbv: no usable SBV cue; line 1: end time 0:00:01.000 is before start time 0:00:02.000; cue skipped")
        } catch {
            Issue.record("unexpected \(error)")
        }
        do {
            _ = try Self.read("just words\n", name: "in.sbv")
        } catch let error as CaptionFormatError {
            expectTrue(error.message.hasPrefix("in.sbv: no usable SBV cue; line 1: 'just words'"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    // MARK: - Writing

    @Test func writesYouTubesShapeAndReportsWhatItDrops() throws {
        var event = CaptionEvent(start: 1500, end: 3_723_004, text: CaptionText(plain: "Hello\n\nworld", spans: [TextSpan(start: 0, end: 5, kind: .italic)]))
        event.words = [Word(text: "Hello", start: 1500, end: 2000)]
        let written = SBVFormat.write(CaptionDocument(events: [event, CaptionEvent(start: 4_000_000, end: 4_000_001, text: CaptionText(plain: "B"))]),
                                      options: WriteOptions())
        expectEqual(written.text, "0:00:01.500,1:02:03.004\nHello\nworld\n\n1:06:40.000,1:06:40.001\nB\n")
        expectEqual(written.diagnostics.map(\.message), ["1 event: styling (bold, italic, colour...) dropped (SBV cannot hold them)",
                                                       "1 event: word timings dropped (SBV cannot hold them)",
                                                       "1 event: blank lines inside a caption dropped (SBV cannot hold them)"])
    }

    @Test func srtToSBVToSRTIsIdentical() throws {
        let path = CorpusLocation.path("samples/sintel_en.srt")
        let srt = try CaptionFileReader.read(path: path)
        let sbv = SBVFormat.write(srt.document, options: WriteOptions())
        expectTrue(sbv.diagnostics.isEmpty)
        let back = try SBVFormat.read(DecodedText(sbv.text, sourceName: "sintel.sbv"))
        expectTrue(back.diagnostics.isEmpty)
        expectEqual(SRTFormat.write(back.document, options: WriteOptions()).text, SRTFormat.write(srt.document, options: WriteOptions()).text)
        expectEqual(back.document.events.count, srt.document.events.count)
        // And SBV written again is byte for byte what was read.
        expectEqual(SBVFormat.write(back.document, options: WriteOptions()).text, sbv.text)
    }

    @Test(arguments: Array(UInt64(1)...100))
    func generatedDocumentsRoundTrip(seed: UInt64) throws {
        var g = DocumentGenerator(seed: seed)
        var document = CaptionDocument()
        var t = g.int(0...5000)
        for _ in 0..<g.int(1...8) {
            let start = t + g.int(0...3000), end = start + g.int(0...8000)
            t = g.chance(0.2) ? start : end
            document.events.append(CaptionEvent(start: start, end: end, text: CaptionText(plain: g.text())))
        }
        let written = SBVFormat.write(document, options: WriteOptions())
        expectTrue(written.diagnostics.isEmpty, "seed \(seed)")
        let read = try SBVFormat.read(DecodedText(written.text, sourceName: "roundtrip.sbv"))
        expectTrue(read.diagnostics.isEmpty, "seed \(seed)")
        expectEqual(read.document.events.map { [$0.start, $0.end] }, document.events.map { [$0.start, $0.end] }, "seed \(seed)")
        expectEqual(read.document.events.map(\.text), document.events.map(\.text), "seed \(seed):\n\(written.text)")
    }
}
