import ArgumentParser
import CaptionFormats
import CaptionStyles
import CaptionVideo
import Foundation

/// One burn of a batch: a manifest's line or a plan's part.
struct BatchJob {
    var index: Int
    /// `jobs.jsonl line 3`, `talk.plan.json part 2`: how messages name it.
    var label: String
    /// What its JSON line says about where it came from: `["line": 3]`, `["part": 2]`.
    var origin: [String: Any]
    var output: String?
    /// The burn's arguments (`VIDEO CAPTIONS -o OUTPUT ...`), or why there are none.
    var arguments: Result<[String], ManifestError>
    var part: PartRange?
    /// Input hashes known without reading the file (a plan's video, hashed when it was planned), and
    /// what must hold before the burn (the video is still the one planned).
    var knownInputs: [String: String] = [:]
    var check: (() throws -> Void)?
}

/// The jobs this task owns (`TaskIndex`) out of a manifest (`captions burn --manifest JOBS.jsonl`) or a
/// plan's parts (`captions burn --plan PLAN.json`), run one after another, each the same burn
/// `captions burn` runs. A job already done (`DoneMarker`) is skipped; a job that fails does not stop
/// the others. Each job ends in one JSON line on stdout:
/// `{"job":0,"line":1,"output":"out.mp4","status":"done","exit":0,"seconds":12.3}` (status `done`,
/// `skipped`, `failed` or `interrupted`; a `message` when it did not succeed; `part` for a plan's part).
///
/// The exit status is what a scheduler acts on: 0 when every job is done or skipped; 75 (EX_TEMPFAIL,
/// worth a retry, which skips what is done) when a job was interrupted by a signal or could not write
/// its output (a full disk, a missing mount); otherwise the first failed job's own code, 65 or 66, not
/// worth a retry.
struct BatchRun {
    static let retry: Int32 = 75

    var batch: BurnBatchOptions
    var environment = ProcessInfo.processInfo.environment

    /// Runs the jobs `read` gives and returns the exit status to end with.
    func run(_ what: String, _ read: () throws(ManifestError) -> [BatchJob]) -> ExitCode {
        do throws(ManifestError) {
            let jobs = try read()
            let task = try TaskIndex.resolve(index: batch.part ?? batch.index, base: batch.indexBase, stride: batch.stride, environment: environment)
            let chosen = task.jobs(count: jobs.count)
            if chosen.isEmpty, let source = task.source {
                CommandFailure.printError("captions: \(what): no job for \(source) \(task.first! + batch.indexBase) (there are \(jobs.count)); nothing to do")
            }
            return ExitCode(runJobs(chosen.map { jobs[$0] }))
        } catch {
            CommandFailure.printError("captions: \(error.message)")
            return ExitCode(error.exitCode)
        }
    }

    private func runJobs(_ jobs: [BatchJob]) -> Int32 {
        let current = CurrentJob()
        // SIGTERM (a pod deleted, a Batch job cancelled), SIGINT, SIGHUP: the running burn stops between
        // frames and removes its temporary file; no further job starts; exit 75 so a retry resumes.
        let stop = StopSignals { current.stop() }
        defer { stop.cancel() }
        var status: Int32 = 0
        for job in jobs {
            guard let cancellation = current.start() else { break }
            let started = Date()
            let outcome = Self.outcome(of: job, cancellation: cancellation, signals: stop)
            var line: [String: Any] = ["job": job.index, "status": outcome.status, "exit": outcome.exit,
                                       "seconds": (Date().timeIntervalSince(started) * 1000).rounded() / 1000]
            line.merge(job.origin) { a, _ in a }
            if let output = job.output { line["output"] = output }
            if let message = outcome.message {
                line["message"] = message
                CommandFailure.printError("captions: \(job.label): \(message)")
            }
            Self.printLine(line)
            if outcome.exit == Self.retry { status = Self.retry } else if status == 0 { status = outcome.exit }
        }
        return current.wasStopped ? Self.retry : status
    }

    private struct Outcome {
        var status: String
        var exit: Int32
        var message: String?
    }

    private static func outcome(of job: BatchJob, cancellation: BurnCancellation, signals: StopSignals) -> Outcome {
        let arguments: [String]
        switch job.arguments {
        case .success(let parsed): arguments = parsed
        case .failure(let error): return Outcome(status: "failed", exit: error.exitCode, message: error.message)
        }
        let burn: Burn
        do {
            burn = try Burn.parse(arguments)
        } catch {
            return Outcome(status: "failed", exit: 65, message: Burn.message(for: error))
        }
        let output = burn.output!
        do {
            try job.check?()
            let inputs = try DoneMarker.inputs(of: arguments, output: output, known: job.knownInputs)
            let identity = DoneMarker.identity(of: arguments, part: job.part)
            if try DoneMarker.isDone(arguments: identity, inputs: inputs, output: output) {
                return Outcome(status: "skipped", exit: 0)
            }
            try burn.burn(cancellation: cancellation, part: job.part) { CommandFailure.printError("captions: \($0)") }
            guard let written = try DoneMarker.describe(output) else {
                return Outcome(status: "failed", exit: retry, message: "\(output): gone after it was written")
            }
            try DoneMarker(arguments: identity, inputs: inputs, output: written).write(for: output)
            return Outcome(status: "done", exit: 0)
        } catch let error as VideoError where error.kind == .interrupted {
            let signal = signals.received.map(StopSignals.name) ?? "cancelled"
            return Outcome(status: "interrupted", exit: retry, message: "interrupted (\(signal)); nothing written")
        } catch {
            let (code, lines) = CommandFailure.describe(error) ?? (70, ["\(error)"])
            // Output that cannot be written is the machine's trouble (disk, mount), not the job's.
            return Outcome(status: "failed", exit: code == 73 ? retry : code, message: lines.joined(separator: "; "))
        }
    }

    private static func printLine(_ object: [String: Any]) {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    /// The running job's cancellation, and whether a stop signal has ended the run.
    private final class CurrentJob: @unchecked Sendable {
        // Unchecked: both fields are only touched under `lock`.
        private let lock = NSLock()
        private var cancellation: BurnCancellation?
        private var stopped = false

        /// A fresh cancellation for the next job, or nil once the run was stopped.
        func start() -> BurnCancellation? {
            lock.withLock {
                guard !stopped else { return nil }
                cancellation = BurnCancellation()
                return cancellation
            }
        }

        func stop() { lock.withLock { stopped = true; return cancellation }?.cancel() }

        var wasStopped: Bool { lock.withLock { stopped } }
    }
}
