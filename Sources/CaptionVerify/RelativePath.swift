import Foundation

/// Paths in a manifest are relative to the manifest's folder, so a repository holding the goldens and
/// the captions can move or be checked out elsewhere.
public enum RelativePath {
    /// `path` as seen from `directory` (both made absolute against the current directory first).
    public static func from(_ directory: String, to path: String) -> String {
        let base = absolute(directory).split(separator: "/"), target = absolute(path).split(separator: "/")
        var common = 0
        while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        let parts = up + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// `path` from the manifest, resolved against `directory` unless absolute.
    public static func resolve(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") ? path : URL(fileURLWithPath: absolute(directory)).appendingPathComponent(path).standardizedFileURL.path
    }

    public static func absolute(_ path: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
        return url.standardizedFileURL.path
    }
}
