import Foundation

/// Log mel filter-bank energies every 10 ms: what the cepstra the warping compares are made from
/// (`MelCepstrum`).
///
/// The filter bank is laid out in hertz (100-7,600 Hz, inside the 16 kHz recording's band and
/// espeak-ng's 22,050 Hz one), so both signals give comparable features at their own rates without
/// resampling.
struct MelEnergies {
    static let hopMilliseconds = 10
    static let windowMilliseconds = 25
    static let filters = 26
    static let band: (low: Double, high: Double) = (100, 7_600)

    /// Frames of `filters` values each (natural log of the energy), row after row.
    var values: [Float]
    var count: Int { values.count / Self.filters }

    /// The energies of `samples` at `sampleRate`, frame f starting at f × 10 ms. With `warp` above 1
    /// each filter listens that many times lower: a voice whose formants lie lower (espeak-ng's male
    /// voice against a woman's or a child's) then gives the other voice's features.
    init(samples: ArraySlice<Float>, sampleRate: Int, warp: Double = 1) {
        // Frame f starts at sample round(f × hop), so 22,050 Hz (220.5 samples a hop) keeps time too.
        let hop = Double(sampleRate * Self.hopMilliseconds) / 1000
        let window = sampleRate * Self.windowMilliseconds / 1000
        var size = 1
        while size < window { size *= 2 }
        let fft = PowerSpectrum(size: size)
        let bank = Self.filterBank(size: size, sampleRate: sampleRate, warp: warp)
        let hamming = (0..<window).map { Float(0.54 - 0.46 * cos(2 * Double.pi * Double($0) / Double(window - 1))) }
        let frames = samples.isEmpty ? 0 : Int((Double(samples.count) / hop).rounded(.up))
        var values = [Float](repeating: 0, count: frames * Self.filters)
        var frame = [Float](repeating: 0, count: window)
        var power = [Float](repeating: 0, count: size / 2 + 1)
        var (re, im) = ([Float](repeating: 0, count: size), [Float](repeating: 0, count: size))
        let base = samples.startIndex
        for f in 0..<frames {
            let start = base + Int((Double(f) * hop).rounded())
            var previous: Float = start > base ? samples[start - 1] : 0
            for i in 0..<window {
                let s: Float = start + i < samples.endIndex ? samples[start + i] : 0
                frame[i] = (s - 0.97 * previous) * hamming[i]
                previous = s
            }
            fft(frame, into: &power, re: &re, im: &im)
            for m in 0..<Self.filters {
                var e: Float = 0
                for (k, w) in bank[m] { e += power[k] * w }
                // A floor well under any recording's noise, so digital silence is not -infinity.
                values[f * Self.filters + m] = log(e + 1e-6)
            }
        }
        self.values = values
    }

    /// These (synthesized, noiseless) energies as they would sound in `recording`'s noise: in each band
    /// scaled so their loud level (90th percentile) matches the recording's loud level less its noise,
    /// then the recording's noise floor (its 10th percentile: in any window with pauses, the noise)
    /// added, as powers add. Noise hides the quiet parts of a recording (weak consonants, closures,
    /// pauses); the synthesized speech then loses them the same way, and the two are compared on what
    /// both show. On a clean recording the floor is far down and little changes.
    func heard(in recording: MelEnergies) -> MelEnergies {
        guard count > 0, recording.count > 0 else { return self }
        var out = self
        let d = Self.filters
        func percentile(_ sorted: [Float], _ p: Double) -> Float { sorted[min(Int(Double(sorted.count) * p), sorted.count - 1)] }
        for m in 0..<d {
            let own = (0..<count).map { values[$0 * d + m] }.sorted()
            let theirs = (0..<recording.count).map { recording.values[$0 * d + m] }.sorted()
            let noise = exp(percentile(theirs, 0.1))
            let gain = max(exp(percentile(theirs, 0.9)) - noise, noise) / exp(percentile(own, 0.9))
            for f in 0..<count { out.values[f * d + m] = log(exp(values[f * d + m]) * gain + noise) }
        }
        return out
    }

    /// Triangular mel filters as (bin, weight) lists.
    static func filterBank(size: Int, sampleRate: Int, warp: Double = 1) -> [[(Int, Float)]] {
        func mel(_ hz: Double) -> Double { 2595 * log10(1 + hz / 700) }
        func hz(_ mel: Double) -> Double { 700 * (pow(10, mel / 2595) - 1) }
        let (low, high) = (mel(band.low), mel(min(band.high, Double(sampleRate) / 2)))
        let edges = (0...(filters + 1)).map { hz(low + (high - low) * Double($0) / Double(filters + 1)) / warp }
        let binHz = Double(sampleRate) / Double(size)
        return (0..<filters).map { m in
            var weights: [(Int, Float)] = []
            for k in 0...(size / 2) {
                let f = Double(k) * binHz
                let w = f < edges[m + 1] ? (f - edges[m]) / (edges[m + 1] - edges[m]) : (edges[m + 2] - f) / (edges[m + 2] - edges[m + 1])
                if w > 0 { weights.append((k, Float(w))) }
            }
            return weights
        }
    }
}
