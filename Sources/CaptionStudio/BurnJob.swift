import CaptionModel
import CaptionVideo
import Foundation

/// `POST /burn`: the burn pipeline (`VideoBurner` with the native renderer, as `captions burn` runs
/// it) on a thread of its own, with the captions and style of the moment it started. One at a time.
final class BurnJob: @unchecked Sendable {
    // Unchecked: `state` is only read and written under `lock`.
    enum Phase: String { case idle, running, done, failed, cancelled }

    struct State {
        var phase = Phase.idle
        var output: String?
        var frames = 0
        var expectedFrames: Int?
        var elapsedSeconds = 0.0
        var message: String?

        var json: [String: Any] {
            var object: [String: Any] = ["state": phase.rawValue, "frames": frames, "elapsed_seconds": elapsedSeconds]
            if let output { object["output"] = output }
            if let expectedFrames { object["expected_frames"] = expectedFrames; object["fraction"] = expectedFrames > 0 ? min(1, Double(frames) / Double(expectedFrames)) : 0 }
            if let message { object["message"] = message }
            return object
        }
    }

    private let lock = NSLock()
    private var state = State()
    private var cancellation: BurnCancellation?
    /// Entered while a burn's thread runs: stopping the studio waits on it, so the burn's temporary
    /// file is gone before the process exits.
    private let active = DispatchGroup()

    var current: State { lock.withLock { state } }

    func start(_ snapshot: StudioSession.Snapshot, video: String, output: String) throws(StudioError) {
        let cancellation = BurnCancellation()
        let running: String? = lock.withLock {
            if state.phase == .running { return state.output ?? "" }
            state = State(phase: .running, output: output)
            self.cancellation = cancellation
            return nil
        }
        if let running { throw StudioError(409, "a burn is running (\(running)); cancel it first") }
        active.enter()
        let thread = Thread { [self] in
            defer { active.leave() }
            var options = BurnOptions(output: output)
            options.cancellation = cancellation
            options.captionsEnd = snapshot.pages.map(\.end).max()
            do throws(VideoError) {
                let burner = try VideoBurner(input: video, options: options)
                let layers = NativeCaptionLayers.forward(style: snapshot.renderer.style, pages: snapshot.pages, width: burner.width, height: burner.height)
                let result = try burner.run(captions: layers) { progress in
                    self.lock.withLock {
                        self.state.frames = progress.frames
                        self.state.expectedFrames = progress.expectedFrames
                        self.state.elapsedSeconds = progress.elapsedSeconds
                    }
                }
                lock.withLock {
                    state.phase = .done
                    state.frames = result.frames
                    state.expectedFrames = result.frames
                    state.elapsedSeconds = result.wallSeconds
                }
            } catch {
                lock.withLock {
                    state.phase = error.kind == .interrupted ? .cancelled : .failed
                    state.message = error.kind == .interrupted ? "cancelled; nothing written" : error.message
                }
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    func cancel() {
        lock.withLock { cancellation }?.cancel()
    }

    /// Cancels a running burn and returns once it has stopped and removed its temporary file.
    func cancelAndWait() {
        cancel()
        active.wait()
    }
}
