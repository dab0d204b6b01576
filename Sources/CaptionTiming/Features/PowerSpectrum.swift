/// Power spectra of real frames (|X(k)|² for k in 0...size/2), for the alignment's mel energies: the
/// frame zero-padded into the real part of an `FFT`.
struct PowerSpectrum {
    let size: Int
    private let fft: FFT

    /// `size` must be a power of two.
    init(size: Int) {
        self.size = size
        fft = FFT(size: size)
    }

    /// Writes the spectrum of `frame` into `power`; `re` and `im` are `size`-long work arrays.
    func callAsFunction(_ frame: [Float], into power: inout [Float], re: inout [Float], im: inout [Float]) {
        for i in 0..<size {
            re[i] = i < frame.count ? frame[i] : 0
            im[i] = 0
        }
        fft.transform(real: &re, imaginary: &im)
        for k in 0...(size / 2) { power[k] = re[k] * re[k] + im[k] * im[k] }
    }
}
