import Foundation
import Testing

/// `captions presets [--json]`: the presets of the checkout's Styles/, found from the executable.
@Suite struct PresetsCommandTests {
    static let required = ["plain", "broadcast", "highlight-by-word", "background-by-word", "word-and-scale", "karaoke-fill",
                           "cumulative", "three-state", "pop-in", "one-word", "typewriter"]

    @Test func oneLinePerPresetWithItsSummary() throws {
        let r = try CommandRunner.run(["presets"], in: try CommandRunner.scratch())
        #expect(r.status == 0 && r.stderr.isEmpty)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let names = lines.map { String($0.prefix { $0 != " " }) }
        #expect(Set(Self.required).isSubset(of: names) && names == names.sorted())
        let broadcast = try #require(lines.first { $0.hasPrefix("broadcast ") })
        #expect(broadcast.contains("42 characters"))
        // Summaries start in one column.
        let columns = Set(lines.map { line in line.distance(from: line.startIndex, to: line.dropFirst(line.prefix { $0 != " " }.count).firstIndex { $0 != " " }!) })
        #expect(columns.count == 1)
    }

    @Test func jsonListsNameAndSummary() throws {
        let r = try CommandRunner.run(["presets", "--json"])
        #expect(r.status == 0)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: String]])
        #expect(list.allSatisfy { Set($0.keys) == ["name", "summary"] && !($0["summary"] ?? "").isEmpty })
        #expect(Set(Self.required).isSubset(of: list.compactMap { $0["name"] }))
        let text = try CommandRunner.run(["presets"]).stdout
        for entry in list { #expect(text.contains(entry["summary"]!)) }
    }

    @Test func anotherFolderAndItsProblems() throws {
        let dir = try CommandRunner.scratch()
        try Data(#"{"summary": "Mine."}"#.utf8).write(to: dir.appendingPathComponent("mine.json"))
        let r = try CommandRunner.run(["presets", "--styles-dir", dir.path])
        #expect(r.status == 0 && r.stdout == "mine  Mine.\n")

        try Data(#"{"summary": "Bad.", "box": {"corner_radius": -4}, "fontsize": 3}"#.utf8).write(to: dir.appendingPathComponent("bad.json"))
        let bad = try CommandRunner.run(["presets", "--styles-dir", dir.path])
        let path = dir.appendingPathComponent("bad.json").path
        #expect(bad.status == 65 && bad.stdout.isEmpty)
        #expect(bad.stderr == "captions: \(path): unknown field 'fontsize' (did you mean 'font_size'?)\ncaptions: \(path): box.corner_radius: must be 0 or more, found -4\n")

        let missing = try CommandRunner.run(["presets", "--styles-dir", dir.appendingPathComponent("nope").path])
        #expect(missing.status == 66 && missing.stderr.contains("is not a folder"))
    }
}
