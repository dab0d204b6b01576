import CaptionModel
import Foundation
import CaptionExpectations
import Testing
@testable import CaptionEdit

/// Each profile's rules on a document with exactly one problem of each kind, and --fix on it.
@Suite struct CheckerTests {
    static func cue(_ start: Int, _ end: Int, _ text: String) -> CaptionEvent {
        CaptionEvent(start: start, end: end, text: CaptionText(plain: text))
    }

    /// At 23.976 fps (Netflix's profile rate): caption 2 reads too fast, 3 has a 43-character line,
    /// 4 three lines, 5 is too short, 6 too long, 7 starts 1 frame after 6 ends, 8 overlaps 7, 9 is empty.
    static let problems = CaptionDocument(events: [
        cue(0, 2000, "A calm first caption."),
        cue(3000, 4000, "This line is read far too quickly to follow"),                      // 43 chars in 1 s
        cue(5000, 9000, "This single line is forty-three characters."),                       // 43
        cue(10_000, 14_000, "One\nTwo\nThree"),
        cue(15_000, 15_500, "Short."),
        cue(16_000, 24_000, "Far too long on screen."),
        cue(24_042, 26_000, "One frame later."),
        cue(25_500, 27_000, "Overlapping."),
        cue(28_000, 30_000, " "),
    ])

    @Test func netflixFindsOneProblemOfEachKind() {
        let found = Checker(profile: .netflix, videoDuration: 29_000).check(Self.problems)
        let summary = found.map { "\($0.caption) \($0.description)" }
        expectEqual(summary, [
            "2 line-length: 43 characters (limit 42 characters)",
            "2 reading-speed: 43 cps (limit 20 cps)",
            "3 line-length: 43 characters (limit 42 characters)",
            "4 line-count: 3 lines (limit 2 lines)",
            "5 min-duration: 0.5 s (limit 0.833 s)",
            "6 max-duration: 8 s (limit 7 s)",
            "7 min-gap: 1 frame (limit 2 frames)",
            "8 overlap: 0.5 s (limit 0 s)",
            "9 empty: 0 characters (limit 1 character)",
            "9 beyond-video: 30 s (limit 29 s)",
        ])
    }

    @Test func bbcCountsWordsAMinuteAndYoutubeAllowsTouchingCaptions() {
        let bbc = Checker(profile: .bbc).check(Self.problems)
        // Nine words in one second: 540 words a minute against 180.
        expectTrue(bbc.contains(CheckProblem(caption: 2, rule: .readingSpeed, value: 540, limit: 180, unit: "wpm")))
        expectTrue(bbc.contains { $0.caption == 5 && $0.rule == .minDuration && $0.limit == 1 })
        // 37 characters a line: the 43-character lines break it.
        expectEqual(bbc.filter { $0.rule == .lineLength }.map(\.caption), [2, 3])
        let touching = CaptionDocument(events: [Self.cue(0, 2000, "One."), Self.cue(2000, 4000, "Two.")])
        expectTrue(Checker(profile: .youtube).check(touching).isEmpty)
        expectEqual(Checker(profile: .netflix).check(touching).map(\.rule), [.minGap])
    }

    @Test func fixLeavesNoFixableProblemAndKeepsEveryWord() {
        let checker = Checker(profile: .netflix)
        let (fixed, fixes) = Fixer(checker: checker).fix(Self.problems)
        let left = checker.check(fixed)
        // What cannot be fixed without changing meaning stays: speed, the long caption, the empty one.
        expectEqual(Set(left.map(\.rule)), [.readingSpeed, .maxDuration, .empty])
        expectEqual(Set(fixes.map(\.rule)), [.lineLength, .lineCount, .minDuration, .minGap, .overlap])
        func words(_ d: CaptionDocument) -> [String] { d.events.map { $0.text.plain.split(whereSeparator: \.isWhitespace).joined(separator: " ") } }
        expectEqual(words(fixed), words(Self.problems))
        expectEqual(fixed.events[2].text.plain, "This single line is\nforty-three characters.")
        // The overlap and the short gap: the earlier caption ends 2 frames (83 ms) before the next.
        expectEqual(fixed.events[5].end, 24_042 - 83)
        expectEqual(fixed.events[6].end, 25_500 - 83)
        // The short caption grows to the minimum (there is free time after it).
        expectEqual(fixed.events[4].end, 15_833)
    }

    @Test func rebreakingKeepsStylingOnItsWords() {
        var event = Self.cue(0, 3000, "Keep this italic phrase here on its words please")
        let plain = event.text.plain
        let italic = plain.utf8.count - "here on its words please".utf8.count
        event.text = CaptionText(plain: plain, spans: [TextSpan(start: italic, end: plain.utf8.count, kind: .italic)])
        var profile = CheckProfile.netflix
        profile.maxLineLength = 30
        let (fixed, _) = Fixer(checker: Checker(profile: profile)).fix(CaptionDocument(events: [event]))
        let text = fixed.events[0].text
        let span = text.spans[0]
        let start = text.plain.utf8.index(text.plain.utf8.startIndex, offsetBy: span.start)
        let end = text.plain.utf8.index(text.plain.utf8.startIndex, offsetBy: span.end)
        expectEqual(String(text.plain[start..<end]).replacingOccurrences(of: "\n", with: " "), "here on its words please")
        expectTrue(text.plain.contains("\n"))
    }

    @Test func profileFiles() throws {
        let kids = try CheckProfileFile.parse(Data(#"{"extends": "netflix", "name": "kids", "reading-speed": 17, "min-gap": null}"#.utf8), name: "kids.json")
        expectTrue(kids.name == "kids" && kids.maxReadingSpeed == 17 && kids.minGapFrames == nil && kids.maxLineLength == 42)
        let own = try CheckProfileFile.parse(Data(#"{"line-length": 32, "min-duration": 1.5, "fps": "30000/1001"}"#.utf8), name: "own.json")
        expectTrue(own.maxLineLength == 32 && own.minDuration == 1500 && own.maxLines == nil && own.frameRate == FrameRate(numerator: 30000, denominator: 1001))
        #expect(throws: CheckProfileFile.Problem.self) { try CheckProfileFile.parse(Data(#"{"line-lenght": 32}"#.utf8), name: "typo.json") }
        do {
            _ = try CheckProfileFile.parse(Data(#"{"reading-speed": true}"#.utf8), name: "bad.json")
            Issue.record("accepted a boolean reading speed")
        } catch {
            expectEqual(error.message, "bad.json: reading-speed: 'true' must be a number from 0.1 to 10000, or null to turn the rule off")
        }
        #expect(throws: CheckProfileFile.Problem.self) { try CheckProfileFile.parse(Data(#"{"extends": "hbo"}"#.utf8), name: "x.json") }
        // 0 and 1 are numbers, not booleans (Linux's JSONSerialization makes both NSNumber).
        let ones = try CheckProfileFile.parse(Data(#"{"min-gap": 1, "line-count": 1, "min-duration": 0}"#.utf8), name: "ones.json")
        expectTrue(ones.minGapFrames == 1 && ones.maxLines == 1 && ones.minDuration == 0)
        #expect(throws: CheckProfileFile.Problem.self) { try CheckProfileFile.parse(Data(#"{"min-gap": false}"#.utf8), name: "no.json") }
    }
}
