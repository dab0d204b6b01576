import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

@Suite struct ASSReaderTests {
    static let lines = [
        "[Script Info]",
        "; a comment",
        "ScriptType: v4.00+",
        "PlayResX: 1280",
        "PlayResY: 720",
        "",
        "[V4+ Styles]",
        "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding",
        "Style: Top,DejaVu Sans,48,&H00FFFFFF,&H000000FF,&H80102030,&HFF000000,-1,0,1,0,100,100,0,0,1,2.5,1,8,10,10,10,1",
        "",
        "[Events]",
        "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
        "Comment: 0,0:00:00.00,0:00:01.00,Top,,0,0,0,,not shown",
        "Dialogue: 0,0:00:01.00,0:00:03.50,Top,Alice,0,0,0,,{\\an7\\pos(100,200)}Hello {\\b1}bold{\\b0} and {\\i1}it{\\i0}\\Nnext",
        "Dialogue: 0,0:00:04.00,0:00:06.00,Top,,0,0,0,,{\\k50}Sing {\\kf25}a{\\K30}long {\\k10}{\\ko40}song",
        "Dialogue: 0,0:00:0X.00,broken",
        "Dialogue: 0,0:00:07.00,0:00:08.00,,,0,0,0,,{\\1c&H0000FF&}red{\\c} {\\fad(200,200)\\alpha&H80&\\t(\\fscx120)}x\\hy {\\p1}m 0 0 l 10 10{\\p0}after, with commas",
    ]

    static func read(_ text: String) throws -> ParseResult {
        try ASSFormat.read(DecodedText(text, sourceName: "test.ass"))
    }

    @Test func readsScriptInfoStylesAndEvents() throws {
        let result = try Self.read(Self.lines.joined(separator: "\n"))
        let doc = result.document
        expectTrue(doc.metadata.contains(MetadataEntry(key: "PlayResX", value: "1280")))
        expectTrue(doc.metadata.contains(MetadataEntry(key: "PlayResY", value: "720")))

        let style = try #require(doc.styles.first)
        expectEqual(style.name, "Top")
        expectEqual(style.fontFamily, "DejaVu Sans")
        expectEqual(style.fontSize, 48)
        expectTrue(style.bold == true && style.italic == false && style.underline == true)
        expectEqual(style.primaryColor, RGBAColor(red: 255, green: 255, blue: 255, alpha: 255))
        expectEqual(style.outlineColor, RGBAColor(red: 0x30, green: 0x20, blue: 0x10, alpha: 127))
        expectEqual(style.backColor, RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
        expectTrue(style.outlineWidth == 2.5 && style.shadowDepth == 1)
        expectEqual(style.anchor, 8)

        let events = doc.events
        try #require(events.count == 3)
        let e0 = events[0]
        expectTrue(e0.start == 1000 && e0.end == 3500)
        // The Name field is the speaker, not a cue identifier.
        expectTrue(e0.id == nil && e0.ass?.name == "Alice" && e0.style == "Top")
        expectEqual(e0.text.plain, "Hello bold and it\nnext")
        expectEqual(e0.text.spans, [TextSpan(start: 6, end: 10, kind: .bold), TextSpan(start: 15, end: 17, kind: .italic)])
        expectEqual(e0.placement?.anchor, 7)
        expectEqual(e0.placement?.point, CuePlacement.Point(x: 100, y: 200))
        expectEqual(e0.sourceText, "{\\an7\\pos(100,200)}Hello {\\b1}bold{\\b0} and {\\i1}it{\\i0}\\Nnext")

        let e1 = events[1]
        expectEqual(e1.text.plain, "Sing along song")
        expectEqual(e1.words, [Word(text: "Sing", start: 4000, end: 4500), Word(text: "a", start: 4500, end: 4750),
                             Word(text: "long", start: 4750, end: 5050), Word(text: "song", start: 5150, end: 5550)])

        let e2 = events[2]
        expectEqual(e2.text.plain, "red x\u{00A0}y after, with commas")
        expectEqual(e2.text.spans, [TextSpan(start: 0, end: 3, kind: .color(RGBAColor(red: 255, green: 0, blue: 0)))])
        expectNil(e2.style)

        expectTrue(result.diagnostics.contains { $0.line == 16 && $0.message.contains("malformed Dialogue") })
        // Drawings are kept (the ASS writer writes them back; other writers say they drop them).
        expectEqual(result.diagnostics.count, 1)
    }

    /// Found by fuzzing (`Fuzz/regressions/ass/`): an hour field of many digits overflowed the sum, and
    /// a karaoke length beyond `Int` trapped on its way from `Double`.
    @Test func timesAndKaraokeBeyondRangeAreReadNotTrapped() throws {
        let text = Self.lines[0...11].joined(separator: "\n") + "\n" + [
            "Dialogue: 0,999999999999999:00:00.00,999999999999999:00:01.00,Top,,0,0,0,,too late",
            "Dialogue: 0,0:00:00.00,0:00:01.00,Top,,0,0,0,,{\\k1e300}far {\\kinf}away {\\k-5}now{\\knan}!",
            "Dialogue: 0,999999999:59:59.99,999999999:59:59.999,Top,,0,0,0,,nine digits",
        ].joined(separator: "\n")
        let result = try Self.read(text)
        expectTrue(result.diagnostics.contains { $0.line == 13 && $0.message.contains("times must look like") })
        try #require(result.document.events.count == 2)
        let karaoke = result.document.events[0]
        // A syllable is at most a day long (8,640,000 cs), \kinf too; a negative one is empty.
        expectEqual(karaoke.words, [Word(text: "far", start: 0, end: 86_400_000), Word(text: "away", start: 86_400_000, end: 172_800_000),
                                  Word(text: "now", start: 172_800_000, end: 172_800_000),
                                  Word(text: "!", start: 172_800_000, end: 172_800_000)])
        let late = result.document.events[1]
        expectEqual(late.start, ((999_999_999 * 60 + 59) * 60 + 59) * 1000 + 990)
        expectEqual(late.end, late.start + 9)
    }

    @Test func legacySSAStylesAndDecimalColours() throws {
        let result = try CaptionFileReader.read(path: CorpusLocation.path("external/go-astisub-testdata/example-in.ssa"))
        let styles = result.document.styles
        try #require(styles.count == 3)
        // SSA: 7 = top right, 9 = middle left; 8 has no column, and libass (after VSFilter) reads it as 3,
        // bottom right.
        expectEqual(styles.map(\.anchor), [9, 3, 4])
        // libass draws an SSA outline in BackColour's colour (TertiaryColour is kept beside, unused).
        expectTrue(styles.allSatisfy { $0.outlineColor?.red == $0.backColor?.red && $0.outlineColor?.blue == $0.backColor?.blue && $0.tertiaryColor != nil })
        expectEqual(styles[0].primaryColor, RGBAColor(red: 255, green: 255, blue: 0))
        expectEqual(styles[0].backColor, RGBAColor(red: 8, green: 0, blue: 0, alpha: 127))
        expectEqual(styles[0].bold, true)
        let events = result.document.events
        expectEqual(events.count, 6)
        expectTrue(events[0].start == 99_000 && events[0].end == 101_040)
        expectEqual(events[0].placement?.point, CuePlacement.Point(x: 400, y: 570))
        expectEqual(events[1].text.plain, "MAN:\nHow did we end up here?")
        expectEqual(events[2].style, "3")
    }

    @Test func detection() {
        expectEqual(ASSFormat.detect(DecodedText("[Script Info]\nTitle: x\n")), .certain)
        expectEqual(ASSFormat.detect(DecodedText("1\n00:00:01,000 --> 00:00:02,000\nhi\n")), .no)
        expectEqual(FormatRegistry.detect(DecodedText("\u{FEFF}[Script Info]\n"), pathHint: nil)?.name, "ass")
    }

    @Test func textWithoutSectionsIsRejected() {
        #expect { try Self.read("hello\nworld\n") } throws: { ($0 as? CaptionFormatError)?.kind == .malformed }
    }

    /// Every .ass/.ssa file in the external corpus reads; files with Dialogue lines give events.
    @Test(arguments: CorpusLocation.files(under: "external").filter { $0.hasSuffix(".ass") || $0.hasSuffix(".ssa") })
    func corpusFileReads(_ relative: String) throws {
        let result = try CaptionFileReader.read(path: CorpusLocation.path(relative))
        let raw = try #require(InputBytes(mappingFile: CorpusLocation.path(relative)))
        let hasDialogue = String(decoding: raw.asArray, as: UTF8.self).contains("Dialogue:")
        expectEqual(result.document.events.isEmpty, !hasDialogue, "\(relative)")
        // Converting to the other formats does not crash.
        _ = SRTFormat.write(result.document, options: WriteOptions())
        _ = WebVTTFormat.write(result.document, options: WriteOptions())
        _ = ASSFormat.write(result.document, options: WriteOptions())
    }
}
