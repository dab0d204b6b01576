import ArgumentParser
import CaptionVerify

/// `--threshold`, `--min-psnr` and `--max-diff-pixels`: what a golden frame must meet. At most one;
/// none leaves the folder's recorded threshold (or the default, GOOD) in force.
struct ThresholdOptions: ParsableArguments {
    @Option(help: "Worst passing grade: SAME, GOOD or BAD (libass's compare grades).")
    var threshold: String?

    @Option(name: .customLong("min-psnr"), help: "Pass when the PSNR over the caption area is at least DB.")
    var minPSNR: Double?

    @Option(name: .customLong("max-diff-pixels"), help: "Pass when at most N pixels differ at all.")
    var maxDiffPixels: Int?

    func validate() throws {
        if [threshold != nil, minPSNR != nil, maxDiffPixels != nil].filter({ $0 }).count > 1 {
            throw ValidationError("give one of --threshold, --min-psnr and --max-diff-pixels")
        }
        if let threshold, GoldenThreshold.passingGrade(named: threshold) == nil {
            throw ValidationError("--threshold: expected SAME, GOOD or BAD, got '\(threshold)'")
        }
        if let minPSNR, !(minPSNR.isFinite && minPSNR > 0) { throw ValidationError("--min-psnr must be a positive number of dB") }
        if let maxDiffPixels, maxDiffPixels < 0 { throw ValidationError("--max-diff-pixels must not be negative") }
    }

    var value: GoldenThreshold? {
        if let threshold, let grade = GoldenThreshold.passingGrade(named: threshold) { return .grade(grade) }
        if let minPSNR { return .minPSNR(minPSNR) }
        if let maxDiffPixels { return .maxDiffPixels(maxDiffPixels) }
        return nil
    }
}
