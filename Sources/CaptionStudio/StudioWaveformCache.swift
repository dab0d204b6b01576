import CaptionFormats
import CaptionVideo
import Foundation

/// A video's waveform kept beside it (`NAME.captionkit-waveform`), so the studio opened again on the same
/// film draws the whole waveform at once instead of decoding two hours of sound again (6-8 s).
///
/// The file says which video it was made from: the video's size and modification time, to the
/// nanosecond. Any difference (the video re-encoded or replaced), a different bucket rate, or a file cut
/// short or not this format, and it is not used: the waveform is computed again and the file rewritten.
/// Written only once the whole sound is decoded, to a temporary file renamed into place, so a killed
/// studio never leaves half a waveform; where the video's folder cannot be written (a read-only disc, a
/// shared folder), the studio goes on without a cache and says why in `GET /waveform`.
///
/// Layout, little-endian: the 8 bytes `CKWAVE01`; the video's size (UInt64), modification time in
/// seconds (Int64) and nanoseconds (Int64); the sample rate, the buckets per second and the bucket count
/// (UInt32 each); then each bucket's peak as a Float32.
struct StudioWaveformCache: Sendable {
    static let magic = Array("CKWAVE01".utf8)
    static let headerSize = 8 + 8 + 8 + 8 + 4 + 4 + 4
    let path: String
    let video: String

    init(video: String) {
        self.video = video
        path = video + ".captionkit-waveform"
    }

    /// The video's size and modification time, as the cache records them; nil when it cannot be read.
    private func stamp() -> (size: UInt64, seconds: Int64, nanoseconds: Int64)? {
        var info = stat()
        guard stat(video, &info) == 0 else { return nil }
        return (UInt64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec))
    }

    /// The waveform kept for this very video, or nil (none, another video's, or damaged).
    func read() -> WaveformPeaks? {
        guard let stamp = stamp(), let data = FileManager.default.contents(atPath: path), data.count >= Self.headerSize else { return nil }
        let bytes = [UInt8](data)
        var reader = LittleEndianReader(bytes: bytes)
        guard reader.bytes(8) == Self.magic, reader.uint64() == stamp.size, reader.int64() == stamp.seconds,
              reader.int64() == stamp.nanoseconds else { return nil }
        let rate = Int(reader.uint32()), buckets = Int(reader.uint32()), count = Int(reader.uint32())
        guard rate > 0, buckets == WaveformPeaks.bucketsPerSecond, bytes.count == Self.headerSize + 4 * count else { return nil }
        // The peaks copied as they lie (a two-hour film's 720,000 one by one took seconds in a debug build).
        var peaks = [Float](repeating: 0, count: count)
        peaks.withUnsafeMutableBytes { out in
            bytes.withUnsafeBytes { out.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[Self.headerSize...])) }
        }
        #if _endian(big)
        peaks = peaks.map { Float(bitPattern: UInt32(littleEndian: $0.bitPattern)) }
        #endif
        guard peaks.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        return WaveformPeaks(sampleRate: rate, peaks: peaks)
    }

    /// Keeps `waveform` for this video. Why it could not, if it could not.
    func write(_ waveform: WaveformPeaks) -> String? {
        guard let stamp = stamp() else { return "\(video) cannot be read" }
        var bytes = Self.magic
        bytes.reserveCapacity(Self.headerSize + 4 * waveform.peaks.count)
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        put(stamp.size)
        put(stamp.seconds)
        put(stamp.nanoseconds)
        put(UInt32(clamping: waveform.sampleRate))
        put(UInt32(WaveformPeaks.bucketsPerSecond))
        put(UInt32(clamping: waveform.peaks.count))
        #if _endian(big)
        for peak in waveform.peaks { put(peak.bitPattern) }
        #else
        waveform.peaks.withUnsafeBytes { bytes.append(contentsOf: $0) }
        #endif
        do {
            try OutputFile.write(Data(bytes), to: path, protecting: [video])
            return nil
        } catch {
            return "\(error)"
        }
    }
}

/// Reads fixed-size little-endian fields in order; past the end, zeros (the caller checks the length).
private struct LittleEndianReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func bytes(_ n: Int) -> [UInt8] {
        defer { offset += n }
        return offset + n <= bytes.count ? Array(bytes[offset..<offset + n]) : []
    }

    private mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T {
        let size = MemoryLayout<T>.size
        defer { offset += size }
        guard offset + size <= bytes.count else { return 0 }
        var value: T = 0
        for k in (0..<size).reversed() { value = value << 8 | T(bytes[offset + k]) }
        return value
    }

    mutating func uint32() -> UInt32 { integer(UInt32.self) }
    mutating func uint64() -> UInt64 { integer(UInt64.self) }
    mutating func int64() -> Int64 { integer(Int64.self) }
}
