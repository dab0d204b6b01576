import CaptionModel
import CaptionTestSupport
import CaptionExpectations
import Testing
@testable import CaptionEdit

@Suite struct WordAlignerTests {
    /// "so today we're testing three caption styles" with 300 ms words and 100 ms gaps from 1 s.
    static let timed: [Word] = "So today we're testing three caption styles".split(separator: " ").enumerated().map { i, w in
        Word(text: String(w), start: 1000 + i * 400, end: 1300 + i * 400, speaker: "A")
    }

    static func tokens(_ s: String) -> [String] { s.split(separator: " ").map(String.init) }

    @Test func unchangedWordsKeepTheirExactTimesAndTakeTheTranscriptSpelling() {
        let result = WordAligner.align(Self.tokens("So, today we’re TESTING three caption styles."), onto: Self.timed)
        expectEqual(result.counts, { var c = WordAligner.Counts(); c.matched = 7; return c }())
        expectEqual(result.words.map(\.text), Self.tokens("So, today we’re TESTING three caption styles."))
        expectEqual(result.words.map(\.start), Self.timed.map(\.start))
        expectEqual(result.words.map(\.end), Self.timed.map(\.end))
        expectTrue(result.words.allSatisfy { !$0.interpolated && $0.speaker == "A" })
    }

    @Test func replacedInsertedAndDeletedWords() {
        // "three" -> "3" (replaced one for one), "really" inserted, "today" deleted, "café" matches "Cafe".
        let timed = Self.timed + [Word(text: "Cafe", start: 3900, end: 4200)]
        let result = WordAligner.align(Self.tokens("So we're really testing 3 caption styles café"), onto: timed)
        expectEqual(result.counts.matched, 6)
        expectEqual(result.counts.changed, 1)
        expectEqual(result.counts.inserted, 1)
        expectEqual(result.counts.deleted, 1)
        let byText = Dictionary(uniqueKeysWithValues: result.words.map { ($0.text, $0) })
        expectEqual(byText["3"], Word(text: "3", start: 2600, end: 2900, speaker: "A"))
        // Inserted between "we're" (ends 2100) and "testing" (starts 2200): the gap, interpolated.
        expectEqual(byText["really"], Word(text: "really", start: 2100, end: 2200, interpolated: true, speaker: "A"))
        expectTrue(byText["café"]!.start == 3900 && !byText["café"]!.interpolated)
        for unchanged in ["So", "we're", "testing", "caption", "styles"] {
            let original = Self.timed.first { $0.text == unchanged }!
            expectTrue(byText[unchanged]!.start == original.start && byText[unchanged]!.end == original.end)
        }
    }

    @Test func unequalReplacementSpreadsOverTheReplacedSpan() {
        // "three caption" (1800-2900 ms... words 4 and 5) replaced by "several subtitle and caption": "caption" matches,
        // so "several subtitle and" replace "three" (2600-2900) in proportion to their lengths.
        let result = WordAligner.align(Self.tokens("So today we're testing several subtitle and caption styles"), onto: Self.timed)
        expectEqual(result.counts.matched, 6)
        expectEqual(result.counts.changed, 1)
        expectEqual(result.counts.inserted, 2)
        let spread = result.words[4...6]
        expectEqual(spread.map(\.text), ["several", "subtitle", "and"])
        expectTrue(spread.first!.start == 2600 && spread.last!.end == 2900)
        expectTrue(spread.allSatisfy { $0.interpolated })
        expectTrue(zip(spread, spread.dropFirst()).allSatisfy { $0.end == $1.start })
    }

    @Test func punctuationTokensRideAlongWithoutBeingCounted() {
        let result = WordAligner.align(Self.tokens("So today — we're testing three caption styles …"), onto: Self.timed)
        expectTrue(result.counts.matched == 7 && result.counts.inserted == 0)
        expectEqual(result.words.count, 9)
        expectEqual(result.words[2], Word(text: "—", start: 1700, end: 1700, interpolated: true, speaker: "A"))
        expectTrue(result.words[8].start == 3700 && result.words[8].interpolated)
    }

    @Test func longTranscriptsAlignInLinearishTime() {
        // 40,000 timed words with a correction every 50 words: every unchanged word keeps its times.
        var random = SplitMix64(seed: 9)
        let vocabulary = (0..<3000).map { "w\($0)" }
        let timed = (0..<40_000).map { i in Word(text: random.pick(vocabulary), start: i * 300, end: i * 300 + 250) }
        var transcript = timed.map(\.text)
        var edited = Set<Int>()
        for i in stride(from: 25, to: transcript.count, by: 50) { transcript[i] = "fixed\(i)"; edited.insert(i) }
        let result = WordAligner.align(transcript, onto: timed)
        expectEqual(result.counts.matched, 40_000 - edited.count)
        expectEqual(result.counts.changed, edited.count)
        expectTrue(result.words.indices.allSatisfy { result.words[$0].start == timed[$0].start })
    }
}

@Suite struct TranscriptAlignmentTests {
    @Test func editedCaptionsKeepTheirCuesAndTheKaraokeOfUnchangedWords() {
        let captions = CaptionDocument(events: [
            CaptionEvent(start: 1000, end: 2400, text: CaptionText(plain: "So today we’re")),
            CaptionEvent(start: 2400, end: 4000, text: CaptionText(plain: "testing 3 caption\nstyles!")),
        ])
        let result = TranscriptAlignment.align(captions: captions, onto: WordAlignerTests.timed)
        expectEqual(result.document.events.map(\.start), [1000, 2400])
        expectEqual(result.document.events[0].words.map(\.text), ["So", "today", "we’re"])
        expectEqual(result.document.events[1].words.map(\.text), ["testing", "3", "caption", "styles!"])
        expectEqual(result.document.events[1].words[2], Word(text: "caption", start: 3000, end: 3300, speaker: "A"))
        // "testing" was spoken at 2200, before its cue starts at 2400: pulled inside the cue.
        expectEqual(result.clamped, 1)
        expectEqual(result.document.events[1].words[0].start, 2400)
        expectTrue(result.document.events.allSatisfy { e in e.words.allSatisfy { e.start <= $0.start && $0.end <= e.end } })
    }

    @Test func plainTextBecomesOneEventPerLine() {
        let result = TranscriptAlignment.align(text: "So today we're testing\n\nthree caption styles\n", onto: WordAlignerTests.timed)
        expectEqual(result.document.events.count, 2)
        expectTrue(result.document.events[1].start == 2600 && result.document.events[1].end == 3700)
        expectEqual(result.counts.matched, 7)
    }
}
