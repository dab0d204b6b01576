import CaptionVideo
import Dispatch
import Foundation

/// The video's waveform for the timeline (`WaveformPeaks`: the peak of each 10 ms of its sound). A
/// film's audio takes seconds to decode, so it is computed on a background thread from the start and
/// served as it grows: the page asks `GET /waveform?from=K` for the peaks from bucket K on, and draws
/// the first minutes while the rest is decoded.
public final class StudioWaveform: @unchecked Sendable {
    // Unchecked: `peaks`, `sampleRate` and `current` are only read and written under `lock`.

    public enum State: Sendable, Equatable {
        /// The video has no sound.
        case off
        case computing
        case ready
        case failed(String)
    }

    private let lock = NSLock()
    private var current: State
    private var peaks: [Float] = []
    private var sampleRate = 0

    /// Starts computing `video`'s waveform in the background.
    public init(video: String) {
        current = .computing
        DispatchQueue.global(qos: .utility).async { [self] in
            do {
                let whole = try WaveformPeaks.read(video, progressEvery: 30 * WaveformPeaks.bucketsPerSecond) { partial in
                    self.lock.withLock { self.peaks = partial.peaks; self.sampleRate = partial.sampleRate }
                }
                lock.withLock { peaks = whole.peaks; sampleRate = whole.sampleRate; current = .ready }
            } catch let error as VideoError {
                lock.withLock { current = error.isNoAudioStream ? .off : .failed(error.message) }
            } catch {
                lock.withLock { current = .failed("\(error)") }
            }
        }
    }

    public var state: State { lock.withLock { current } }

    /// `GET /waveform?from=K`: `{"state": "computing" | "ready" | "off" | "failed", "buckets_per_second":
    /// 100, "sample_rate": 48000, "from": K, "count": buckets so far, "peaks": [0-255, from bucket K on]}`
    /// (a peak of 1, full scale, is 255); "message" when it failed. `bytes` (`&encoding=base64`, what the
    /// page asks for): the levels as one byte each in a base64 string, "peaks_base64", instead of an array:
    /// a two-hour film's 720,000 numbers took Foundation's JSON writer 3.6 s, its 960 KB string a few ms.
    func json(from: Int, bytes: Bool = false) -> [String: Any] {
        let (state, peaks, rate) = lock.withLock { (current, self.peaks, sampleRate) }
        var reply: [String: Any] = ["buckets_per_second": WaveformPeaks.bucketsPerSecond, "from": from, "count": peaks.count]
        switch state {
        case .off: reply["state"] = "off"
        case .computing: reply["state"] = "computing"
        case .ready: reply["state"] = "ready"
        case .failed(let message): reply["state"] = "failed"; reply["message"] = message
        }
        if rate > 0 { reply["sample_rate"] = rate }
        let levels = from < peaks.count ? peaks[from...].map(Self.level) : []
        if bytes {
            reply["peaks_base64"] = Data(levels.map { UInt8($0) }).base64EncodedString()
        } else {
            reply["peaks"] = levels
        }
        return reply
    }

    /// A peak as the page draws it: 0...255, full scale and above at 255.
    static func level(_ peak: Float) -> Int { Int((min(max(peak, 0), 1) * 255).rounded()) }
}
