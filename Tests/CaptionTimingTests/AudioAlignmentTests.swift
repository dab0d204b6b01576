import CaptionModel
import CaptionTestSupport
import CaptionTiming
import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// Word starts warped from synthesized speech onto a recording, scored against the truth: captions
/// spoken by espeak-ng in another voice and at another speed than the aligner's own, placed at their
/// cue times in a WAV read back as any file is (16 kHz), word starts known from espeak-ng's events.
@Suite struct AudioAlignmentTests {
    /// Ten sentences (115 words), so one word off by more than 150 ms is within the 1 %.
    static let sentences = Array(SpeechScript.sentences[10..<20])

    func recording(_ spoken: SpokenWords) throws -> AudioSamples {
        let wav = try Tool.temporaryDirectory() + "/speech.wav"
        try spoken.writeWAV(to: wav)
        return try AudioSamples.read(wav, sampleRate: 16_000)
    }

    @Test func theSynthesizerGivesEachWordItsStartInOrder() throws {
        let speech = try SpeechSynthesizer.speak(["Turn", "left", "at", "the", "bakery,", "then", "follow", "42", "signs."])
        expectEqual(speech.sampleRate, 22_050)
        expectTrue(speech.milliseconds > 1_500 && speech.milliseconds < 5_000)
        let starts = speech.wordStarts.compactMap { $0 }
        expectEqual(starts.count, 9)
        expectTrue(starts == starts.sorted() && Set(starts).count == starts.count)
        // The first word starts near the beginning, and the last well before the end.
        expectTrue(starts[0] < 200)
        expectTrue(starts.last! < speech.milliseconds - 200)
    }

    @Test func anUnknownVoiceIsReportedByName() {
        do {
            _ = try SpeechSynthesizer.speak(["hello"], voice: "no-such-voice-xx")
            Issue.record("spoke with a voice that does not exist")
        } catch {
            expectTrue(error.description.contains("no-such-voice-xx"))
        }
    }

    /// Two recordings, one clean (en-us, 150 wpm) and one under pink noise at 10 dB (en+f3, 200 wpm):
    /// each at least 90 % of word starts within 50 ms and 97 % within 150 ms, both together 98 %. The
    /// issue's 99 % within 150 ms is measured where it has 5,856 words to be measured on, by `make
    /// align-bench` (99.3 %): on 230 words it would allow two misses, and the bench's noisy cases miss
    /// 1.1-1.6 % (espeak-ng's output also shifts by a few samples with what the process spoke before),
    /// so a test at 99 % would fail by chance, not by regression.
    @Test func wordStartsFollowTheSpeech() throws {
        var pooled = WordStartScore()
        for (voice, rate, noisy) in [("en-us", 150, false), ("en+f3", 200, true)] {
            let clean = try SpokenWords.make(Self.sentences, voice: voice, rate: rate, seed: 11)
            var spoken = clean
            if noisy {
                spoken.addPinkNoise(snr: 10, seed: 3)
                expectTrue(abs(SpokenWords.snr(clean: clean, mixed: spoken) - 10) < 0.05)
            }
            let audio = try recording(spoken)
            let aligned = try AudioWordAligner.align(captions: spoken.document, samples: audio.samples, sampleRate: audio.sampleRate)
            var score = WordStartScore()
            score.add(aligned.document, truth: spoken.truth)
            expectTrue(score.words > 100)
            expectTrue(score.share50 >= 0.90, "\(voice): \(score)")
            expectTrue(score.share150 >= 0.97, "\(voice): \(score)")
            pooled.add(score)
            checkCuesKept(spoken.document, aligned.document)
        }
        expectTrue(pooled.share50 >= 0.90, "\(pooled)")
        expectTrue(pooled.share150 >= 0.98, "\(pooled)")
    }

    /// Cues and texts are kept; every word is inside its cue.
    func checkCuesKept(_ original: CaptionDocument, _ aligned: CaptionDocument) {
        for (before, after) in zip(original.events, aligned.events) {
            expectTrue(after.start == before.start && after.end == before.end && after.text == before.text)
            expectTrue(after.words.allSatisfy { $0.start >= after.start && $0.end <= after.end && $0.start <= $0.end })
        }
    }

    @Test func aScriptWithoutTimesIsWarpedWhole() throws {
        let spoken = try SpokenWords.make(Array(SpeechScript.sentences[0..<8]), voice: "en-us", rate: 160, seed: 5)
        let audio = try recording(spoken)
        let script = spoken.document.events.map { $0.text.plain }.joined(separator: "\n\n")
        var options = AudioWordAligner.Options()
        options.method = .warping
        let aligned = try AudioWordAligner.align(text: script, samples: audio.samples, sampleRate: audio.sampleRate, options: options)
        expectEqual(aligned.document.events.count, 8)
        expectEqual(aligned.counts.acoustic, 0)
        var score = WordStartScore()
        score.add(aligned.document, truth: spoken.truth)
        expectTrue(score.share50 >= 0.85, "\(score)")
        expectTrue(score.share150 >= 0.97, "\(score)")
    }

    @Test func wordsOverSilenceAreInterpolatedInsideTheirCue() throws {
        // Three seconds of silence, then one spoken caption; the first cue has nothing to hear.
        var spoken = try SpokenWords.make([SpeechScript.sentences[3]], voice: "en-us", rate: 170, seed: 2)
        spoken.samples = [Float](repeating: 0, count: 3 * spoken.sampleRate) + spoken.samples
        let shifted = spoken.document.events.map { CaptionEvent(start: $0.start + 3_000, end: $0.end + 3_000, text: $0.text) }
        let silent = CaptionEvent(start: 200, end: 1_800, text: CaptionText(plain: "nobody says these words"))
        let document = CaptionDocument(events: [silent] + shifted)
        let audio = try recording(spoken)
        let aligned = try AudioWordAligner.align(captions: document, samples: audio.samples, sampleRate: audio.sampleRate)
        let quiet = aligned.document.events[0].words
        expectEqual(quiet.count, 4)
        expectTrue(quiet.allSatisfy { $0.interpolated && $0.start >= 200 && $0.end <= 1_800 }, "\(quiet)")
        // The spoken caption's 15 words are placed, but for a few (espeak-ng's output varies slightly
        // with what the process spoke before).
        expectTrue(aligned.document.events[1].words.filter(\.interpolated).count <= 3)
        expectEqual(aligned.counts.placed + aligned.counts.interpolated, 4 + aligned.document.events[1].words.count)
    }

    @Test func captionsThatAlreadyHaveWordsAreLeftAlone() throws {
        let spoken = try SpokenWords.make([SpeechScript.sentences[6]], voice: "en-us", rate: 170, seed: 4)
        var document = spoken.document
        let given = [Word(text: "given", start: document.events[0].start, end: document.events[0].end)]
        document.events[0].words = given
        let audio = try recording(spoken)
        let aligned = try AudioWordAligner.align(captions: document, samples: audio.samples, sampleRate: audio.sampleRate)
        expectEqual(aligned.document.events[0].words, given)
        expectTrue(aligned.counts.placed == 0 && aligned.counts.interpolated == 0)
    }
}
