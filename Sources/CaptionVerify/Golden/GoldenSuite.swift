import Foundation

/// Finds the golden folders a `golden check` run covers: each path is a golden folder (it holds
/// `manifest.json`) or a tree searched for them; `--filter` keeps the folders whose path matches a glob.
public enum GoldenSuite {
    /// The folders, in path order, each once. A path that does not exist, or a tree with no golden
    /// folder in it, is a `.missing` error naming it.
    public static func folders(in paths: [String], filter: String? = nil) throws(GoldenError) -> [String] {
        var found: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw GoldenError(.missing, "\(GoldenManifest.path(in: path)): no golden folder or tree at \(path) "
                                  + "(record one with `captions golden record ... --dir \(path)`)")
            }
            guard isDirectory.boolValue else {
                throw GoldenError(.missing, "\(path): not a folder (give a golden folder or a tree of them)")
            }
            let inTree = tree(path)
            guard !inTree.isEmpty else {
                throw GoldenError(.missing, "\(path): no golden folder here (none holds \(GoldenManifest.fileName))")
            }
            found += inTree
        }
        var seen: Set<String> = []
        let unique = found.filter { seen.insert(RelativePath.absolute($0)).inserted }
        guard let filter else { return unique }
        return unique.filter { matches(filter, $0) }
    }

    /// `path` itself when it holds a manifest (a golden folder's own subfolders, such as its report,
    /// are not searched), else every golden folder below it, sorted.
    static func tree(_ path: String) -> [String] {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        if FileManager.default.fileExists(atPath: GoldenManifest.path(in: trimmed)) { return [trimmed] }
        guard let children = try? FileManager.default.contentsOfDirectory(atPath: trimmed) else { return [] }
        var folders: [String] = []
        for child in children.sorted() where !child.hasPrefix(".") {
            let full = trimmed == "." ? child : (trimmed as NSString).appendingPathComponent(child)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue {
                folders += tree(full)
            }
        }
        return folders
    }

    /// A shell glob against the folder's path as printed (`*` and `?` also match `/`, so
    /// `*/1080x1920` finds that size at any depth); a glob without a wildcard matches a path that
    /// contains it as a whole component sequence (`--filter highlight` finds `goldens/highlight/...`).
    public static func matches(_ glob: String, _ path: String) -> Bool {
        if fnmatch(glob, path, 0) == 0 { return true }
        if !glob.contains(where: { "*?[".contains($0) }) {
            let components = path.split(separator: "/"), wanted = glob.split(separator: "/")
            guard !wanted.isEmpty, wanted.count <= components.count else { return false }
            for start in 0...(components.count - wanted.count) where Array(components[start..<(start + wanted.count)]) == wanted {
                return true
            }
        }
        return false
    }
}
