import ArgumentParser
import Foundation

/// `burn --manifest JOBS.jsonl` and `burn --plan N | --plan PLAN.json [--part K]`, with `--index N`,
/// `--index-base B`, `--stride K`: which jobs of a manifest, or which parts of a plan, this process
/// runs. A scheduler runs one process per array index; the index comes from `--index` (`--part`) or
/// from the scheduler's own variable.
struct BurnBatchOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Run the burns of a JSON Lines file, one job per line: {\"video\", \"captions\", \"output\"} plus any burn option as a field (\"preset\", \"crf\", \"encoder_preset\", \"strict\": true ...).", valueName: "jobs.jsonl"))
    var manifest: String?

    @Option(help: "The job to run (0 = the first line). Default: \(TaskIndex.variables.map { "$" + $0 }.joined(separator: ", ")) when set, else every job.")
    var index: Int?

    @Option(name: .customLong("index-base"), help: "The number the index counts from: 1 for a Slurm --array=1-N (default 0).")
    var indexBase = 0

    @Option(help: "Run jobs INDEX, INDEX+K, INDEX+2K ... (K array tasks sharing more jobs than an array may have tasks).")
    var stride: Int?

    @Option(help: ArgumentHelp("With a number N: plan N parts of VIDEO, cut at key frames, and write the plan to -o PLAN.json. With a plan: burn its parts (--part K, or the scheduler's index), then `captions join PLAN.json`.", valueName: "N|plan.json"))
    var plan: String?

    @Option(help: "The plan's part to burn (0 = the first); the same as --index.")
    var part: Int?

    /// Options that choose jobs rather than say how one burns.
    static let selection: Set<String> = ["--manifest", "--index", "--index-base", "--stride", "--plan", "--part"]
    /// Burn options that change only what is printed, not what is burned: a plan's parts take them from
    /// the command line, and a job re-run with them is still done.
    static let printingOnly: Set<String> = ["--quiet", "--stats", "--verbose"]

    /// The plan's part count when `--plan N` asks for a plan to be made.
    var partCount: Int? { plan.flatMap { Int($0) } }

    /// `captions burn`'s arguments on the process's command line without the options in `dropping`
    /// (each with its value). Beside `--manifest` these are every job's defaults (`captions burn
    /// --manifest J --preset pop-in --crf 20`; a job's own fields come after, so they win); beside
    /// `--plan N` they are what every part burns with.
    static func burnArguments(in arguments: [String] = CommandLine.arguments, dropping: Set<String>) -> [String] {
        guard let burn = arguments.firstIndex(of: "burn") else { return [] }
        var kept: [String] = [], rest = arguments[(burn + 1)...]
        while let argument = rest.popFirst() {
            if dropping.contains(argument) { _ = rest.popFirst(); continue }
            if dropping.contains(where: { argument.hasPrefix($0 + "=") }) { continue }
            kept.append(argument)
        }
        return kept
    }

    /// With a manifest the single burn's VIDEO, CAPTIONS and -o come from each job instead.
    func validate(single: [String?]) throws {
        if manifest != nil && plan != nil { throw ValidationError("give --manifest or --plan, not both") }
        if part != nil && index != nil { throw ValidationError("--part and --index say the same; give one") }
        if let plan, partCount == nil {
            if single.contains(where: { $0 != nil }) {
                throw ValidationError("with --plan \(plan), each part comes from the plan; give no VIDEO, CAPTIONS or -o")
            }
        } else if partCount != nil {
            if single.contains(where: { $0 == nil }) { throw ValidationError("--plan N needs VIDEO, CAPTIONS and -o PLAN.json") }
            if partCount! < 1 { throw ValidationError("--plan needs at least one part") }
            if index != nil || stride != nil || part != nil { throw ValidationError("--index, --part and --stride go with a plan file, not --plan N") }
        } else if manifest != nil {
            if single.contains(where: { $0 != nil }) {
                throw ValidationError("with --manifest, each job's line names its video, captions and output; give no VIDEO, CAPTIONS or -o")
            }
        } else {
            if index != nil || stride != nil || indexBase != 0 || part != nil {
                throw ValidationError("--index, --part, --index-base and --stride go with --manifest or --plan")
            }
            if single.contains(where: { $0 == nil }) { throw ValidationError("give VIDEO, CAPTIONS and -o OUTPUT (or --manifest JOBS.jsonl)") }
        }
        if let stride, stride < 1 { throw ValidationError("--stride must be at least 1") }
        if let index, index < indexBase { throw ValidationError("--index must be at least --index-base (\(indexBase))") }
    }
}
