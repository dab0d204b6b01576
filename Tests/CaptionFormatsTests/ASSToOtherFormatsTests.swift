import Foundation
import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// ASS into SRT, WebVTT, TTML and the rest: what each format can hold is mapped (styles' looks, `\an`
/// and `\pos`, speaker names), what it cannot is reported once per kind with the number of events
/// that lost it, and the text is pysubs2's plain text of each event but for the differences
/// docs/convert.md lists (`plainTextEqualsPysubs2sOverTheCorpus`).
@Suite struct ASSToOtherFormatsTests {
    static let header = """
        [Script Info]
        ; made for the tests
        Title: Tags
        ScriptType: v4.00+
        WrapStyle: 0
        PlayResX: 640
        PlayResY: 360

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,Arial,28,&H00FFFFFF,&H0000FFFF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,2,1,2,20,20,25,1
        Style: Sign,Arial,24,&H0000FFFF,&H000000FF,&H00000000,&H00000000,0,-1,0,0,100,100,0,0,1,2,0,9,10,10,10,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

        """

    static func read(_ events: String, fonts: Bool = false) throws -> CaptionDocument {
        var text = header + events
        if fonts { text += "\n[Fonts]\nfontname: a_0.ttf\n!!!!\nfontname: b_0.ttf\n!!!!\n" }
        return try ASSFormat.read(DecodedText(text, sourceName: "t.ass")).document
    }

    static func messages(_ format: any SubtitleFormat.Type, _ document: CaptionDocument, options: WriteOptions = WriteOptions()) -> [String] {
        format.write(document, options: options, into: ByteSink()).map(\.message)
    }

    // MARK: - What is lost, with counts

    @Test func eachKindOnceWithItsEventCount() throws {
        let document = try Self.read("""
            Comment: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,a note
            Dialogue: 0,0:00:01.00,0:00:02.00,Default,Alice,0,0,0,,{\\t(\\frz30)}One
            Dialogue: 0,0:00:02.00,0:00:03.00,Default,Alice,0,0,0,,{\\t(0,500,\\fscx150)\\fad(100,100)}Two {\\t(\\1c&HFF&)}animated twice
            Dialogue: 1,0:00:03.00,0:00:04.00,Sign,,0,0,0,,{\\an7\\pos(320,180)\\blur2\\clip(0,0,10,10)}Sign
            Dialogue: 0,0:00:04.00,0:00:05.00,Default,,5,0,0,Banner;10,First\\N\\NSecond
            Dialogue: 0,0:00:05.00,0:00:07.00,Default,,0,0,0,,{\\kf50}Sing {\\k40}a{\\ko30}long {\\p1}m 0 0 l 1 1{\\p0}
            Dialogue: 0,0:00:07.00,0:00:08.00,Default,,0,0,0,,{\\rSign\\alpha&H80&\\3c&H0000FF&\\q2\\move(1,1,2,2)\\org(1,1)}Reset
            """, fonts: true)
        expectEqual(Self.messages(SRTFormat.self, document), [
            "[Script Info] keys Title, WrapStyle (2) dropped (SRT cannot hold them)",
            "[Script Info] comment lines (1) dropped (SRT cannot hold them)",
            "Comment lines (1) dropped (SRT cannot hold them)",
            "embedded fonts ([Fonts]) (2) dropped (SRT cannot hold them)",
            "2 events: \\t animations dropped (SRT cannot hold them)",
            "2 events: rotation and shearing (\\frx \\fry \\frz \\fr \\fax \\fay \\org) dropped (SRT cannot hold them)",
            "2 events: speaker names (the Name field) dropped (SRT cannot hold them)",
            "6 events: styles' fonts, sizes, outlines, shadows and margins dropped (SRT cannot hold them)",
            "1 event: fades (\\fad, \\fade) dropped (SRT cannot hold them)",
            "1 event: font sizes, scaling and letter spacing (\\fs \\fscx \\fscy \\fsp) dropped (SRT cannot hold them)",
            "1 event: clipping (\\clip, \\iclip) dropped (SRT cannot hold them)",
            "1 event: borders, shadows and blur (\\bord \\shad \\blur \\be, x and y forms) dropped (SRT cannot hold them)",
            "1 event: layers other than 0 (the Layer field) dropped (SRT cannot hold them)",
            "1 event: per-event margins (MarginL, MarginR, MarginV) dropped (SRT cannot hold them)",
            "1 event: effects (the Effect field: Banner, Scroll...) dropped (SRT cannot hold them)",
            "1 event: empty and white-space-only lines inside an event (\\N\\N, a leading or trailing \\N) dropped (SRT cannot hold them)",
            "1 event: word timings dropped (SRT cannot hold them)",
            "1 event: drawings (\\p; their commands are not text and are left out) dropped (SRT cannot hold them)",
            "1 event: movements (\\move) dropped (SRT cannot hold them)",
            "1 event: transparency (\\alpha, \\1a-\\4a) dropped (SRT cannot hold them)",
            "1 event: karaoke, outline and shadow colours (\\2c \\3c \\4c) dropped (SRT cannot hold them)",
            "1 event: wrapping styles (\\q) dropped (SRT cannot hold them)",
            "1 event: switches to another style (\\r with a style name) dropped (SRT cannot hold them)",
        ])
        // WebVTT keeps the names (voices) and Title, and with word timestamps the \k times, so what it
        // reports of karaoke is the effects beyond them.
        var options = WriteOptions()
        options.wordTimestamps = true
        let vtt = Self.messages(WebVTTFormat.self, document, options: options)
        expectTrue(vtt.contains("[Script Info] keys WrapStyle (1) dropped (WebVTT cannot hold them)"))
        expectTrue(vtt.contains("2 events: \\t animations dropped (WebVTT cannot hold them)"))
        expectTrue(vtt.contains("1 event: karaoke sweeps and outline highlights beyond word times (\\kf \\ko \\K \\kt) dropped (WebVTT cannot hold them)"))
        expectTrue(vtt.contains("1 event: empty lines inside an event (\\N\\N, a leading or trailing \\N) dropped (WebVTT cannot hold them)"))
        expectTrue(!vtt.contains { $0.contains("speaker names") || $0.contains("word timings") })
        // Each writer says it, in its own name.
        for (format, name) in [(TTMLFormat.self, "TTML"), (SBVFormat.self, "SBV"), (LRCFormat.self, "LRC"),
                               (SCCFormat.self, "SCC"), (EBUSTLFormat.self, "EBU STL")] as [(any SubtitleFormat.Type, String)] {
            let notes = Self.messages(format, document)
            expectTrue(notes.contains("2 events: \\t animations dropped (\(name) cannot hold them)"), "\(name): \(notes)")
            expectTrue(notes.contains("Comment lines (1) dropped (\(name) cannot hold them)"), "\(name): \(notes)")
        }
        // JSON keeps the Text field as written: no tag is lost, only what lies outside the events' text.
        let json = Self.messages(CaptionJSONFormat.self, document)
        expectTrue(!json.contains { $0.contains("\\t animations") })
        expectTrue(json.contains("2 events: speaker names (the Name field) dropped (JSON cannot hold them)"))
        expectTrue(json.contains("embedded fonts ([Fonts]) (2) dropped (JSON cannot hold them)"))
    }

    /// The counts are the same when a long document is written in chunks on every core.
    @Test func countsAddUpAcrossChunks() throws {
        let line = "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\fad(10,10)}x\n"
        let document = try Self.read(String(repeating: line, count: 3 * EventChunks.eventsPerChunk + 7))
        for name in ["srt", "vtt"] {
            let format = try FormatRegistry.outputFormat(named: name)
            let notes = Self.messages(format, document)
            let n = 3 * EventChunks.eventsPerChunk + 7
            expectTrue(notes.contains { $0.hasPrefix("\(n) events: fades (\\fad, \\fade) dropped") }, "\(name): \(notes)")
        }
    }

    /// Other inputs keep today's wording where a writer does not say which event it is on.
    @Test func uncountedNotesReadAsBefore() {
        var lost = LostFeatures()
        lost.note("word timings")
        lost.note("word timings")
        lost.note("a backslash", instead: "written as ⧵")
        expectEqual(lost.diagnostics(format: "SRT").map(\.message), ["SRT cannot carry word timings; dropped", "SRT cannot carry a backslash; written as ⧵"])
        lost.event = 3
        lost.note("word timings")
        lost.note("word timings")
        expectEqual(lost.diagnostics(format: "SRT").first?.message, "1 event: word timings dropped (SRT cannot hold them)")
    }

    // MARK: - What is mapped

    @Test func namesBecomeEscapedVoiceSpans() throws {
        let document = try Self.read("""
            Dialogue: 0,0:00:01.00,0:00:02.00,Default,Dr. A<b> & Co,0,0,0,,{\\i1}Hello{\\i0} there
            Dialogue: 0,0:00:02.00,0:00:03.00,Default,,0,0,0,,Nobody
            """)
        let vtt = WebVTTFormat.write(document, options: WriteOptions()).text
        expectEqual(vtt, """
            WEBVTT
            Title: Tags

            00:00:01.000 --> 00:00:02.000
            <v Dr. A&lt;b&gt; &amp; Co><i>Hello</i> there</v>

            00:00:02.000 --> 00:00:03.000
            Nobody


            """)
        let back = try WebVTTFormat.read(DecodedText(vtt)).document.events[0]
        expectNil(back.id)
        expectEqual(back.text.spans.first, TextSpan(start: 0, end: 11, kind: .voice("Dr. A<b> & Co")))
    }

    @Test func placementBecomesSettingsRegionsAndSRTTags() throws {
        let document = try Self.read("""
            Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\an7\\pos(320,180)}top left at the centre
            Dialogue: 0,0:00:02.00,0:00:03.00,Default,,0,0,0,,{\\pos(160,300)}bottom centre at a quarter
            Dialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,{\\an8}top
            Dialogue: 0,0:00:04.00,0:00:05.00,Default,,0,0,0,,{\\an4}middle left
            Dialogue: 0,0:00:05.00,0:00:06.00,Sign,,0,0,0,,the style's top right
            Dialogue: 0,0:00:06.00,0:00:07.00,Default,,0,0,0,,{\\an3\\pos(640,360)}corner
            Dialogue: 0,0:00:07.00,0:00:08.00,Default,,0,0,0,,bottom centre
            """)
        let timings = WebVTTFormat.write(document, options: WriteOptions()).text.split(separator: "\n").filter { $0.contains("-->") }
        expectEqual(timings, [
            "00:00:01.000 --> 00:00:02.000 line:50% position:50%,line-left align:left",  // line-align start is the default
            "00:00:02.000 --> 00:00:03.000 line:83.33%,end position:25%,center",
            "00:00:03.000 --> 00:00:04.000 line:0",
            "00:00:04.000 --> 00:00:05.000 line:50%,center align:left",
            "00:00:05.000 --> 00:00:06.000 line:0 align:right",
            "00:00:06.000 --> 00:00:07.000 line:100%,end position:100%,line-right align:right",
            "00:00:07.000 --> 00:00:08.000",
        ])

        // SRT: {\anN} as players read it, \pos at the 384x288 they read an SRT file's tags in.
        let srt = SRTFormat.write(document, options: WriteOptions()).text
        expectTrue(srt.contains("00:00:02,000\n{\\an7}{\\pos(192,144)}top left at the centre\n"))
        expectTrue(srt.contains("00:00:03,000\n{\\pos(96,240)}bottom centre at a quarter\n"))
        expectTrue(srt.contains("00:00:06,000\n{\\an9}<i><font color=\"#ffff00\">the style's top right</font></i>\n"))
        expectTrue(srt.contains("00:00:08,000\nbottom centre\n"))

        // TTML: regions for rows (textAlign for columns), and around each point; every caption in one.
        let ttml = TTMLFormat.write(document, options: WriteOptions()).text
        expectTrue(ttml.contains("""
                  <region xml:id="bottom" tts:origin="10% 10%" tts:extent="80% 80%" tts:displayAlign="after"/>
                  <region xml:id="middle" tts:origin="10% 10%" tts:extent="80% 80%" tts:displayAlign="center"/>
                  <region xml:id="pos1" tts:origin="50% 50%" tts:extent="50% 50%" tts:displayAlign="before"/>
                  <region xml:id="pos2" tts:origin="0% 0%" tts:extent="50% 83.33%" tts:displayAlign="after"/>
                  <region xml:id="pos3" tts:origin="0% 0%" tts:extent="100% 100%" tts:displayAlign="after"/>
                  <region xml:id="top" tts:origin="10% 10%" tts:extent="80% 80%" tts:displayAlign="before"/>
            """))
        expectTrue(ttml.contains(#"<p begin="00:00:01.000" end="00:00:02.000" region="pos1" tts:textAlign="left">"#))
        expectTrue(ttml.contains(#"<p begin="00:00:05.000" end="00:00:06.000" region="top" tts:textAlign="right">"#))
        expectTrue(ttml.contains(#"<p begin="00:00:07.000" end="00:00:08.000" region="bottom">"#))
        // TTMLReader reads the regions back to the same rows and columns (in the boxes written; the
        // captions that were not placed are in the bottom region's).
        let back = try TTMLFormat.read(DecodedText(ttml)).document.events.map { $0.placement?.anchor }
        expectEqual(back, [7, 2, 8, 4, 9, 3, 2])
    }

    /// SRT's own `{\an8}` goes into WebVTT as settings too (it used to be reported as lost).
    @Test func srtAnchorsBecomeWebVTTSettings() throws {
        let srt = try SRTFormat.read(DecodedText("1\n00:00:01,000 --> 00:00:02,000\n{\\an8}Top\n")).document
        let written = WebVTTFormat.write(srt, options: WriteOptions())
        expectEqual(written.text, "WEBVTT\n\n00:00:01.000 --> 00:00:02.000 line:0\nTop\n\n")
        expectTrue(written.diagnostics.isEmpty)
    }

    @Test func scriptInfoIsNotAWebVTTHeader() throws {
        let document = try Self.read("Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,x\n")
        let vtt = WebVTTFormat.write(document, options: WriteOptions()).text
        expectTrue(vtt.hasPrefix("WEBVTT\nTitle: Tags\n\n00:00:01.000"))
    }

    // MARK: - Empty lines

    @Test func emptyLinesAreDroppedInSRTAndWebVTT() throws {
        let document = try Self.read("""
            Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,First\\N\\N{\\i1}Second
            Dialogue: 0,0:00:02.00,0:00:03.00,Default,,0,0,0,,\\NLifted\\N
            Dialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,A\\N \\NB\\N\\h\\NC
            """)
        let srt = SRTFormat.write(document, options: WriteOptions())
        expectEqual(srt.text, """
            1
            00:00:01,000 --> 00:00:02,000
            First
            <i>Second</i>

            2
            00:00:02,000 --> 00:00:03,000
            Lifted

            3
            00:00:03,000 --> 00:00:04,000
            A
            B
            C


            """)
        expectTrue(srt.diagnostics.map(\.message).contains("3 events: empty and white-space-only lines inside an event (\\N\\N, a leading or trailing \\N) dropped (SRT cannot hold them)"))
        // WebVTT ends a cue at an empty line only: a line of spaces or a no-break space (`\h`) is text.
        let vtt = WebVTTFormat.write(document, options: WriteOptions())
        expectTrue(vtt.text.hasSuffix("""
            00:00:01.000 --> 00:00:02.000
            First
            <i>Second</i>

            00:00:02.000 --> 00:00:03.000
            Lifted

            00:00:03.000 --> 00:00:04.000
            A
             
            B
            \u{A0}
            C


            """))
        expectTrue(!vtt.text.contains("<>"))
        expectTrue(vtt.diagnostics.map(\.message).contains("2 events: empty lines inside an event (\\N\\N, a leading or trailing \\N) dropped (WebVTT cannot hold them)"))
        // TTML has no such limit.
        expectTrue(TTMLFormat.write(document, options: WriteOptions()).text.contains(">First<br/><br/><span tts:fontStyle=\"italic\">Second</span></p>"))
    }

    // MARK: - pysubs2

    /// pysubs2's `SSAEvent.plaintext` for the Dialogue events of each file, as JSON
    /// (`{"path": {"events": [...]}}`, or `{"path": {"error": "..."}}` for a file it cannot read).
    static let pysubs2Script = """
        import json, sys, warnings
        warnings.simplefilter("ignore")
        import pysubs2
        out = {}
        for path in sys.argv[1:]:
            try:
                try:
                    subs = pysubs2.load(path, encoding="utf-8")
                except UnicodeDecodeError:
                    subs = pysubs2.load(path, encoding="cp1252")
                out[path] = {"events": [e.plaintext for e in subs.events if e.type == "Dialogue"]}
            except Exception as error:
                out[path] = {"error": "%s: %s" % (type(error).__name__, error)}
        json.dump(out, sys.stdout)
        """

    static let pysubs2Available: Bool = (try? EBUSTLTTConvTests.python(["-c", "import pysubs2"]).0) == 0

    /// Every `.ass` and `.ssa` file in the corpus, and a script of this test's using what the corpus does not.
    static func assFiles() -> [String] {
        let corpus = CorpusLocation.files(under: "").filter { $0.hasSuffix(".ass") || $0.hasSuffix(".ssa") }.map(CorpusLocation.path)
        return corpus.sorted()
    }

    static let ownScript = header + """
        Dialogue: 0,0:00:01.00,0:00:02.00,Default,Ann,0,0,0,,{\\an8\\fad(1,1)}Top & <b>bold</b>?\\N\\N{\\i1}after\\h a gap
        Dialogue: 0,0:00:02.00,0:00:03.00,Default,,0,0,0,,\\NLifted\\n{\\k20}kara{\\k30}oke\\N
        Dialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,{\\b1}a --> b{\\b0} {comment}c\\N   \\Nd
        Dialogue: 0,0:00:04.00,0:00:05.00,Default,,0,0,0,,{\\p1}m 0 0 l 1 1{\\p0}drawing
        """

    @Test(.enabled(if: pysubs2Available, "pysubs2 is not importable by python3 (pip install pysubs2): the comparison needs it"))
    func plainTextEqualsPysubs2sOverTheCorpus() throws {
        let own = FileManager.default.temporaryDirectory.appendingPathComponent("ass-pysubs2-\(UUID().uuidString).ass").path
        defer { try? FileManager.default.removeItem(atPath: own) }
        try Data(Self.ownScript.utf8).write(to: URL(fileURLWithPath: own))
        let files = Self.assFiles() + [own]
        let (status, output, errors) = try EBUSTLTTConvTests.python(["-c", Self.pysubs2Script] + files)
        try #require(status == 0, "pysubs2 failed: \(errors)")
        let reference = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: [String: Any]])

        var compared = 0, events = 0
        for path in files {
            let name = path == own ? "this test's script" : String(path.dropFirst(CorpusLocation.root.path.count + 1))
            guard let theirs = reference[path]?["events"] as? [String] else {
                // pysubs2 cannot read it (example-out-v4plus.ssa's style colours are not numbers to it).
                expectTrue(reference[path]?["error"] != nil, "\(name): no answer from pysubs2")
                continue
            }
            let document = try CaptionFileReader.read(path: path).document
            try #require(document.events.count == theirs.count, "\(name): \(document.events.count) events, pysubs2 \(theirs.count)")
            guard !theirs.isEmpty else { continue }  // a script of fonts alone: nothing to write
            let srt = try SRTFormat.read(DecodedText(SRTFormat.write(document, options: WriteOptions()).text)).document.events
            let vtt = try WebVTTFormat.read(DecodedText(WebVTTFormat.write(document, options: WriteOptions()).text)).document.events
            try #require(srt.count == theirs.count && vtt.count == theirs.count, "\(name): cues lost in writing")
            for (k, event) in document.events.enumerated() {
                // Difference 3: a drawing's commands are not text (pysubs2 keeps them).
                if ASSOverrides.tagNames(in: event.sourceText).contains("p") {
                    expectTrue(!srt[k].text.plain.contains("m 0 0"), "\(name) event \(k + 1)")
                    continue
                }
                expectEqual(Self.comparable(srt[k].text.plain), Self.withoutLines(theirs[k], whiteSpace: true),
                        "\(name) event \(k + 1) in SRT: \(event.sourceText)")
                expectEqual(Self.comparable(vtt[k].text.plain), Self.withoutLines(theirs[k], whiteSpace: false),
                        "\(name) event \(k + 1) in WebVTT: \(event.sourceText)")
                events += 1
            }
            compared += 1
        }
        expectTrue(compared >= 11, "files compared")
        expectTrue(events >= 81, "events compared")
    }

    /// Difference 1: `\h` is a no-break space here (libass draws it so), a plain space in pysubs2.
    static func comparable(_ text: String) -> String { text.replacingOccurrences(of: "\u{A0}", with: " ") }

    /// Difference 2: pysubs2's text without the lines SRT (`whiteSpace`: also lines of only spaces and
    /// tabs) or WebVTT cannot hold inside a cue.
    static func withoutLines(_ text: String, whiteSpace: Bool) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { whiteSpace ? !$0.allSatisfy { $0 == " " || $0 == "\t" } : !$0.isEmpty }
            .joined(separator: "\n")
    }
}
