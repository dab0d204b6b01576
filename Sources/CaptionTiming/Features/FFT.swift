import Foundation

/// A radix-2 FFT of real frames, giving power spectra: all the features need. The twiddles and the
/// bit reversal are computed once per size.
struct PowerSpectrum {
    let size: Int
    private let cosines: [Float]
    private let sines: [Float]
    private let reversed: [Int]

    /// `size` must be a power of two.
    init(size: Int) {
        precondition(size > 1 && size & (size - 1) == 0)
        self.size = size
        cosines = (0..<(size / 2)).map { Float(cos(-2 * Double.pi * Double($0) / Double(size))) }
        sines = (0..<(size / 2)).map { Float(sin(-2 * Double.pi * Double($0) / Double(size))) }
        let bits = size.trailingZeroBitCount
        reversed = (0..<size).map { i in
            var r = 0
            for b in 0..<bits where i & (1 << b) != 0 { r |= 1 << (bits - 1 - b) }
            return r
        }
    }

    /// |X(k)|² for k in 0...size/2 of `frame` (zero-padded to `size`), written into `power`.
    func callAsFunction(_ frame: [Float], into power: inout [Float], re: inout [Float], im: inout [Float]) {
        for i in 0..<size {
            let j = reversed[i]
            re[i] = j < frame.count ? frame[j] : 0
            im[i] = 0
        }
        var half = 1
        while half < size {
            let step = size / (half * 2)
            var start = 0
            while start < size {
                for k in 0..<half {
                    let (c, s) = (cosines[k * step], sines[k * step])
                    let (a, b) = (start + k, start + k + half)
                    let tr = re[b] * c - im[b] * s
                    let ti = re[b] * s + im[b] * c
                    re[b] = re[a] - tr; im[b] = im[a] - ti
                    re[a] += tr; im[a] += ti
                }
                start += half * 2
            }
            half *= 2
        }
        for k in 0...(size / 2) { power[k] = re[k] * re[k] + im[k] * im[k] }
    }
}
