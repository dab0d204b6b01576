import CaptionVideo
import Foundation

/// A plan's parts as batch jobs: part K burns the plan's arguments into the part's file, its frames only.
enum PlanJobs {
    /// `printing`: `--quiet`, `--stats` or `--verbose` from the command line, which change what a part prints, not
    /// what it burns.
    static func jobs(_ path: String, printing: [String] = []) throws(ManifestError) -> [BatchJob] {
        let plan: PartPlan
        do { plan = try PartPlan.read(path) } catch { throw ManifestError(error.exitCode == 66 ? .unreadable : .malformed, error.message) }
        return plan.parts.map { part in
            BatchJob(index: part.index, label: "\(path) part \(part.index)", origin: ["part": part.index], output: part.output,
                     arguments: .success(arguments(of: part, in: plan) + printing), part: plan.range(of: part),
                     // Each part reads only its stretch of the video: hashing all of it for every part
                     // would read the whole video once per part. The plan's hash stands for it, with a
                     // check of its size and time.
                     knownInputs: [plan.video: plan.videoSHA256], check: { try plan.checkVideo() })
        }
    }

    /// What part K's burn is given: the plan's arguments, writing the part's file.
    static func arguments(of part: PartPlan.Part, in plan: PartPlan) -> [String] {
        plan.arguments + ["-o", part.output]
    }
}
