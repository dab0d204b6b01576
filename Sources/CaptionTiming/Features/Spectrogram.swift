import Foundation

/// A picture of a stretch of sound's spectrum over time, for the studio's timeline: one column per
/// slice of time, one row per band of frequency (the top row the highest), each cell the loudest bin
/// of its band in decibels below full scale, as a level 0...255.
///
/// Each column is the power spectrum of `frameSize` samples centred on the column's middle (zeros
/// beyond the samples given), under a Hann window; a full-scale sine reads 0 dB in its bin. Levels map
/// `floor`...0 dB onto 0...255 (quieter is 0).
public struct Spectrogram: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    /// Row by row from the top (the highest band), `columns` levels each.
    public let levels: [UInt8]

    /// 512 samples: 32 ms at the studio's 16 kHz, bins 31.25 Hz apart (a voice's harmonics apart).
    public static let frameSize = 512
    public static let floor: Float = -90

    /// The spectrogram of `samples` (at `sampleRate`) in `columns` x `rows`, the columns spread over
    /// the samples `covering` (all of them when nil; those around it give the edge columns' frames
    /// their context), rows covering 0 Hz up to `maxFrequency` (at most half the rate) evenly.
    public init(samples: [Float], sampleRate: Int, covering: Range<Int>? = nil, columns: Int, rows: Int, maxFrequency: Double) {
        let span = covering ?? 0..<samples.count
        let columns = max(1, columns), rows = max(1, rows)
        let n = Self.frameSize
        let spectrum = PowerSpectrum(size: n)
        let window = (0..<n).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(n))) }
        // A full-scale sine's bin under the Hann window: amplitude n/4, power (n/4)^2.
        let reference = Float(n * n) / 16
        let binHz = Double(sampleRate) / Double(n)
        let top = min(maxFrequency, Double(sampleRate) / 2)
        // Each row's bins: those whose centre lies in its band, or the nearest one for a band narrower
        // than a bin.
        let bands: [ClosedRange<Int>] = (0..<rows).map { y in
            let low = Double(rows - 1 - y) / Double(rows) * top, high = Double(rows - y) / Double(rows) * top
            let first = Int((low / binHz).rounded(.up)), last = Int((high / binHz).rounded(.up)) - 1
            let nearest = min(n / 2, Int(((low + high) / 2 / binHz).rounded()))
            return first <= last ? min(first, n / 2)...min(last, n / 2) : nearest...nearest
        }
        var frame = [Float](repeating: 0, count: n), power = [Float](repeating: 0, count: n / 2 + 1)
        var re = [Float](repeating: 0, count: n), im = [Float](repeating: 0, count: n)
        var levels = [UInt8](repeating: 0, count: columns * rows)
        for x in 0..<columns {
            let centre = span.lowerBound + Int((Double(x) + 0.5) * Double(span.count) / Double(columns))
            for i in 0..<n {
                let s = centre - n / 2 + i
                frame[i] = s >= 0 && s < samples.count ? samples[s] * window[i] : 0
            }
            spectrum(frame, into: &power, re: &re, im: &im)
            for (y, band) in bands.enumerated() {
                var loudest: Float = 0
                for k in band where power[k] > loudest { loudest = power[k] }
                let db = loudest > 0 ? 10 * log10(loudest / reference) : Self.floor
                levels[y * columns + x] = UInt8((min(max((db - Self.floor) / -Self.floor, 0), 1) * 255).rounded())
            }
        }
        self.columns = columns
        self.rows = rows
        self.levels = levels
    }
}
