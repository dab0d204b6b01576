import Foundation

/// A recording with its steady noise taken out, for the acoustic model to hear: a short-time Wiener
/// filter whose noise is each frequency's quiet level over the whole stretch, and whose speech-to-noise
/// estimate follows Ephraim and Malah's decision-directed rule (which keeps the "musical" flutter of
/// plain spectral subtraction down).
///
/// Why: pocketsphinx's model was trained on clean speech. Under noise it hears a word's weak first
/// sound (an /h/, an /m/, a soft /f/) as the noise before it and starts the word late: on 144 real
/// words under pink noise at 10 dB SNR its starts were 23 ms later on average than on the clean
/// recordings, and most of its misses were late ones. Its own noise removal (`-remove_noise`, on) is
/// not enough; heard after this filter, 84-86 % of those starts are within 50 ms instead of 80-83 %
/// (`make align-bench`, docs/audio-alignment.md).
enum SpectralDenoiser {
    /// 32 ms frames at 16 kHz, half overlapping: long enough to resolve a voice's harmonics.
    static let size = 512
    /// The share of frames quieter than a frequency's noise estimate: in any stretch with pauses
    /// (a cue's window is the cue and a second either side), its quietest tenth is the noise.
    static let noisePercentile = 0.1
    /// The least a frequency is kept (about -26 dB): stronger than the usual -20 dB, since the model,
    /// not a listener, hears the result (`make align-bench`: 0.1 and 0.2 did a point or two worse).
    static let floorGain: Float = 0.05
    /// How much of a frequency's speech-to-noise estimate carries from one frame to the next.
    static let smoothing: Float = 0.98

    /// `samples` with the noise taken out, the same length and time.
    static func denoised(_ samples: ArraySlice<Float>) -> [Float] {
        let hop = size / 2
        guard samples.count > 2 * size else { return Array(samples) }
        // A hop of silence before and enough after, so every sample lies under two frames (the
        // windows' squares then sum to one) and the last ones are not dropped.
        let frames = (samples.count + hop) / hop + 1
        var input = [Float](repeating: 0, count: hop)
        input += samples
        input += [Float](repeating: 0, count: (frames + 1) * hop - input.count)
        let fft = FFT(size: size)
        // A square-root Hann window for analysis and again for synthesis: at half overlap the two
        // multiply to a Hann, whose copies sum to one.
        let window = (0..<size).map { Float(sin(Double.pi * (Double($0) + 0.5) / Double(size))) }
        let bins = size / 2 + 1
        var spectra: [(re: [Float], im: [Float])] = []
        spectra.reserveCapacity(frames)
        var power = [Float](repeating: 0, count: frames * bins)
        for f in 0..<frames {
            var re = (0..<size).map { input[f * hop + $0] * window[$0] }
            var im = [Float](repeating: 0, count: size)
            fft.transform(real: &re, imaginary: &im)
            for k in 0..<bins { power[f * bins + k] = re[k] * re[k] + im[k] * im[k] }
            spectra.append((re, im))
        }
        // Each frequency's noise power: a noise frame's power is spread exponentially about its mean,
        // so the tenth percentile lies at -ln(0.9) = 0.105 of it; divided back up to the mean.
        let noise = (0..<bins).map { k -> Float in
            let sorted = (0..<frames).map { power[$0 * bins + k] }.sorted()
            let quiet = sorted[min(Int(Double(frames) * noisePercentile), frames - 1)]
            return max(quiet / Float(-log(1 - noisePercentile)), 1e-12)
        }
        var output = [Float](repeating: 0, count: input.count)
        // The speech-to-noise ratio the frame before kept (its gain applied), per frequency.
        var kept = [Float](repeating: 1, count: bins)
        for f in 0..<frames {
            var (re, im) = spectra[f]
            for k in 0..<bins {
                let heard = power[f * bins + k] / noise[k]
                let speech = smoothing * kept[k] + (1 - smoothing) * max(heard - 1, 0)
                let gain = max(speech / (1 + speech), floorGain)
                kept[k] = gain * gain * heard
                re[k] *= gain
                im[k] *= gain
                // The mirrored half of a real signal's spectrum gets the same gain.
                if k > 0 && k < size / 2 {
                    re[size - k] *= gain
                    im[size - k] *= gain
                }
            }
            fft.transform(real: &re, imaginary: &im, inverse: true)
            for i in 0..<size { output[f * hop + i] += re[i] / Float(size) * window[i] }
        }
        return Array(output[hop..<(hop + samples.count)])
    }
}
