import Foundation

/// Mel-frequency cepstra every 10 ms: the features synthesized and recorded speech are compared by.
///
/// The filter bank is laid out in hertz (100-7,600 Hz, inside the 16 kHz recording's band and
/// espeak-ng's 22,050 Hz one), so both signals give comparable features at their own rates without
/// resampling. Each sequence is normalised (cepstral mean and variance, per coefficient), which
/// removes most of what differs between two voices and a constant noise or channel.
public struct MelCepstrum: Sendable {
    /// Frames, each `coefficients` values, row after row.
    public var values: [Float]
    public var coefficients: Int
    public var count: Int { values.count / max(coefficients, 1) }

    public static let hopMilliseconds = 10
    static let windowMilliseconds = 25
    static let filters = 26
    static let kept = 13
    static let band: (low: Double, high: Double) = (100, 7_600)

    /// The features of `samples` at `sampleRate`, one frame per 10 ms hop (frame i starts at i × 10 ms).
    public init(samples: ArraySlice<Float>, sampleRate: Int) {
        // Frame f starts at sample round(f × hop), so 22,050 Hz (220.5 samples a hop) keeps time too.
        let hop = Double(sampleRate * Self.hopMilliseconds) / 1000
        let window = sampleRate * Self.windowMilliseconds / 1000
        var size = 1
        while size < window { size *= 2 }
        let fft = PowerSpectrum(size: size)
        let bank = Self.filterBank(size: size, sampleRate: sampleRate)
        let dct = Self.cosineTable()
        let hamming = (0..<window).map { Float(0.54 - 0.46 * cos(2 * Double.pi * Double($0) / Double(window - 1))) }
        let frames = samples.isEmpty ? 0 : Int((Double(samples.count) / hop).rounded(.up))
        var values = [Float](repeating: 0, count: frames * Self.kept)
        var frame = [Float](repeating: 0, count: window)
        var power = [Float](repeating: 0, count: size / 2 + 1)
        var (re, im) = ([Float](repeating: 0, count: size), [Float](repeating: 0, count: size))
        var energies = [Float](repeating: 0, count: Self.filters)
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
                energies[m] = log(e + 1e-6)
            }
            for c in 0..<Self.kept {
                var v: Float = 0
                for m in 0..<Self.filters { v += energies[m] * dct[c * Self.filters + m] }
                values[f * Self.kept + c] = v
            }
        }
        self.values = values
        self.coefficients = Self.kept
    }

    init(values: [Float], coefficients: Int) {
        self.values = values
        self.coefficients = coefficients
    }

    /// Frames `range` with each coefficient brought to mean 0 and variance 1 over those frames.
    public func normalized(_ range: Range<Int>) -> MelCepstrum {
        let d = coefficients
        var out = Array(values[(range.lowerBound * d)..<(range.upperBound * d)])
        let n = range.count
        guard n > 1 else { return MelCepstrum(values: out, coefficients: d) }
        for c in 0..<d {
            var sum: Double = 0, squares: Double = 0
            for f in 0..<n { let v = Double(out[f * d + c]); sum += v; squares += v * v }
            let mean = sum / Double(n)
            // Clamped: digital silence has no variance (and rounding can make it a hair negative).
            let deviation = max(squares / Double(n) - mean * mean, 1e-6).squareRoot()
            for f in 0..<n { out[f * d + c] = Float((Double(out[f * d + c]) - mean) / deviation) }
        }
        return MelCepstrum(values: out, coefficients: d)
    }

    /// Every `factor` frames averaged into one: the coarse levels of a long alignment.
    func averaged(by factor: Int) -> MelCepstrum {
        let d = coefficients, n = (count + factor - 1) / factor
        var out = [Float](repeating: 0, count: n * d)
        for f in 0..<n {
            let members = (f * factor)..<min((f + 1) * factor, count)
            for g in members { for c in 0..<d { out[f * d + c] += values[g * d + c] } }
            for c in 0..<d { out[f * d + c] /= Float(members.count) }
        }
        return MelCepstrum(values: out, coefficients: d)
    }

    /// Triangular mel filters as (bin, weight) lists.
    static func filterBank(size: Int, sampleRate: Int) -> [[(Int, Float)]] {
        func mel(_ hz: Double) -> Double { 2595 * log10(1 + hz / 700) }
        func hz(_ mel: Double) -> Double { 700 * (pow(10, mel / 2595) - 1) }
        let (low, high) = (mel(band.low), mel(min(band.high, Double(sampleRate) / 2)))
        let edges = (0...(filters + 1)).map { hz(low + (high - low) * Double($0) / Double(filters + 1)) }
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

    /// DCT-II rows for the kept coefficients.
    static func cosineTable() -> [Float] {
        var table = [Float](repeating: 0, count: kept * filters)
        for c in 0..<kept {
            for m in 0..<filters { table[c * filters + m] = Float(cos(Double.pi * Double(c) * (Double(m) + 0.5) / Double(filters))) }
        }
        return table
    }
}
