import CaptionLayout
import CaptionModel
import CaptionStyles
import Foundation

/// The font files a golden recording was drawn with, and what differs on this machine: a different
/// font package moves pixels, so `golden check` says so before it judges any frame.
public enum FontInventory {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var hashes: [String: (size: Int, sha256: String)] = [:]

    /// The fonts drawing `pages` in `style` uses, each with its size and hash (hashed once per run).
    public static func fonts(for style: CaptionStyle, pages: [CaptionEvent]) -> [GoldenManifest.Font] {
        guard let paths = try? FontResolver.shared.fontFiles(for: style, texts: pages.map { $0.text.plain }) else { return [] }
        return paths.compactMap(font(at:))
    }

    /// A font file's size and SHA-256; nil when it cannot be read.
    public static func font(at path: String) -> GoldenManifest.Font? {
        if let known = lock.withLock({ hashes[path] }) { return GoldenManifest.Font(path: path, size: known.size, sha256: known.sha256) }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let entry = (size: data.count, sha256: SHA256.hex(data))
        lock.withLock { hashes[path] = entry }
        return GoldenManifest.Font(path: path, size: entry.size, sha256: entry.sha256)
    }

    /// One sentence per difference between the recorded fonts and the ones used now.
    public static func differences(recorded: [GoldenManifest.Font], now: [GoldenManifest.Font]) -> [String] {
        var notes: [String] = []
        let current = Dictionary(now.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let recordedPaths = Set(recorded.map(\.path))
        for font in recorded {
            if let here = current[font.path] {
                if here.sha256 != font.sha256 {
                    notes.append("the font \(font.path) differs from the recording's (\(here.size) bytes, recorded \(font.size); another version of its package?)")
                }
            } else if FileManager.default.fileExists(atPath: font.path) {
                let sha = Self.font(at: font.path)?.sha256
                notes.append("the font \(font.path) was used at recording but not now" + (sha == font.sha256 ? "" : ", and it differs"))
            } else {
                notes.append("the font \(font.path) used at recording is not on this machine")
            }
        }
        for font in now where !recordedPaths.contains(font.path) {
            notes.append("now drawn with \(font.path), which the recording did not use")
        }
        return notes
    }
}
