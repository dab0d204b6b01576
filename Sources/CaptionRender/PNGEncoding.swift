import CPNG
import Foundation

/// PNGs made in memory, for images served rather than saved (the studio's overlays).
public enum PNGEncoding {
    /// How hard to compress: an overlay is mostly transparent rows, which zlib's fastest level and no
    /// row filter already shrink to a few kilobytes, so `.fast` costs a fraction of libpng's defaults.
    public struct Settings: Sendable {
        /// zlib level, 1 (fastest) ... 9.
        public var level: Int32
        /// One row filter for every row: 0 none, 1 sub, 2 up.
        public var filter: Int32
        public init(level: Int32, filter: Int32) { self.level = level; self.filter = filter }
        public static let fast = Settings(level: 1, filter: 0)
    }

    /// The image as PNG bytes (8-bit RGBA, straight alpha, the same pixels `PNGFile.write` stores).
    public static func encode(_ image: RGBAImage, settings: Settings = .fast) throws(PNGFileError) -> Data {
        guard image.width > 0, image.height > 0 else {
            throw PNGFileError(kind: .cannotWrite, path: "(memory)", reason: "cannot encode an empty (\(image.width)x\(image.height)) image")
        }
        var reason = [CChar](repeating: 0, count: 64)
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        let ok = image.withUnsafePixels { pixels in
            cpng_write_rgba8_memory(pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.bytesPerRow,
                                    settings.level, settings.filter, &bytes, &count, &reason)
        }
        guard ok != 0, let bytes else {
            let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw PNGFileError(kind: .cannotWrite, path: "(memory)", reason: text.isEmpty ? "libpng failed" : text)
        }
        return Data(bytesNoCopy: bytes, count: count, deallocator: .free)
    }
}
