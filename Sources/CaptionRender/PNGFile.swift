import CPNG
import CaptionModel
import Foundation

/// A PNG that could not be read or written; the message names the file.
public struct PNGFileError: CaptionKitError {
    public enum Kind: Sendable { case cannotRead, cannotWrite }
    public let kind: Kind
    public let path: String
    public let reason: String

    public var description: String { "\(path): \(reason)" }

    /// Unreadable (66) for a PNG that cannot be read, cannotWrite (73) for one that cannot be written.
    public var failure: FailureKind { kind == .cannotRead ? .unreadable : .cannotWrite }
}

/// Reads and writes `RGBAImage`s with libpng's simplified API (`png_image_*`): 8-bit sRGB RGBA,
/// straight alpha, exactly the image's layout, so a write then read gives the same bytes.
public enum PNGFile {
    /// Writes an image as an 8-bit RGBA PNG.
    ///
    /// Writes into a temporary file beside `path`, then renames it over `path`: a failure never leaves
    /// a half-written PNG (the same rule as CaptionFormats' OutputFile).
    ///
    /// - Throws: `PNGFileError` `.cannotWrite` (73) for an empty image, a folder that does not exist
    ///   or cannot be written, or a failed write.
    public static func write(_ image: RGBAImage, to path: String) throws(PNGFileError) {
        func failure(_ reason: String) -> PNGFileError { PNGFileError(kind: .cannotWrite, path: path, reason: reason) }
        guard image.width > 0, image.height > 0 else { throw failure("cannot write an empty (\(image.width)x\(image.height)) image") }
        if let problem = OutputLocation.problem(writing: path) { throw failure(problem) }
        let temporary = OutputLocation.temporaryPath(for: path)

        var png = png_image()
        png.version = cpng_image_version()
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = cpng_format_rgba()
        let written = image.withUnsafePixels { pixels in
            png_image_write_to_file(&png, temporary, 0, pixels.baseAddress, Int32(image.bytesPerRow), nil)
        }
        let message = messageText(of: &png)
        png_image_free(&png)
        guard written != 0 else {
            unlink(temporary)
            throw failure("cannot write PNG (\(message.isEmpty ? "libpng failed" : message))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw failure("cannot replace the file (\(reason))")
        }
    }

    /// True when the file begins with the PNG signature (whatever its name says).
    public static func hasSignature(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 8)).map { [UInt8]($0) } == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    }

    /// Reads any PNG libpng understands, converted to 8-bit sRGB RGBA with straight alpha. 16-bit files
    /// (ffmpeg's frames of 10-bit and ProRes video) are scaled to 8 bits as they are encoded.
    public static func read(_ path: String) throws(PNGFileError) -> RGBAImage {
        func failure(_ reason: String) -> PNGFileError { PNGFileError(kind: .cannotRead, path: path, reason: reason) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw failure("no such file") }
        guard !isDirectory.boolValue else { throw failure("is a directory") }

        var png = png_image()
        png.version = cpng_image_version()
        guard png_image_begin_read_from_file(&png, path) != 0 else {
            let message = messageText(of: &png)
            png_image_free(&png)
            throw failure("not a readable PNG (\(message.isEmpty ? "libpng failed" : message))")
        }
        let sixteenBit = png.format & cpng_format_flag_linear() != 0
        png.format = cpng_format_rgba()
        let (width, height) = (Int(png.width), Int(png.height))
        // A corrupt header must not make us allocate gigabytes: 2^28 pixels is 16384 × 16384.
        guard width > 0, height > 0, width * height <= 1 << 28 else {
            png_image_free(&png)
            throw failure("unsupported PNG size \(width)x\(height)")
        }
        var image = RGBAImage(width: width, height: height)
        if sixteenBit {
            png_image_free(&png)
            var reason = [CChar](repeating: 0, count: 64)
            let read = image.withUnsafeMutablePixels { cpng_read_rgba8(path, $0.baseAddress, UInt32(width), UInt32(height), &reason) }
            guard read != 0 else { throw failure("damaged PNG (\(String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))") }
            return image
        }
        let finished = image.withUnsafeMutablePixels { pixels in
            png_image_finish_read(&png, nil, pixels.baseAddress, Int32(width * 4), nil)
        }
        let message = messageText(of: &png)
        png_image_free(&png)
        guard finished != 0 else { throw failure("damaged PNG (\(message.isEmpty ? "libpng failed" : message))") }
        return image
    }

    /// libpng's error text, a fixed char[64] inside the struct.
    private static func messageText(of png: inout png_image) -> String {
        withUnsafeBytes(of: &png.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
