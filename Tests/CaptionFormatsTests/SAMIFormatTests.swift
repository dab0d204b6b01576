import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// Microsoft SAMI (.smi): the documented structure, one language out of several, the timing rules,
/// the messy HTML real files have, and each malformed case.
@Suite struct SAMIFormatTests {
    static func read(_ text: String, name: String = "test.smi") throws -> ParseResult {
        try SAMIFormat.read(DecodedText(text, sourceName: name))
    }

    static func times(_ r: ParseResult) -> [[Int]] { r.document.events.map { [$0.start, $0.end] } }
    static func texts(_ r: ParseResult) -> [String] { r.document.events.map(\.text.plain) }

    /// The example of Microsoft's SAMI documentation ("Understanding SAMI 1.0" / Windows Media Player
    /// SDK, "SAMI File Structure"), written out here: two language classes, an `ID=Source` speaker
    /// paragraph, unclosed `<P>`s, spaces around `=`, CSS inside a comment in `<STYLE>`.
    static let microsoftExample = """
    <SAMI>
    <HEAD>
       <STYLE TYPE = "text/css">
       <!--
       /* P defines the basic style selector for closed caption paragraph text */
       P {font-family:sans-serif; color:white;}
       /* Source, Small, and Big define additional ID selectors for closed caption text */
       #Source {color: orange; font-family: arial; font-size: 12pt;}
       #Small {Name: SmallTxt; font-size: 8pt; color: yellow;}
       #Big {Name: BigTxt; font-size: 12pt; color: magenta;}
       /* ENUSCC and FRFRCC define language class selectors for closed caption text */
       .ENUSCC {Name: 'English Captions'; lang: en-US; SAMIType: CC;}
       .FRFRCC {Name: 'French Captions'; lang: fr-FR; SAMIType: CC;}
       -->
       </STYLE>
    </HEAD>
    <BODY>
       <!-- The closed caption text displays at 1000 milliseconds. -->
       <SYNC Start = 1000>
          <!-- English closed captions -->
          <P Class = ENUSCC ID = Source>Narrator
          <P Class = ENUSCC>Great reason to visit Seattle, brought to you by two out-of-staters.
          <!-- French closed captions -->
          <P Class = FRFRCC ID = Source>Narrateur
          <P Class = FRFRCC>Deux personnes ne venant la r&eacute;gion vous donnent de bonnes raisons de visiter Seattle.
    </BODY>
    </SAMI>
    """

    @Test func microsoftExample() throws {
        let r = try Self.read(Self.microsoftExample)
        expectEqual(Self.texts(r), ["Narrator\nGreat reason to visit Seattle, brought to you by two out-of-staters."])
        // No SYNC after it: shown for 5 s, with a warning.
        expectEqual(Self.times(r), [[1000, 6000]])
        expectEqual(r.eventLines, [19])
        expectEqual(r.diagnostics.map(\.description), [
            "captions in 2 languages; read ENUSCC (English Captions, en-US), the first used; not read: FRFRCC (French Captions, fr-FR)",
            "line 19: the last caption has no end (no <SYNC> after it); shown for 5 s",
        ])
        expectEqual(r.document.metadata, [MetadataEntry(key: "Language", value: "en-US")])
    }

    /// The common shape of SAMI files (as Windows Media tools and many converters write it): a
    /// `&nbsp;` paragraph clears the screen, `<br>` breaks lines.
    @Test func nbspClearsAndBrBreaks() throws {
        let r = try Self.read("""
        <SAMI><HEAD><TITLE>Demo</TITLE>
        <STYLE TYPE="text/css"><!--
        P { font-family: Arial; color: white; }
        .LANG { Name: English; lang: en-US; SAMIType: CC; }
        --></STYLE></HEAD>
        <BODY>
        <SYNC Start=6144><P Class=LANG>Lorem ipsum<BR>dolor sit amet
        <SYNC Start=10102><P Class=LANG>&nbsp;
        <SYNC Start=17976><P Class=LANG>consectetur
        <SYNC Start=19000><P Class=LANG>adipiscing
        <SYNC Start=20000><P Class=LANG>&nbsp;
        </BODY></SAMI>
        """)
        expectEqual(Self.times(r), [[6144, 10102], [17976, 19000], [19000, 20000]])
        expectEqual(Self.texts(r), ["Lorem ipsum\ndolor sit amet", "consectetur", "adipiscing"])
        expectTrue(r.diagnostics.isEmpty)
        expectEqual(r.eventLines, [7, 9, 10])
        expectEqual(r.document.metadata, [MetadataEntry(key: "Title", value: "Demo"), MetadataEntry(key: "Language", value: "en-US")])
    }

    @Test func messyHTML() throws {
        let r = try Self.read("""
        <sami>
        <body>
        <sync start="1000"><p class=enuscc><B>Bold</b> and <i>italic</I> &amp; <u>under</u>
        <font color=red face="Times">red</font>    spaced
        <!-- a comment <SYNC Start=1500> inside -->
        </p>
        <SYNC Start=2000ms><P>No class:<br> belongs to every language&nbsp
        <SYNC Start=3000><P Class=ENUSCC>caf&eacute; &lt;3 &#233; <span style="x">span</span> <s>gone</s>
        <SYNC Start=4000>
        </body>
        """)
        expectEqual(Self.texts(r), ["Bold and italic & under red spaced", "No class:\nbelongs to every language", "café <3 é span gone"])
        expectEqual(Self.times(r), [[1000, 2000], [2000, 3000], [3000, 4000]])
        let spans = r.document.events[0].text.spans
        expectEqual(spans, [
            TextSpan(start: 0, end: 4, kind: .bold), TextSpan(start: 9, end: 15, kind: .italic),
            TextSpan(start: 18, end: 23, kind: .underline),
            TextSpan(start: 24, end: 27, kind: .color(RGBAColor(red: 255, green: 0, blue: 0))), TextSpan(start: 24, end: 27, kind: .fontFace("Times")),
        ])
        expectEqual(r.document.events[2].text.spans, [TextSpan(start: 17, end: 21, kind: .strikethrough)]) // UTF-8 offsets: "café " is 6 bytes
        expectTrue(r.diagnostics.isEmpty)
    }

    @Test func otherLanguagesDoNotEndTheChosenOnesCaption() throws {
        let r = try Self.read("""
        <SAMI><BODY>
        <SYNC Start=0><P Class=KRCC>하나<P Class=ENCC>one
        <SYNC Start=500><P Class=ENCC>two
        <SYNC Start=800><P Class=KRCC>둘
        <SYNC Start=1500><P Class=KRCC>&nbsp;<P Class=ENCC>&nbsp;
        </BODY></SAMI>
        """)
        // KRCC is the first class used: its caption stays up while ENCC changes at 500.
        expectEqual(Self.texts(r), ["하나", "둘"])
        expectEqual(Self.times(r), [[0, 800], [800, 1500]])
        expectEqual(r.diagnostics.map(\.message), ["captions in 2 languages; read KRCC, the first used; not read: ENCC"])
    }

    @Test func detection() {
        let smi = DecodedText(Self.microsoftExample, sourceName: "x.txt")
        expectEqual(SAMIFormat.detect(smi), .certain)
        expectEqual(FormatRegistry.detect(smi, pathHint: nil)?.name, "sami")
        expectEqual(SAMIFormat.detect(DecodedText("<?xml version=\"1.0\"?>\n<!-- made by hand -->\n<SAMI>\n<BODY></BODY></SAMI>")), .certain)
        expectEqual(SAMIFormat.detect(DecodedText("<BODY>\n<SYNC Start=0><P>hi\n</BODY>")), .maybe)
        expectEqual(SAMIFormat.detect(DecodedText("<?xml version=\"1.0\"?><timedtext format=\"3\"><body/></timedtext>")), .no)
        expectEqual(SAMIFormat.detect(DecodedText("WEBVTT\n\n00:01.000 --> 00:02.000\n<b>hi</b>\n")), .no)
        expectTrue(!SAMIFormat.canWrite)
        expectTrue(FormatRegistry.inputNames.contains("sami"))
    }

    // MARK: - Malformed input

    @Test func badSyncIsReportedWithItsLineAndItsBlockSkipped() throws {
        let r = try Self.read("<SAMI><BODY>\n<SYNC Start=1000><P>one\n<SYNC Start=abc><P>lost\n<SYNC><P>lost too\n<SYNC Start=3000><P>&nbsp;\n</BODY></SAMI>")
        expectEqual(Self.texts(r), ["one"])
        expectEqual(Self.times(r), [[1000, 3000]])
        expectEqual(r.diagnostics.map(\.description), [
            "line 3: '<SYNC Start=abc>' has no start time in milliseconds; block skipped",
            "line 4: '<SYNC>' has no start time in milliseconds; block skipped",
        ])
    }

    @Test func sameStartReplacesTheCaptionBeforeWithAWarning() throws {
        let r = try Self.read("<SAMI><BODY>\n<SYNC Start=1000><P>first\n<SYNC Start=1000><P>second\n<SYNC Start=2000><P>&nbsp;\n</BODY></SAMI>")
        expectEqual(Self.texts(r), ["second"])
        expectEqual(r.diagnostics.map(\.description), ["line 2: replaced by the <SYNC> at the same time on line 3 before it was shown; cue skipped"])
    }

    @Test func nothingUsableIsMalformed() {
        expectMalformed([
            ("<SAMI><BODY><P>no sync</BODY></SAMI>", "in.smi: a <SAMI> file without any <SYNC Start=...> block"),
            ("<SAMI><BODY>\n<SYNC Start=x><P>text</BODY></SAMI>", "in.smi: no usable SAMI caption; line 2: '<SYNC Start=x>' has no start time in milliseconds; block skipped"),
            ("<SAMI><BODY><SYNC Start=0><P>&nbsp;<SYNC Start=10><P> </BODY></SAMI>", "in.smi: SAMI without any caption text (2 <SYNC> blocks, all empty)"),
        ], read: { try Self.read($0, name: "in.smi") })
    }

    @Test func sampleFile() throws {
        let r = try CaptionFileReader.read(path: CorpusLocation.path("samples/sample.smi"))
        expectEqual(Self.texts(r), ["Hello, world!", "Two lines\nin one caption"])
        expectEqual(Self.times(r), [[1000, 3500], [4000, 6000]])
        expectEqual(r.document.events[1].text.spans, [TextSpan(start: 0, end: 3, kind: .color(RGBAColor(red: 255, green: 255, blue: 0)))])
        expectEqual(r.document.metadata, [MetadataEntry(key: "Title", value: "CaptionKit SAMI sample"), MetadataEntry(key: "Language", value: "en-US")])
    }
}
