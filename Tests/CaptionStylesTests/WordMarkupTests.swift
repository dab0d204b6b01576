import CaptionModel
import CaptionExpectations
import Testing
@testable import CaptionStyles

/// Spans give the words they touch their look: values, not pixels (`MarkupDrawingTests` draws them).
@Suite struct WordMarkupTests {
    @Test func spansMarkTheWordsTheyTouch() {
        // "one two three four five six": UTF-8 offsets.
        let text = "one two three four five six"
        let spans = [TextSpan(start: 0, end: 3, kind: .italic), TextSpan(start: 5, end: 6, kind: .bold),
                     TextSpan(start: 8, end: 13, kind: .underline), TextSpan(start: 14, end: 18, kind: .strikethrough),
                     TextSpan(start: 19, end: 23, kind: .color(RGBAColor(red: 255, green: 0, blue: 0))),
                     TextSpan(start: 24, end: 27, kind: .classes(["loud", "yellow"]))]
        let event = CaptionEvent(start: 0, end: 6000, text: CaptionText(plain: text, spans: spans))
        let words = WordTimeline.words(of: event)
        expectEqual(words.map(\.markup.italic), [true, false, false, false, false, false])
        expectEqual(words.map(\.markup.bold), [false, true, false, false, false, false], "a span inside a word marks it")
        expectTrue(words[1].marked, "bold still marks the word for emphasis.markup")
        expectEqual(words.map(\.markup.underline), [false, false, true, false, false, false])
        expectEqual(words.map(\.markup.strikethrough), [false, false, false, true, false, false])
        expectEqual(words[4].markup.color, RGBAColor(red: 255, green: 0, blue: 0))
        expectEqual(words[5].markup.color, RGBAColor(red: 255, green: 255, blue: 0), "WebVTT's default colour classes")
        expectTrue(words[0].markup.color == nil && !words[0].markup.isEmpty && words[3].markup.color == nil)
    }

    @Test func aColourSpanIsTheWordsTextColourUntilTheHighlightTakesIt() {
        var style = CaptionStyle()
        style.textColor = RGBAColor(red: 255, green: 255, blue: 255)
        var words = [TimedWord(text: "a", start: 0, end: 500), TimedWord(text: "b", start: 500, end: 1000)]
        words[1].markup.color = RGBAColor(red: 0, green: 255, blue: 0)
        let looks = WordLooks(words: words, style: style)
        expectTrue(looks.styles[0].textColor == style.textColor && looks.styles[1].textColor == RGBAColor(red: 0, green: 255, blue: 0))
        expectEqual(looks.styles[1].highlightColor, style.highlightColor)
    }
}
