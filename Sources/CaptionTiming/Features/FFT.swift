import Foundation

/// An in-place radix-2 complex FFT (iterative, bit-reversal first), sized once and reused: the speech
/// detector's 512-point spectra and the sync search's long cross-correlations. Split real and imaginary
/// arrays; twiddles precomputed, so a transform is only multiply-adds.
struct FFT: Sendable {
    let size: Int
    private let cosines: [Float]
    private let sines: [Float]
    private let reversed: [Int32]

    /// `size` must be a power of two, at least 2.
    init(size: Int) {
        precondition(size >= 2 && size & (size - 1) == 0, "FFT size \(size) is not a power of two")
        self.size = size
        let half = size / 2
        cosines = (0..<half).map { Float(cos(-2 * Double.pi * Double($0) / Double(size))) }
        sines = (0..<half).map { Float(sin(-2 * Double.pi * Double($0) / Double(size))) }
        var bits = 0
        while 1 << bits < size { bits += 1 }
        reversed = (0..<size).map { i in
            var r = 0, v = i
            for _ in 0..<bits { r = (r << 1) | (v & 1); v >>= 1 }
            return Int32(r)
        }
    }

    /// The smallest power of two at least `n`.
    static func size(atLeast n: Int) -> Int {
        var s = 2
        while s < n { s <<= 1 }
        return s
    }

    /// Forward transform (e^-i); `inverse` conjugates the twiddles (no 1/n scaling).
    func transform(real: inout [Float], imaginary: inout [Float], inverse: Bool = false) {
        precondition(real.count == size && imaginary.count == size)
        real.withUnsafeMutableBufferPointer { re in
            imaginary.withUnsafeMutableBufferPointer { im in
                cosines.withUnsafeBufferPointer { c in
                    sines.withUnsafeBufferPointer { s in
                        reversed.withUnsafeBufferPointer { rev in
                            run(re.baseAddress!, im.baseAddress!, c.baseAddress!, s.baseAddress!, rev.baseAddress!, inverse ? -1 : 1)
                        }
                    }
                }
            }
        }
    }

    private func run(_ re: UnsafeMutablePointer<Float>, _ im: UnsafeMutablePointer<Float>, _ c: UnsafePointer<Float>,
                     _ s: UnsafePointer<Float>, _ rev: UnsafePointer<Int32>, _ sign: Float) {
        for i in 0..<size {
            let j = Int(rev[i])
            if j > i {
                swap(&re[i], &re[j])
                swap(&im[i], &im[j])
            }
        }
        var length = 2
        while length <= size {
            let half = length / 2, step = size / length
            var start = 0
            while start < size {
                var k = 0
                for j in start..<(start + half) {
                    let wr = c[k], wi = sign * s[k]
                    let xr = re[j + half], xi = im[j + half]
                    let tr = xr * wr - xi * wi, ti = xr * wi + xi * wr
                    re[j + half] = re[j] - tr
                    im[j + half] = im[j] - ti
                    re[j] += tr
                    im[j] += ti
                    k += step
                }
                start += length
            }
            length <<= 1
        }
    }
}
