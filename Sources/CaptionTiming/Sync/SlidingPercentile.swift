/// A low percentile of a level (in dB) over a centred window at every position, from a sliding
/// histogram of half-decibel steps: adding and removing a value is O(1), and the percentile is read
/// every `step` positions (a noise floor does not change within a tenth of a second).
enum SlidingPercentile {
    static let lowest: Float = -140
    static let binsPerDecibel: Float = 2
    static let binCount = 400   // -140 ... +60 dB

    static func of(_ values: [Float], reach: Int, fraction: Float, step: Int = 10) -> [Float] {
        let n = values.count
        guard n > 0 else { return [] }
        let bins = values.map { min(binCount - 1, max(0, Int((($0 - lowest) * binsPerDecibel).rounded(.down)))) }
        var histogram = [Int32](repeating: 0, count: binCount)
        var result = [Float](repeating: 0, count: n)
        // The window [i - reach, i + reach] is kept in the histogram as i advances.
        var low = 0, high = -1   // current window [low, high]
        var i = 0
        while i < n {
            let a = max(0, i - reach), b = min(n - 1, i + reach)
            while high < b { high += 1; histogram[bins[high]] += 1 }
            while low < a { histogram[bins[low]] -= 1; low += 1 }
            let wanted = Int32(Float(b - a + 1) * fraction)
            var count: Int32 = 0, bin = 0
            while bin < binCount - 1 {
                count += histogram[bin]
                if count > wanted { break }
                bin += 1
            }
            let value = lowest + (Float(bin) + 0.5) / binsPerDecibel
            for j in i..<min(n, i + step) { result[j] = value }
            i += step
        }
        return result
    }
}
