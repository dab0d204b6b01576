import CaptionTestSupport
import Foundation

// Makes the sync benchmark's cases in the folder given: for each recording (two voices and speeds;
// clean, a music bed and pink noise at 10 dB SNR, and both at 0 dB) a WAV, the true captions (truth.srt) and the
// misplaced captions to sync (one SRT per offset / frame-rate change); the same with captions that
// outlast their speech (CaptionTimingRule: reading, held) under music, pink noise and babble at 10 and
// 5 dB; an ad-break recording whose captions are 4 s further off after a 90 s break, clean and under
// noise; and, with --long, a two-hour recording of the same
// sentences in a seeded random order. cases.tsv lists: case, recording, input, truth.
let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: sync-bench FOLDER [--long]\n".utf8))
    exit(64)
}
let folder = arguments[1]
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
var cases: [String] = []

func write(_ text: String, _ name: String) throws -> String {
    let path = "\(folder)/\(name)"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

let film = 25.0 / (24000.0 / 1001.0)

/// The cases.tsv lines for `cues` (the truth, named by `label` when they are not the speech's own
/// times) heard in `recording`, their files written: the cues off by each of `offsets` (they are this
/// much late) and, last, made for 25 fps and 11.73 s early.
func caseLines(_ recording: String, _ label: String?, _ cues: [SpokenCaptions.Cue], offsets: [Int]) throws -> [String] {
    var lines: [String] = []
    let stem = label.map { "\(recording)-\($0)" } ?? recording
    let name = label.map { "\(recording) \($0)" } ?? recording
    let truth = try write(SpokenCaptions.srt(cues), "\(stem)-truth.srt")
    for offset in offsets {
        let input = try write(SpokenCaptions.srt(cues) { $0 + offset }, "\(stem)-off\(offset).srt")
        lines.append("\(name) \(offset) ms\t\(recording).wav\t\(input)\t\(truth)")
    }
    let stretched = try write(SpokenCaptions.srt(cues) { Int((Double($0 + 11_730) / film).rounded()) }, "\(stem)-film.srt")
    lines.append("\(name) -11730 ms + 25->23.976\t\(recording).wav\t\(stretched)\t\(truth)")
    return lines
}

let voices: [(name: String, voice: String, speed: Int, seed: UInt64)] = [("voice1", "en-us", 170, 1), ("voice2", "en-gb-scotland+f3", 210, 2)]
for v in voices {
    let clean = try SpokenCaptions.make(voice: v.voice, wordsPerMinute: v.speed, seed: v.seed, sampleRate: 16_000)
    let babble = try SpokenCaptions.babble(count: clean.samples.count, sampleRate: clean.sampleRate, seed: v.seed &+ 20)
    // Captions timed to their speech: clean, and music and pink noise at 10 dB (the goal) and 0 dB
    // (noise as loud as the speech: the margin beyond it). Captions that outlast their speech, as real
    // ones do, timed by two rules (a reading-time minimum with short gaps closed; each line held until
    // the next): clean, and music, pink noise and babble (four other talkers) at 10 and 5 dB.
    let recordings: [(noise: String, spoken: SpokenCaptions, speechTimed: Bool, outlasting: Bool)] = [
        ("clean", clean, true, true), ("music", clean.mixed(with: .music), true, true), ("pink", clean.mixed(with: .pink), true, true),
        ("music-0dB", clean.mixed(with: .music, snr: 0), true, false), ("pink-0dB", clean.mixed(with: .pink, snr: 0), true, false),
        ("babble", clean.mixed(withBed: babble), false, true), ("music-5dB", clean.mixed(with: .music, snr: 5), false, true),
        ("pink-5dB", clean.mixed(with: .pink, snr: 5), false, true), ("babble-5dB", clean.mixed(withBed: babble, snr: 5), false, true),
    ]
    for r in recordings {
        let recording = "\(v.name)-\(r.noise)"
        try r.spoken.writeWAV(to: "\(folder)/\(recording).wav")
        if r.speechTimed { cases += try caseLines(recording, nil, r.spoken.truth, offsets: [-30_000, -7_300, 2_480, 30_000]) }
        if r.outlasting {
            for rule in [CaptionTimingRule.reading, .held] {
                cases += try caseLines(recording, rule.rawValue, rule.apply(to: r.spoken.truth), offsets: [-7_300, 2_480])
            }
        }
    }
}

// The ad break: 90 s more between captions 13 and 14; the captions are 3 s late before it, 7 s after.
let adBreak = try SpokenCaptions.make(sampleRate: 16_000, gaps: [13: 90_000])
try adBreak.writeWAV(to: "\(folder)/adbreak.wav")
let adTruth = try write(SpokenCaptions.srt(adBreak.truth), "adbreak-truth.srt")
let shifted = adBreak.truth.enumerated().map { i, c in
    SpokenCaptions.Cue(start: c.start + (i < 13 ? 3_000 : 7_000), end: c.end + (i < 13 ? 3_000 : 7_000), text: c.text)
}
let adInput = try write(SpokenCaptions.srt(shifted), "adbreak-input.srt")
cases.append("ad break (+3 s, then +7 s) --splits\tadbreak.wav\t\(adInput)\t\(adTruth)")
// The same break under noise at 10 dB.
for noise in SpokenCaptions.Noise.allCases {
    try adBreak.mixed(with: noise).writeWAV(to: "\(folder)/adbreak-\(noise.rawValue).wav")
    cases.append("ad break \(noise.rawValue) --splits\tadbreak-\(noise.rawValue).wav\t\(adInput)\t\(adTruth)")
}

if arguments.contains("--long") {
    // Two hours: the 26 sentences again and again in a seeded random order, so the timing is unique.
    var random = SplitMix64(seed: 99)
    var sentences: [String] = []
    var total = 0
    while total < 7_300_000 {
        let s = SpokenCaptions.sentences[random.below(SpokenCaptions.sentences.count)]
        sentences.append(s)
        total += 3_830   // a sentence and its pause, on average
    }
    let long = try SpokenCaptions.make(lead: 5_000, seed: 98, sampleRate: 16_000, sentences: sentences)
    try long.writeWAV(to: "\(folder)/long.wav")
    _ = try write(SpokenCaptions.srt(long.truth), "long-truth.srt")
    _ = try write(SpokenCaptions.srt(long.truth) { $0 + 4_321 }, "long-input.srt")
    print("long: \(long.truth.count) captions, \(long.samples.count / long.sampleRate) s")
}
_ = try write(cases.joined(separator: "\n") + "\n", "cases.tsv")
print("\(cases.count) cases in \(folder)")
