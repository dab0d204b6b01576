import ArgumentParser
import CaptionFormats
import CaptionModel
import CaptionRender
import CaptionStyles
import CaptionVerify
import Foundation

/// `--update`: which goldens `golden check` re-records, as Playwright's `--update-snapshots` and
/// swift-snapshot-testing's record modes do. A passing frame is never touched under `failed`.
enum GoldenUpdate: String, ExpressibleByArgument, CaseIterable {
    /// Frames the manifest lists whose PNG is gone.
    case missing
    /// Frames that fail their threshold (and missing ones).
    case failed
    /// Every frame.
    case all
}

/// Checks one golden folder: reads its manifest, draws every recorded time again (or pulls it from
/// the recorded video), grades each against its golden under the folder's threshold, writes the
/// images of failing frames, and re-records frames under `--update`. Errors that stop the folder
/// become its outcome's error, so a suite goes on with the other folders.
struct GoldenFolderCheck {
    let path: String
    /// The command line's threshold; nil: the folder's recorded one, else GOOD.
    let threshold: GoldenThreshold?
    let update: GoldenUpdate?
    /// Where this folder's failing frames' images go.
    let reportDirectory: String
    /// `--strict`: a recorded video damaged inside is the folder's error.
    var strict = false

    func run() -> GoldenFolderOutcome {
        let start = Date()
        var outcome = GoldenFolderOutcome(path: path)
        do {
            try check(&outcome)
        } catch let error as GoldenFolderError {
            outcome.error = error
        } catch {
            outcome.error = Self.folderError(error)
        }
        outcome.seconds = Date().timeIntervalSince(start)
        return outcome
    }

    /// Any error as the folder's error, with the exit code the command line gives it (70 for an
    /// error that is not the toolkit's: a bug).
    static func folderError(_ error: any Error) -> GoldenFolderError {
        guard let error = error as? any CaptionKitError else { return GoldenFolderError(code: 70, message: "\(error)") }
        return GoldenFolderError(code: error.exitCode, message: error.lines.joined(separator: "; "))
    }

    private func check(_ outcome: inout GoldenFolderOutcome) throws {
        let manifest = try GoldenManifest.read(directory: path)
        let folder = GoldenFolder(directory: path)
        outcome.threshold = threshold ?? manifest.threshold ?? .standard
        let subject = try GoldenSubject.load(manifest, in: path, strict: strict)
        outcome.description = subject.description
        outcome.notes = subject.notes
        let report = FrameReport(directory: reportDirectory, title: path, actualLabel: "actual", expectedLabel: "golden")
        report.threshold = outcome.threshold

        var rerecorded = false
        for t in manifest.times {
            let frameStart = Date()
            let actual = try subject.frames.frame(at: t)
            let rendered = Date()
            let golden = Result { () throws(GoldenError) -> RGBAImage in try folder.golden(at: t, size: manifest.size) }
            if case .failure(let error) = golden, error.kind == .missing, update != nil {
                try folder.store(actual, at: t)
                rerecorded = true
                outcome.frames.append(GoldenFrameOutcome(time: t, result: nil, passed: true, update: "recorded (was missing)",
                                                         seconds: Date().timeIntervalSince(frameStart)))
                continue
            }
            let expected = try golden.get()
            let read = Date()
            let result = try folder.grade(actual, against: expected, at: t, video: manifest.isVideo)
            let passed = outcome.threshold.passes(result)
            let stages = (render: rendered.timeIntervalSince(frameStart), read: read.timeIntervalSince(rendered),
                          compare: Date().timeIntervalSince(read))
            if update == .all || (update == .failed && !passed) {
                try folder.store(actual, at: t)
                rerecorded = true
                let was = "\(result.grade.rawValue) (score \(String(format: "%.2f", result.score)), PSNR \(result.psnrDescription))"
                outcome.frames.append(GoldenFrameOutcome(time: t, result: result, passed: true, update: "updated: \(was) -> SAME",
                                                         seconds: Date().timeIntervalSince(frameStart)))
                continue
            }
            var frame = GoldenFrameOutcome(time: t, result: result, passed: passed, seconds: 0)
            frame.stages = stages
            if !passed {
                let entry = try report.add(result, actual: actual, expected: expected,
                                           heatMap: GoldenFolder.heatMap(actual, expected, video: manifest.isVideo))
                if let names = entry.images, names.count == 3 {
                    frame.images = (report.file(names[0]), report.file(names[1]), report.file(names[2]))
                }
            }
            frame.seconds = Date().timeIntervalSince(frameStart)
            outcome.frames.append(frame)
        }
        for warning in subject.warnings() { outcome.notes.append("warning: \(warning)") }
        if rerecorded {
            // The goldens now come from this machine and this input: the manifest says so.
            try folder.refresh(subject.refreshed, styleJSON: subject.styleJSON)
        }
    }
}
