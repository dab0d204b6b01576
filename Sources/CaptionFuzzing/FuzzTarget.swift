/// One fuzz target: a reader or parser of untrusted input, fed arbitrary bytes. The libFuzzer binary
/// (`Fuzz/`, `make fuzz`) and the regression test (`FuzzRegressionTests`, in `make test`) run the same
/// `body`, so an input that once crashed a target is run again by the ordinary test suite.
///
/// A body calls the library functions the command line calls, and no others: an input either reads
/// (and is then written back out, so writers see untrusted text too) or is refused with an error.
/// Anything else (a trap, an overflow, an out-of-bounds read ASan sees, a hang, a leak) is a finding.
public struct FuzzTarget: Sendable {
    /// The name `make fuzz` and the folders use (`Fuzz/corpus/NAME`, `Fuzz/regressions/NAME`).
    public let name: String
    /// What it reads, for the README's table and `captions-fuzz --list`.
    public let summary: String
    /// Where its seeds come from: shell globs (`**` included) relative to the repository.
    public let seeds: [String]
    /// Its token dictionary in `Fuzz/dictionaries/` (libFuzzer's `-dict=`), when it has one.
    public let dictionary: String?
    /// The largest single allocation (libFuzzer's `-malloc_limit_mb=`) when it is not the memory limit
    /// (512 MB): for code that allocates what its input declares before reading it, memory it never touches.
    public let mallocLimitMB: Int?
    let body: @Sendable ([UInt8]) -> Void

    public init(name: String, summary: String, seeds: [String], dictionary: String?, mallocLimitMB: Int? = nil,
                body: @escaping @Sendable ([UInt8]) -> Void) {
        self.name = name; self.summary = summary; self.seeds = seeds; self.dictionary = dictionary
        self.mallocLimitMB = mallocLimitMB; self.body = body
    }

    /// Runs one input.
    public func run(_ bytes: [UInt8]) { body(bytes) }
}
