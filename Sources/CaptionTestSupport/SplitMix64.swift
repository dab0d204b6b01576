/// SplitMix64: a tiny, well-mixed, seedable generator, so property tests and benchmark workloads give
/// the same sequence on every machine and a failure is reproducible from its seed. Shared by the test
/// targets and the benchmarks; not part of the CaptionKit product.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in the range (modulo bias is irrelevant at these sizes).
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// Uniform in 0..<n.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// True with probability `p` (in steps of one millionth).
    public mutating func chance(_ p: Double) -> Bool { Double(next() % 1_000_000) / 1_000_000 < p }

    public mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    public mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
}
