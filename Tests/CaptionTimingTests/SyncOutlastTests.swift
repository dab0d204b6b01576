import CaptionEdit
import CaptionModel
import CaptionTestSupport
@testable import CaptionTiming
import Foundation
import CaptionExpectations
import Testing

/// Captions that stay on screen after their speech ends (a reading-time minimum, a line held until the
/// next one) come back with their starts on the speech: scoring whole captions against speech put
/// them 50-180 ms early (the middle of a plateau), and a whole offset off under noise.
@Suite struct SyncOutlastTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var recording: String
        var rule: CaptionTimingRule
        var testDescription: String { "\(recording), captions timed by \(rule.rawValue)" }
    }

    /// Voice 1 under pink noise, voice 2 under four other talkers, both at 10 dB SNR. Made once.
    static let recordings: [String: Result<(SpeechActivity, SpokenCaptions), any Error>] = {
        func analysed(_ s: SpokenCaptions) -> (SpeechActivity, SpokenCaptions) { (SpeechActivity.detect(samples: s.samples), s) }
        let first = Result { try SpokenCaptions.make().mixed(with: .pink) }
        let second = Result {
            let clean = try SpokenCaptions.make(voice: "en-gb-scotland+f3", wordsPerMinute: 210, seed: 2)
            return clean.mixed(withBed: try SpokenCaptions.babble(count: clean.samples.count, sampleRate: clean.sampleRate))
        }
        return ["voice 1 + pink noise": first.map(analysed), "voice 2 + babble": second.map(analysed)]
    }()

    static let cases = ["voice 1 + pink noise", "voice 2 + babble"].flatMap { name in
        [CaptionTimingRule.reading, .held].map { Case(recording: name, rule: $0) }
    }

    @Test(arguments: cases)
    func startsLandOnTheSpeech(_ c: Case) throws {
        let (speech, spoken) = try #require(Self.recordings[c.recording]).get()
        let truth = CaptionDocument(events: c.rule.apply(to: spoken.truth).map {
            CaptionEvent(start: $0.start, end: $0.end, text: CaptionText(plain: $0.text))
        })
        // The rule really makes captions outlast their speech (by 0.1 s or more on most).
        let longer = zip(truth.events, spoken.truth).filter { $0.end - $1.end >= 100 }.count
        expectTrue(longer * 2 > truth.events.count, "\(longer) of \(truth.events.count) captions outlast their speech")
        let input = SyncSearchTests.misplaced(truth, offset: 2_480, ratio: nil)
        var search = SyncSearch()
        search.maxOffset = 35_000
        let result = search.run(input, to: SyncReference(speech: speech))
        let synced = Retimer(map: result.timeMap).apply(to: input).document
        let errors = zip(synced.events, truth.events).map { abs($0.start - $1.start) }.sorted()
        expectTrue(errors[errors.count / 2] <= 40, "median start error \(errors[errors.count / 2]) ms; \(result.summary)")
        expectEqual(errors.filter { $0 <= 100 }.count, errors.count, "errors \(errors) ms")
        expectTrue(result.isConfident, "\(result.summary)")
    }

    /// The reading rule and the held rule, checked on cues made up for the purpose.
    @Test func timingRulesOutlastTheSpeechAndNeverOverlap() {
        let cues = [SpokenCaptions.Cue(start: 1_000, end: 1_800, text: String(repeating: "a", count: 45)),
                    SpokenCaptions.Cue(start: 5_000, end: 6_000, text: "short"),
                    SpokenCaptions.Cue(start: 6_400, end: 9_000, text: "last")]
        let reading = CaptionTimingRule.reading.apply(to: cues)
        // 45 characters at 15 a second: 3 s; 2 s at least, up to two frames before the next caption;
        // never shorter than the speech.
        expectEqual(reading.map(\.end), [4_000, 6_317, 9_000])
        // Held to two frames before the next; the last for 7 s.
        let held = CaptionTimingRule.held.apply(to: cues)
        expectEqual(held.map(\.end), [4_917, 6_317, 13_400])
        expectEqual(CaptionTimingRule.speech.apply(to: cues), cues)
    }
}
