import CaptionModel
import Foundation

/// Writes output the safe way: into a temporary file beside the target, then renamed over it, so a
/// failure never leaves a half-written file; and never onto the input it was made from.
public enum OutputFile {
    /// Writes `data` to `path` through a temporary file renamed into place.
    ///
    /// - Parameters:
    ///   - data: The whole output (an ASS script's UTF-8, say).
    ///   - path: The file to write or replace.
    ///   - inputs: The files the output was made from; writing onto one of them is refused.
    /// - Throws: `CaptionFormatError` `.cannotWrite` (73) when the folder is missing or not writable,
    ///   the disk is full, or `path` is one of `inputs`.
    public static func write(_ data: Data, to path: String, protecting inputs: [String] = []) throws {
        let temporary = try prepare(path, protecting: inputs)
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw CaptionFormatError(.cannotWrite, "\(path): cannot write into \(directory(of: path)) (permission denied or disk full?)")
        }
        try commit(temporary, to: path)
    }

    /// Streams `format`'s bytes for `document` into the temporary file, 1 MiB at a time (the output is
    /// never held whole), then renames it into place. `accept` sees what the format could not carry
    /// before the rename and may throw (`--strict`): the temporary file is then removed.
    public static func write(_ document: CaptionDocument, as format: any SubtitleFormat.Type, options: WriteOptions,
                             to path: String, protecting inputs: [String] = [],
                             accept: ([Diagnostic]) throws -> Void = { _ in }) throws {
        var diagnostics: [Diagnostic] = []
        try throughTemporaryFile(path, protecting: inputs, { fd in
            let sink = ByteSink { bytes in writeAll(fd, bytes) }
            diagnostics = format.write(document, options: options, into: sink)
            sink.flush()
            return sink.failure
        }, beforeRenaming: { try accept(diagnostics) })
    }

    /// Streams the bytes `produce` hands to `write` into the temporary file, renamed into place once
    /// `produce` returns (a long PGS track, say, never held whole). If `produce` throws or a write fails
    /// (disk full), the temporary file is removed and `path` is left as it was; after a failed write the
    /// later ones do nothing, and the failure is thrown when `produce` returns.
    public static func write(to path: String, protecting inputs: [String] = [], _ produce: (_ write: ([UInt8]) -> Void) throws -> Void) throws {
        try throughTemporaryFile(path, protecting: inputs) { fd in
            var failure: String?
            try produce { bytes in
                guard failure == nil else { return }
                failure = bytes.withUnsafeBytes { writeAll(fd, $0) }
            }
            return failure
        }
    }

    /// The temporary file's life: opened, written by `body` (which returns why a write failed, if one
    /// did), closed, checked by `beforeRenaming`, renamed into place. Whatever fails or throws on the way
    /// removes the temporary file and leaves `path` as it was.
    private static func throughTemporaryFile(_ path: String, protecting inputs: [String], _ body: (_ fd: Int32) throws -> String?,
                              beforeRenaming check: () throws -> Void = {}) throws {
        let temporary = try prepare(path, protecting: inputs)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            throw CaptionFormatError(.cannotWrite, "\(path): cannot write into \(directory(of: path)) (\(String(cString: strerror(errno))))")
        }
        let failure: String?
        do { failure = try body(fd) } catch { close(fd); unlink(temporary); throw error }
        let closed = close(fd) == 0 ? nil : String(cString: strerror(errno))
        if let failure = failure ?? closed {
            unlink(temporary)
            throw CaptionFormatError(.cannotWrite, "\(path): cannot write into \(directory(of: path)) (\(failure))")
        }
        do { try check() } catch { unlink(temporary); throw error }
        try commit(temporary, to: path)
    }

    /// Writes all of `bytes` to `fd`; the error's text if a write fails.
    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> String? {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += n
        }
        return nil
    }

    /// Checks the target and names the temporary file beside it.
    private static func prepare(_ path: String, protecting inputs: [String]) throws -> String {
        for input in inputs where input != "-" && isSameFile(input, path) {
            throw CaptionFormatError(.cannotWrite, "\(path): refusing to overwrite the input file")
        }
        if let problem = OutputLocation.problem(writing: path) { throw CaptionFormatError(.cannotWrite, "\(path): \(problem)") }
        return OutputLocation.temporaryPath(for: path)
    }

    private static func commit(_ temporary: String, to path: String) throws {
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CaptionFormatError(.cannotWrite, "\(path): cannot replace the file (\(reason))")
        }
    }

    private static func directory(of path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    public static func isSameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}
