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
        return data.withUnsafeBytes { raw -> WaveformPeaks? in
            func field<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T { T(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: T.self)) }
            guard raw.prefix(8).elementsEqual(Self.magic), field(UInt64.self, at: 8) == stamp.size, field(Int64.self, at: 16) == stamp.seconds,
                  field(Int64.self, at: 24) == stamp.nanoseconds else { return nil }
            let rate = Int(field(UInt32.self, at: 32)), buckets = Int(field(UInt32.self, at: 36)), count = Int(field(UInt32.self, at: 40))
            guard rate > 0, buckets == WaveformPeaks.bucketsPerSecond, raw.count == Self.headerSize + 4 * count else { return nil }
            // The peaks copied as they lie, little-endian Float32 as every host this builds for stores
            // them (a two-hour film's 720,000 read one by one took seconds in a debug build).
            var peaks = [Float](repeating: 0, count: count)
            peaks.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[Self.headerSize...])) }
            guard peaks.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
            return WaveformPeaks(sampleRate: rate, peaks: peaks)
        }
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
        waveform.peaks.withUnsafeBytes { bytes.append(contentsOf: $0) }
        do {
            try OutputFile.write(Data(bytes), to: path, protecting: [video])
            return nil
        } catch {
            return "\(error)"
        }
    }
}

#if _endian(big)
#error("StudioWaveformCache copies Float32 peaks as they lie in memory: little-endian hosts only")
#endif
