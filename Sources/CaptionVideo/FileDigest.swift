import CFFmpeg
import Foundation

/// SHA-256 of a whole file through libavutil's `av_sha`, read a megabyte at a time: fast enough for
/// the videos a manifest names (the Swift SHA256 in CaptionVerify is for golden manifests' small files).
public enum FileDigest {
    /// 64 lowercase hex digits; a file that cannot be opened or read is a missing input (66).
    public static func sha256(_ path: String) throws(VideoError) -> String {
        guard let file = fopen(path, "rb") else {
            throw VideoError(.unreadable, "\(path): cannot read (\(String(cString: strerror(errno))))")
        }
        defer { fclose(file) }
        guard let sha = av_sha_alloc() else { throw VideoError(.cannotWrite, "\(path): out of memory") }
        defer { av_free(UnsafeMutableRawPointer(sha)) }
        av_sha_init(sha, 256)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count > 0 { buffer.withUnsafeBytes { av_sha_update(sha, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), count) } }
            if count < buffer.count { break }
        }
        if ferror(file) != 0 { throw VideoError(.unreadable, "\(path): cannot read (\(String(cString: strerror(errno))))") }
        var digest = [UInt8](repeating: 0, count: 32)
        av_sha_final(sha, &digest)
        return digest.map { String(format: "%02x", $0) }.joined()
    }
}
