import ArgumentParser
import CaptionVideo
import Dispatch
import Foundation

/// The signals that ask a long command to stop: SIGINT (Ctrl-C), SIGTERM (what Kubernetes, AWS Batch,
/// systemd and `kill` send) and SIGHUP (the terminal went away). While one of these is installed they
/// no longer kill the process: `onStop` runs instead (once per signal received, on a global queue), so
/// the command can stop between frames and remove its temporary file, then exit (`exitCode(reporting:)`)
/// with 128 + the signal's number, as a shell reports a process the signal killed (130, 143, 129).
///
/// SIGXFSZ (a file-size limit, `ulimit -f`) is ignored as long as one is installed: the write that
/// would pass the limit then fails with EFBIG, which the command reports (exit 73) and cleans up after,
/// where the signal would have killed it with the temporary file left behind.
final class StopSignals: @unchecked Sendable {
    // Unchecked: `signal` is only read and written under `lock`; the sources are only touched by
    // `init` and `cancel`.
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private let lock = NSLock()
    private var signal: Int32?
    private var sources: [DispatchSourceSignal] = []

    init(onStop: @escaping @Sendable () -> Void) {
        Foundation.signal(SIGXFSZ, SIG_IGN)
        for number in Self.handled {
            Foundation.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in
                guard let self else { return }
                lock.withLock { if signal == nil { signal = number } }
                onStop()
            }
            source.resume()
            sources.append(source)
        }
    }

    /// The first stop signal received, if any.
    var received: Int32? { lock.withLock { signal } }

    static func exitCode(for signal: Int32) -> Int32 { 128 + signal }

    /// `SIGTERM`, `SIGINT`, `SIGHUP`: for messages.
    static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }

    /// A burn's or an overlay's failure, printed as one line, and its exit status: stopped by a signal
    /// (SIGINT when none was seen: a cancellation) is 128 + its number, or `stopped` for a command that
    /// says "retry" instead (`join`: 75); anything else the error's own.
    func exitCode(reporting error: VideoError, stopped: Int32? = nil) -> ExitCode {
        guard error.kind == .interrupted else {
            CommandFailure.printError("captions: \(error.message)")
            return ExitCode(error.exitCode)
        }
        let signal = received ?? SIGINT
        CommandFailure.printError("captions: interrupted (\(Self.name(signal))); nothing written")
        return ExitCode(stopped ?? Self.exitCode(for: signal))
    }

    /// The default actions come back (a signal kills the process again).
    func cancel() {
        sources.forEach { $0.cancel() }
        for number in Self.handled + [SIGXFSZ] { Foundation.signal(number, SIG_DFL) }
    }

    deinit { sources.forEach { $0.cancel() } }
}
