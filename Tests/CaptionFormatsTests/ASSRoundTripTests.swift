import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// ASS keeps times to the centisecond, so round trips through it compare times rounded to 10 ms.
@Suite struct ASSRoundTripTests {
    static let seeds: [UInt64] = Array(1...150)

    static func cs(_ ms: Int) -> Int { ASSTime.centiseconds(ms) * 10 }

    static func viaASS(_ document: CaptionDocument, _ note: String) throws -> CaptionDocument {
        let ass = ASSFormat.write(document, options: WriteOptions())
        let read = try ASSFormat.read(DecodedText(ass.text, sourceName: "roundtrip.ass"))
        expectTrue(read.diagnostics.isEmpty, "\(note): \(read.diagnostics)")
        expectTrue(!ass.text.contains("FFmpeg"))
        return read.document
    }

    /// Generated text without backslashes (ASS has no escape for a literal `\N`; see the escaping test).
    static func document(_ g: inout DocumentGenerator, kinds: [TextSpan.Kind]) -> CaptionDocument {
        var document = CaptionDocument()
        for (start, end) in RoundTripTests.times(&g, count: g.int(1...8)) {
            let plain = String(g.text().filter { $0 != "\\" })
            document.events.append(CaptionEvent(start: start, end: end,
                text: CaptionText(plain: plain, spans: g.spans(for: plain, kinds: kinds))))
        }
        return document
    }

    static func expectSame(_ a: [CaptionEvent], _ c: [CaptionEvent], _ note: String) {
        expectEqual(a.count, c.count, "\(note)")
        for (x, y) in zip(a, c) {
            expectTrue(cs(x.start) == y.start && cs(x.end) == y.end, "\(note)")
            expectEqual(x.text, y.text, "\(note)")
        }
    }

    @Test(arguments: seeds)
    func srtToASSToSRT(seed: UInt64) throws {
        var g = DocumentGenerator(seed: seed)
        let kinds: [TextSpan.Kind] = [.bold, .italic, .underline, .color(RGBAColor(red: 255, green: 200, blue: 0))]
        let srt = SRTFormat.write(Self.document(&g, kinds: kinds), options: WriteOptions()).text
        let a = try SRTFormat.read(DecodedText(srt, sourceName: "a.srt")).document
        let b = try Self.viaASS(a, "seed \(seed)")
        let c = try SRTFormat.read(DecodedText(SRTFormat.write(b, options: WriteOptions()).text, sourceName: "c.srt")).document
        Self.expectSame(a.events, c.events, "seed \(seed)")
    }

    @Test(arguments: seeds)
    func webVTTToASSToWebVTT(seed: UInt64) throws {
        var g = DocumentGenerator(seed: seed)
        let vtt = WebVTTFormat.write(Self.document(&g, kinds: [.bold, .italic, .underline]), options: WriteOptions()).text
        let a = try WebVTTFormat.read(DecodedText(vtt, sourceName: "a.vtt")).document
        let b = try Self.viaASS(a, "seed \(seed)")
        let c = try WebVTTFormat.read(DecodedText(WebVTTFormat.write(b, options: WriteOptions()).text, sourceName: "c.vtt")).document
        Self.expectSame(a.events, c.events, "seed \(seed)")
    }

    /// 200 words with millisecond times: each word reads back at its own rounded time, with no drift.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func wordTimesKeepToTheCentisecond(seed: UInt64) throws {
        var g = DocumentGenerator(seed: seed)
        var t = g.int(0...5000)
        var words: [Word] = []
        for n in 0..<200 {
            let start = t + g.int(0...300)
            let end = start + g.int(1...700)
            words.append(Word(text: "w\(n)", start: start, end: end))
            t = end
        }
        var document = CaptionDocument()
        let eventStart = words[0].start - g.int(0...500)
        document.events = [CaptionEvent(start: eventStart, end: t + 100,
                                        text: CaptionText(plain: words.map(\.text).joined(separator: " ")), words: words)]
        let written = ASSFormat.write(document, options: WriteOptions())
        expectTrue(written.diagnostics.isEmpty)
        let read = try Self.viaASS(document, "seed \(seed)")
        let got = try #require(read.events.first)
        expectEqual(got.text.plain, document.events[0].text.plain)
        try #require(got.words.count == 200)
        for (a, b) in zip(words, got.words) {
            expectEqual(a.text, b.text)
            expectTrue(Self.cs(a.start) == b.start && Self.cs(a.end) == b.end, "seed \(seed) \(a) \(b)")
        }
    }

    @Test func writerSyntax() throws {
        var document = CaptionDocument()
        var style = NamedStyle(name: "Big")
        style.primaryColor = RGBAColor(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x40)
        style.anchor = 8
        document.styles = [style]
        var placement = CuePlacement()
        placement.anchor = 7
        placement.point = .init(x: 10, y: 20.5)
        document.events = [CaptionEvent(start: 1234, end: 3_601_005, text: CaptionText(plain: "a{b}\nc\u{00A0}d",
                                        spans: [TextSpan(start: 0, end: 1, kind: .bold)]), placement: placement, style: "Big")]
        let text = ASSFormat.write(document, options: WriteOptions()).text
        expectTrue(text.contains("ScriptType: v4.00+\nPlayResX: 1920\nPlayResY: 1080\nScaledBorderAndShadow: yes\nWrapStyle: 2\nYCbCr Matrix: None\n"))
        expectTrue(text.contains("Style: Big,Arial,54,&HBF332211,"))
        expectTrue(text.contains("Dialogue: 0,0:00:01.23,1:00:01.01,Big,,0,0,0,,{\\an7\\pos(10,20.5)}{\\b1}a{\\b0}\\{b\\}\\Nc\\hd\n"))
        expectTrue(!text.contains("Script generated by FFmpeg"))
        let back = try ASSFormat.read(DecodedText(text, sourceName: "w.ass")).document
        expectEqual(back.events[0].text, document.events[0].text)
        expectEqual(back.events[0].placement, placement)
        expectEqual(back.styles, [style].map { var s = $0; s.fontFamily = "Arial"; s.fontSize = 54; s.bold = false; s.italic = false
            s.underline = false; s.outlineColor = .black; s.backColor = .black; s.outlineWidth = 2; s.shadowDepth = 2
            s.secondaryColor = RGBAColor(red: 255, green: 0, blue: 0); s.strikeout = false; s.scaleX = 100; s.scaleY = 100
            s.spacing = 0; s.angle = 0; s.borderStyle = 1; s.marginLeft = 10; s.marginRight = 10; s.marginVertical = 10
            s.encoding = 1; return s })
    }

    /// Caption text that looks like ASS stays text: tags and drawings come back as the characters they
    /// were, in both writer paths (a plain cue, and one with spans and word times). A backslash that
    /// libass would read with what follows (before N, n, h, or right before a tag the writer adds) is
    /// written as its look-alike ⧵, with one warning; elsewhere it stays a backslash.
    @Test func textThatLooksLikeASSStaysText() throws {
        let injected = "{\\p1}m 0 0 l 100 0 100 100{\\p0} {\\fs500}BIG {\\pos(0,0)}x\\y \\"
        var document = CaptionDocument()
        document.events = [
            CaptionEvent(start: 0, end: 1000, text: CaptionText(plain: injected)),
            CaptionEvent(start: 1000, end: 2000, text: CaptionText(plain: "a\\b " + injected, spans: [TextSpan(start: 0, end: 2, kind: .italic)])),
            CaptionEvent(start: 2000, end: 3000, text: CaptionText(plain: "c:\\new\\home")),
        ]
        let written = ASSFormat.write(document, options: WriteOptions())
        for tag in ["{\\p1}", "{\\fs500}", "{\\pos(0,0)}", "{\\p0}"] {
            expectTrue(!written.text.contains(tag) || written.text.components(separatedBy: tag).count - 1 == written.text.components(separatedBy: "\\" + tag).count - 1,
                    "an unescaped \(tag): \(written.text)")
        }
        let back = try ASSFormat.read(DecodedText(written.text, sourceName: "injected.ass")).document.events
        expectEqual(back.map(\.text.plain), [injected, "a⧵b " + injected, "c:⧵new⧵home"])
        // The italic span still ends where it did: its closing tag was not escaped by the backslash before it.
        expectEqual(back[1].text.spans, [TextSpan(start: 0, end: "a⧵".utf8.count, kind: .italic)])
        expectEqual(written.diagnostics.map(\.message), ["ASS cannot carry a backslash before N, n, h or a tag (libass reads the two together); written as its look-alike ⧵ (U+29F5)"])
    }

    @Test func colourConversionIsOneFunction() {
        let c = RGBAColor(red: 1, green: 2, blue: 3, alpha: 255)
        expectEqual(ASSColor.string(c), "&H00030201")
        expectEqual(ASSColor.string(c, inline: true), "&H030201&")
        expectEqual(ASSColor.parse(ASSColor.string(RGBAColor(red: 9, green: 8, blue: 7, alpha: 100))), RGBAColor(red: 9, green: 8, blue: 7, alpha: 100))
    }

    @Test func lostFeaturesAreReportedOncePerKind() {
        var document = CaptionDocument()
        for _ in 0..<3 {
            document.events.append(CaptionEvent(start: 0, end: 1000, text: CaptionText(plain: "x", spans: [TextSpan(start: 0, end: 1, kind: .voice("A"))]),
                                                settings: "line:0"))
        }
        let result = ASSFormat.write(document, options: WriteOptions())
        expectEqual(result.diagnostics.count, 2)
    }
}
