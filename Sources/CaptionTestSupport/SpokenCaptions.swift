import Foundation

/// A recording whose speech matches known captions: each caption's text spoken by espeak-ng at its
/// time, optionally under noise. The truth is where each caption's speech was placed. For the timing
/// tests and `make sync-bench` (espeak-ng and sox from Debian; the toolkit never runs them).
public struct SpokenCaptions: Sendable {
    /// Mono samples at `sampleRate`.
    public var samples: [Float]
    public var sampleRate: Int
    /// The captions timed to the speech (start: where its speech begins; end: where it stops).
    public var truth: [Cue]

    public struct Cue: Sendable, Hashable {
        public var start: Int
        public var end: Int
        public var text: String
        public init(start: Int, end: Int, text: String) { self.start = start; self.end = end; self.text = text }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static let sentences = [
        "The harbour was quiet when the first boats came in.", "Nobody expected the storm to turn so quickly.",
        "My grandmother kept every letter in a wooden box.", "We walked along the cliffs until the light faded.",
        "The engine coughed twice and then fell silent.", "Please remember to lock the gate behind you.",
        "Seven hundred people signed the petition by Friday.", "He painted the kitchen a bright shade of yellow.",
        "The market opens at six on Saturday mornings.", "Rain had soaked the maps and ruined the plan.",
        "She laughed and said the bridge would hold.", "Every winter the river freezes near the mill.",
        "Our train was delayed by almost an hour.", "The museum keeps a whale skeleton in the hall.",
        "Bring a torch, the tunnel has no lights.", "They found the missing key under the doormat.",
        "Honey from the hills tastes of heather and thyme.", "The orchestra tuned up while the hall filled.",
        "A fox crossed the road right in front of us.", "Nobody could read the doctor's handwriting.",
        "The lighthouse keeper wrote down every ship.", "We counted forty stars before the clouds came.",
        "Fresh bread was cooling on the window sill.", "The old clock in the square still runs slow.",
        "Tomorrow we will climb the northern ridge.", "Thank you all for listening to our story.",
    ]

    /// Speaks `sentences` with `voice` at `wordsPerMinute`, the first from `lead` ms, with seeded pauses
    /// of 0.4 to 2.5 s between them. `gaps` adds extra silence before the given caption indices (ms).
    /// `sentences` (or others) are spoken in order.
    public static func make(voice: String = "en-us", wordsPerMinute: Int = 170, lead: Int = 32_000, seed: UInt64 = 1,
                            sampleRate: Int = 8_000, gaps: [Int: Int] = [:], tail: Int = 3_000,
                            sentences: [String] = SpokenCaptions.sentences) throws -> SpokenCaptions {
        let dir = NSTemporaryDirectory() + "captionkit-speech-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var random = SplitMix64(seed: seed)
        var clips: [[Float]] = []
        // A sentence said again (a long recording made of the same sentences) is synthesized once.
        var said: [String: [Float]] = [:]
        for (i, sentence) in sentences.enumerated() {
            if let clip = said[sentence] { clips.append(clip); continue }
            let wav = "\(dir)/\(i).wav", raw = "\(dir)/\(i).raw"
            try run("espeak-ng", ["-v", voice, "-s", String(wordsPerMinute), "-w", wav, sentence])
            try run("sox", [wav, "-r", String(sampleRate), "-c", "1", "-e", "floating-point", "-b", "32", "-t", "raw", raw])
            let data = try Data(contentsOf: URL(fileURLWithPath: raw))
            let clip = trimmed(data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) })
            said[sentence] = clip
            clips.append(clip)
        }
        var samples: [Float] = []
        var events: [Cue] = []
        var at = lead
        for (i, clip) in clips.enumerated() {
            at += gaps[i] ?? 0
            let startSample = at * sampleRate / 1000
            if samples.count < startSample { samples.append(contentsOf: repeatElement(0, count: startSample - samples.count)) }
            samples.append(contentsOf: clip)
            let duration = clip.count * 1000 / sampleRate
            events.append(Cue(start: at, end: at + duration, text: sentences[i]))
            at += duration + 400 + random.below(2_100)
        }
        samples.append(contentsOf: repeatElement(0, count: tail * sampleRate / 1000))
        return SpokenCaptions(samples: samples, sampleRate: sampleRate, truth: events)
    }

    static func run(_ program: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(program)")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "\(program) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)") }
    }

    /// The recording as a 16-bit mono WAV file, its loudest sample just under full scale.
    public func writeWAV(to path: String) throws { try WAVFile.write(samples, sampleRate: sampleRate, to: path, normalize: true) }

    /// Cues as SubRip text, each moved by `map` (input: the true time in ms).
    public static func srt(_ cues: [Cue], map: (Int) -> Int = { $0 }) -> String {
        func time(_ ms: Int) -> String {
            let t = max(0, ms)
            return String(format: "%02d:%02d:%02d,%03d", t / 3_600_000, t / 60_000 % 60, t / 1000 % 60, t % 1000)
        }
        return cues.enumerated().map { i, c in "\(i + 1)\n\(time(map(c.start))) --> \(time(map(c.end)))\n\(c.text)\n" }.joined(separator: "\n")
    }

    /// The clip without espeak's leading and trailing silence.
    static func trimmed(_ clip: [Float]) -> [Float] {
        guard let first = clip.firstIndex(where: { abs($0) > 0.01 }), let last = clip.lastIndex(where: { abs($0) > 0.01 }) else { return [] }
        return Array(clip[first...last])
    }

    /// Noise beds the speech is mixed with.
    public enum Noise: String, Sendable, CaseIterable {
        /// Pink noise (-3 dB per octave), Voss-McCartney.
        case pink
        /// A music-like bed: chords of harmonic notes changing every half second, with a soft beat.
        case music
    }

    /// The speech with `noise` added at `snr` dB below the active speech level (the power over the
    /// samples where speech is, as speech levels are measured, not diluted by the pauses).
    public func mixed(with noise: Noise, snr: Double = 10, seed: UInt64 = 7) -> SpokenCaptions {
        var random = SplitMix64(seed: seed)
        let bed: [Float] = switch noise {
        case .pink: Self.pinkNoise(count: samples.count, random: &random)
        case .music: Self.musicBed(count: samples.count, sampleRate: sampleRate, random: &random)
        }
        return mixed(withBed: bed, snr: snr)
    }

    /// The speech with `bed` (as long as the samples, or longer) added at `snr` dB below the active
    /// speech level.
    public func mixed(withBed bed: [Float], snr: Double = 10) -> SpokenCaptions {
        var speechPower = 0.0, speechCount = 0
        for event in truth {
            for i in (event.start * sampleRate / 1000)..<min(samples.count, event.end * sampleRate / 1000) {
                speechPower += Double(samples[i]) * Double(samples[i]); speechCount += 1
            }
        }
        speechPower /= Double(max(speechCount, 1))
        let bed = bed.count > samples.count ? Array(bed[..<samples.count]) : bed + [Float](repeating: 0, count: samples.count - bed.count)
        let noisePower = bed.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(bed.count, 1))
        let gain = Float((speechPower / pow(10, snr / 10) / noisePower).squareRoot())
        var copy = self
        copy.samples = zip(samples, bed).map { $0 + gain * $1 }
        return copy
    }

    static func pinkNoise(count: Int, random: inout SplitMix64) -> [Float] {
        var rows = [Float](repeating: 0, count: 16)
        var out = [Float](repeating: 0, count: count)
        for i in 0..<count {
            // Row k changes every 2^k samples: the sum has a 1/f spectrum over 16 octaves.
            let k = i == 0 ? 0 : min(15, (i & -i).trailingZeroBitCount)
            rows[k] = Float(random.unit() * 2 - 1)
            out[i] = rows.reduce(0, +) / 4 + Float(random.unit() * 2 - 1) / 4
        }
        return out
    }

    static func musicBed(count: Int, sampleRate: Int, random: inout SplitMix64) -> [Float] {
        let roots: [Double] = [110, 130.81, 146.83, 164.81, 196, 220]
        var out = [Float](repeating: 0, count: count)
        let noteLength = sampleRate / 2
        var start = 0
        while start < count {
            let root = roots[random.below(roots.count)]
            let chord = [root, root * 1.26, root * 1.5, root * 2]
            for i in start..<min(count, start + noteLength) {
                let t = Double(i - start) / Double(sampleRate)
                let envelope = exp(-2 * t) * 0.8 + 0.2
                var v = 0.0
                for f in chord { for h in 1...4 { v += sin(2 * .pi * f * Double(h) * Double(i) / Double(sampleRate)) / Double(h) } }
                // A beat: a short noise burst at each chord change.
                if i - start < sampleRate / 40 { v += (random.unit() * 2 - 1) * 3 }
                out[i] = Float(v * envelope / 4)
            }
            start += noteLength
        }
        return out
    }
}
