import CaptionModel
import Dispatch
import Foundation

/// The video's shot changes for the timeline's lines: given (`studio --shots FILE`), found in the
/// video, or none. Finding them decodes the whole video, which for a film takes far longer than the
/// page takes to open, so it runs on a background thread from the start and the page asks `GET /shots`
/// until they are there; the studio is usable meanwhile.
public final class StudioShotChanges: @unchecked Sendable {
    // Unchecked: `state` is only read and written under `lock`.

    /// Where the shot changes come from.
    public enum Source: Sendable {
        case none
        case given(ShotChanges)
        /// Finds them (the `captions` module's detection, which this module cannot import).
        case detect(@Sendable () throws -> ShotChanges)
    }

    public enum State: Sendable {
        case off
        case detecting
        case ready(ShotChanges)
        case failed(String)
    }

    /// Frames before a shot change that a dragged end snaps to: Netflix's 2, as `captions check`'s
    /// default profile wants ends (a start snaps onto the change).
    public static let endGapFrames = 2

    private let lock = NSLock()
    private var current: State

    public init(_ source: Source) {
        switch source {
        case .none: current = .off
        case .given(let shots): current = .ready(shots)
        case .detect(let find):
            current = .detecting
            DispatchQueue.global(qos: .utility).async { [self] in
                let found: State
                do { found = .ready(try find()) } catch { found = .failed("\(error)") }
                lock.withLock { current = found }
            }
        }
    }

    public var state: State { lock.withLock { current } }

    /// `GET /shots`: `{"state": "ready", "frames": [...], "times": [ms...], "end_times": [ms...], "fps": {...},
    /// "end_gap_frames": 2}`, or `{"state": "detecting"}`, `{"state": "off"}`, `{"state": "failed", "message": ...}`.
    func json() -> [String: Any] {
        switch state {
        case .off: return ["state": "off"]
        case .detecting: return ["state": "detecting"]
        case .failed(let message): return ["state": "failed", "message": message]
        case .ready(let shots):
            let rate = shots.frameRate
            return [
                "state": "ready", "frames": shots.frames, "times": shots.milliseconds,
                "end_times": shots.frames.map { rate.milliseconds(frames: max(0, $0 - Self.endGapFrames)) },
                "fps": ["numerator": rate.numerator, "denominator": rate.denominator],
                "end_gap_frames": Self.endGapFrames,
            ]
        }
    }
}
