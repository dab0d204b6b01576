import CaptionExpectations
import CaptionModel
@testable import CaptionTiming
import Testing

/// How words the warping could not place get their times, and how starts put in the noise before a
/// word are moved to its sound: values against hand-worked arithmetic.
@Suite struct WordPlacementTests {
    @Test func aLastUnplacedWordRunsOnAtTheCuesPace() {
        var counts = AudioWordAligner.Counts()
        // Placed: 1000 and 1500 for synthesized 0 and 400, a pace of 1.25; the third word was
        // synthesized 400 ms after the second, so 500 ms after it here, not halfway to the end (2250).
        let words = WordPlacement.words(["a", "b", "c"], starts: [1000, 1500, nil], end: 3000, within: 900...3200,
                                        synthesized: [0, 400, 800], counts: &counts)
        expectEqual(words.map(\.start), [1000, 1500, 2000])
        expectEqual(words.map(\.end), [1500, 2000, 3000])
        expectEqual(words.map(\.interpolated), [false, false, true])
        expectEqual(counts, AudioWordAligner.Counts(placed: 2, interpolated: 1))
        // Without the synthesized starts: equal shares up to the end, as before.
        let even = WordPlacement.words(["a", "b", "c"], starts: [1000, 1500, nil], end: 3000, within: 900...3200, counts: &counts)
        expectEqual(even.map(\.start), [1000, 1500, 2250])
    }

    @Test func unplacedWordsShareAGapAsTheSynthesizedWordsDo() {
        var counts = AudioWordAligner.Counts()
        // The gap 1000...2000 against synthesized 0...1000: b at 100, c at 600 keep those proportions.
        let words = WordPlacement.words(["a", "b", "c", "d"], starts: [1000, nil, nil, 2000], end: 2500, within: 0...3000,
                                        synthesized: [0, 100, 600, 1000], counts: &counts)
        expectEqual(words.map(\.start), [1000, 1100, 1600, 2000])
        // A first unplaced word runs back from the next placed one at the cue's pace (1.0 here).
        let first = WordPlacement.words(["a", "b", "c"], starts: [nil, 1400, 1900], end: 2500, within: 1000...3000,
                                        synthesized: [100, 300, 800], counts: &counts)
        expectEqual(first.map(\.start), [1200, 1400, 1900])
        // Where the pace would put it before the cue, the cue's start and equal shares, as before.
        let early = WordPlacement.words(["a", "b", "c"], starts: [nil, 1400, 1900], end: 2500, within: 1300...3000,
                                        synthesized: [100, 300, 800], counts: &counts)
        expectEqual(early.map(\.start), [1300, 1400, 1900])
    }

    @Test func shortWordsWithoutASynthesizedStartShareTheTimeAroundThem() {
        expectEqual(WordPlacement.filled([0, nil, 100]), [0, 50, 100])
        expectEqual(WordPlacement.filled([0, nil, nil, 90]), [0, 30, 60, 90])
        expectEqual(WordPlacement.filled([nil, 10, nil]), [nil, 10, nil])
    }

    @Test func aStartInTheNoiseAfterAPauseMovesToTheWordsSound() {
        // 100 frames of 10 ms: noise at 0, a word from frame 50 (500 ms) at 3; the window starts at 10 s.
        let loudness = (0..<100).map { $0 < 50 ? Float(($0 % 3)) * 0.1 : 3 }
        let starts: [Int?] = [10_300, 10_520, 10_600, nil]
        let moved = SpeechOnsets.refined(starts, afterPause: [true, true, false, true], loudness: loudness, offset: 10_000)
        // The first, in the noise after a pause, goes to the sound; the second is in the sound already;
        // the third follows no pause; nothing is placed for the fourth.
        expectEqual(moved, [10_500, 10_520, 10_600, nil])
        // A start in the noise that follows no pause stays.
        expectEqual(SpeechOnsets.refined([10_300], afterPause: [false], loudness: loudness, offset: 10_000), [10_300])
        // A next word the warping put in the same noise (at 450 ms) is left to its neighbours.
        expectEqual(SpeechOnsets.refined([10_300, 10_450, 10_700], afterPause: [true, false, false], loudness: loudness, offset: 10_000),
                    [10_500, nil, 10_700])
        // No sound within reach (400 ms): the start stays.
        let quiet = (0..<100).map { $0 < 90 ? Float(($0 % 3)) * 0.1 : 3 }
        expectEqual(SpeechOnsets.refined([10_300], afterPause: [true], loudness: quiet, offset: 10_000), [10_300])
    }

    @Test func aStartInTheSilenceJustBeforeAWordMovesToItsSound() {
        // The real-speech case (cards 002, "four"): the model starts the word 70 ms before its /f/, so the
        // 80 ms heard after the start holds the word's rise and is not as quiet as the floor; every frame
        // from the start to the sound is, and that moves it. A faint first sound (an /h/ just above the
        // floor, under the onset) keeps the start where it is.
        let rising: [Float] = (0..<100).map { $0 < 50 ? Float(($0 % 3)) * 0.1 : Float(min($0 - 48, 4)) }
        expectEqual(SpeechOnsets.refined([10_440], afterPause: [true], loudness: rising, offset: 10_000), [10_500])
        let faint: [Float] = (0..<100).map { $0 < 43 ? Float(($0 % 3)) * 0.1 : $0 < 50 ? 0.8 : 3 }
        expectEqual(SpeechOnsets.refined([10_440], afterPause: [true], loudness: faint, offset: 10_000), [10_440])
    }

    @Test func aStartLateInASoundAfterAPauseMovesBackToWhereItRose() {
        // Noise (0-0.2) to frame 30, then a word at 3: the model started it at 600 ms, 300 ms late.
        let loudness: [Float] = (0..<100).map { $0 < 30 ? Float(($0 % 3)) * 0.1 : 3 }
        expectEqual(SpeechOnsets.backToOnsets([10_600], afterPause: [true], earliest: [nil], loudness: loudness, offset: 10_000), [10_300])
        // Not after a pause, or with the word before ending inside the sound: the start stays.
        expectEqual(SpeechOnsets.backToOnsets([10_600], afterPause: [false], earliest: [nil], loudness: loudness, offset: 10_000), [10_600])
        expectEqual(SpeechOnsets.backToOnsets([10_600], afterPause: [true], earliest: [10_450], loudness: loudness, offset: 10_000), [10_600])
        // A sound that began further back than `reach` (400 ms): no quiet found, the start stays.
        let long: [Float] = (0..<100).map { $0 < 10 ? 0 : 3 }
        expectEqual(SpeechOnsets.backToOnsets([10_600], afterPause: [true], earliest: [nil], loudness: long, offset: 10_000), [10_600])
    }

    @Test func aStartTooSoonBeforeAPauseMovesPastIt() {
        // Speech (3) in frames 0-19, a 200 ms pause (0) in 20-39, speech again from frame 40; a stop's
        // closure (80 ms of quiet) in frames 60-67, speech after it. The window starts at 5 s.
        let loudness: [Float] = (0..<100).map { (20..<40).contains($0) || (60..<68).contains($0) ? 0 : 3 }
        // A 400 ms word placed 50 ms before the pause cannot have been said there: it moves to 400 ms.
        expectEqual(SpeechOnsets.pastPauses([5_150], lengths: [400], loudness: loudness, offset: 5_000), [5_400])
        // A 60 ms word there fits before the pause: it stays.
        expectEqual(SpeechOnsets.pastPauses([5_170], lengths: [60], loudness: loudness, offset: 5_000), [5_170])
        // 80 ms of quiet is a closure, not a pause: a long word placed before it stays.
        expectEqual(SpeechOnsets.pastPauses([5_550], lengths: [500], loudness: loudness, offset: 5_000), [5_550])
        // Not past the next word's start (300 ms, inside the pause): it stays.
        expectEqual(SpeechOnsets.pastPauses([5_150, 5_300], lengths: [400, 200], loudness: loudness, offset: 5_000), [5_150, 5_300])
        // A word without a synthesized length is left as it is.
        expectEqual(SpeechOnsets.pastPauses([5_150], lengths: [nil], loudness: loudness, offset: 5_000), [5_150])
    }

    @Test func aWindowsSpeechIsMeasuredAboveItsFloor() {
        // 100 frames: 30 at the floor (1), 50 of speech at 6, 20 louder at 9. The floor is the 20th
        // frame in order (1), the loud level the 90th (9): 8 above, a clean window.
        let clean = [Float](repeating: 1, count: 30) + [Float](repeating: 6, count: 50) + [Float](repeating: 9, count: 20)
        expectEqual(SpeechOnsets.aboveFloor(clean), 8)
        #expect(SpeechOnsets.aboveFloor(clean) >= AudioWordAligner.noisyBelow)
        // Noise raises the floor to 4 and leaves the loudest frames at 6: 2 above, a noisy window.
        let noisy = [Float](repeating: 4, count: 30) + [Float](repeating: 5, count: 50) + [Float](repeating: 6, count: 20)
        expectEqual(SpeechOnsets.aboveFloor(noisy), 2)
        #expect(SpeechOnsets.aboveFloor(noisy) < AudioWordAligner.noisyBelow)
        expectEqual(SpeechOnsets.aboveFloor([]), 0)
    }
}
