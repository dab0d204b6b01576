import ArgumentParser
import Foundation

/// `burn --manifest JOBS.jsonl [--index N] [--index-base B] [--stride K]`: which jobs of a manifest this
/// process runs. A scheduler runs one process per array index; the index comes from `--index` or from
/// the scheduler's own variable.
struct BurnBatchOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Run the burns of a JSON Lines file, one job per line: {\"video\", \"captions\", \"output\"} plus any burn option as a field (\"preset\", \"crf\", \"encoder_preset\", \"strict\": true ...).", valueName: "jobs.jsonl"))
    var manifest: String?

    @Option(help: "The job to run (0 = the first line). Default: \(TaskIndex.variables.map { "$" + $0 }.joined(separator: ", ")) when set, else every job.")
    var index: Int?

    @Option(name: .customLong("index-base"), help: "The number the index counts from: 1 for a Slurm --array=1-N (default 0).")
    var indexBase = 0

    @Option(help: "Run jobs INDEX, INDEX+K, INDEX+2K ... (K array tasks sharing more jobs than an array may have tasks).")
    var stride: Int?

    /// The burn options given beside `--manifest` on the command line (`captions burn --manifest J
    /// --preset pop-in --crf 20`): every job starts from them, and its own fields come after, so a job's
    /// field wins. `arguments` is the process's command line.
    static func sharedOptions(in arguments: [String]) -> [String] {
        guard let burn = arguments.firstIndex(of: "burn") else { return [] }
        var shared: [String] = [], rest = arguments[(burn + 1)...]
        while let argument = rest.popFirst() {
            if ["--manifest", "--index", "--index-base", "--stride"].contains(argument) { _ = rest.popFirst(); continue }
            if ["--manifest=", "--index=", "--index-base=", "--stride="].contains(where: argument.hasPrefix) { continue }
            shared.append(argument)
        }
        return shared
    }

    /// With a manifest the single burn's VIDEO, CAPTIONS and -o come from each job instead.
    func validate(single: [String?]) throws {
        if manifest != nil {
            if single.contains(where: { $0 != nil }) {
                throw ValidationError("with --manifest, each job's line names its video, captions and output; give no VIDEO, CAPTIONS or -o")
            }
        } else {
            if index != nil || stride != nil || indexBase != 0 { throw ValidationError("--index, --index-base and --stride go with --manifest") }
            if single.contains(where: { $0 == nil }) { throw ValidationError("give VIDEO, CAPTIONS and -o OUTPUT (or --manifest JOBS.jsonl)") }
        }
        if let stride, stride < 1 { throw ValidationError("--stride must be at least 1") }
        if let index, index < indexBase { throw ValidationError("--index must be at least --index-base (\(indexBase))") }
    }
}
