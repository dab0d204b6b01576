import Foundation

/// Writes output the safe way: into a temporary file beside the target, then renamed over it, so a
/// failure never leaves a half-written file; and never onto the input it was made from.
public enum OutputFile {
    public static func write(_ data: Data, to path: String, protecting inputs: [String] = []) throws {
        let target = URL(fileURLWithPath: path)
        for input in inputs where input != "-" && isSameFile(input, path) {
            throw CaptionFormatError(.cannotWrite, "\(path): refusing to overwrite the input file")
        }
        let directory = target.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CaptionFormatError(.cannotWrite, "\(path): the directory \(directory.path) does not exist")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CaptionFormatError(.cannotWrite, "\(path) is a directory")
        }
        let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).\(getpid()).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
            throw CaptionFormatError(.cannotWrite, "\(path): cannot write into \(directory.path) (permission denied or disk full?)")
        }
        guard rename(temporary.path, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw CaptionFormatError(.cannotWrite, "\(path): cannot replace the file (\(reason))")
        }
    }

    static func isSameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}
