import ArgumentParser
import CaptionStyles
import Foundation

/// `captions presets [--json]`: the style presets, one per line with its summary.
struct Presets: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the style presets with a one-line summary.",
        discussion: """
        Presets are the JSON files of the presets folder: --styles-dir, else $\(StyleLibrary.environmentVariable), \
        else a Styles/ folder in or above the folder of the captions executable.
        """
    )

    @Flag(help: "Print a JSON array of {\"name\", \"summary\"} objects.")
    var json = false

    @Option(name: .customLong("styles-dir"), help: "The folder of preset files.")
    var stylesDir: String?

    func run() throws {
        try CommandFailure.exitOnError {
            let presets = try StyleLibrary.locate(explicit: stylesDir).summaries()
            FileHandle.standardOutput.write(Data((json ? Self.json(presets) : Self.table(presets)).utf8))
        }
    }

    /// Names padded to one column, so the summaries line up.
    static func table(_ presets: [StyleLibrary.Summary]) -> String {
        let width = presets.map(\.name.count).max() ?? 0
        return presets.map { $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary + "\n" }.joined()
    }

    static func json(_ presets: [StyleLibrary.Summary]) -> String {
        let objects = presets.map { ["name": $0.name, "summary": $0.summary] }
        let data = (try? JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
