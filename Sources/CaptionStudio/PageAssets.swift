import CaptionStyles
import Foundation

/// The page's own files (Page/: index.html, studio.js, editing.js, cuelist.js, studio.css), read once at start. They are
/// found, in order: in `$CAPTIONKIT_STUDIO_PAGE`; in an installed tree's `share/captionkit/studio`
/// beside the executable's `bin/` (`make install`, the Debian package); beside the executable, as
/// SwiftPM copies the target's resources there; or in the source tree of a development build. A
/// missing folder is an error naming where it looked, not a crash (SwiftPM's `Bundle.module` would
/// stop the process).
struct PageAssets: Sendable {
    static let names = ["index.html": "text/html; charset=utf-8", "studio.js": "text/javascript; charset=utf-8",
                        "editing.js": "text/javascript; charset=utf-8",
                        "cuelist.js": "text/javascript; charset=utf-8", "studio.css": "text/css; charset=utf-8"]
    static let environmentVariable = "CAPTIONKIT_STUDIO_PAGE"

    let files: [String: Data]

    static func load() throws(StudioError) -> PageAssets {
        var candidates: [URL] = []
        if let explicit = ProcessInfo.processInfo.environment[environmentVariable] { candidates.append(URL(fileURLWithPath: explicit)) }
        if let installed = ShareFolder.installed("studio") { candidates.append(installed) }
        let executable = (StyleLibrary.runningExecutable() ?? URL(fileURLWithPath: CommandLine.arguments[0])).deletingLastPathComponent()
        for base in [executable, Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()] {
            candidates.append(base.appendingPathComponent("CaptionKit_CaptionStudio.resources/Page"))
        }
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Page"))
        for folder in candidates {
            var files: [String: Data] = [:]
            for name in names.keys {
                if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) { files[name] = data }
            }
            if files.count == names.count { return PageAssets(files: files) }
        }
        throw StudioError(500, "the studio's page is missing (looked in \(candidates.map(\.path).joined(separator: ", "))); set \(environmentVariable) to its folder")
    }
}
