import CaptionModel
import CaptionTiming
import Foundation

/// Captions spoken by espeak-ng into one recording, each at its cue's time with silence between, and
/// the truth of when each word starts (`SpokenCaptions` is the caption-level sibling the sync tests use) (espeak-ng's own word events plus the cue's offset): the input
/// and answer key of the audio-alignment tests and `make align-bench`. Optionally pink noise at a set
/// signal-to-noise ratio.
public struct SpokenWords: Sendable {
    /// The cues, without words, each starting a little before its speech and ending a little after.
    public var document: CaptionDocument
    public var samples: [Float]
    public var sampleRate: Int
    /// For each cue, each word's true start (ms from the recording's start); nil where espeak-ng gave
    /// no event for the word.
    public var truth: [[Int?]]
    /// The mean square of the speech alone (over the cues' speech, not the silence between).
    public var speechPower: Double

    public var milliseconds: Int { samples.count * 1000 / sampleRate }

    /// `sentences` spoken with `voice` at `rate`, one cue each; gaps and cue margins drawn from `seed`.
    public static func make(_ sentences: [String], voice: String, rate: Int, seed: UInt64) throws -> SpokenWords {
        var random = SplitMix64(seed: seed)
        var samples: [Float] = []
        var events: [CaptionEvent] = []
        var truth: [[Int?]] = []
        var rate22k = 22_050, squares = 0.0, speechCount = 0
        for sentence in sentences {
            let words = sentence.split(whereSeparator: \.isWhitespace).map(String.init)
            let speech = try SpeechSynthesizer.speak(words, voice: voice, rate: rate)
            rate22k = speech.sampleRate
            let gap = random.int(400...1_500)
            samples += [Float](repeating: 0, count: gap * rate22k / 1000)
            let offset = samples.count * 1000 / rate22k
            samples += speech.samples
            for s in speech.samples { squares += Double(s * s) }
            speechCount += speech.samples.count
            // Cues as a person times them: opening up to a quarter second before the speech and
            // closing up to a quarter second after it.
            let start = max(offset - random.int(0...250), 0)
            let end = offset + speech.milliseconds + random.int(0...250)
            events.append(CaptionEvent(start: start, end: end, text: CaptionText(plain: sentence)))
            truth.append(speech.wordStarts.map { $0.map { $0 + offset } })
        }
        samples += [Float](repeating: 0, count: rate22k)
        return SpokenWords(document: CaptionDocument(events: events), samples: samples, sampleRate: rate22k,
                              truth: truth, speechPower: squares / Double(max(speechCount, 1)))
    }

    /// Adds pink noise (Paul Kellet's filter over seeded white noise) scaled so the speech's power is
    /// `snr` dB above the noise's.
    public mutating func addPinkNoise(snr: Double, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var noise = [Double](repeating: 0, count: samples.count)
        var b = [Double](repeating: 0, count: 7)
        for i in noise.indices {
            let white = random.unit() * 2 - 1
            b[0] = 0.99886 * b[0] + white * 0.0555179
            b[1] = 0.99332 * b[1] + white * 0.0750759
            b[2] = 0.96900 * b[2] + white * 0.1538520
            b[3] = 0.86650 * b[3] + white * 0.3104856
            b[4] = 0.55000 * b[4] + white * 0.5329522
            b[5] = -0.7616 * b[5] - white * 0.0168980
            noise[i] = b[0] + b[1] + b[2] + b[3] + b[4] + b[5] + b[6] + white * 0.5362
            b[6] = white * 0.115926
        }
        let noisePower = noise.reduce(0) { $0 + $1 * $1 } / Double(max(noise.count, 1))
        let gain = (speechPower / (noisePower * pow(10, snr / 10))).squareRoot()
        for i in samples.indices { samples[i] += Float(noise[i] * gain) }
    }

    /// The measured ratio of the speech's power to the noise's (`mixed` minus the clean samples), in dB.
    public static func snr(clean: SpokenWords, mixed: SpokenWords) -> Double {
        var noise = 0.0
        for i in clean.samples.indices { let d = Double(mixed.samples[i] - clean.samples[i]); noise += d * d }
        return 10 * log10(clean.speechPower / (noise / Double(clean.samples.count)))
    }

    /// The recording as a 16-bit mono WAV file.
    public func writeWAV(to path: String) throws { try WAVFile.write(samples, sampleRate: sampleRate, to: path) }
}

/// How close word starts came to the truth: the share within 50 ms and within 150 ms.
public struct WordStartScore: Sendable, CustomStringConvertible {
    public var words = 0
    public var within50 = 0
    public var within150 = 0
    /// The words off by more than 150 ms, with their error (for a failing test's message).
    public var misses: [String] = []
    /// Each scored word's error in ms (placed minus true), for the median and the worst.
    public var errors: [Int] = []

    public init() {}

    /// Scores each word of `document` that has a true start against it (cues and words in order).
    public mutating func add(_ document: CaptionDocument, truth: [[Int?]]) {
        for (event, starts) in zip(document.events, truth) {
            for (word, start) in zip(event.words, starts) {
                guard let start else { continue }
                add(error: word.start - start)
                if abs(word.start - start) > 150 { misses.append("\(word.text) \(word.start - start) ms\(word.interpolated ? " (interpolated)" : "")") }
            }
        }
    }

    public mutating func add(error: Int) {
        words += 1
        errors.append(error)
        if abs(error) <= 50 { within50 += 1 }
        if abs(error) <= 150 { within150 += 1 }
    }

    public mutating func add(_ other: WordStartScore) {
        words += other.words; within50 += other.within50; within150 += other.within150; misses += other.misses
        errors += other.errors
    }

    /// "median error M ms, worst W ms" over the errors' sizes; empty with no word scored.
    public var spread: String {
        let sizes = errors.map(abs).sorted()
        return sizes.isEmpty ? "" : "median error \(sizes[sizes.count / 2]) ms, worst \(sizes.last!) ms"
    }

    public var share50: Double { Double(within50) / Double(max(words, 1)) }
    public var share150: Double { Double(within150) / Double(max(words, 1)) }
    public var description: String {
        String(format: "%5.1f %% within 50 ms, %5.1f %% within 150 ms (%d words)", share50 * 100, share150 * 100, words)
            + (misses.isEmpty ? "" : "; off by more than 150 ms: " + misses.joined(separator: ", "))
    }
}

extension SpokenWords {
    /// A recording made elsewhere (a person reading) with its known word starts, so noise can be added
    /// to it as to synthesized speech. Its speech power is the mean square of its 10 ms frames within
    /// 30 dB of the loudest: the pauses and the silence around the reading left out.
    public init(recording samples: [Float], sampleRate: Int, document: CaptionDocument, truth: [[Int?]]) {
        let hop = max(sampleRate / 100, 1)
        let frames = stride(from: 0, to: samples.count, by: hop).map { start in
            samples[start..<min(start + hop, samples.count)].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(min(hop, samples.count - start))
        }
        let loudest = frames.max() ?? 0
        let speech = frames.filter { $0 >= loudest / 1000 }
        self.init(document: document, samples: samples, sampleRate: sampleRate, truth: truth,
                  speechPower: speech.reduce(0, +) / Double(max(speech.count, 1)))
    }
}
