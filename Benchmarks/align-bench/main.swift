import CaptionModel
import CaptionStyles
import CaptionTestSupport
import CaptionTiming
import CaptionVideo
import Foundation

// make align-bench: word starts from `captions align --audio`'s method against the truth, beside the
// length-proportional estimate karaoke presets use today for captions without words, on the same
// cases: espeak-ng speech in two voices at two speeds, clean and with pink noise at 10 dB SNR, placed
// at cue times in a WAV that is read back as the toolkit reads any file (16 kHz mono). Then the real
// recordings with hand-checked starts (Corpus/align/), clean and under the same noise, and their sum. Arguments:
// [sentences per case] [truth file and audio folder, in place of the two recordings].

let arguments = CommandLine.arguments
let sentenceCount = arguments.count > 1 ? Int(arguments[1]) ?? 60 : 60
// The real recordings: each a truth file (Corpus/align/, whose headers say how it was made) and the folder
// holding its audio; a truth file and a folder given as arguments replace them.
let recordings: [(name: String, truth: String, audio: String)] = arguments.count > 3
    ? [("given", arguments[2], arguments[3])]
    : RecordedWordStarts.recordings.map { ($0.name, RecordedWordStarts.corpusPath($0.table), $0.folder) }
let directory = NSTemporaryDirectory() + "align-bench-\(getpid())"
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: directory) }

let sentences = Array(SpeechScript.sentences.prefix(sentenceCount))
let voices = ["en-us", "en+f3"]
let rates = [140, 210]

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func proportional(_ document: CaptionDocument) -> CaptionDocument {
    var out = document
    for i in out.events.indices {
        let texts = out.events[i].text.plain.split(whereSeparator: \.isWhitespace).map(String.init)
        out.events[i].words = WordTimeline.spread(texts, start: out.events[i].start, end: out.events[i].end)
            .map { Word(text: $0.text, start: $0.start, end: $0.end) }
    }
    return out
}

var options = AudioWordAligner.Options()
// A knob for trying other formant scales: ALIGN_WARPS=0.9,1,1.15.
if let warps = ProcessInfo.processInfo.environment["ALIGN_WARPS"] { options.warps = warps.split(separator: ",").compactMap { Double($0) } }
// Each method on its own: ALIGN_METHOD=warping or acoustic (`--aligner`), ALIGN_AGREEMENT=0 for the
// acoustic model's starts without the warping's averaged in.
if let method = ProcessInfo.processInfo.environment["ALIGN_METHOD"].flatMap(AudioWordAligner.Method.init(rawValue:)) { options.method = method }
if let agreement = ProcessInfo.processInfo.environment["ALIGN_AGREEMENT"].flatMap({ Int($0) }) { options.agreement = agreement }
// ALIGN_DENOISE=0: the model hears each cue only as recorded, not also with its noise taken out.
if ProcessInfo.processInfo.environment["ALIGN_DENOISE"] == "0" { options.denoise = false }
print("align-bench: \(sentences.count) captions per case; aligner's voice '\(SpeechSynthesizer.defaultVoice)' at \(SpeechSynthesizer.defaultRate) wpm, \(options.method.rawValue), agreement \(options.agreement) ms\(options.denoise ? "" : ", not denoised")")
print("case                          speech  | audio (cues)        | audio (script, no times) | proportional estimate | align x real time")
// Other pauses, placements and noise than the reported run's: ALIGN_SEED=n (a held-out check of a change).
let extraSeed = UInt64(ProcessInfo.processInfo.environment["ALIGN_SEED"].flatMap { UInt64($0) } ?? 0)
var totals = (cues: WordStartScore(), script: WordStartScore(), estimate: WordStartScore())
var alignSeconds = 0.0, audioSeconds = 0.0, scriptSeconds = 0.0
// Every case is spoken before any is aligned: espeak-ng carries some state from one synthesis to the
// next, so speaking a case after an aligner's synthesis would give each method slightly other speech.
var cases: [(voice: String, rate: Int, clean: SpokenWords)] = []
for voice in voices {
    for rate in rates {
        cases.append((voice, rate, try SpokenWords.make(sentences, voice: voice, rate: rate, seed: UInt64(rate) &* 31 &+ UInt64(voice.count) &+ extraSeed &* 1_000_003)))
    }
}
for (voice, rate, clean) in cases {
    for noisy in [false, true] {
        var spoken = clean
        if noisy { spoken.addPinkNoise(snr: 10, seed: 7 &+ extraSeed) }
        let wav = directory + "/case.wav"
        try spoken.writeWAV(to: wav)
        let audio = try AudioSamples.read(wav, sampleRate: 16_000)
        let began = now()
        let aligned = try AudioWordAligner.align(captions: spoken.document, samples: audio.samples, sampleRate: audio.sampleRate, options: options)
        let took = now() - began
        let script = spoken.document.events.map { $0.text.plain }.joined(separator: "\n")
        let scriptBegan = now()
        let whole = try AudioWordAligner.align(text: script, samples: audio.samples, sampleRate: audio.sampleRate, options: options)
        scriptSeconds += now() - scriptBegan
        var cues = WordStartScore(), plain = WordStartScore(), estimate = WordStartScore()
        cues.add(aligned.document, truth: spoken.truth)
        // The script's lines are the cues' texts, so its events line up with the truth's cues.
        plain.add(whole.document, truth: spoken.truth)
        estimate.add(proportional(spoken.document), truth: spoken.truth)
        totals.cues.add(cues); totals.script.add(plain); totals.estimate.add(estimate)
        if ProcessInfo.processInfo.environment["SHOW_MISSES"] != nil { print("  misses: \(cues.misses.joined(separator: ", "))") }
        alignSeconds += took
        audioSeconds += Double(audio.milliseconds) / 1000
        let name = "\(voice) \(rate) wpm \(noisy ? String(format: "noisy %.1f dB", SpokenWords.snr(clean: clean, mixed: spoken)) : "clean")"
        print(String(format: "%-28@ %5.0f s | %5.1f / %5.1f %%       | %5.1f / %5.1f %%            | %5.1f / %5.1f %%         | %5.1fx (%d interpolated)",
                     name as NSString, Double(audio.milliseconds) / 1000, cues.share50 * 100, cues.share150 * 100,
                     plain.share50 * 100, plain.share150 * 100, estimate.share50 * 100, estimate.share150 * 100,
                     Double(audio.milliseconds) / 1000 / took, aligned.counts.interpolated))
    }
}
print(String(format: "all cases (within 50 / 150 ms)      | %5.1f / %5.1f %%       | %5.1f / %5.1f %%            | %5.1f / %5.1f %%         | %5.1fx",
             totals.cues.share50 * 100, totals.cues.share150 * 100, totals.script.share50 * 100, totals.script.share150 * 100,
             totals.estimate.share50 * 100, totals.estimate.share150 * 100, audioSeconds / alignSeconds))
print("words scored: \(totals.cues.words); alignment time \(String(format: "%.2f", alignSeconds)) s for \(String(format: "%.0f", audioSeconds)) s of audio (one thread); as scripts \(String(format: "%.2f", scriptSeconds)) s (\(String(format: "%.1f", audioSeconds / scriptSeconds))x)")

// A real recording: a file, a word and its start in ms per line (see each file's header for how they
// were marked); each file is one cue spanning the whole file, its text the file's words. Clean, then
// under pink noise at 10 dB SNR as the synthesized cases.
@MainActor func scoreRecording(name: String, truthFile: String, audioDirectory: String) throws -> (clean: WordStartScore, noisy: WordStartScore, script: WordStartScore) {
    guard let byFile = try? RecordedWordStarts.read(truthFile) else {
        print("\(name): \(truthFile) not found")
        return (WordStartScore(), WordStartScore(), WordStartScore())
    }
    guard let first = byFile.first, FileManager.default.fileExists(atPath: audioDirectory + "/" + first.file) else {
        print("\(name): its audio (\(audioDirectory)) is not installed")
        return (WordStartScore(), WordStartScore(), WordStartScore())
    }
    var real = WordStartScore(), estimate = WordStartScore(), noisy = WordStartScore(), plain = WordStartScore()
    var snrs: [Double] = []
    for (number, entry) in byFile.enumerated() {
        let audio = AudioSamples(samples: try entry.samples(in: audioDirectory) { try AudioSamples.read($0, sampleRate: 16_000).samples },
                                 sampleRate: 16_000)
        let cue = CaptionDocument(events: [CaptionEvent(start: 0, end: audio.milliseconds, text: CaptionText(plain: entry.words.joined(separator: " ")))])
        let aligned = try AudioWordAligner.align(captions: cue, samples: audio.samples, sampleRate: audio.sampleRate, options: options)
        real.add(aligned.document, truth: [entry.starts])
        // The same words as a script without times (one line), found in the whole file.
        let script = try AudioWordAligner.align(text: entry.words.joined(separator: " "), samples: audio.samples, sampleRate: audio.sampleRate, options: options)
        plain.add(script.document, truth: [entry.starts])
        estimate.add(proportional(cue), truth: [entry.starts])
        // The same reading under pink noise at 10 dB SNR, as the synthesized cases.
        let clean = SpokenWords(recording: audio.samples, sampleRate: audio.sampleRate, document: cue, truth: [entry.starts])
        var mixed = clean
        mixed.addPinkNoise(snr: 10, seed: 7 &+ UInt64(number) &+ extraSeed)
        snrs.append(SpokenWords.snr(clean: clean, mixed: mixed))
        let underNoise = try AudioWordAligner.align(captions: cue, samples: mixed.samples, sampleRate: mixed.sampleRate, options: options)
        noisy.add(underNoise.document, truth: [entry.starts])
        // SHOW_WORDS=1: each word's truth, then its start and error clean and under noise.
        if ProcessInfo.processInfo.environment["SHOW_WORDS"] != nil {
            for (k, truth) in entry.starts.enumerated() {
                let (a, b) = (aligned.document.events[0].words[k].start, underNoise.document.events[0].words[k].start)
                print("  \(entry.file.suffix(8))\t\(entry.words[k])\t\(truth)\t\(a)\t\(a - truth)\t\(b)\t\(b - truth)")
            }
        }
    }
    estimate.misses = []
    plain.misses = []
    print("\(name) (\(byFile.count) files, \(real.words) words, cue = whole file): audio \(real); proportional \(estimate)")
    print("  as a script without times: \(plain)")
    if real.words > 0 { print("  \(real.spread)") }
    print(String(format: "%@ under pink noise (%.1f-%.1f dB SNR): audio ", name, snrs.min() ?? 0, snrs.max() ?? 0) + "\(noisy)")
    if noisy.words > 0 { print("  \(noisy.spread)") }
    return (real, noisy, plain)
}

var real = (clean: WordStartScore(), noisy: WordStartScore(), script: WordStartScore())
for recording in recordings {
    let scored = try scoreRecording(name: recording.name, truthFile: recording.truth, audioDirectory: recording.audio)
    real.clean.add(scored.clean)
    real.noisy.add(scored.noisy)
    real.script.add(scored.script)
}
if recordings.count > 1 {
    real.clean.misses = []
    real.noisy.misses = []
    real.script.misses = []
    print("all real recordings: clean \(real.clean); under noise \(real.noisy); clean as scripts without times \(real.script)")
}
