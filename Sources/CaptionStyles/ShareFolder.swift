import Foundation

/// Where an installed `captions` keeps its data: `PREFIX/share/captionkit`, found from the executable's
/// own location (`PREFIX/bin/captions` -> `PREFIX/share/captionkit`), so a tree installed anywhere
/// (`make install PREFIX=...`, the Debian package under /usr, a container image) finds its presets and
/// the studio's page without configuration, and two installs side by side each use their own.
public enum ShareFolder {
    /// The folder name under `share/`.
    public static let name = "captionkit"

    /// `share/captionkit/SUBFOLDER` beside the running executable's `bin/`, if that folder exists.
    public static func installed(_ subfolder: String, executable: URL? = StyleLibrary.runningExecutable()) -> URL? {
        guard let executable else { return nil }
        let prefix = executable.deletingLastPathComponent().deletingLastPathComponent()
        let folder = prefix.appendingPathComponent("share/\(name)/\(subfolder)", isDirectory: true).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        return folder
    }
}
