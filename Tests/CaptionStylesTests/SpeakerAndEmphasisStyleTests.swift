import CaptionModel
import Foundation
import CaptionExpectations
import Testing
@testable import CaptionStyles

/// The `speakers` and `emphasis` fields: read, checked (a bad value named with its field), written
/// back, and the words emphasis picks.
@Suite struct SpeakerAndEmphasisStyleTests {
    @Test func speakersAreAutoAMapOfPartialStylesOrNull() throws {
        expectTrue(try StyleFileTests.file(#"{"speakers": "auto"}"#).applied(to: CaptionStyle()).speakers == .auto)
        let file = try StyleFileTests.file(##"{"speakers": {"B": {"text_color": "#00FF00", "box": {"padding_x": 4}, "anchor": 8}}}"##)
        let style = file.applied(to: CaptionStyle())
        guard case .styles(let map)? = style.speakers, let b = map["B"] else { Issue.record("no style for B"); return }
        expectEqual(b.keys, ["text_color", "box", "box.padding_x", "anchor"])
        let page = style.forPage([TimedWord(text: "hi", start: 0, end: 1, speaker: "B")])
        expectTrue(page.textColor == RGBAColor(red: 0, green: 255, blue: 0) && page.anchor == 8 && page.box?.paddingX == 4)
        // Everything else is the style's; another speaker, or none, gets the style itself.
        expectTrue(page.fontSize == style.fontSize && page.highlightColor == style.highlightColor)
        expectEqual(style.forPage([TimedWord(text: "hi", start: 0, end: 1, speaker: "A")]), style)
        expectEqual(style.forPage([TimedWord(text: "hi", start: 0, end: 1)]), style)
        expectTrue(try StyleFileTests.file(#"{"speakers": null}"#).applied(to: style).speakers == nil)
    }

    @Test func badSpeakerStylesNameTheSpeakerAndField() {
        expectEqual(StyleFileTests.problems(#"{"speakers": "palette"}"#), [#"my.json: speakers: must be "auto", an object from speaker label to style fields, or null, found "palette""#])
        expectEqual(StyleFileTests.problems(##"{"speakers": {"Ana": {"text_color": "#12"}, "Ben": 3}}"##), [
            "my.json: speakers.Ana.text_color: '#12' is not a colour (use #RRGGBB or #RRGGBBAA)",
            "my.json: speakers.Ben: must be an object of style fields, found 3",
        ])
        // The karaoke mode is shared by everyone: not a speaker's field.
        let shared = StyleFileTests.problems(#"{"speakers": {"Ana": {"karaoke": {"mode": "fill"}}}}"#)
        expectTrue(shared.count == 1 && shared[0].hasPrefix("my.json: unknown field 'speakers.Ana.karaoke'"), "\(shared)")
    }

    @Test func badEmphasisValuesNameTheirField() {
        expectEqual(StyleFileTests.problems(#"{"emphasis": {"patterns": ["ok", "(unclosed"]}}"#), [#"my.json: emphasis.patterns: item 2 is not a valid regular expression: "(unclosed""#])
        let rule = StyleFileTests.problems(#"{"emphasis": {"rule": "longest"}}"#)
        expectTrue(rule.count == 1 && rule[0].hasPrefix("my.json: emphasis.rule: unknown emphasis rule 'longest'"), "\(rule)")
        expectEqual(StyleFileTests.problems(#"{"emphasis": {"words": "free"}}"#), [#"my.json: emphasis.words: must be a list of strings, found "free""#])
    }

    @Test func speakersAndEmphasisRoundTripThroughAStyleFile() throws {
        let file = try StyleFileTests.file(##"""
        {"speakers": {"Ana": {"text_color": "#FF8C28", "shadow": {"opacity": 0.5}}},
         "emphasis": {"words": ["free"], "patterns": ["^\\d+%$"], "markup": true, "rule": "numbers", "color": "#FF0000",
                      "highlight_color": null, "box": {"color": "#00000080"}}}
        """##)
        let style = file.applied(to: CaptionStyle())
        let json = try JSONSerialization.data(withJSONObject: StyleField.styleJSON(of: style))
        expectTrue(try StyleFile(json: json, source: "again.json").applied(to: CaptionStyle()) == style)
    }

    func picked(_ texts: [String], _ edit: (inout CaptionStyle.Emphasis) -> Void) -> [String] {
        var emphasis = CaptionStyle.Emphasis()
        edit(&emphasis)
        let words = texts.map { TimedWord(text: $0, start: 0, end: 1, marked: $0.hasPrefix("_")) }
        return zip(texts, EmphasisMatch.emphasized(words, by: emphasis)).filter(\.1).map(\.0)
    }

    @Test func whichWordsAreEmphasised() {
        let page = ["“Free!”", "shipping", "on", "$40", "orders,", "50%", "off", "_today"]
        expectEqual(picked(page) { $0.words = ["FREE", "today"] }, ["“Free!”", "_today"])
        expectEqual(picked(page) { $0.patterns = ["^\\d+%$"] }, ["50%"])
        expectEqual(picked(page) { $0.rule = .numbers }, ["$40", "50%"])
        expectEqual(picked(page) { $0.rule = .longestWordPerPage }, ["shipping"])
        expectEqual(picked(page) { $0.markup = true }, ["_today"])
        expectEqual(picked(page) { _ in }, [])
    }

    @Test func asteriskMarkupBecomesBoldSpansOverTheWords() {
        let cue = CaptionEvent(start: 0, end: 1000, text: CaptionText(plain: "2 * 3 is *six*, *not five*"))
        var style = CaptionStyle()
        style.emphasis.markup = true
        let page = StyledPages.prepare([cue], style: style).pages[0]
        expectEqual(page.text.plain, "2 * 3 is six, not five")
        expectEqual(WordTimeline.words(of: page).map(\.marked), [false, false, false, false, true, true, true])
        // Without markup the text is left alone.
        expectEqual(StyledPages.prepare([cue], style: CaptionStyle()).pages[0].text.plain, cue.text.plain)
    }
}
