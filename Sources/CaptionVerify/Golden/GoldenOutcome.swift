import CaptionModel
import CaptionRender
import Foundation

/// One frame of a golden check: its grade against the golden, whether it met the folder's threshold,
/// where its images went when it failed, and what `--update` did to it.
public struct GoldenFrameOutcome: Sendable {
    public var time: Milliseconds
    /// nil for a golden that was missing and has just been recorded (`--update missing`).
    public var result: FrameResult?
    public var passed: Bool
    /// Absolute paths of the actual, golden and difference PNGs of a failing frame.
    public var images: (actual: String, golden: String, diff: String)?
    /// What `--update` did: "recorded (was missing)", "updated: FAIL -> SAME".
    public var update: String?
    public var seconds: Double
    /// Where a checked frame's time went: drawing (or decoding) it, reading its golden PNG, comparing.
    public var stages: (render: Double, read: Double, compare: Double)?

    public init(time: Milliseconds, result: FrameResult?, passed: Bool, images: (actual: String, golden: String, diff: String)? = nil,
                update: String? = nil, seconds: Double) {
        self.time = time; self.result = result; self.passed = passed; self.images = images; self.update = update; self.seconds = seconds
    }

    public var name: String { GoldenManifest.frameName(at: time) }
}

/// Why a folder could not be checked: the message and the exit code it stands for (65 malformed
/// manifest or frame, 66 missing manifest, golden or input, 73 report not writable).
public struct GoldenFolderError: Error, Sendable {
    public var code: Int32
    public var message: String
    public init(code: Int32, message: String) { self.code = code; self.message = message }
}

/// One golden folder's check.
public struct GoldenFolderOutcome: Sendable {
    /// The folder as the user named it (or as found under the path they named).
    public var path: String
    /// What was recorded there: "highlight-by-word, 360x640, 3 frames of ../clip.json".
    public var description: String = ""
    public var threshold: GoldenThreshold = .standard
    public var frames: [GoldenFrameOutcome] = []
    /// What changed since recording (input, style, fonts, library versions), said before judging.
    public var notes: [String] = []
    public var error: GoldenFolderError?
    public var seconds: Double = 0

    public init(path: String) { self.path = path }

    public var failures: [GoldenFrameOutcome] { frames.filter { !$0.passed } }
    public var passed: Bool { error == nil && failures.isEmpty }
    public var worstGrade: ComparisonGrade? { frames.compactMap { $0.result?.grade }.max() }
}

/// A whole `golden check` run, for the summary and the reports.
public struct GoldenRun: Sendable {
    public var folders: [GoldenFolderOutcome]
    public var seconds: Double
    public var workers: Int
    public var date: Date

    public init(folders: [GoldenFolderOutcome], seconds: Double, workers: Int, date: Date = Date()) {
        self.folders = folders; self.seconds = seconds; self.workers = workers; self.date = date
    }

    public var frameCount: Int { folders.reduce(0) { $0 + $1.frames.count } }
    public var failedFrames: Int { folders.reduce(0) { $0 + $1.failures.count } }
    public var errors: [GoldenFolderOutcome] { folders.filter { $0.error != nil } }
    public var worstGrade: ComparisonGrade? { folders.compactMap(\.worstGrade).max() }

    /// The exit status: an error that stops a folder outranks a regression (65 before 66), then 1.
    public var exitCode: Int32 {
        let codes = Set(folders.compactMap { $0.error?.code })
        for code: Int32 in [73, 65, 66] where codes.contains(code) { return code }
        if let other = codes.first { return other }
        return failedFrames > 0 ? 1 : 0
    }
}
