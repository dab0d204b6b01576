import ArgumentParser
import CaptionVideo
import Foundation

/// `captions join PLAN.json -o OUT.mp4`: the parts a plan's tasks burned, checked and joined.
struct Join: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join the parts of a plan (captions burn --plan) into one video, with the source's audio.",
        discussion: """
        Every part must be there and complete, burned from this plan with its arguments (its done \
        marker says so) and encoded alike (codec, size, pixel format, profile, level, SPS/PPS); \
        otherwise nothing is written and the message names the part. The parts' video is copied, not \
        re-encoded, onto the source's clock; the source's audio is copied once, whole. Exit status: 0 \
        joined; 65 a part unlike the others or not from this plan; 66 a part missing; 73 the output \
        cannot be written; 75 interrupted (worth a retry).
        """
    )

    @Argument(help: "The plan (captions burn VIDEO CAPTIONS --plan N -o PLAN.json).")
    var plan: String

    @Option(name: .shortAndLong, help: "The video to write (.mp4, .mov, .mkv).")
    var output: String

    @Flag(help: "Print nothing when done.")
    var quiet = false

    func run() throws {
        try CommandFailure.exitOnError {
            let plan = try PartPlan.read(self.plan)
            for part in plan.parts { try Self.checkDone(part, in: plan) }
            let cancellation = BurnCancellation()
            let stop = StopSignals { cancellation.cancel() }
            defer { stop.cancel() }
            do {
                let result = try PartJoiner.join(plan, output: output, cancellation: cancellation)
                if !quiet {
                    print(String(format: "joined %d parts, %d frames, in %.2f s; audio %@", result.parts, result.frames, result.wallSeconds, result.audio))
                }
            } catch let error as VideoError {
                throw stop.exitCode(reporting: error, stopped: BatchRun.retry)
            }
        }
    }

    /// A part counts when its done marker says it was burned from this plan, with these arguments and
    /// these frames, and the file is still the one it wrote (size and SHA-256: a part overwritten in
    /// place keeps its size). Hashing reads each part once more: about 0.5 s per 130 MB of parts here,
    /// small beside burning them.
    static func checkDone(_ part: PartPlan.Part, in plan: PartPlan) throws(VideoError) {
        try PartJoiner.checkPresent(part)
        let expected = DoneMarker.identity(of: PlanJobs.arguments(of: part, in: plan), part: plan.range(of: part))
        guard let marker = DoneMarker.read(for: part.output), marker.arguments == expected, (try? marker.describes(part.output)) == true else {
            throw VideoError(.malformed, "part \(part.index) (\(part.output)) was not burned from this plan, not to the end, or has changed since; burn it again with --part \(part.index)")
        }
    }
}
