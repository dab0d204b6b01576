import Foundation

/// Where a recording has speech, every 10 ms: the signal `captions sync` lines captions up with.
///
/// The detector is CaptionKit's own (no Debian package has a voice-activity detector as a C library;
/// WebRTC's is C++ inside webrtc-audio-processing): the sound at 8 kHz in 25 ms frames, its energy in
/// fourteen 250 Hz bands from 250 to 3750 Hz, each band's noise floor the quietest fifth of its
/// smoothed level over the surrounding four seconds (a percentile, as in minimum statistics), and a frame's speech score the
/// number of bands standing well above their floor. Speech lights many bands at once (harmonics and
/// formants) and comes and goes within a few hundred milliseconds; steady noise, hum and a held chord
/// raise their own bands' floors and drop out, so noise at 10 dB below the speech still leaves it
/// standing out. Offline, so the floor window is centred and the result needs no look-ahead tricks.
public struct SpeechActivity: Sendable {
    /// One value per 10 ms frame from time 0: 0 no speech ... 1 certainly speech.
    public var probability: [Float]

    public static let frameMilliseconds = 10

    public init(probability: [Float]) { self.probability = probability }

    public var milliseconds: Int { probability.count * Self.frameMilliseconds }

    /// Speech frames (probability at least one half), in frames.
    public var speechFrames: Int { probability.reduce(0) { $0 + ($1 >= 0.5 ? 1 : 0) } }

    /// The analysis rate: speech's energy is under 4 kHz, and half the samples halve the cost.
    public static let sampleRate = 8_000

    static let hop = 80          // 10 ms at 8 kHz
    static let window = 200      // 25 ms
    static let fftSize = 256
    static let bands = 14        // 250 Hz each from 250 Hz: bins of 31.25 Hz, 8 per band
    static let firstBin = 8
    static let binsPerBand = 8
    /// Half the noise-floor window, in frames (2 s each side), and the floor's percentile: in speech
    /// the quietest fifth of a band's frames are its pauses, and a percentile (unlike the minimum) sits
    /// at noise's level rather than at its deepest dip.
    static let floorReach = 200
    static let floorPercentile: Float = 0.2
    /// A band counts as lit this many dB above its floor.
    static let litDecibels: Float = 9
    /// ... and partly lit from this many dB above it.
    static let litFrom: Float = 3

    /// Detects speech in mono `samples` at `SpeechActivity.sampleRate`.
    public static func detect(samples: [Float]) -> SpeechActivity {
        let energies = bandEnergies(samples)
        let frames = energies.count / bands
        guard frames > 0 else { return SpeechActivity(probability: []) }
        // Per band, in dB: smoothed over three frames; the floor is a low percentile of the surrounding
        // seconds; a band is lit where it stands `litDecibels` above its floor.
        var lit = [Float](repeating: 0, count: frames)
        var level = [Float](repeating: 0, count: frames)
        for b in 0..<bands {
            for t in 0..<frames {
                let a = energies[max(t - 1, 0) * bands + b], c = energies[t * bands + b], d = energies[min(t + 1, frames - 1) * bands + b]
                level[t] = 10 * log10((a + c + d) / 3)
            }
            let floor = SlidingPercentile.of(level, reach: floorReach, fraction: floorPercentile)
            for t in 0..<frames { lit[t] += min(1, max(0, (level[t] - floor[t] - litFrom) / (litDecibels - litFrom))) }
        }
        // Lit bands adding up to a quarter of them is speech; less is a ramp to it.
        var probability = lit.map { min(1, max(0, ($0 / Float(bands) - 0.08) / 0.17)) }
        // Speech is syllables, not clicks: a 50 ms smoothing removes single-frame blips.
        probability = smooth(probability, reach: 2)
        return SpeechActivity(probability: probability)
    }

    /// Band energies, frame-major: `bands` values per 10 ms frame.
    static func bandEnergies(_ samples: [Float]) -> [Float] {
        let frames = samples.count >= window ? (samples.count - window) / hop + 1 : (samples.isEmpty ? 0 : 1)
        var energies = [Float](repeating: 0, count: frames * bands)
        let fft = FFT(size: fftSize)
        let hann = (0..<window).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(window - 1))) }
        var re = [Float](repeating: 0, count: fftSize), im = [Float](repeating: 0, count: fftSize)
        // Two real frames per complex transform: frame A in the real part, frame B in the imaginary;
        // their spectra separate by symmetry (X_A = (Z_k + conj Z_{n-k}) / 2, X_B = (Z_k - conj Z_{n-k}) / 2i).
        var t = 0
        while t < frames {
            for i in 0..<fftSize { re[i] = 0; im[i] = 0 }
            for (slot, frame) in [t, t + 1].enumerated() where frame < frames {
                let start = frame * hop
                let count = min(window, samples.count - start)
                for i in 0..<count {
                    let v = samples[start + i] * hann[i]
                    if slot == 0 { re[i] = v } else { im[i] = v }
                }
            }
            fft.transform(real: &re, imaginary: &im)
            for b in 0..<bands {
                var ea: Float = 1e-10, eb: Float = 1e-10
                for k in (firstBin + b * binsPerBand)..<(firstBin + (b + 1) * binsPerBand) {
                    let zr = re[k], zi = im[k], wr = re[fftSize - k], wi = -im[fftSize - k]
                    let ar = (zr + wr) / 2, ai = (zi + wi) / 2
                    let br = (zi - wi) / 2, bi = -(zr - wr) / 2
                    ea += ar * ar + ai * ai
                    eb += br * br + bi * bi
                }
                energies[t * bands + b] = ea
                if t + 1 < frames { energies[(t + 1) * bands + b] = eb }
            }
            t += 2
        }
        return energies
    }

    /// Each value replaced by the mean of its neighbourhood `reach` frames each side.
    static func smooth(_ values: [Float], reach: Int) -> [Float] {
        guard values.count > 1, reach > 0 else { return values }
        var prefix = [Float](repeating: 0, count: values.count + 1)
        for i in values.indices { prefix[i + 1] = prefix[i] + values[i] }
        return values.indices.map { i in
            let a = max(0, i - reach), b = min(values.count, i + reach + 1)
            return (prefix[b] - prefix[a]) / Float(b - a)
        }
    }
}
