import Foundation
import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// The EBU STL writer: GSI and TTI fields, ISO 6937 bytes, styling codes, extension blocks, placement,
/// and what reads back through the toolkit's own reader at 25 and 30 fps.
@Suite struct EBUSTLWriterTests {
    static func stl(_ document: CaptionDocument, fps: FrameRate? = nil) -> (bytes: [UInt8], diagnostics: [Diagnostic]) {
        var options = WriteOptions()
        options.frameRate = fps
        let sink = ByteSink()
        let diagnostics = EBUSTLFormat.write(document, options: options, into: sink)
        return (sink.bytes, diagnostics)
    }

    static func srt(_ text: String) throws -> CaptionDocument {
        try SRTFormat.read(DecodedText(text)).document
    }

    static func ascii(_ bytes: [UInt8], _ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// The TTI block `n` (0-based) of a written file.
    static func block(_ bytes: [UInt8], _ n: Int) -> [UInt8] {
        Array(bytes[(1024 + 128 * n)..<(1024 + 128 * (n + 1))])
    }

    /// A block's text field up to its fill.
    static func text(_ block: [UInt8]) -> [UInt8] { Array(block[16...].prefix { $0 != 0x8F }) }

    @Test func generalInformationFields() throws {
        var document = try Self.srt("1\n00:00:01,500 --> 00:00:03,000\nHello\n\n2\n00:00:04,000 --> 00:00:05,000\nWorld\n")
        document.metadata = [MetadataEntry(key: "Language", value: "en-GB"), MetadataEntry(key: "Title", value: "Café Story")]
        let (bytes, diagnostics) = Self.stl(document)
        expectTrue(diagnostics.isEmpty, "\(diagnostics)")
        expectEqual(bytes.count, 1024 + 2 * 128)
        expectEqual(Self.ascii(bytes, 0..<3), "850")
        expectEqual(Self.ascii(bytes, 3..<11), "STL25.01")
        expectEqual(Self.ascii(bytes, 11..<12), "0")  // open subtitling
        expectEqual(Self.ascii(bytes, 12..<14), "00")  // ISO 6937
        expectEqual(Self.ascii(bytes, 14..<16), "09")  // English
        expectEqual(Self.ascii(bytes, 16..<48), "Cafe Story" + String(repeating: " ", count: 22))
        expectTrue(Self.ascii(bytes, 224..<230).allSatisfy { $0.isNumber })  // creation date YYMMDD
        expectEqual(Self.ascii(bytes, 224..<230), Self.ascii(bytes, 230..<236))
        expectEqual(Self.ascii(bytes, 238..<243), "00002")  // TNB
        expectEqual(Self.ascii(bytes, 243..<248), "00002")  // TNS
        expectEqual(Self.ascii(bytes, 248..<251), "001")  // TNG
        expectEqual(Self.ascii(bytes, 251..<255), "4023")  // MNC, MNR
        expectEqual(Self.ascii(bytes, 255..<256), "1")  // TCS
        expectEqual(Self.ascii(bytes, 256..<264), "00000000")  // TCP
        expectEqual(Self.ascii(bytes, 264..<272), "00000113")  // TCF: the first cue, 00:00:01:13 (1.5 s is frame 37.5, rounded up)
        expectTrue(bytes[373..<1024].allSatisfy { $0 == 0x20 })
        // Unknown language: 00.
        let unknown = Self.stl(try Self.srt("1\n00:00:01,000 --> 00:00:02,000\nx\n")).bytes
        expectEqual(Self.ascii(unknown, 14..<16), "00")
    }

    @Test func textBlockFields() throws {
        let document = try Self.srt("1\n00:00:01,500 --> 00:00:03,000\nHello\n\n2\n00:00:04,000 --> 00:00:05,000\nTwo\nlines\n")
        let bytes = Self.stl(document).bytes
        let first = Self.block(bytes, 0), second = Self.block(bytes, 1)
        expectEqual(Array(first[0..<16]), [0, 1, 0, 0xFF, 0, 0, 0, 1, 13, 0, 0, 3, 0, 22, 2, 0])
        expectEqual(Self.text(first), Array("Hello".utf8))
        expectTrue(first[21...].allSatisfy { $0 == 0x8F })
        expectEqual(Array(second[0..<16]), [0, 2, 0, 0xFF, 0, 0, 0, 4, 0, 0, 0, 5, 0, 21, 2, 0])  // two rows: VP 21
        expectEqual(Self.text(second), Array("Two".utf8) + [0x8A] + Array("lines".utf8))
    }

    @Test func iso6937Bytes() throws {
        let bytes = Self.stl(try Self.srt("1\n00:00:01,000 --> 00:00:02,000\né ñ ♪ ü ß ¿¡ Ł “q”\n")).bytes
        expectEqual(Self.text(Self.block(bytes, 0)), [0xC2, 0x65, 0x20, 0xC4, 0x6E, 0x20, 0xD5, 0x20, 0xC8, 0x75, 0x20, 0xFB, 0x20, 0xBF, 0xA1,
                                                     0x20, 0xE8, 0x20, 0xAA, 0x71, 0xBA])
        // A letter with a separate combining mark is composed first.
        let decomposed = Self.stl(try Self.srt("1\n00:00:01,000 --> 00:00:02,000\ne\u{301}\n")).bytes
        expectEqual(Self.text(Self.block(decomposed, 0)), [0xC2, 0x65])
    }

    @Test func charactersISO6937LacksAreTheClosestWithAWarningNamingTheCue() throws {
        let (bytes, diagnostics) = Self.stl(try Self.srt("1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03,000 --> 00:00:04,000\nẽ – 日…\n"))
        expectEqual(Self.text(Self.block(bytes, 1)), Array("e - ?...".utf8))
        expectEqual(diagnostics.count, 1)
        expectEqual(diagnostics.first?.message, "EBU STL's character table (ISO 6937) has no 'ẽ' (U+1EBD), '–' (U+2013), '日' (U+65E5), '…' (U+2026) in cue 2 at 0:00:03.000; written as the closest characters it has")
    }

    @Test func italicsUnderlineAndColourCodes() throws {
        let document = try Self.srt("""
        1
        00:00:01,000 --> 00:00:02,000
        <i>Hello</i> world

        2
        00:00:03,000 --> 00:00:04,000
        Hello <i>world</i>

        3
        00:00:05,000 --> 00:00:06,000
        <u>a</u> <font color="#ff0000">red</font> <font color="orange">x</font>

        """)
        let (bytes, diagnostics) = Self.stl(document)
        // The code takes the place of the space beside it: readers show it as that space.
        expectEqual(Self.text(Self.block(bytes, 0)), [0x80] + Array("Hello".utf8) + [0x81] + Array("world".utf8))
        expectEqual(Self.text(Self.block(bytes, 1)), Array("Hello".utf8) + [0x80] + Array("world".utf8))
        // Two codes at once (colour on, underline off) stand together in place of the space.
        expectEqual(Self.text(Self.block(bytes, 2)), [0x82, 0x61, 0x01, 0x83] + Array("red".utf8) + [0x07, 0x78])
        expectEqual(diagnostics.map(\.message), ["1 event: colours other than the eight teletext colours dropped (EBU STL cannot hold them)"])
        // And back: the same spans.
        let back = try EBUSTLFormat.read(DecodedText(utf8: bytes, encoding: DecodedText.binaryEncoding)).document.events
        expectEqual(back[0].text, CaptionText(plain: "Hello world", spans: [TextSpan(start: 0, end: 5, kind: .italic)]))
        expectEqual(back[1].text, CaptionText(plain: "Hello world", spans: [TextSpan(start: 6, end: 11, kind: .italic)]))
        expectEqual(back[2].text.plain, "a red x")
        expectEqual(back[2].text.spans, [TextSpan(start: 0, end: 1, kind: .underline), TextSpan(start: 2, end: 5, kind: .color(.init(red: 255, green: 0, blue: 0)))])
    }

    @Test func longTextTakesExtensionBlocks() throws {
        let line = String(repeating: "Ä", count: 60) + "\n" + String(repeating: "abcdefghij", count: 10)
        let (bytes, _) = Self.stl(try Self.srt("1\n00:00:01,000 --> 00:00:02,000\n\(line)\n"))
        // 120 bytes of Ä, a line break, 100 letters: 221 bytes in two blocks, the second diacritic
        // pair kept whole.
        expectEqual(bytes.count, 1024 + 2 * 128)
        let a = Self.block(bytes, 0), b = Self.block(bytes, 1)
        expectTrue(a[3] == 0 && b[3] == 0xFF)
        expectEqual(Array(a[0..<3]), Array(b[0..<3]))
        expectEqual(Array(a[5..<13]), Array(b[5..<13]))
        expectTrue(Self.text(a).count == 112 && Self.text(a).suffix(2) == [0xC8, 0x41])
        expectTrue(Self.ascii(bytes, 238..<243) == "00002" && Self.ascii(bytes, 243..<248) == "00001")
        let back = try EBUSTLFormat.read(DecodedText(utf8: bytes, encoding: DecodedText.binaryEncoding)).document.events
        expectEqual(back.map(\.text.plain), [line])
    }

    @Test func placementToRowsAndJustification() throws {
        let document = try Self.srt("""
        1
        00:00:01,000 --> 00:00:02,000
        {\\an8}top

        2
        00:00:03,000 --> 00:00:04,000
        {\\an1}left

        3
        00:00:05,000 --> 00:00:06,000
        {\\an9}top right

        """)
        let bytes = Self.stl(document).bytes
        expectEqual(Array(Self.block(bytes, 0)[13...14]), [1, 2])
        expectEqual(Array(Self.block(bytes, 1)[13...14]), [22, 1])
        expectEqual(Array(Self.block(bytes, 2)[13...14]), [1, 3])
        let back = try EBUSTLFormat.read(DecodedText(utf8: bytes, encoding: DecodedText.binaryEncoding)).document.events
        expectEqual(back.map { $0.placement?.anchor }, [8, 1, 9])
        expectEqual(back.map { $0.placement?.align }, [.center, .left, .right])
    }

    @Test(arguments: [FrameRate(numerator: 25, denominator: 1)!, FrameRate(numerator: 30000, denominator: 1001)!, FrameRate(numerator: 30, denominator: 1)!])
    func roundTripWithinOneFrame(_ fps: FrameRate) throws {
        let srt = try String(contentsOfFile: CorpusLocation.path("broadcast/roundtrip.srt"), encoding: .utf8)
        var document = try Self.srt(srt)
        // Times that are no frame's, and one an hour in, where drop-frame labels matter.
        document.events.append(CaptionEvent(start: 3_599_990, end: 3_661_017, text: CaptionText(plain: "An hour in")))
        let (bytes, diagnostics) = Self.stl(document, fps: fps)
        expectTrue(diagnostics.isEmpty, "\(diagnostics)")
        expectEqual(Self.ascii(bytes, 3..<11), (fps.numerator == 25 ? "STL25.01" : "STL30.01"))
        let back = try EBUSTLFormat.read(DecodedText(utf8: bytes, encoding: DecodedText.binaryEncoding))
        expectTrue(back.diagnostics.isEmpty)
        let frame = fps.numerator == 25 ? 40 : 34
        try #require(back.document.events.count == document.events.count)
        for (a, b) in zip(document.events, back.document.events) {
            expectEqual(a.text.plain, b.text.plain)
            expectTrue(abs(a.start - b.start) <= frame / 2 + 1, "\(a.start) → \(b.start)")
            expectTrue(abs(a.end - b.end) <= frame / 2 + 1, "\(a.end) → \(b.end)")
        }
    }

    @Test func frameRatesWithoutACodeAreWrittenAt25WithAWarning() throws {
        let (bytes, diagnostics) = Self.stl(try Self.srt("1\n00:00:01,000 --> 00:00:02,000\nx\n"), fps: .ntscFilm)
        expectEqual(Self.ascii(bytes, 3..<11), "STL25.01")
        expectEqual(diagnostics.map(\.message), ["EBU STL has no frame rate code for 23.976 fps (it has 25, 30, 24 and 50); written at 25 fps (STL25.01)"])
    }

    @Test func theTextWriterSaysItCannot() throws {
        let result = EBUSTLFormat.write(try Self.srt("1\n00:00:01,000 --> 00:00:02,000\nx\n"), options: WriteOptions())
        expectTrue(result.text.isEmpty)
        expectEqual(result.diagnostics.first?.severity, .error)
    }
}
