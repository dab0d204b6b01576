/// A file's sound as a waveform: the peak (largest magnitude) of its mono downmix in each 10 ms, at the
/// stream's own sample rate, placed on the file's clock as `AudioSamples` places samples (bucket 0 is
/// time 0 a player shows). What the studio draws under its timeline.
///
/// The sound is never held whole: each decoded run of samples goes into its buckets as it comes, so a
/// two-hour film costs its decode and 720,000 floats. Bucket `k` holds the samples `i` with
/// `i * 100 / rate == k` (integer division), exactly, whatever the rate.
public struct WaveformPeaks: Sendable, Equatable {
    public static let bucketsPerSecond = 100
    /// The audio stream's sample rate.
    public var sampleRate: Int
    /// The peak of each bucket, 0 for silence, 1 at full scale (a clipped stream may exceed it).
    public var peaks: [Float]

    public init(sampleRate: Int, peaks: [Float]) {
        self.sampleRate = sampleRate
        self.peaks = peaks
    }

    /// The peaks of the best audio stream of `path` (any file libavformat reads). `progress` gets the
    /// peaks so far every `progressEvery` buckets of the file's time, so a page can draw the first
    /// minutes while the rest is decoded. A file with no audio stream is malformed input (exit 65).
    public static func read(_ path: String, progressEvery: Int = 60 * bucketsPerSecond,
                            progress: ((WaveformPeaks) -> Void)? = nil) throws(VideoError) -> WaveformPeaks {
        let decoder = try AudioSampleDecoder(bestStreamOf: path, sampleRate: nil, purpose: "draw a waveform of")
        let rate = decoder.sampleRate
        var accumulator = Accumulator(sampleRate: rate)
        var reported = 0
        decoder.sink = { position, samples in
            accumulator.add(samples, at: position)
            if let progress, accumulator.peaks.count >= reported + progressEvery {
                reported = accumulator.peaks.count
                progress(WaveformPeaks(sampleRate: rate, peaks: accumulator.peaks))
            }
        }
        try decoder.decodeAll()
        return WaveformPeaks(sampleRate: rate, peaks: accumulator.peaks)
    }

    /// Peaks made from runs of samples as they arrive (a run may overlap or leave a gap before it: a
    /// gap is silence, an overlap keeps the larger peak).
    struct Accumulator {
        let sampleRate: Int
        private(set) var peaks: [Float] = []

        init(sampleRate: Int) { self.sampleRate = sampleRate }

        mutating func add(_ samples: UnsafeBufferPointer<Float>, at position: Int) {
            guard !samples.isEmpty else { return }
            let last = (position + samples.count - 1) * WaveformPeaks.bucketsPerSecond / sampleRate
            if peaks.count <= last { peaks.append(contentsOf: repeatElement(0, count: last + 1 - peaks.count)) }
            var bucket = position * WaveformPeaks.bucketsPerSecond / sampleRate
            // The first sample of the next bucket: the smallest i with i * 100 / rate > bucket.
            var next = Self.firstSample(of: bucket + 1, rate: sampleRate)
            var peak = peaks[bucket]
            for (offset, sample) in samples.enumerated() {
                let i = position + offset
                if i >= next {
                    peaks[bucket] = peak
                    bucket = i * WaveformPeaks.bucketsPerSecond / sampleRate
                    next = Self.firstSample(of: bucket + 1, rate: sampleRate)
                    peak = peaks[bucket]
                }
                peak = max(peak, abs(sample))
            }
            peaks[bucket] = peak
        }

        static func firstSample(of bucket: Int, rate: Int) -> Int {
            (bucket * rate + WaveformPeaks.bucketsPerSecond - 1) / WaveformPeaks.bucketsPerSecond
        }
    }
}
