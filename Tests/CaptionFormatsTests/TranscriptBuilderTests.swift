import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// The rules every speech-to-text adapter relies on: trimming, validation with warnings that name the
/// word, interpolation of missing times, and ends from starts.
@Suite struct TranscriptBuilderTests {
    func words(_ raw: [RawWord], startsOnly: Bool = false, segmentEnd: Double? = nil) -> ([Word], [String]) {
        var issues = TranscriptIssues()
        let transcript = Transcript(segments: [.init(words: raw, end: segmentEnd)], startsOnly: startsOnly)
        let events = TranscriptBuilder.events(from: transcript, issues: &issues)
        return (events.flatMap(\.words), issues.warnings)
    }

    func raw(_ text: String, _ start: Double?, _ end: Double?, _ n: Int) -> RawWord {
        RawWord(text: text, start: start, end: end, path: "words[\(n)]")
    }

    @Test func timedWordsPassThroughTrimmedAndRounded() {
        let (w, warnings) = words([raw(" So", 0, 180.4, 0), raw(" today ", 180.5, 520, 1)])
        expectEqual(w.map(\.text), ["So", "today"])
        expectEqual(w.map(\.start), [0, 181])
        expectEqual(w.map(\.end), [180, 520])
        expectTrue(warnings.isEmpty)
    }

    @Test func untimedWordsShareTheGapTheirNeighboursLeave() {
        let (w, warnings) = words([raw("testing", 700, 1100, 0), raw("3", nil, nil, 1), raw("4", nil, nil, 2), raw("caption", 1400, 1820, 3)])
        expectEqual(w.map(\.start), [700, 1100, 1250, 1400])
        expectEqual(w.map(\.end), [1100, 1250, 1400, 1820])
        expectEqual(w.map(\.interpolated), [false, true, true, false])
        expectTrue(warnings.isEmpty) // absent times are normal for some tools, not a problem to report
    }

    @Test func invalidTimesAreReportedByWordAndInterpolated() {
        let (w, warnings) = words([raw("a", 0, 100, 0), raw("b", .nan, 300, 1), raw("c", -50, 400, 2),
                                   raw("d", 600, 500, 3), raw("e", 700, 800, 4)])
        expectEqual(w.count, 5)
        expectTrue(w[1].interpolated && w[2].interpolated && w[3].interpolated)
        expectTrue(w[3].start == 600 && w[3].end >= 600 && w[3].end <= 700)
        expectEqual(warnings.count, 3)
        expectTrue(warnings[0].hasPrefix("words[1]: 'b' has start nan"))
        expectTrue(warnings[1].contains("words[2]: 'c' has a negative start"))
        expectTrue(warnings[2].contains("words[3]: 'd' ends (0.500 s) before it starts (0.600 s)"))
        // Order and monotonic times survive.
        expectTrue(zip(w, w.dropFirst()).allSatisfy { $0.start <= $1.start })
    }

    @Test func outOfOrderStartsAreMovedAndReported() {
        let (w, warnings) = words([raw("a", 500, 600, 0), raw("b", 100, 700, 1)])
        expectEqual(w.map(\.start), [500, 500])
        expectTrue(warnings.count == 1 && warnings[0].hasPrefix("words[1]"))
    }

    @Test func startsOnlyWordsEndAtTheNextStartOrTheSegmentEnd() {
        let (w, _) = words([raw("So", 0, nil, 0), raw("today", 180, nil, 1), raw("go!", 3300, nil, 2)], startsOnly: true, segmentEnd: 3620)
        expectEqual(w.map(\.end), [180, 3300, 3620])
        expectTrue(!w.contains { $0.interpolated })
    }

    @Test func emptyWordsAreDroppedAndNoWordsGivesNoEvent() {
        let (w, _) = words([raw(" ", 0, 10, 0), raw("", 10, 20, 1)])
        expectTrue(w.isEmpty)
    }

    @Test func eventsSpanTheirWords() {
        var issues = TranscriptIssues()
        let events = TranscriptBuilder.events(from: Transcript(segments: [
            .init(words: [raw("So", 0, 180, 0), raw("today", 180, 520, 1)]),
            .init(words: []),
            .init(words: [raw("Let's", 3100, 3300, 2), raw("go!", 3300, 3620, 3)]),
        ]), issues: &issues)
        expectEqual(events.map(\.start), [0, 3100])
        expectEqual(events.map(\.end), [520, 3620])
        expectEqual(events.map(\.text.plain), ["So today", "Let's go!"])
    }
}
