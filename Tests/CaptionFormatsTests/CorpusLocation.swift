import Foundation

/// The project's `Corpus/` folder, found from this file's path so tests read only the project's own files.
enum CorpusLocation {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus")

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Every regular file under `Corpus/<folder>`, sorted, relative to `Corpus/`.
    static func files(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walker.compactMap { $0 as? String }
            .map { folder + "/" + $0 }
            .filter { var d: ObjCBool = false; return FileManager.default.fileExists(atPath: path($0), isDirectory: &d) && !d.boolValue }
            .sorted()
    }
}
