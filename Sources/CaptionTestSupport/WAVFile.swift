import Foundation

/// Mono samples as a 16-bit PCM WAV file, for the timing tests and benchmarks (ffmpeg, ffsubsync and
/// `captions` read them back).
public enum WAVFile {
    /// Samples in -1 ... 1 (louder ones are clipped); `normalize` scales the loudest sample to just under
    /// full scale first.
    public static func write(_ samples: [Float], sampleRate: Int, to path: String, normalize: Bool = false) throws {
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let bytes = samples.count * 2
        data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36 + bytes))
        data.append(contentsOf: Array("WAVEfmt ".utf8)); append(UInt32(16)); append(UInt16(1)); append(UInt16(1))
        append(UInt32(sampleRate)); append(UInt32(sampleRate * 2)); append(UInt16(2)); append(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); append(UInt32(bytes))
        let gain: Float = normalize ? 0.98 / max(samples.map { abs($0) }.max() ?? 1, 1e-9) : 1
        for s in samples { append(Int16(max(-32_767, min(32_767, (s * gain * 32_767).rounded())))) }
        try data.write(to: URL(fileURLWithPath: path))
    }
}
