import CaptionFormats
import CaptionVerify
import Foundation

/// SHA-256 of a file's bytes; a file that cannot be read is a missing input (66).
enum Hashing {
    static func file(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw CaptionFormatError(.unreadable, "\(path): cannot read") }
        return SHA256.hex(data)
    }
}
