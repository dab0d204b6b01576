import Foundation

/// A golden run as JUnit XML, the report GitHub Actions, GitLab and Jenkins display: one `<testsuite>`
/// per golden folder, one `<testcase>` per frame (`classname` the folder, `name` the frame's file), a
/// `<failure>` with the grade, score, PSNR, differing pixels and the images' paths, and a folder that
/// could not be checked as one `<testcase>` with an `<error>`. Follows the common JUnit schema (the
/// one Jenkins publishes): attributes `tests`, `failures`, `errors`, `skipped`, `time`, `timestamp`.
/// Image paths are relative to the report file's folder.
public struct JUnitReport {
    public let run: GoldenRun
    /// The folder the report is written into (paths in it are relative to this).
    public let directory: String

    public init(run: GoldenRun, directory: String) { self.run = run; self.directory = directory }

    public var xml: String {
        let timestamp = ISO8601DateFormatter.string(from: run.date, timeZone: TimeZone(identifier: "UTC")!,
                                                    formatOptions: [.withFullDate, .withFullTime, .withColonSeparatorInTime])
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"captions golden check\" tests=\"\(tests(run.folders))\" failures=\"\(run.failedFrames)\" "
            + "errors=\"\(run.errors.count)\" time=\(seconds(run.seconds))>\n"
        for folder in run.folders {
            let failures = folder.failures.count, errors = folder.error == nil ? 0 : 1
            out += "  <testsuite name=\"\(e(folder.path))\" tests=\"\(max(folder.frames.count, errors))\" failures=\"\(failures)\" "
                + "errors=\"\(errors)\" skipped=\"0\" time=\(seconds(folder.seconds)) timestamp=\"\(e(String(timestamp.dropLast())))\">\n"
            out += "    <properties>\n"
            out += "      <property name=\"threshold\" value=\"\(e(folder.threshold.description))\"/>\n"
            if !folder.description.isEmpty { out += "      <property name=\"recording\" value=\"\(e(folder.description))\"/>\n" }
            for note in folder.notes { out += "      <property name=\"note\" value=\"\(e(note))\"/>\n" }
            out += "    </properties>\n"
            if let error = folder.error {
                out += "    <testcase name=\"\(GoldenManifest.fileName)\" classname=\"\(e(folder.path))\" time=\"0\">\n"
                out += "      <error message=\"\(e(error.message))\" type=\"exit \(error.code)\"/>\n"
                out += "    </testcase>\n"
            }
            for frame in folder.frames { out += testcase(frame, in: folder) }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    private func testcase(_ frame: GoldenFrameOutcome, in folder: GoldenFolderOutcome) -> String {
        let open = "    <testcase name=\"\(e(frame.name))\" classname=\"\(e(folder.path))\" time=\(seconds(frame.seconds))"
        guard !frame.passed, let r = frame.result else {
            guard let update = frame.update else { return open + "/>\n" }
            return open + ">\n      <system-out>\(e(update))</system-out>\n    </testcase>\n"
        }
        let message = "\(r.grade.rawValue) (score \(String(format: "%.2f", r.score)), PSNR \(r.psnrDescription), "
            + "\(r.differingPixels) differing pixels) fails the threshold \(folder.threshold)"
        var details = ["grade: \(r.grade.rawValue)", "score: \(String(format: "%.3f", r.score))", "psnr: \(r.psnrDescription)",
                       "differing pixels: \(r.differingPixels)", "worst pixel: \(r.worstPixel.map { "\($0)" } ?? "none")",
                       "threshold: \(folder.threshold)"]
        if r.actualDrew != r.expectedDrew { details.append(r.actualDrew ? "the golden has no captions here" : "nothing drawn where the golden has captions") }
        if let images = frame.images {
            details += ["diff: \(RelativePath.from(directory, to: images.diff))", "actual: \(RelativePath.from(directory, to: images.actual))",
                        "golden: \(RelativePath.from(directory, to: images.golden))"]
        }
        return open + ">\n      <failure message=\"\(e(message))\" type=\"\(r.grade.rawValue)\">\(e(details.joined(separator: "\n")))</failure>\n    </testcase>\n"
    }

    private func tests(_ folders: [GoldenFolderOutcome]) -> Int {
        folders.reduce(0) { $0 + max($1.frames.count, $1.error == nil ? 0 : 1) }
    }

    private func seconds(_ s: Double) -> String { "\"" + String(format: "%.3f", s) + "\"" }
    private func e(_ s: String) -> String { Markup.escape(s) }
}
