import CFFmpeg

/// A file's sound as one channel of float samples at a chosen rate: what `captions sync` finds speech in
/// and `captions align --audio` times words against. Sample 0 is the time 0 a player shows (the
/// container's start), so sample times are caption times: audio that starts later is preceded by silence.
public struct AudioSamples: Sendable {
    /// Mono samples, nominally in -1...1.
    public var samples: [Float]
    public var sampleRate: Int

    public init(samples: [Float], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// The duration in milliseconds.
    public var milliseconds: Int { samples.count * 1000 / max(sampleRate, 1) }

    /// Decodes the best audio stream of `path` (any file libavformat reads: a video, a WAV, an M4A),
    /// downmixed to mono and resampled to `sampleRate`. Video and every other stream are skipped by the
    /// demuxer, so a long film costs only its audio decode. A file with no audio stream is malformed
    /// input (exit 65) naming the file; a damaged packet is skipped, as ffmpeg does.
    public static func read(_ path: String, sampleRate: Int = 16_000) throws(VideoError) -> AudioSamples {
        let decoder = try AudioSampleDecoder(bestStreamOf: path, sampleRate: sampleRate, purpose: "find speech in")
        try decoder.decodeAll()
        return AudioSamples(samples: decoder.samples, sampleRate: sampleRate)
    }

    /// The samples from `from` to `to` (milliseconds on the file's clock) only, the container sought
    /// rather than decoded from its start: `(to - from) * sampleRate / 1000` samples, silence where the
    /// sound does not reach (before its start, past its end). What a window of a long film costs.
    public static func read(_ path: String, sampleRate: Int, from: Int, to: Int) throws(VideoError) -> AudioSamples {
        let first = from * sampleRate / 1000, end = max(first, to * sampleRate / 1000)
        var window = [Float](repeating: 0, count: end - first)
        let decoder = try AudioSampleDecoder(bestStreamOf: path, sampleRate: sampleRate, purpose: "draw a spectrogram of")
        decoder.sink = { position, samples in
            let lower = max(position, first), upper = min(position + samples.count, end)
            guard lower < upper else { return }
            window.withUnsafeMutableBufferPointer { target in
                (target.baseAddress! + (lower - first)).update(from: samples.baseAddress! + (lower - position), count: upper - lower)
            }
        }
        try decoder.decodeWindow(first: first, end: end)
        return AudioSamples(samples: window, sampleRate: sampleRate)
    }
}
