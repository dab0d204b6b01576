import CaptionVideo
import Dispatch
import Foundation

/// The video's waveform for the timeline (`WaveformPeaks`: the peak of each 10 ms of its sound). A
/// film's audio takes seconds to decode, so it is computed on a background thread from the start and
/// served as it grows: the page asks `GET /waveform?from=K` for the peaks from bucket K on, and draws
/// the first minutes while the rest is decoded. Once whole it is kept beside the video
/// (`StudioWaveformCache`), and the next studio on the same video reads it from there.
public final class StudioWaveform: @unchecked Sendable {
    // Unchecked: `peaks`, `sampleRate`, `current` and `cacheState` are only read and written under `lock`.

    /// What became of the waveform kept beside the video.
    enum CacheState: Sendable, Equatable {
        /// Read from the file: nothing was decoded.
        case read
        /// Computed, then kept.
        case written
        /// Computed, and could not be kept (why).
        case unwritten(String)
    }

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
    private var cacheState: CacheState?
    let cache: StudioWaveformCache

    /// Starts reading `video`'s waveform from beside it, or computing it, in the background.
    public init(video: String) {
        current = .computing
        cache = StudioWaveformCache(video: video)
        DispatchQueue.global(qos: .utility).async { [self] in
            if let kept = cache.read() {
                lock.withLock { peaks = kept.peaks; sampleRate = kept.sampleRate; cacheState = .read; current = .ready }
                return
            }
            do {
                let whole = try WaveformPeaks.read(video, progressEvery: 30 * WaveformPeaks.bucketsPerSecond) { partial in
                    self.lock.withLock { self.peaks = partial.peaks; self.sampleRate = partial.sampleRate }
                }
                // Kept before the page is told it is whole, so a finished waveform is always on disk.
                let failure = cache.write(whole)
                lock.withLock {
                    peaks = whole.peaks
                    sampleRate = whole.sampleRate
                    cacheState = failure.map { .unwritten($0) } ?? .written
                    current = .ready
                }
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
    /// Once ready, "cache": "read" (from the file beside the video), "written" or "unwritten" (with
    /// "cache_message", why), and "cache_path".
    func json(from: Int, bytes: Bool = false) -> [String: Any] {
        let (state, peaks, rate, cached) = lock.withLock { (current, self.peaks, sampleRate, cacheState) }
        var reply: [String: Any] = ["buckets_per_second": WaveformPeaks.bucketsPerSecond, "from": from, "count": peaks.count]
        switch cached {
        case nil: break
        case .read: reply["cache"] = "read"
        case .written: reply["cache"] = "written"
        case .unwritten(let why): reply["cache"] = "unwritten"; reply["cache_message"] = why
        }
        if cached != nil { reply["cache_path"] = cache.path }
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
