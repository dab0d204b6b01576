import Foundation

/// A second reading of where the speech is, every 10 ms: how much louder a frame is than the
/// recording usually is around it (the median level over the surrounding four seconds, speech's bands
/// from 250 to 3750 Hz), 6 dB above it +1, 6 dB below it -1.
///
/// Why beside `SpeechActivity.probability`: the detector asks for syllables standing above a noise
/// floor, and under babble (other people talking, a crowd) the floor is other syllables: the babble's
/// frames are called speech as often as the speaker's (measured on espeak-ng speech under four other
/// talkers at 10 dB SNR: mean probability 0.56 in the speech, 0.26 outside it; at 5 dB 0.36 and 0.27).
/// The speaker the captions follow is the loudest voice, and a frame louder than the median is most
/// often theirs. Synced on this reading, the same captions stood out by 1.96-2.41 under that babble
/// where the probability gave 1.23-1.81, and their starts came within 18 ms instead of 53 (the
/// numpy prototype of the search over dumped band energies, 2026-12-01). Where the sound is loud
/// without speech (music swelling, effects), the probability is the better reading, so `SyncSearch`
/// tries both and keeps the one the captions line up with more clearly.
enum LevelContrast {
    /// Half the window (frames each side) and the dB that make the full swing.
    static let reach = 200
    static let swing: Float = 6

    /// The contrast from `SpeechActivity.bandEnergies` (`bands` values per frame).
    static func of(bandEnergies energies: [Float], bands: Int) -> [Float] {
        let frames = energies.count / bands
        guard frames > 0 else { return [] }
        // Each frame's level over its bands, as the detector smooths it (three frames).
        var total = [Float](repeating: 0, count: frames)
        for t in 0..<frames {
            var sum: Float = 0
            for b in 0..<bands { sum += energies[t * bands + b] }
            total[t] = sum
        }
        var level = [Float](repeating: 0, count: frames)
        for t in 0..<frames {
            let around: Float = total[max(t - 1, 0)] + total[t] + total[min(t + 1, frames - 1)]
            level[t] = 10 * log10(around / 3)
        }
        let median = SlidingPercentile.of(level, reach: reach, fraction: 0.5)
        return zip(level, median).map { min(1, max(-1, ($0 - $1) / swing)) }
    }
}
