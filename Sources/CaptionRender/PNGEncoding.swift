import CPNG
import Foundation

/// PNGs made in memory, for images served rather than saved (the studio's overlays).
///
/// A caption overlay is mostly transparent rows. libpng with zlib's fastest level took 20-24 ms for a
/// 1080x1920 overlay, nearly all of it deflating zeros; `cpng_encode_sparse_rgba8` writes runs of empty
/// rows as hand-made deflate blocks (one symbol per 258 bytes) and gives zlib only the rows with
/// pixels, so the cost follows the captions' area rather than the frame's.
public enum PNGEncoding {
    /// The image as PNG bytes (8-bit RGBA, straight alpha, the same pixels `PNGFile.write` stores);
    /// `level` is zlib's, 1 (fastest) ... 9.
    public static func encode(_ image: RGBAImage, level: Int32 = 1) throws(PNGFileError) -> Data {
        guard image.width > 0, image.height > 0 else {
            throw PNGFileError(kind: .cannotWrite, path: "(memory)", reason: "cannot encode an empty (\(image.width)x\(image.height)) image")
        }
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        let ok = image.withUnsafePixels { pixels in
            cpng_encode_sparse_rgba8(pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.bytesPerRow, level, &bytes, &count)
        }
        guard ok != 0, let bytes else { throw PNGFileError(kind: .cannotWrite, path: "(memory)", reason: "out of memory") }
        return Data(bytesNoCopy: bytes, count: count, deallocator: .free)
    }
}
