import CaptionModel
import Foundation
import CaptionExpectations
import Testing
@testable import CaptionFormats

/// TTML: the spec's time expressions and timing model, styles and regions, malformed input, the
/// writer's round trips, and other projects' TTML files against their own conversions.
@Suite struct TTMLFormatTests {
    static func read(_ body: String, head: String = "", root: String = "") throws -> ParseResult {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" xml:lang="en"\(root)>
            <head>\(head)</head>
            <body>\(body)</body>
            </tt>
            """
        return try TTMLFormat.read(DecodedText(text, sourceName: "t.ttml"))
    }

    static func times(_ r: ParseResult) -> [[Int]] { r.document.events.map { [$0.start, $0.end] } }

    /// TTML 1 §10.3.1 (time expressions): clock times with fractions, frames and sub-frames, and offset
    /// times in h, m, s, ms, f and t, at a frame rate with a multiplier and a tick rate.
    @Test func timeExpressions() throws {
        let r = try Self.read("""
            <div>
            <p begin="00:00:01.500" end="00:00:02.250">a</p>
            <p begin="00:00:03:12" end="00:00:04:00">b</p>
            <p begin="4.25s" dur="8000ms">c</p>
            <p begin="0.1m" end="0.005h">d</p>
            <p begin="250f" end="300f">e</p>
            <p begin="20000t" end="30000t">f</p>
            </div>
            """, root: #" ttp:frameRate="25" ttp:tickRate="10000""#)
        expectEqual(Self.times(r), [[1500, 2250], [3480, 4000], [4250, 12250], [6000, 18000], [10000, 12000], [2000, 3000]])
        let ntsc = try Self.read(#"<div><p begin="00:00:01:15" end="00:00:02:00.1">x</p></div>"#,
                                 root: #" ttp:frameRate="30" ttp:frameRateMultiplier="1000 1001" ttp:subFrameRate="2""#)
        // 1 s + 15 frames at 29.97 = 1.5005 s; 2 s + 0.5 frame = 2.01668 s.
        expectEqual(Self.times(ntsc), [[1501, 2017]])
    }

    /// Timing inherited down the tree: times are relative to the parent's begin, clipped to its end.
    @Test func inheritedTiming() throws {
        let r = try Self.read("""
            <div begin="10s" end="20s">
              <p begin="1s" dur="2s">one</p>
              <p begin="5s">two, until the div ends</p>
              <p begin="8s" end="30s">three, clipped</p>
            </div>
            """)
        expectEqual(Self.times(r), [[11_000, 13_000], [15_000, 20_000], [18_000, 20_000]])
        expectEqual(r.eventLines, [5, 6, 7])
    }

    @Test func spansWithTheirOwnTimesSplitAParagraph() throws {
        let r = try Self.read(#"<div><p begin="0s" end="6s"><span begin="0s" end="3s">Hello</span> <span begin="2s">world</span></p></div>"#)
        expectEqual(r.document.events.map(\.text.plain), ["Hello", "Hello world", "world"])
        expectEqual(Self.times(r), [[0, 2000], [2000, 3000], [3000, 6000]])
    }

    @Test func stylesAndLineBreaks() throws {
        let r = try Self.read("""
            <div><p begin="0s" end="1s" style="base">
              Plain <span tts:fontStyle="italic">slanted</span><br/>
              <span style="loud">loud   and
                 clear</span>
            </p></div>
            """, head: """
            <styling>
              <style xml:id="base" tts:color="white" tts:fontSize="120%"/>
              <style xml:id="strong" tts:fontWeight="bold"/>
              <style xml:id="loud" style="strong" tts:color="#ffff00" tts:textDecoration="underline"/>
            </styling>
            """)
        let text = r.document.events[0].text
        expectEqual(text.plain, "Plain slanted\nloud and clear")
        // The paragraph's 120 % size on each line (a line break ends every span).
        expectEqual(text.spans, [
            TextSpan(start: 0, end: 13, kind: .fontScale(1.2)),
            TextSpan(start: 6, end: 13, kind: .italic),
            TextSpan(start: 14, end: 28, kind: .bold),
            TextSpan(start: 14, end: 28, kind: .underline),
            TextSpan(start: 14, end: 28, kind: .color(RGBAColor(red: 255, green: 255, blue: 0))),
            TextSpan(start: 14, end: 28, kind: .fontScale(1.2)),
        ])
        expectTrue(r.diagnostics.isEmpty, "\(r.diagnostics)")
    }

    /// `tts:fontSize` against the default 1c (a percentage of the parent's, cells, the second of two
    /// values), `tts:fontFamily`'s first family with TTML's generic names as fontconfig's; written back.
    @Test func fontSizesAndFamilies() throws {
        let r = try Self.read(#"<div><p begin="0s" end="1s" tts:fontSize="150%"><span tts:fontSize="50%">half</span> big <span tts:fontSize="1c 2c" tts:fontFamily="'DejaVu Serif', serif">cells</span> <span tts:fontFamily="monospaceSansSerif" tts:fontSize="10px">mono</span></p></div>"#)
        let spans = r.document.events[0].text.spans
        expectTrue(spans.contains(TextSpan(start: 0, end: 4, kind: .fontScale(0.75))), "\(spans)")
        expectTrue(spans.contains(TextSpan(start: 9, end: 14, kind: .fontScale(2))), "\(spans)")
        expectTrue(spans.contains(TextSpan(start: 9, end: 14, kind: .fontFace("DejaVu Serif"))), "\(spans)")
        expectTrue(spans.contains(TextSpan(start: 15, end: 19, kind: .fontFace("monospace"))), "\(spans)")
        // Pixels are not read: "mono" keeps its paragraph's 150 %.
        expectTrue(spans.contains(TextSpan(start: 14, end: 19, kind: .fontScale(1.5))), "\(spans)")
        let written = TTMLFormat.write(r.document, options: WriteOptions()).text
        expectTrue(written.contains(#"<span tts:fontFamily="'DejaVu Serif'" tts:fontSize="200%">cells</span>"#), "\(written)")
        let back = try TTMLFormat.read(DecodedText(written)).document.events[0].text.spans
        expectEqual(Set(back), Set(spans), "\(back)")
    }

    /// With the root's pixel `tts:extent`, a size in pixels is against one cell's height (the extent's
    /// height over `ttp:cellResolution`'s rows, 15 by default), which is 1c, the style's own size.
    @Test func fontSizesInPixelsAgainstTheRootsCells() throws {
        let body = #"<div><p begin="0s" end="1s"><span tts:fontSize="36px">half</span> <span tts:fontSize="144px">double</span></p></div>"#
        let cells15 = try Self.read(body, root: #" tts:extent="1920px 1080px""#).document.events[0].text.spans
        expectTrue(cells15.contains(TextSpan(start: 0, end: 4, kind: .fontScale(0.5))), "\(cells15)")
        expectTrue(cells15.contains(TextSpan(start: 5, end: 11, kind: .fontScale(2))), "\(cells15)")
        let cells10 = try Self.read(body, root: #" tts:extent="1280px 720px" ttp:cellResolution="40 10""#).document.events[0].text.spans
        expectTrue(cells10.contains(TextSpan(start: 0, end: 4, kind: .fontScale(0.5))), "\(cells10)")
        expectTrue(cells10.contains(TextSpan(start: 5, end: 11, kind: .fontScale(2))), "\(cells10)")
    }

    /// `lineThrough` is TTML's strikeout: read as a span, written back in the same attribute as an
    /// underline on the same run.
    @Test func lineThroughIsStrikeout() throws {
        let r = try Self.read(#"<div><p begin="0s" end="1s">a <span tts:textDecoration="underline lineThrough">both</span> <span tts:textDecoration="lineThrough">gone</span></p></div>"#)
        let text = r.document.events[0].text
        // The two struck pieces touch across the space between them: one span, as for any kind.
        expectEqual(text.spans, [TextSpan(start: 2, end: 6, kind: .underline), TextSpan(start: 2, end: 11, kind: .strikethrough)])
        let written = TTMLFormat.write(r.document, options: WriteOptions())
        expectTrue(written.text.contains(#"<span tts:textDecoration="underline lineThrough">both</span>"#), "\(written.text)")
        expectTrue(written.text.contains(#"<span tts:textDecoration="lineThrough"> gone</span>"#), "\(written.text)")
        expectTrue(written.diagnostics.isEmpty, "\(written.diagnostics)")
    }

    @Test func regionsBecomePlacement() throws {
        let head = """
            <layout>
              <region xml:id="top" tts:origin="10% 5%" tts:extent="80% 20%"/>
              <region xml:id="full" tts:origin="0% 0%" tts:extent="100% 100%" tts:displayAlign="after"/>
            </layout>
            """
        let r = try Self.read(#"<div><p region="top" begin="0s" end="1s">a</p><p region="full" begin="1s" end="2s" tts:textAlign="left">b</p><p region="full" begin="2s" end="3s">c</p></div>"#, head: head)
        // Each region's box, the text aligned in it by tts:displayAlign (before: top) and tts:textAlign.
        expectEqual(r.document.events.map { $0.placement?.anchor }, [8, 1, 2])
        expectEqual(r.document.events.map { $0.placement?.area }, [
            CuePlacement.Area(x: 10, y: 5, width: 80, height: 20), CuePlacement.Area(x: 0, y: 0, width: 100, height: 100),
            CuePlacement.Area(x: 0, y: 0, width: 100, height: 100),
        ])
        // Pixels against the root's pixel extent.
        let px = try TTMLFormat.read(DecodedText("""
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" tts:extent="1920px 1080px">
            <head><layout><region xml:id="r" tts:origin="192px 810px" tts:extent="960px 216px" tts:displayAlign="after"/></layout></head>
            <body><div><p region="r" begin="0s" end="1s" tts:textAlign="right">a</p></div></body></tt>
            """)).document.events[0].placement
        expectTrue(px?.area == CuePlacement.Area(x: 10, y: 75, width: 50, height: 20) && px?.anchor == 3, "\(String(describing: px))")
    }

    @Test func malformedInputNamesTheLineAndElement() throws {
        func message(_ text: String) -> String {
            do { _ = try TTMLFormat.read(DecodedText(text, sourceName: "bad.ttml")); return "read" } catch { return "\(error)" }
        }
        let head = "<tt xmlns=\"http://www.w3.org/ns/ttml\">\n<body>\n<div>\n"
        expectEqual(message(head + "<p begin=\"0s\" end=\"1s\">open\n</div></body></tt>"), "bad.ttml: line 5: </div> closes <p> (opened on line 4)")
        expectEqual(message(head + "<p begin=\"0s\">x</p>\n</div>\n</body>\n"), "bad.ttml: line 1: <tt> is never closed (the file ends first)")
        expectEqual(message("<timedtext/>"), "bad.ttml: line 1: the root element is <timedtext>, not TTML's <tt>")
        expectEqual(message(head + "<p begin=0s>x</p></div></body></tt>"), "bad.ttml: line 4: <p>: the value of begin is not quoted")
        let r = try TTMLFormat.read(DecodedText(head + "<p begin=\"00:00:xx\" end=\"1s\">bad</p>\n<p begin=\"3s\" end=\"2s\">backwards</p>\n<p begin=\"1s\" end=\"2s\">good</p>\n</div></body></tt>", sourceName: "bad.ttml"))
        expectEqual(r.document.events.map(\.text.plain), ["good"])
        expectEqual(r.diagnostics.map(\.description), [
            "line 4: <p>: begin '00:00:xx' is not a TTML time expression (00:00:01.500, 00:00:01:12, 4.25s, 8000ms, 25f, 100t); skipped",
            "line 5: <p>: it ends (0:00:02.00) before it begins (0:00:03.00); skipped",
        ])
    }

    @Test func detection() throws {
        let ttml = DecodedText(#"<?xml version="1.0"?><!-- c --><tt:tt xmlns:tt="http://www.w3.org/ns/ttml"><tt:body/></tt:tt>"#)
        expectEqual(TTMLFormat.detect(ttml), .certain)
        expectEqual(TTMLFormat.detect(DecodedText(#"<timedtext format="3"><body/></timedtext>"#)), .no)
        expectEqual(TTMLFormat.detect(DecodedText("1\n00:00:01,000 --> 00:00:02,000\nx\n")), .no)
        expectEqual(FormatRegistry.detect(ttml, pathHint: "x.xml")?.name, "ttml")
    }

    @Test func writtenTTMLReadsBackTheSame() throws {
        let doc = CaptionDocument(events: [
            CaptionEvent(start: 1000, end: 2500, text: CaptionText(plain: "Plain & <simple>\nsecond line")),
            CaptionEvent(start: 3000, end: 4000, text: CaptionText(plain: "Some bold and red",
                spans: [TextSpan(start: 5, end: 9, kind: .bold), TextSpan(start: 14, end: 17, kind: .color(RGBAColor(red: 255, green: 0, blue: 0)))])),
            CaptionEvent(start: 3_600_000, end: 3_600_500, text: CaptionText(plain: "Italic", spans: [TextSpan(start: 0, end: 6, kind: .italic)])),
        ])
        let written = TTMLFormat.write(doc, options: WriteOptions())
        expectTrue(written.diagnostics.isEmpty)
        let back = try TTMLFormat.read(DecodedText(written.text))
        expectEqual(back.document.events.map(\.text), doc.events.map(\.text))
        expectEqual(Self.times(back), doc.events.map { [$0.start, $0.end] })
    }

    @Test func srtThroughTTMLIsTheSame() throws {
        let srt = try CaptionFileReader.read(path: CorpusLocation.path("samples/sintel_en.srt"))
        let ttml = TTMLFormat.write(srt.document, options: WriteOptions()).text
        let back = try TTMLFormat.read(DecodedText(ttml))
        expectEqual(SRTFormat.write(back.document, options: WriteOptions()).text, SRTFormat.write(srt.document, options: WriteOptions()).text)
    }

    /// pysubs2's own conversion of its TTML example to ASS: the same times and texts.
    @Test func pysubs2ExampleMatchesItsConversion() throws {
        let ttml = try CaptionFileReader.read(path: CorpusLocation.path("external/pysubs2-tests-data/ttml_example.ttml"))
        let ass = try CaptionFileReader.read(path: CorpusLocation.path("external/pysubs2-tests-data/ttml_example.ass"))
        expectEqual(ttml.document.events.count, ass.document.events.count)
        for (a, b) in zip(ttml.document.events, ass.document.events) {
            expectTrue(ASSTime.centiseconds(a.start) == ASSTime.centiseconds(b.start) && ASSTime.centiseconds(a.end) == ASSTime.centiseconds(b.end))
            expectEqual(a.text.plain, b.text.plain)
        }
    }

    /// Apple's lyric TTML (`itunes:timing="Word"`): absolute times at every level, and each line's
    /// timed spans as its karaoke words.
    @Test func appleLyricsBecomeKaraokeLines() throws {
        let r = try CaptionFileReader.read(path: CorpusLocation.path("external/pysubs2-tests-data/ttml_example_apple.ttml"))
        let first = try #require(r.document.events.first)
        expectTrue(first.start == 19_764 && first.end == 21_900)
        expectEqual(first.words.map(\.text), ["When", "you were", "here", "be", "fore"])
        expectEqual(first.words.map(\.start), [19_764, 20_105, 20_326, 20_607, 20_841])
        expectTrue(r.document.events.allSatisfy { e in e.words.allSatisfy { e.start <= $0.start && $0.end <= e.end } })
    }

    @Test func otherProjectsFilesRead() throws {
        for file in CorpusLocation.files(under: "external").filter({ $0.hasSuffix(".ttml") }) {
            let r = try CaptionFileReader.read(path: CorpusLocation.path(file))
            expectTrue(!r.document.events.isEmpty, "\(file)")
        }
    }
}
