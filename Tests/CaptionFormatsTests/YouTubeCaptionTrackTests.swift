import Foundation
import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// YouTube srv3 and json3 written by a person (uploaded captions, no word times) are captions as their
/// author cut them: one event per `<p>` / event, not a word stream for callers to re-page.
@Suite struct YouTubeCaptionTrackTests {
    struct Expected: Equatable {
        var start: Int
        var end: Int
        var text: String
    }

    /// A generated uploaded-caption track of `count` lines in srv3, with the line each `<p>` is on and
    /// what each must read as: line breaks written three ways, entities, padding, overlapping times.
    static func srv3Track(count: Int) -> (xml: String, expected: [Expected], lines: [Int32]) {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\" ?><timedtext format=\"3\">\n<head>\n<pen id=\"1\" b=\"1\"/>\n<wp id=\"0\"/>\n</head>\n<body>\n"
        var line = 7
        var expected: [Expected] = [], lines: [Int32] = []
        for n in 0..<count {
            let t = n * 2345 + (n % 3) * 17, d = 1500 + (n % 7) * 111 + (n % 5 == 0 ? 1000 : 0) // every fifth overlaps the next
            let (body, text): (String, String)
            switch n % 5 {
            case 0: (body, text) = ("Line \(n)\nsecond line", "Line \(n)\nsecond line")
            case 1: (body, text) = ("A &amp; B &#39;\(n)&#39;", "A & B '\(n)'")
            case 2: (body, text) = ("With<br/>break \(n)", "With\nbreak \(n)")
            case 3: (body, text) = ("  padded \(n)  ", "padded \(n)")
            default: (body, text) = ("<s p=\"1\">Styled</s> \(n)", "Styled \(n)") // pen styling, no word times
            }
            xml += "<p t=\"\(t)\" d=\"\(d)\" wp=\"0\">\(body)</p>\n"
            expected.append(Expected(start: t, end: t + d, text: text))
            lines.append(Int32(line))
            line += 1 + body.filter { $0 == "\n" }.count
        }
        xml += "</body>\n</timedtext>\n"
        return (xml, expected, lines)
    }

    static func events(_ r: ParseResult) -> [Expected] {
        r.document.events.map { Expected(start: $0.start, end: $0.end, text: $0.text.plain) }
    }

    @Test func srv3WithoutWordTimesIsOneCaptionPerLine() throws {
        let (xml, expected, lines) = Self.srv3Track(count: 60)
        let text = DecodedText(xml, sourceName: "uploaded.srv3")
        expectEqual(FormatRegistry.detect(text, pathHint: "uploaded.srv3")?.name, "srv3")
        let r = try YouTubeSRV3Format.read(text)
        expectEqual(r.document.events.count, 60)
        expectEqual(Self.events(r), expected)
        expectNil(r.wordTimedSource) // nothing to re-page
        expectTrue(r.document.events.allSatisfy { $0.words.isEmpty })
        expectEqual(r.eventLines, lines)
        expectTrue(r.diagnostics.isEmpty)
    }

    @Test func srv3WithWordTimesStaysWords() throws {
        let xml = """
        <timedtext format="3"><body>
        <p t="1000" d="2000"><s ac="0">so</s><s t="300" ac="0"> today</s></p>
        <p t="3000" d="900">Hello world</p>
        </body></timedtext>
        """
        let r = try YouTubeSRV3Format.read(DecodedText(xml, sourceName: "auto.srv3"))
        expectEqual(r.wordTimedSource, "srv3")
        expectEqual(r.document.events.flatMap(\.words).map(\.text), ["so", "today", "Hello", "world"])
        // An `ac` confidence alone marks recognizer output too.
        let single = try YouTubeSRV3Format.read(DecodedText("<timedtext format=\"3\"><body><p t=\"0\" d=\"500\"><s ac=\"250\">go</s></p></body></timedtext>"))
        expectEqual(single.wordTimedSource, "srv3")
        // And the corpus sample (automatic captions) is still the nine words.
        let corpus = try CaptionFileReader.read(path: CorpusLocation.path("word-timed/youtube.srv3.xml"))
        expectEqual(corpus.wordTimedSource, "srv3")
        expectEqual(corpus.document.events.flatMap(\.words).count, 9)
    }

    @Test func srv3MissingTimesAreReportedByLine() throws {
        let xml = """
        <timedtext format="3"><body>
        <p t="1000">no duration</p>
        <p d="500">no start</p>
        <p t="x" d="500">bad start</p>
        <p t="4000" d="500">fine</p>
        <p t="6000" d="soon">last without duration</p>
        </body></timedtext>
        """
        let r = try YouTubeSRV3Format.read(DecodedText(xml, sourceName: "hand.srv3"))
        expectEqual(Self.events(r), [Expected(start: 1000, end: 4000, text: "no duration"), Expected(start: 4000, end: 4500, text: "fine"),
                                   Expected(start: 6000, end: 11000, text: "last without duration")])
        expectEqual(r.diagnostics.map(\.description), [
            "line 2: <p> has no usable duration (d=\"\"); it ends where the next line starts",
            "line 3: <p> has no usable start (t=\"\"); line skipped",
            "line 4: <p> has no usable start (t=\"x\"); line skipped",
            "line 6: <p> has no usable duration (d=\"soon\"); it ends 5 s after it starts",
        ])
        expectEqual(r.eventLines, [2, 5, 6])
    }

    @Test func srv3WithoutAnyTextIsMalformed() {
        #expect(throws: CaptionFormatError.self) {
            try YouTubeSRV3Format.read(DecodedText("<timedtext format=\"3\"><body><p t=\"0\" d=\"10\"> </p></body></timedtext>"))
        }
    }

    // MARK: - json3

    static func json3Track(count: Int) -> (json: String, expected: [Expected]) {
        var events: [String] = [#"{"tStartMs":0,"dDurationMs":200000,"id":1,"wpWinPosId":1,"wsWinStyleId":1}"#] // a window, no segs
        var expected: [Expected] = []
        for n in 0..<count {
            let t = n * 1999 + 5, d = 1200 + (n % 4) * 250
            switch n % 3 {
            case 0:
                events.append(#"{"tStartMs":\#(t),"dDurationMs":\#(d),"wWinId":1,"segs":[{"utf8":"Line \#(n)\nsecond"}]}"#)
                expected.append(Expected(start: t, end: t + d, text: "Line \(n)\nsecond"))
            case 1:
                events.append(#"{"tStartMs":\#(t),"dDurationMs":\#(d),"wWinId":1,"segs":[{"utf8":"Two "},{"utf8":"segs \#(n)","pPenId":2}]}"#)
                expected.append(Expected(start: t, end: t + d, text: "Two segs \(n)"))
            default:
                events.append(#"{"tStartMs":\#(t),"dDurationMs":\#(d),"wWinId":1,"segs":[{"utf8":"Plain &amp; as written \#(n)"}]}"#)
                expected.append(Expected(start: t, end: t + d, text: "Plain &amp; as written \(n)"))
            }
            if n % 10 == 9 { events.append(#"{"tStartMs":\#(t + 100),"dDurationMs":10,"wWinId":1,"aAppend":1,"segs":[{"utf8":"\n"}]}"#) }
        }
        return ("{\"wireMagic\":\"pb3\",\"pens\":[{}],\"events\":[\n" + events.joined(separator: ",\n") + "\n]}\n", expected)
    }

    @Test func json3WithoutWordTimesIsOneCaptionPerEvent() throws {
        let (json, expected) = Self.json3Track(count: 60)
        let r = try CaptionJSONFormat.read(DecodedText(json, sourceName: "uploaded.json3"))
        expectEqual(r.document.events.count, 60)
        expectEqual(Self.events(r), expected)
        expectNil(r.wordTimedSource)
        expectTrue(r.diagnostics.isEmpty)
        // Forced by name, the same.
        let named = try FormatRegistry.format(named: "youtube-json3").read(DecodedText(json, sourceName: "uploaded.json3"))
        expectEqual(Self.events(named), expected)
    }

    @Test func json3WithOffsetsStaysWordsAndBrokenEventsAreReported() throws {
        let words = try CaptionFileReader.read(path: CorpusLocation.path("word-timed/youtube.json3"))
        expectEqual(words.wordTimedSource, "youtube-json3")
        let json = #"{"wireMagic":"pb3","events":[{"tStartMs":"x","dDurationMs":10,"segs":[{"utf8":"bad start"}]},{"tStartMs":10,"segs":[{"utf8":"no duration"}]},{"tStartMs":20,"dDurationMs":30,"segs":[{"utf8":"ok"}]}]}"#
        let r = try CaptionJSONFormat.read(DecodedText(json, sourceName: "hand.json3"))
        expectEqual(Self.events(r), [Expected(start: 20, end: 50, text: "ok")])
        expectEqual(r.diagnostics.map(\.message), ["hand.json3: events[0]: has no usable \"tStartMs\"; skipped",
                                                 "hand.json3: events[1]: has no usable \"dDurationMs\"; skipped"])
    }
}
