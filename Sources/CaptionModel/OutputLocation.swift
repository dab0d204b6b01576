import Foundation

/// Why a file cannot be written at a path, found before anything is written: its folder is missing
/// or is a file, or the path itself is a folder. Every writer (captions, PNG, video) asks the same
/// question and says the same sentence.
public enum OutputLocation {
    /// `the directory D does not exist`, `D is a file, not a directory`, `is a directory`; nil when
    /// writing there can be tried.
    public static func problem(writing path: String) -> String? {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            return "the directory \(directory) does not exist"
        }
        if !isDirectory.boolValue { return "\(directory) is a file, not a directory" }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "is a directory"
        }
        return nil
    }

    /// Where to write before renaming over `path`: beside it (a rename within one file system is
    /// atomic), hidden, named `.NAME.PID.RANDOM.tmp`. The random part keeps two writers apart even when
    /// their PIDs agree: two containers running the same job (both PID 1) on one shared volume, or two
    /// threads of one process.
    public static func temporaryPath(for path: String) -> String {
        let target = URL(fileURLWithPath: path)
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).\(getpid()).\(random).tmp").path
    }
}
