import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionStyles

/// Each karaoke mode's appearance of a word at chosen times: the semantics the presets promise.
@Suite struct KaraokeModeTests {
    let words = [TimedWord(text: "So", start: 0, end: 180), TimedWord(text: "today", start: 180, end: 520),
                 TimedWord(text: "we're", start: 520, end: 700), TimedWord(text: "testing", start: 700, end: 1100)]

    func style(_ mode: CaptionStyle.Karaoke.Mode) -> CaptionStyle {
        var s = CaptionStyle()
        s.karaoke.mode = mode
        return s
    }

    @Test func highlightColoursOnlyTheSpokenWord() {
        let s = style(.highlight)
        for (k, word) in words.enumerated() {
            let t = (word.start + word.end) / 2
            let colours = Karaoke.appearances(of: words, at: t, style: s).map(\.color)
            expectEqual(colours, words.indices.map { $0 == k ? s.highlightColor : s.textColor })
        }
        // Between captions, no word is highlighted.
        expectTrue(Karaoke.appearances(of: words, at: 2000, style: s).allSatisfy { $0.color == s.textColor })
    }

    @Test func backgroundBoxesOnlyTheSpokenWord() {
        var s = style(.background)
        s.wordBox = CaptionStyle.Box()
        let boxed = Karaoke.appearances(of: words, at: 600, style: s).map { $0.box }
        expectEqual(boxed, [nil, nil, s.wordBox, nil])
    }

    @Test func scaleReachesItsTargetAtTheMiddleAndEasesBothWays() {
        let s = style(.scale)
        for (k, word) in words.enumerated() {
            let mid = (word.start + word.end) / 2
            let scales = Karaoke.appearances(of: words, at: mid, style: s).map(\.scale)
            expectTrue(abs(scales[k] - 1.2) < 1e-9, "word \(k) at its middle")
            // Words far from the spoken one are at rest.
            for j in words.indices where abs(j - k) > 1 { expectEqual(scales[j], 1) }
        }
        let testing = words[3]
        let early = ScaleMode.scale(of: testing, state: .active(progress: 0.05), style: s)
        expectTrue(early > 1 && early < 1.2)
        expectTrue(ScaleMode.scale(of: testing, state: .past(sinceEnd: 75), style: s) > 1)
        expectEqual(ScaleMode.scale(of: testing, state: .past(sinceEnd: 150), style: s), 1)
    }

    @Test func fillSweepsThroughTheSpokenWord() {
        let sweeps = Karaoke.appearances(of: words, at: 900, style: style(.fill)).map(\.sweep)
        expectEqual(sweeps, [1, 1, 1, 0.5])
    }

    @Test func cumulativeAndThreeState() {
        let s = style(.threeState)
        let cumulative = Karaoke.appearances(of: words, at: 600, style: style(.cumulative)).map(\.color)
        expectEqual(cumulative, [s.highlightColor, s.highlightColor, s.highlightColor, s.textColor])
        let three = Karaoke.appearances(of: words, at: 600, style: s).map(\.color)
        expectEqual(three, [s.textColor, s.textColor, s.highlightColor, s.upcomingColor])
    }

    @Test func popInHidesUpcomingWordsAndOvershoots() {
        let s = style(.popIn)
        let at = Karaoke.appearances(of: words, at: 790, style: s)
        expectTrue(at[3].opacity > 0 && at[3].scale > 1) // 90 ms into "testing": past the overshoot's start
        expectEqual(Karaoke.appearances(of: words, at: 500, style: s)[3].opacity, 0)
        expectTrue(abs(PopInMode.scale(elapsed: 0, style: s) - 0.8) < 1e-9)
        expectEqual(PopInMode.scale(elapsed: 150, style: s), 1)
    }

    @Test func typewriterRevealsCharactersAcrossTheWord() {
        let s = style(.typewriter)
        let at = Karaoke.appearances(of: words, at: 900, style: s).map(\.visibleCharacters)
        expectEqual(at, [nil, nil, nil, 4]) // "testing": halfway, 4 of 7 characters
        expectEqual(Karaoke.appearances(of: words, at: 100, style: s).map(\.visibleCharacters), [2, 0, 0, 0])
    }

    @Test func captionsWithoutWordTimingsSpreadTheEventByCharacters() {
        let event = CaptionEvent(start: 1000, end: 2000, text: CaptionText(plain: "a bbb\ncccc"))
        let spread = WordTimeline.words(of: event)
        expectEqual(spread.map(\.text), ["a", "bbb", "cccc"])
        // 1/8 and 4/8 of the second, on the 10 ms grid ASS times are written on (1125 → 1130).
        expectEqual(spread.map(\.start), [1000, 1130, 1500])
        expectEqual(spread.map(\.end), [1130, 1500, 2000])
        let japanese = WordTimeline.words(of: CaptionEvent(start: 0, end: 300, text: CaptionText(plain: "字幕だ")))
        expectEqual(japanese.map(\.text), ["字", "幕", "だ"])
        expectEqual(WordTimeline.words(of: CaptionEvent(start: 0, end: 300, text: CaptionText(plain: "Hello"))).map(\.text), ["Hello"])
    }

    @Test func fadeAndSlide() {
        var s = CaptionStyle()
        s.fadeIn = 200; s.fadeOut = 100; s.slideDistance = 40; s.slideDuration = 200
        // Halfway through either fade: libass's fade value, 255 × ½ truncated.
        expectEqual(CaptionMotion.at(1100, start: 1000, end: 3000, style: s).fade, 127)
        expectEqual(CaptionMotion.at(2950, start: 1000, end: 3000, style: s).fade, 127)
        expectEqual(CaptionMotion.at(1000, start: 1000, end: 3000, style: s).fade, 255)
        expectEqual(CaptionMotion.at(1500, start: 1000, end: 3000, style: s).fade, 0)
        expectEqual(CaptionMotion.at(1000, start: 1000, end: 3000, style: s).offsetY, 40)
        expectEqual(CaptionMotion.at(1200, start: 1000, end: 3000, style: s).offsetY, 0)
    }
}
