import ArgumentParser
import CaptionFormats
import CaptionModel
import CaptionPipeline
import CaptionTiming
import Foundation

/// `captions shots VIDEO [-o FILE|-] [--format json|times] [--threshold T]`: the frames where the shot changes.
struct Shots: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the frames where a video's shot changes (hard cuts).",
        discussion: """
        Decodes the video at a reduced size and reports each hard cut at the first frame of the new shot. \
        Single-frame and two-frame flashes are not cuts, and a crossfade or dissolve is not reported. \
        The output is JSON, {"frame_rate": "25", "shot_changes": [{"frame": 125, "time": 5.000}]}, \
        or with --format times (or -o with any extension but .json) one time a line in seconds, the \
        list Subtitle Edit and EZTitles import. See docs/shots.md.

        Exit status: 0 listed (also when there are none), 64 bad option, 65 not a video or no video \
        stream, 66 missing input, 73 output cannot be written.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, times }

    @Argument(help: "The video file.")
    var video: String

    @Option(name: .shortAndLong, help: "Write here (- for standard output): .json as JSON, any other name the plain list of times.")
    var output: String?

    @Option(help: "json or times (default: from -o's extension, else json).")
    var format: Format?

    @Option(help: "How different a frame must be from the one before to start a shot (default \(Int(ShotDetector.defaultThreshold)); lower finds more).")
    var threshold: Double?

    func validate() throws {
        if let threshold, !(threshold.isFinite && threshold > 0 && threshold <= 765) {
            throw ValidationError("--threshold must be a number above 0 and at most 765")
        }
    }

    func run() throws {
        try CommandFailure.exitOnError {
            let started = DispatchTime.now().uptimeNanoseconds
            let result = try runShotDetection(videoPath: video, threshold: threshold)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            let toFile = output.map { $0 != "-" } ?? false
            let chosen = format ?? (toFile && !output!.lowercased().hasSuffix(".json") ? .times : .json)
            let text = chosen == .json ? ShotChangesFile.json(result.changes) : ShotChangesFile.plainTimes(result.changes)
            if toFile {
                try OutputFile.write(Data(text.utf8), to: output!, protecting: [video])
            } else {
                FileHandle.standardOutput.write(Data(text.utf8))
            }
            let count = result.changes.frames.count
            let speed = seconds > 0 ? Int((Double(result.frames) / seconds).rounded()) : 0
            CommandFailure.printError("captions: \(video): \(count) shot change\(count == 1 ? "" : "s") in \(result.frames) frames "
                + "at \(result.changes.frameRate) fps (\(speed) frames/s\(result.lowres > 0 ? ", decoded at 1/\(1 << result.lowres) size" : ""))")
        }
    }
}
