import CaptionModel
import Foundation

/// The presets folder: one `NAME.json` style file per preset (`*.schema.json` files are not presets).
///
/// A preset is its file applied on top of `CaptionStyle()`'s defaults, or on top of the preset it
/// `extends`. `--style FILE` is applied on top of the chosen preset in the same way.
public struct StyleLibrary: Sendable {
    /// The environment variable naming the presets folder.
    public static let environmentVariable = "CAPTIONKIT_STYLES"
    /// The preset used when a command is given `--style` without `--preset`, or neither.
    public static let defaultPreset = "plain"

    /// The folder of preset files.
    public let directory: URL

    /// A library over a folder, unchecked (see `locate` for the search and its errors).
    public init(directory: URL) { self.directory = directory }

    /// Finds the presets folder, in order: `explicit` (a command-line option), `$CAPTIONKIT_STYLES`,
    /// an installed tree's `share/captionkit/styles` beside the executable's `bin/` (`make install`,
    /// the Debian package, the container image), then a `Styles/` folder holding `.json` files in the
    /// executable's folder or any folder above it, so `.build/debug/captions` in a checkout finds the
    /// checkout's `Styles/`. The environment comes before the installed folder so a user can point an
    /// installed binary at presets of their own without reinstalling.
    ///
    /// - Parameters:
    ///   - explicit: A folder the user named; it must exist.
    ///   - environment: Where `CAPTIONKIT_STYLES` is looked up (the process's environment).
    ///   - executable: Where the installed folder and the upward search are found from (the running program).
    /// - Throws: `StyleError` `.missing` (66) when `explicit` or `$CAPTIONKIT_STYLES` is not a folder,
    ///   or when no presets folder is found.
    public static func locate(explicit: String? = nil,
                              environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: URL? = runningExecutable()) throws -> StyleLibrary {
        if let explicit { return try StyleLibrary(checking: explicit, what: "styles folder") }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            return try StyleLibrary(checking: fromEnvironment, what: environmentVariable)
        }
        if let installed = ShareFolder.installed("styles", executable: executable) {
            return StyleLibrary(directory: installed)
        }
        if let executable {
            var folder = executable.deletingLastPathComponent().standardizedFileURL
            while true {
                let candidate = folder.appendingPathComponent("Styles", isDirectory: true)
                if let names = try? StyleLibrary(directory: candidate).names(), !names.isEmpty {
                    return StyleLibrary(directory: candidate)
                }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        let searched = executable.map { e in
            let bin = e.deletingLastPathComponent()
            return " (looked in \(bin.deletingLastPathComponent().appendingPathComponent("share/\(ShareFolder.name)/styles").standardizedFileURL.path) and upward from \(bin.path))"
        } ?? ""
        throw StyleError(.missing, "cannot find the presets: set \(environmentVariable) to the folder of preset JSON files "
                         + "(the Styles/ folder of CaptionKit), install CaptionKit (`make install` puts them in PREFIX/share/\(ShareFolder.name)/styles), "
                         + "or keep that folder in or above the captions executable's folder\(searched)")
    }

    private init(checking path: String, what: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw StyleError(.missing, "\(what) '\(path)' is not a folder")
        }
        self.init(directory: URL(fileURLWithPath: path, isDirectory: true))
    }

    /// The running program, through `/proc/self/exe` so symbolic links lead to the real build folder.
    public static func runningExecutable() -> URL? {
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: target)
        }
        return Bundle.main.executableURL
    }

    // MARK: Presets

    /// Preset names, sorted.
    public func names() throws -> [String] {
        let files: [String]
        do { files = try FileManager.default.contentsOfDirectory(atPath: directory.path) } catch {
            throw StyleError(.missing, "cannot list the presets in \(directory.path): \(error.localizedDescription)")
        }
        return files.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }
            .map { String($0.dropLast(".json".count)) }
            .sorted()
    }

    public struct Summary: Sendable, Hashable {
        public var name: String
        public var summary: String
    }

    /// Every preset with its one-line summary; loading each also checks it, so a broken preset
    /// fails here rather than halfway through a render.
    public func summaries() throws -> [Summary] {
        try names().map { Summary(name: $0, summary: try preset(named: $0).summary) }
    }

    /// Loads a preset: its file on top of the presets it `extends`, on top of `CaptionStyle()`.
    ///
    /// - Parameter name: The preset's name: its file's name without `.json` (`highlight-by-word`).
    /// - Returns: The style, with `name` set to the preset's.
    /// - Throws: `StyleError`: `.usage` (64) for an unknown name (the message lists the presets and
    ///   suggests the closest), `.malformed` (65) for a preset file that breaks a rule, one line per
    ///   problem, `.missing` (66) when the folder cannot be listed.
    public func preset(named name: String) throws -> CaptionStyle {
        let known = try names()
        guard known.contains(name) else {
            throw StyleError(.usage, "unknown preset '\(name)'" + KeySuggestion.hint(KeySuggestion.closest(to: name, among: known))
                             + " (presets: \(known.joined(separator: ", ")))")
        }
        return try load(name, known: known, chain: [])
    }

    /// The preset with the style file's fields on top. The base is `preset` when given, else the
    /// file's `extends`, else `defaultPreset`: the command line outranks the file.
    public func style(preset: String?, styleFile: String?) throws -> CaptionStyle {
        try style(preset: preset, file: styleFile.map { try StyleFile.read(path: $0) })
    }

    /// The same for a style file already read (the studio's, sent over HTTP).
    public func style(preset: String?, file: StyleFile?) throws -> CaptionStyle {
        var style: CaptionStyle
        if let preset {
            style = try self.preset(named: preset)
        } else if let file, let base = file.extends {
            style = try load(base, known: try names(), chain: [], requestedBy: file.source)
        } else {
            style = try self.preset(named: Self.defaultPreset)
        }
        if let file {
            file.apply(to: &style)
            try Self.checkCombination(style, source: file.source)
        }
        return style
    }

    /// The one rule that spans fields: the background mode draws `word_box`, so it must have one.
    private static func checkCombination(_ style: CaptionStyle, source: String) throws {
        if style.karaoke.mode == .background, style.wordBox == nil {
            throw StyleError(.malformed, "\(source): word_box: karaoke mode 'background' draws the word box, so word_box cannot be null")
        }
    }

    /// Loads `name` and the presets it extends, refusing cycles. `requestedBy` names the file whose
    /// `extends` asked for it, so an unknown name there is that file's fault (exit 65), not usage.
    private func load(_ name: String, known: [String], chain: [String], requestedBy: String? = nil) throws -> CaptionStyle {
        guard known.contains(name) else {
            throw StyleError(.malformed, "\(requestedBy ?? "?"): extends: unknown preset '\(name)' (presets: \(known.joined(separator: ", ")))")
        }
        let path = directory.appendingPathComponent(name + ".json").path
        guard !chain.contains(name) else {
            throw StyleError(.malformed, "\(path): extends: presets extend each other in a circle (\((chain + [name]).joined(separator: " -> ")))")
        }
        let file = try StyleFile.read(path: path)
        var style = try file.extends.map { try load($0, known: known, chain: chain + [name], requestedBy: path) } ?? CaptionStyle()
        file.apply(to: &style)
        try Self.checkCombination(style, source: path)
        style.name = name
        return style
    }
}
