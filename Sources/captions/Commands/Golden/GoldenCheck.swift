import ArgumentParser
import CaptionFormats
import CaptionVerify
import Foundation

/// `captions golden check PATH...`: checks golden folders (each path a folder or a tree of them) in
/// parallel, prints a line per folder and a summary, and writes the reports CI shows.
struct GoldenCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check golden folders: draw their frames again and compare them with the recorded ones.",
        discussion: """
        Each PATH is a golden folder (it holds manifest.json) or a tree searched for them; --dir names \
        one folder. Folders are checked in parallel (--jobs, default: the machine's cores). A frame passes \
        when it meets the threshold: the command line's (--threshold, --min-psnr, --max-diff-pixels), else \
        the one recorded with the folder, else GOOD. Before judging, each folder says what changed since \
        recording (input, style, fonts, library versions).

        Reports: the HTML report (index.html: the folders, then every failing frame's golden, actual and \
        difference images side by side and as a blink comparison) goes to --report, by default FOLDER/report \
        for one folder and ./golden-report for several, and is written when a frame fails or --report is \
        given; --junit FILE writes JUnit XML (a testsuite per folder, a testcase per frame); --json FILE the \
        same facts as JSON. Paths in reports are relative to the report.

        A recorded video damaged inside (frames its decoder had to conceal or could not decode) is checked \
        as decoded, with one warning; --strict makes that folder an error (65) instead. -v also shows the \
        video decoder's own messages (a line per damaged macroblock).

        --update missing|failed|all re-records goldens (missing ones; failing and missing ones; all) and \
        the manifest's hashes, fonts and versions with them; re-recorded frames pass.

        Exit status: 0 all pass, 1 a frame fails its threshold, 64 usage, 65 malformed manifest or frame, \
        66 missing golden folder, manifest, frame or input, 73 report not writable. With several problems \
        the first of 73, 65, 66, 1 is returned.
        """
    )

    @Argument(help: "Golden folders, or trees holding them.")
    var paths: [String] = []

    @Option(help: "One golden folder (the same as giving it as PATH).")
    var dir: String?

    @Option(help: "Check only the folders whose path matches GLOB (* also matches /; a name without wildcards matches a path component).")
    var filter: String?

    @OptionGroup var threshold: ThresholdOptions

    @Option(help: "Re-record goldens: missing, failed or all.")
    var update: GoldenUpdate?

    @Option(help: "Where to write the HTML report.")
    var report: String?

    @Option(help: "Write a JUnit XML report to FILE.")
    var junit: String?

    @Option(help: "Write a JSON report to FILE.")
    var json: String?

    @Option(help: "Folders checked at once (default: the machine's cores).")
    var jobs: Int?

    @Flag(name: .shortAndLong, help: "Print every frame's line, not only the failing ones (the default for one folder), and the video decoder's own messages.")
    var verbose = false

    @Flag(help: "Refuse a recorded video damaged inside: its folder is an error (65), not checked.")
    var strict = false

    func validate() throws {
        if paths.isEmpty && dir == nil { throw ValidationError("give a golden folder (PATH or --dir)") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        var code: Int32 = 0
        try CommandFailure.exitOnError { code = try check() }
        if code != 0 { throw ExitCode(code) }
    }

    func check() throws -> Int32 {
        let folders = try GoldenSuite.folders(in: paths + (dir.map { [$0] } ?? []), filter: filter)
        guard !folders.isEmpty else {
            throw CaptionFormatError(.unreadable, "no golden folder matches --filter \(filter ?? "")")
        }
        let single = folders.count == 1
        let reportDirectory = report ?? (single ? (folders[0] as NSString).appendingPathComponent("report") : "golden-report")
        let workers = min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, folders.count)
        let start = Date()
        // Only -v itself shows the decoder's messages: one folder's frame lines are no reason to.
        DamageReport.decoderMessages(verbose: verbose)
        let thresholdValue = threshold.value, update = update, strict = strict, verbose = verbose || single
        // Folders are taken in order by `workers` threads; each folder's lines are printed once it and
        // every folder before it are done, so the log reads in path order.
        let outcomes = OrderedWork.run(count: folders.count, workers: workers) { k in
            let imageDirectory = single ? reportDirectory : (reportDirectory as NSString).appendingPathComponent(Self.slug(folders[k]))
            let outcome = GoldenFolderCheck(path: folders[k], threshold: thresholdValue, update: update,
                                            reportDirectory: imageDirectory, strict: strict).run()
            let lines = Self.lines(outcome, verbose: verbose, single: single)
            return (outcome, OrderedWork.Lines(out: lines.out, err: lines.err))
        }
        let run = GoldenRun(folders: outcomes, seconds: Date().timeIntervalSince(start), workers: workers)
        Self.emit(Self.summary(run))
        return try writeReports(run, htmlDirectory: reportDirectory, single: single)
    }

    /// Writes the reports asked for (and the HTML one on a failure); returns the exit status.
    private func writeReports(_ run: GoldenRun, htmlDirectory: String, single: Bool) throws -> Int32 {
        var code = run.exitCode
        func write(_ text: String, to file: String, what: String) {
            let directory = (file as NSString).deletingLastPathComponent
            do {
                if !directory.isEmpty { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
                try text.write(toFile: file, atomically: true, encoding: .utf8)
                Self.emit("\(what): \(file)")
            } catch {
                CommandFailure.printError("captions: \(file): cannot write the \(what) (\(error.localizedDescription))")
                code = 73
            }
        }
        if let junit { write(JUnitReport(run: run, directory: Self.directory(of: junit)).xml, to: junit, what: "JUnit report") }
        if let json { write(GoldenRunJSON(run: run, directory: Self.directory(of: json)).text, to: json, what: "JSON report") }
        if report != nil || run.failedFrames > 0 {
            let title = "captions golden check " + (single ? run.folders[0].path : "(\(run.folders.count) folders)")
            write(GoldenRunHTML(run: run, directory: htmlDirectory, title: title).html,
                  to: (htmlDirectory as NSString).appendingPathComponent("index.html"), what: "report")
        }
        return code
    }

    /// A line on stdout, written at once (a CI log shows each folder as it finishes).
    static func emit(_ line: String) { OrderedWork.emit(line) }

    static func directory(of file: String) -> String {
        let directory = (file as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }

    /// A folder's path as one file name, for its images in a run's report.
    static func slug(_ path: String) -> String {
        let cleaned = path.split(separator: "/").filter { $0 != "." && $0 != ".." }.joined(separator: "_")
        return String(cleaned.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" })
    }

    /// A folder's lines: with one folder (or -v) the header, every frame and its summary as before;
    /// in a suite one line, then its failing frames, notes and updates.
    /// Notes and errors go to stderr as `captions: note: ...` and `captions: ...`.
    static func lines(_ o: GoldenFolderOutcome, verbose: Bool, single: Bool) -> (out: [String], err: [String]) {
        var lines: [String] = []
        // Warnings (a damaged video, a colour emoji drawn in monochrome) are said as the other commands say them.
        var err = o.notes.map { $0.hasPrefix("warning: ") ? "captions: \($0)" : "captions: note: \($0)" }
        if let error = o.error {
            err.append("captions: \(error.message)")
            return (["ERROR \(o.path): \(error.message) (exit \(error.code))"], err)
        }
        let results = o.frames.compactMap(\.result)
        let worst = o.worstGrade?.rawValue ?? "-"
        if single {
            lines.insert("golden check \(o.path): \(o.description), threshold \(o.threshold)", at: 0)
        } else {
            let status = o.passed ? "PASS " : "FAIL "
            let failing = o.failures.count
            lines.insert(status + "\(o.path): \(o.frames.count) frames" + (failing > 0 ? ", \(failing) failing" : "")
                + ", worst \(worst), threshold \(o.threshold), \(String(format: "%.2f", o.seconds)) s (\(o.description))", at: 0)
        }
        for frame in o.frames {
            if let update = frame.update { lines.append("  \(frame.name): \(update)") }
            if let r = frame.result, frame.update == nil, verbose || !frame.passed {
                lines.append(FrameLine.text(r) + (frame.passed ? "" : "  fails"))
            }
        }
        if single {
            lines.append("summary: " + FrameLine.summary(results))
            let failing = o.failures
            if !failing.isEmpty {
                lines.append("regression: \(failing.count) of \(o.frames.count) frames worse than \(o.threshold) at "
                             + failing.map(\.name).joined(separator: ", "))
            }
        }
        return (lines, err)
    }

    static func summary(_ run: GoldenRun) -> String {
        let failedFolders = run.folders.filter { !$0.passed }.count
        return "golden: \(run.folders.count) folder\(run.folders.count == 1 ? "" : "s") (\(failedFolders) failing, \(run.errors.count) not checked), "
            + "\(run.frameCount) frames (\(run.failedFrames) failing), worst grade \(run.worstGrade?.rawValue ?? "-"), "
            + String(format: "%.2f s", run.seconds) + " with \(run.workers) worker\(run.workers == 1 ? "" : "s")"
    }
}
