import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// Cue text markup: tags into spans, references decoded, inline timestamps into words.
@Suite struct WebVTTCueTextTests {
    /// Reads one cue with the given text (times in ms) and returns it.
    func cue(_ text: String, start: Int = 0, end: Int = 10_000) throws -> CaptionEvent {
        let vtt = "WEBVTT\n\n\(WebVTTTimestamp.format(start)) --> \(WebVTTTimestamp.format(end))\n\(text)\n"
        let result = try WebVTTFormat.read(DecodedText(vtt, sourceName: "cue.vtt"))
        try #require(result.document.events.count == 1)
        return result.document.events[0]
    }

    func span(_ start: Int, _ end: Int, _ kind: TextSpan.Kind) -> TextSpan { TextSpan(start: start, end: end, kind: kind) }

    @Test func nestedTags() throws {
        let e = try cue("<b>bold <i>both</i></b> <u>under</u>")
        expectEqual(e.text.plain, "bold both under")
        expectEqual(e.text.spans, [span(0, 9, .bold), span(5, 9, .italic), span(10, 15, .underline)])
        expectEqual(e.sourceText, "<b>bold <i>both</i></b> <u>under</u>")
        expectTrue(e.words.isEmpty)
    }

    @Test func tagsAcrossLinesAndUnclosedTags() throws {
        let e = try cue("<i>one\ntwo</i>\n<b>three")
        expectEqual(e.text.plain, "one\ntwo\nthree")
        expectEqual(e.text.spans, [span(0, 7, .italic), span(8, 13, .bold)])
        expectEqual(e.sourceText, "<i>one\ntwo</i>\n<b>three")
    }

    @Test func voiceAnnotationIsTrimmedAndCollapsed() throws {
        let e = try cue("<v Roger   Bingham>We are here</v> <v.loud.angry  Esme &amp; co >Hi")
        expectEqual(e.text.plain, "We are here Hi")
        expectEqual(e.text.spans, [
            span(0, 11, .voice("Roger Bingham")),
            span(12, 14, .voice("Esme & co")), span(12, 14, .classes(["loud", "angry"])),
        ])
        expectEqual(e.text.runs, [
            .text("We are here", { var a = TextAttributes(); a.voice = "Roger Bingham"; return a }()),
            .text(" ", TextAttributes()),
            .text("Hi", { var a = TextAttributes(); a.voice = "Esme & co"; a.classes = ["loud", "angry"]; return a }()),
        ])
    }

    @Test func classesOnAnyTagAndEmptyClassesDropped() throws {
        let e = try cue("<c.yellow.bg_blue>x</c><i.foo..bar>y</i><c>z</c>")
        expectEqual(e.text.plain, "xyz")
        expectEqual(e.text.spans, [
            span(0, 1, .classes(["yellow", "bg_blue"])),
            span(1, 2, .italic), span(1, 2, .classes(["foo", "bar"])),
            span(2, 3, .classes([])),
        ])
    }

    @Test func languageAndRuby() throws {
        let e = try cue("<lang en-GB>colour</lang> <ruby>漢<rt>kan</rt>字<rt>ji</ruby>!")
        expectEqual(e.text.plain, "colour 漢kan字ji!")
        // UTF-8 offsets: 漢 and 字 are three bytes each.
        expectEqual(e.text.spans, [
            span(0, 6, .language("en-GB")),
            span(7, 18, .ruby), span(10, 13, .rubyText), span(16, 18, .rubyText),
        ])
    }

    @Test func rubyTextOutsideRubyAndMismatchedEndTagsAreIgnored() throws {
        let e = try cue("<rt>a</rt><x.y>b</x><i>c</b>d</i><b>e</c.b></b>")
        expectEqual(e.text.plain, "abcde")
        expectEqual(e.text.spans, [span(2, 4, .italic), span(4, 5, .bold)])
    }

    @Test func characterReferences() throws {
        let e = try cue("a &amp; b &lt;c&gt; &nbsp;&#233;&#x1F600;&unknown; & &amp")
        expectEqual(e.text.plain, "a & b <c> \u{00A0}é😀&unknown; & &amp")
        expectTrue(e.text.spans.isEmpty)
        expectEqual(e.sourceText, "a &amp; b &lt;c&gt; &nbsp;&#233;&#x1F600;&unknown; & &amp")
    }

    @Test func nulBecomesReplacementCharacter() throws {
        let e = try cue("a\u{0}b <i>c\u{0}</i>")
        expectEqual(e.sourceText, "a\u{FFFD}b <i>c\u{FFFD}</i>")
        expectEqual(e.text.plain, "a\u{FFFD}b c\u{FFFD}")
        expectEqual(e.text.spans, [span(6, 10, .italic)])
    }

    @Test func crlfLinesAreJoinedWithLF() throws {
        let vtt = "WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\n<i>one</i>\r\ntwo\r\n\r\n00:03.000 --> 00:04.000\rthree\rfour\r"
        let events = try WebVTTFormat.read(DecodedText(vtt)).document.events
        expectEqual(events.map(\.sourceText), ["<i>one</i>\ntwo", "three\nfour"])
        expectEqual(events.map(\.text.plain), ["one\ntwo", "three\nfour"])
        expectEqual(events[0].text.spans, [span(0, 3, .italic)])
    }

    // MARK: - Inline timestamps

    @Test func timestampsStartTheWordsAfterThem() throws {
        let e = try cue("Hello <00:00:01.500>big <00:00:02.000>world", start: 1000, end: 3000)
        expectEqual(e.text.plain, "Hello big world")
        expectEqual(e.words, [
            Word(text: "Hello", start: 1000, end: 1500),
            Word(text: "big", start: 1500, end: 2000),
            Word(text: "world", start: 2000, end: 3000),
        ])
    }

    @Test func severalWordsInOneStretchShareItsTimeEvenly() throws {
        let e = try cue("one two\nthree <00:00:02.000>four <i>five</i>", start: 0, end: 4000)
        expectEqual(e.words, [
            Word(text: "one", start: 0, end: 666, interpolated: true),
            Word(text: "two", start: 666, end: 1333, interpolated: true),
            Word(text: "three", start: 1333, end: 2000, interpolated: true),
            Word(text: "four", start: 2000, end: 3000, interpolated: true),
            Word(text: "five", start: 3000, end: 4000, interpolated: true),
        ])
    }

    @Test func timestampsOutsideTheCueAreIgnoredButTheirTextIsKept() throws {
        let e = try cue("<00:00:05.000>a <00:00:01.500>b <00:00:01.200>c <00:00:00.500>d", start: 1000, end: 3000)
        expectEqual(e.text.plain, "a b c d")
        // 5.000 is after the end, 0.500 before the start, 1.200 goes back in time: only 1.500 counts.
        expectEqual(e.words, [
            Word(text: "a", start: 1000, end: 1500),
            Word(text: "b", start: 1500, end: 2000, interpolated: true),
            Word(text: "c", start: 2000, end: 2500, interpolated: true),
            Word(text: "d", start: 2500, end: 3000, interpolated: true),
        ])
    }

    @Test func malformedTimestampTagsAreIgnored() throws {
        let e = try cue("a <00:00:01.500x>b <1:00.000>c <00:01.5>d", start: 0, end: 2000)
        expectEqual(e.text.plain, "a b c d")
        expectTrue(e.words.isEmpty)
    }

    @Test func aTrailingTimestampEndsTheLastWordAndSyllablesSplitWords() throws {
        let e = try cue("kar<00:00:01.000>a<00:00:01.500>oke <00:00:02.500>", start: 0, end: 3000)
        expectEqual(e.text.plain, "karaoke ")
        expectEqual(e.words, [
            Word(text: "kar", start: 0, end: 1000),
            Word(text: "a", start: 1000, end: 1500),
            Word(text: "oke", start: 1500, end: 2500),
        ])
    }

    @Test func wordsCarryTheirVoice() throws {
        let e = try cue("<v Bob>hi <00:00:01.000>there</v> <00:00:02.000><v.x Ann>yes", start: 0, end: 3000)
        expectEqual(e.words, [
            Word(text: "hi", start: 0, end: 1000, speaker: "Bob"),
            Word(text: "there", start: 1000, end: 2000, speaker: "Bob"),
            Word(text: "yes", start: 2000, end: 3000, speaker: "Ann"),
        ])
    }
}
