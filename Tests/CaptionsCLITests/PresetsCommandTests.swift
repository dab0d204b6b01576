import Foundation
import CaptionExpectations
import Testing

/// `captions presets [--json]`: the presets of the checkout's Styles/, found from the executable.
@Suite struct PresetsCommandTests {
    static let required = ["plain", "broadcast", "highlight-by-word", "background-by-word", "word-and-scale", "karaoke-fill",
                           "cumulative", "three-state", "pop-in", "one-word", "typewriter"]

    @Test func oneLinePerPresetWithItsSummary() throws {
        let r = try CommandRunner.run(["presets"], in: try CommandRunner.scratch())
        expectTrue(r.status == 0 && r.stderr.isEmpty)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let names = lines.map { String($0.prefix { $0 != " " }) }
        expectTrue(Set(Self.required).isSubset(of: names) && names == names.sorted())
        let broadcast = try #require(lines.first { $0.hasPrefix("broadcast ") })
        expectTrue(broadcast.contains("42 characters"))
        // Summaries start in one column.
        let columns = Set(lines.map { line in line.distance(from: line.startIndex, to: line.dropFirst(line.prefix { $0 != " " }.count).firstIndex { $0 != " " }!) })
        expectEqual(columns.count, 1)
    }

    @Test func jsonListsNameAndSummary() throws {
        let r = try CommandRunner.run(["presets", "--json"])
        expectEqual(r.status, 0)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: String]])
        expectTrue(list.allSatisfy { Set($0.keys) == ["name", "summary"] && !($0["summary"] ?? "").isEmpty })
        expectTrue(Set(Self.required).isSubset(of: list.compactMap { $0["name"] }))
        let text = try CommandRunner.run(["presets"]).stdout
        for entry in list { expectTrue(text.contains(entry["summary"]!)) }
    }

    @Test func anotherFolderAndItsProblems() throws {
        let dir = try CommandRunner.scratch()
        try Data(#"{"summary": "Mine."}"#.utf8).write(to: dir.appendingPathComponent("mine.json"))
        let r = try CommandRunner.run(["presets", "--styles-dir", dir.path])
        expectTrue(r.status == 0 && r.stdout == "mine  Mine.\n")

        try Data(#"{"summary": "Bad.", "box": {"corner_radius": -4}, "fontsize": 3}"#.utf8).write(to: dir.appendingPathComponent("bad.json"))
        let bad = try CommandRunner.run(["presets", "--styles-dir", dir.path])
        let path = dir.appendingPathComponent("bad.json").path
        expectTrue(bad.status == 65 && bad.stdout.isEmpty)
        expectEqual(bad.stderr, "captions: \(path): unknown field 'fontsize' (did you mean 'font_size'?)\ncaptions: \(path): box.corner_radius: must be 0 or more, found -4\n")

        let missing = try CommandRunner.run(["presets", "--styles-dir", dir.appendingPathComponent("nope").path])
        expectTrue(missing.status == 66 && missing.stderr.contains("is not a folder"))
    }
}
