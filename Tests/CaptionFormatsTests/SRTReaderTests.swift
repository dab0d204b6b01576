import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// The lenient cases the SRT reader promises to handle, each compared value by value.
@Suite struct SRTReaderTests {
    func read(_ text: String) throws -> ParseResult {
        try SRTFormat.read(DecodedText(text, sourceName: "test.srt"))
    }

    func times(_ result: ParseResult) -> [[Int]] { result.document.events.map { [$0.start, $0.end] } }
    func texts(_ result: ParseResult) -> [String] { result.document.events.map(\.text.plain) }

    @Test func standardFile() throws {
        let r = try read("1\n00:00:01,000 --> 00:00:02,500\nHello\nworld\n\n2\n00:01:02,003 --> 01:02:03,004\nBye\n")
        expectEqual(times(r), [[1000, 2500], [62003, 3_723_004]])
        expectEqual(texts(r), ["Hello\nworld", "Bye"])
        expectTrue(r.diagnostics.isEmpty)
    }

    @Test func crlfAndBareCR() throws {
        let crlf = try read("1\r\n00:00:01,000 --> 00:00:02,000\r\nA\r\nB\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nC\r\n")
        expectEqual(texts(crlf), ["A\nB", "C"])
        expectEqual(crlf.document.events[0].sourceText, "A\nB")
        let cr = try read("1\r00:00:01,000 --> 00:00:02,000\rA\rB\r\r2\r00:00:03,000 --> 00:00:04,000\rC\r")
        expectEqual(texts(cr), ["A\nB", "C"])
    }

    @Test func bomIsStrippedByDecoding() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("1\n00:00:01,000 --> 00:00:02,000\nHi\n".utf8)
        let decoded = try TextDecoding.decode(bytes, sourceName: "bom.srt")
        let r = try SRTFormat.read(decoded)
        expectEqual(texts(r), ["Hi"])
    }

    @Test func missingIndexesAndMissingBlankLines() throws {
        let r = try read("00:00:01,000 --> 00:00:02,000\nA\n00:00:03,000 --> 00:00:04,000\nB\n3\n00:00:05,000 --> 00:00:06,000\nC")
        expectEqual(times(r), [[1000, 2000], [3000, 4000], [5000, 6000]])
        expectEqual(texts(r), ["A", "B", "C"])
    }

    @Test func textLinesThatAreNumbers() throws {
        let r = try read("1\n00:00:01,000 --> 00:00:02,000\n1984\n42\n\n2\n00:00:03,000 --> 00:00:04,000\n7\n")
        expectEqual(texts(r), ["1984\n42", "7"])
    }

    @Test func dotOrCommaAndShortOrLongFractions() throws {
        let r = try read("""
        00:00:01.5 --> 00:00:02,25
        a

        00:00:03 --> 00:00:04,0005
        b

        00:00:05,123456 --> 00:00:06,9996
        c
        """)
        expectEqual(times(r), [[1500, 2250], [3000, 4001], [5123, 7000]])
    }

    @Test func largeAndOneDigitHoursAndNoHours() throws {
        let r = try read("123:00:00,000 --> 123:00:01,000\na\n\n1:02:03,004 --> 1:02:04,000\nb\n\n01:02,500 --> 01:03,000\nc\n")
        expectEqual(times(r), [[442_800_000, 442_801_000], [3_723_004, 3_724_000], [62500, 63000]])
    }

    @Test func coordinatesAfterTheTiming() throws {
        let r = try read("1\n00:02:04,08 --> 00:02:07,12 X1:40 X2:600 Y1:20 Y2:50\nMAN:\n")
        expectEqual(r.document.events[0].placement?.rect, CuePlacement.Rect(x1: 40, x2: 600, y1: 20, y2: 50))
        expectEqual(times(r), [[124_080, 127_120]])
        expectTrue(r.diagnostics.isEmpty)
    }

    @Test func tagsBecomeSpansNotText() throws {
        let r = try read("1\n00:00:01,000 --> 00:00:02,000\n<b>Bold</b> <i>it</i> <u>u</u> <font color=\"#ff0000\">red</font>\n")
        let event = r.document.events[0]
        expectEqual(event.text.plain, "Bold it u red")
        expectEqual(event.text.spans, [
            TextSpan(start: 0, end: 4, kind: .bold), TextSpan(start: 5, end: 7, kind: .italic),
            TextSpan(start: 8, end: 9, kind: .underline),
            TextSpan(start: 10, end: 13, kind: .color(RGBAColor(red: 255, green: 0, blue: 0))),
        ])
        expectTrue(event.sourceText.contains("<b>"))
    }

    /// `<font face size>`: the family as written, the size relative to 16 (players' SRT size); a size
    /// that is not a positive number up to 1000 is ignored, the tag still closing where it should.
    @Test func fontFaceAndSizeBecomeSpans() throws {
        let r = try read("1\n00:00:01,000 --> 00:00:02,000\n<font face=\"DejaVu Serif\" size=\"24\">big</font> <font size=\"x\">n</font> <font size=\"-3\">m</font>\n")
        let event = r.document.events[0]
        expectEqual(event.text.plain, "big n m")
        expectEqual(event.text.spans, [TextSpan(start: 0, end: 3, kind: .fontFace("DejaVu Serif")), TextSpan(start: 0, end: 3, kind: .fontScale(1.5))])
        let back = SRTFormat.write(r.document, options: WriteOptions()).text
        expectTrue(back.contains(#"<font face="DejaVu Serif"><font size="24">big</font></font> n m"#), "\(back)")
        // ASS scales the style's size as the span does.
        let ass = ASSFormat.write(r.document, options: WriteOptions()).text
        expectTrue(ass.contains(#"{\fnDejaVu Serif\fscx150\fscy150}big{\fscx100\fscy100\fn} n m"#), "\(ass)")
    }

    @Test func assOverrideBlocksBecomePlacement() throws {
        let r = try read("1\n00:00:01,000 --> 00:00:02,000\n{\\an8}Top {\\i1}line{\\i0}\n\n2\n00:00:03,000 --> 00:00:04,000\n{\\pos(10,20)}At\n")
        expectEqual(r.document.events[0].text.plain, "Top line")
        expectEqual(r.document.events[0].placement?.anchor, 8)
        expectEqual(r.document.events[0].text.spans, [TextSpan(start: 4, end: 8, kind: .italic)])
        expectEqual(r.document.events[1].placement?.point, CuePlacement.Point(x: 10, y: 20))
        expectEqual(r.document.events[1].text.plain, "At")
    }

    /// Found by fuzzing (`Fuzz/regressions/srt/`, `track-subrip/`): a position past `Int.max` trapped
    /// when written back; it is written as Swift prints the number, as the other writers do.
    @Test func hugePositionsAreWrittenBack() throws {
        let r = try read("1\n00:00:01,000 --> 00:00:02,000\n{\\pos(1.5,92233720368547758072)}At\n")
        expectEqual(r.document.events[0].placement?.point, CuePlacement.Point(x: 1.5, y: 92233720368547758072))
        expectTrue(SRTFormat.write(r.document, options: WriteOptions()).text.contains("{\\pos(1.5,9.223372036854776e+19)}At"))
    }

    @Test func unknownTagsAndLoneBracketsStayText() throws {
        let r = try read("1\n00:00:01,000 --> 00:00:02,000\nI <3 you {not a tag} <ruby>x</ruby> & more\n")
        expectEqual(r.document.events[0].text.plain, "I <3 you {not a tag} <ruby>x</ruby> & more")
    }

    @Test func entitiesAreDecoded() throws {
        let r = try read("1\n00:00:01,000 --> 00:00:02,000\nA &amp; B &lt;3 &#233;&#x263A; &bogus;\n")
        expectEqual(r.document.events[0].text.plain, "A & B <3 é☺ &bogus;")
    }

    @Test func emptyCueDoesNotSwallowTheNextCue() throws {
        let r = try read("1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\nSecond\n\n3\n00:00:05,000 --> 00:00:06,000\n")
        expectEqual(texts(r), ["", "Second", ""])
    }

    @Test func malformedTimingIsSkippedWithItsLine() throws {
        let r = try read("1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:0x,000 --> 00:00:04,000\nB\n\n3\n00:00:05,000 --> 00:00:06,000\nC\n")
        expectEqual(texts(r), ["A", "C"])
        expectEqual(r.diagnostics.count, 1)
        expectEqual(r.diagnostics.first?.line, 6)
        expectEqual(r.diagnostics.first?.message.contains("malformed timing"), true)
    }

    @Test func endBeforeStartIsSkippedWithItsLine() throws {
        let r = try read("1\n00:00:05,000 --> 00:00:02,000\nA\n\n2\n00:00:06,000 --> 00:00:07,000\nB\n")
        expectEqual(texts(r), ["B"])
        expectEqual(r.diagnostics.map(\.line), [2])
    }

    @Test func textBeforeTheFirstCueIsReported() throws {
        let r = try read("some text\n00:00:00,500 --> 00:00:07,000\n")
        expectEqual(r.document.events.count, 1)
        expectEqual(r.diagnostics.map(\.line), [1])
    }

    @Test func noCueAtAllIsAnError() {
        #expect(throws: CaptionFormatError.self) { try read("1\nsome text\n") }
        #expect(throws: CaptionFormatError.self) { try read("1") }
    }

    @Test func detection() {
        expectEqual(SRTFormat.detect(DecodedText("1\n00:00:01,000 --> 00:00:02,000\nx")), .certain)
        expectEqual(SRTFormat.detect(DecodedText("00:00:01.000 --> 00:00:02.000\nx")), .maybe)
        expectEqual(SRTFormat.detect(DecodedText("hello")), .no)
    }
}
