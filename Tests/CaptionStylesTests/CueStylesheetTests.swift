import CaptionModel
@testable import CaptionStyles
import CaptionExpectations
import Testing

/// WebVTT `STYLE` blocks become spans over the text their `::cue` rules select.
@Suite struct CueStylesheetTests {
    static let red = RGBAColor(red: 255, green: 0, blue: 0), blue = RGBAColor(red: 0, green: 0, blue: 255)

    @Test func rulesAreReadFromTheBlocks() {
        let sheet = CueStylesheet(["""
            /* a comment { with a brace } */\r
            ::cue(.hot), ::cue(c.warm) { color: #ff0000; font-weight: bold !important }\r
            ::cue(v[voice="Bob"]) { font-style: italic }
            ::cue(i.loud) { text-decoration: underline line-through }
            ::cue { color: rgba(0, 0, 255, 0.5) }
            ::cue(#intro) { font-weight: 700 }
            ::cue(.a > .b) { color: red }
            ::cue(:past) { color: red }
            ::cue-region { color: red }
            video::cue { color: red }
            ::cue(.plain) { font-size: 120%; background: black }
            """])
        // Cascade order, by specificity (ids; classes and attributes; elements), then file order.
        let rules = sheet.rules.map { rule in
            "\(rule.wholeCue ? "cue" : rule.cueID.map { "#" + $0 } ?? (rule.element ?? "") + rule.classes.map { "." + $0 }.joined() + (rule.voice.map { "[\($0)]" } ?? "")): \(rule.looks.count)"
        }
        expectEqual(rules, ["cue: 1", ".hot: 2", ".plain: 1", "c.warm: 2", "v[Bob]: 1", "i.loud: 2", "#intro: 1"], "\(rules)")
        expectEqual(sheet.rules.first?.looks, [.color(RGBAColor(red: 0, green: 0, blue: 255, alpha: 128))])
    }

    /// "Bob: hot and <i.loud>loud</i>": each rule's spans over what it selects; the more specific rule
    /// is added after (and so drawn over) the whole cue's.
    @Test func spansCoverWhatTheRulesSelect() {
        let sheet = CueStylesheet(["::cue(.hot) { color: red } ::cue { color: blue } ::cue(v[voice=Bob]) { font-style: italic } ::cue(v[voice=Ann]) { font-weight: bold } ::cue(i.loud) { text-decoration: underline }"])
        let text = CaptionText(plain: "hot and loud", spans: [
            TextSpan(start: 0, end: 12, kind: .voice("Bob")),
            TextSpan(start: 0, end: 3, kind: .classes(["hot"])),
            TextSpan(start: 8, end: 12, kind: .italic), TextSpan(start: 8, end: 12, kind: .classes(["loud"])),
        ])
        let event = sheet.apply(to: CaptionEvent(start: 0, end: 1000, text: text))
        let added = Array(event.text.spans.dropFirst(4))
        expectEqual(added, [TextSpan(start: 0, end: 12, kind: .color(Self.blue)), TextSpan(start: 0, end: 3, kind: .color(Self.red)),
                          TextSpan(start: 0, end: 12, kind: .italic), TextSpan(start: 8, end: 12, kind: .underline)], "\(added)")
        // What the words draw: the class's red over the cue's blue; Bob's italics; the underline.
        let words = WordTimeline.words(of: event)
        expectEqual(words.map(\.markup.color), [Self.red, Self.blue, Self.blue])
        expectTrue(words.map(\.markup.italic) == [true, true, true] && words.map(\.markup.underline) == [false, false, true])
        // `<i>` without the class, and a cue with no spans a rule selects, get nothing more.
        let plain = CaptionEvent(start: 0, end: 1000, text: CaptionText(plain: "x", spans: [TextSpan(start: 0, end: 1, kind: .italic)]))
        expectEqual(CueStylesheet(["::cue(i.loud) { color: red }"]).apply(to: plain), plain)
    }

    /// `font-family`: the first family as written (case kept, quotes off, CSS's generic names as
    /// fontconfig's); `font-size` as a scale of the cue's size, pixels against a 1080-line video's 5vh.
    @Test func familiesAndSizes() {
        let looks = CueStylesheet.declarations(#"font-family: "DejaVu Serif", serif; font-size: 150%"#)
        expectEqual(looks, [.fontFace("DejaVu Serif"), .fontScale(1.5)], "\(looks)")
        expectEqual(CueStylesheet.declarations("font-family: system-ui, Arial"), [.fontFace("sans-serif")])
        expectEqual(CueStylesheet.declarations("font-family: monospace !important"), [.fontFace("monospace")])
        expectTrue(CueStylesheet.declarations("font-family: inherit").isEmpty)
        let sizes = ["150%": 1.5, "0.5em": 0.5, "10vh": 2, "27px": 0.5, "larger": 1.2, "2rem": 32.0 / 54]
        for (text, scale) in sizes {
            expectEqual(CueStylesheet.declarations("font-size: \(text)"), [.fontScale(scale)], "\(text)")
        }
        for text in ["0%", "-1em", "9000px", "big", "calc(1em + 2px)"] {
            expectTrue(CueStylesheet.declarations("font-size: \(text)").isEmpty, "\(text)")
        }
        // The spans land on what the rule selects, as every other look's.
        let sheet = CueStylesheet(["::cue(.big) { font-size: 200%; font-family: 'DejaVu Serif' }"])
        let text = CaptionText(plain: "small big", spans: [TextSpan(start: 6, end: 9, kind: .classes(["big"]))])
        let spans = sheet.apply(to: CaptionEvent(start: 0, end: 1000, text: text)).text.spans.dropFirst()
        expectEqual(Array(spans), [TextSpan(start: 6, end: 9, kind: .fontScale(2)), TextSpan(start: 6, end: 9, kind: .fontFace("DejaVu Serif"))], "\(spans)")
    }

    @Test func aCueIDSelectsTheWholeCue() {
        let sheet = CueStylesheet(["::cue(#intro) { color: red }"])
        var event = CaptionEvent(start: 0, end: 1000, text: CaptionText(plain: "hello", spans: []))
        expectTrue(sheet.apply(to: event).text.spans.isEmpty)
        event.id = "intro"
        expectEqual(sheet.apply(to: event).text.spans, [TextSpan(start: 0, end: 5, kind: .color(Self.red))])
    }

    /// Only the drawn pages get the spans: `StyledPages.prepare` with the document's blocks.
    @Test func preparedPagesCarryTheRulesLooks() {
        let event = CaptionEvent(start: 0, end: 1000, text: CaptionText(plain: "hot", spans: [TextSpan(start: 0, end: 3, kind: .classes(["hot"]))]))
        let (pages, _) = StyledPages.prepare([event], style: CaptionStyle(), stylesheets: ["::cue(.hot) { color: red }"])
        expectEqual(pages[0].text.spans.last, TextSpan(start: 0, end: 3, kind: .color(Self.red)))
        expectEqual(StyledPages.prepare([event], style: CaptionStyle()).pages, [event])
    }
}
