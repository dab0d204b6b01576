import CaptionTiming
import CaptionVideo
import Dispatch
import Foundation

/// Where the video's sound has speech, for the timeline: the detector `captions sync` lines captions up
/// with (`SpeechActivity`, a probability every 10 ms from the sound at 8 kHz), its runs of speech as
/// regions. Computed in the background from the start, like the waveform; a caption's start dragged
/// near a region's start lands on it, an end near a region's end likewise.
public final class StudioSpeech: @unchecked Sendable {
    // Unchecked: `current` is only read and written under `lock`.

    /// A run of speech: from its first 10 ms frame's start to its last one's end, in milliseconds.
    public struct Region: Sendable, Equatable {
        public var start: Int
        public var end: Int
    }

    public enum State: Sendable, Equatable {
        /// The video has no sound.
        case off
        case detecting
        case ready([Region])
        case failed(String)
    }

    /// Runs shorter than this are left out: a click or a breath lights a frame or two, and an edge
    /// should not snap to it.
    static let shortestMilliseconds = 50

    private let lock = NSLock()
    private var current: State

    /// Starts detecting speech in `video`'s sound in the background.
    public init(video: String) {
        current = .detecting
        DispatchQueue.global(qos: .utility).async { [self] in
            let result: State
            do throws(VideoError) {
                let sound = try AudioSamples.read(video, sampleRate: SpeechActivity.sampleRate)
                result = .ready(Self.regions(SpeechActivity.detect(samples: sound.samples)))
            } catch {
                result = error.isNoAudioStream ? .off : .failed(error.message)
            }
            lock.withLock { current = result }
        }
    }

    public var state: State { lock.withLock { current } }

    /// The runs of frames whose probability is at least one half, each at least `shortestMilliseconds`.
    public static func regions(_ activity: SpeechActivity) -> [Region] {
        var regions: [Region] = []
        var from: Int?
        let frame = SpeechActivity.frameMilliseconds, p = activity.probability
        // One step past the last frame closes a run that lasts to the end.
        for k in 0...p.count {
            if k < p.count, p[k] >= 0.5 {
                if from == nil { from = k }
                continue
            }
            guard let first = from else { continue }
            from = nil
            if (k - first) * frame >= shortestMilliseconds { regions.append(Region(start: first * frame, end: k * frame)) }
        }
        return regions
    }

    /// `GET /speech`: `{"state": "detecting" | "ready" | "off" | "failed", "regions": [[start, end] ms...]}`,
    /// "message" when it failed.
    func json() -> [String: Any] {
        switch state {
        case .off: return ["state": "off", "regions": []]
        case .detecting: return ["state": "detecting", "regions": []]
        case .failed(let message): return ["state": "failed", "message": message, "regions": []]
        case .ready(let regions): return ["state": "ready", "regions": regions.map { [$0.start, $0.end] }]
        }
    }
}
