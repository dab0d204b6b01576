import Foundation

/// Which of a manifest's jobs this process runs: one (`--index N` or the scheduler's array index),
/// every K-th from there (`--stride K`), or all of them when no index is given anywhere.
struct TaskIndex: Equatable {
    /// The array-index variables of the schedulers, looked up in this order: Kubernetes Indexed Jobs,
    /// AWS Batch array jobs, Slurm job arrays (which count from whatever `--array` says: see `--index-base`).
    static let variables = ["JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX", "SLURM_ARRAY_TASK_ID"]

    /// The first job (0-based), nil for every job.
    var first: Int?
    var stride: Int?
    /// Where the index came from: `--index`, `$SLURM_ARRAY_TASK_ID`, or nil.
    var source: String?

    static func resolve(index: Int?, base: Int, stride: Int?, environment: [String: String]) throws(ManifestError) -> TaskIndex {
        var raw = index, source = index.map { _ in "--index" }
        if raw == nil, let name = variables.first(where: { environment[$0] != nil }) {
            let text = environment[name]!.trimmingCharacters(in: .whitespaces)
            guard let value = Int(text) else { throw ManifestError(.usage, "$\(name) is '\(text)', not a whole number") }
            raw = value; source = "$" + name
        }
        guard let raw else {
            if stride != nil { throw ManifestError(.usage, "--stride needs an index: --index or one of $\(variables.joined(separator: ", $"))") }
            return TaskIndex(first: nil, stride: nil, source: nil)
        }
        let first = raw - base
        guard first >= 0 else { throw ManifestError(.usage, "\(source!) is \(raw), below the index base \(base)") }
        if let stride, first >= stride {
            throw ManifestError(.usage, "\(source!) is \(raw): with --stride \(stride) the indexes run from \(base) to \(base + stride - 1) (another task would run the same jobs)")
        }
        return TaskIndex(first: first, stride: stride, source: source)
    }

    /// The 0-based jobs to run out of `count`.
    func jobs(count: Int) -> [Int] {
        guard let first else { return Array(0..<count) }
        guard let stride else { return first < count ? [first] : [] }
        return Array(Swift.stride(from: first, to: count, by: stride))
    }
}
