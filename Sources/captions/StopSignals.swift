import Dispatch
import Foundation

/// The signals that ask a long command to stop: SIGINT (Ctrl-C), SIGTERM (what Kubernetes, AWS Batch,
/// systemd and `kill` send) and SIGHUP (the terminal went away). While one of these is installed they
/// no longer kill the process: `onStop` runs instead (once per signal received, on a global queue), so
/// the command can stop between frames and remove its temporary file, then exit with
/// `exitCode(for:)`: 128 + the signal's number, as a shell reports a process the signal killed
/// (130, 143, 129).
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

    init(onStop: @escaping @Sendable (Int32) -> Void) {
        Foundation.signal(SIGXFSZ, SIG_IGN)
        for number in Self.handled {
            Foundation.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                lock.withLock { if signal == nil { signal = number } }
                onStop(number)
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

    /// The message and exit status for a command stopped by a signal (SIGINT when none was seen).
    func interrupted(_ what: String = "nothing written") -> (message: String, status: Int32) {
        let signal = received ?? SIGINT
        return ("interrupted (\(Self.name(signal))); \(what)", Self.exitCode(for: signal))
    }

    /// The default actions come back (a signal kills the process again).
    func cancel() {
        sources.forEach { $0.cancel() }
        for number in Self.handled + [SIGXFSZ] { Foundation.signal(number, SIG_DFL) }
    }

    deinit { sources.forEach { $0.cancel() } }
}
