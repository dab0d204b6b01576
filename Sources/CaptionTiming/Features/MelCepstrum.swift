import Foundation

/// Mel-frequency cepstra every 10 ms, normalised: the features synthesized and recorded speech are
/// compared by. Each sequence is brought to mean 0 and variance 1 per coefficient (cepstral mean and
/// variance normalisation), which removes most of what differs between two voices, two levels and a
/// constant channel.
public struct MelCepstrum: Sendable {
    /// Frames, `coefficients` values each, row after row.
    public var values: [Float]
    public var coefficients: Int
    public var count: Int { values.count / max(coefficients, 1) }

    public static let hopMilliseconds = MelEnergies.hopMilliseconds
    static let kept = 13

    /// The first 13 cepstra (c0, the loudness, included) of `energies`, normalised.
    init(_ energies: MelEnergies) {
        let filters = MelEnergies.filters
        let dct = Self.cosineTable()
        var values = [Float](repeating: 0, count: energies.count * Self.kept)
        for f in 0..<energies.count {
            for c in 0..<Self.kept {
                var v: Float = 0
                for m in 0..<filters { v += energies.values[f * filters + m] * dct[c * filters + m] }
                values[f * Self.kept + c] = v
            }
        }
        self.init(values: values, coefficients: Self.kept)
        normalize()
    }

    init(values: [Float], coefficients: Int) {
        self.values = values
        self.coefficients = coefficients
    }

    /// Each coefficient brought to mean 0 and variance 1 over the frames.
    mutating func normalize() {
        let d = coefficients, n = count
        guard n > 1 else { return }
        for c in 0..<d {
            var sum: Double = 0, squares: Double = 0
            for f in 0..<n { let v = Double(values[f * d + c]); sum += v; squares += v * v }
            let mean = sum / Double(n)
            // Clamped: digital silence has no variance (and rounding can make it a hair negative).
            let deviation = max(squares / Double(n) - mean * mean, 1e-6).squareRoot()
            for f in 0..<n { values[f * d + c] = Float((Double(values[f * d + c]) - mean) / deviation) }
        }
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

    /// DCT-II rows for the kept coefficients.
    static func cosineTable() -> [Float] {
        let filters = MelEnergies.filters
        var table = [Float](repeating: 0, count: kept * filters)
        for c in 0..<kept {
            for m in 0..<filters { table[c * filters + m] = Float(cos(Double.pi * Double(c) * (Double(m) + 0.5) / Double(filters))) }
        }
        return table
    }

    /// The features of synthesized speech made comparable with a recording's energies (`heard`): the
    /// synthesized energies as heard in the recording's noise (`MelEnergies.heard`), both normalised.
    /// `warp`: how much higher the recorded voice's formants lie (`MelEnergies.init`).
    static func pair(reference: SynthesizedSpeech, recording heard: MelEnergies, warp: Double = 1) -> (reference: MelCepstrum, recording: MelCepstrum) {
        let spoken = MelEnergies(samples: reference.samples[...], sampleRate: reference.sampleRate, warp: warp).heard(in: heard)
        return (MelCepstrum(spoken), MelCepstrum(heard))
    }
}
