import CaptionFuzzing
import Foundation
import CaptionExpectations
import Testing

/// The fuzz targets outside libFuzzer: every input that ever crashed one (`Fuzz/regressions/TARGET/`)
/// runs through the same body again in the ordinary test suite, so a fixed crash stays fixed (a crash
/// here stops the test run), and every target keeps its dictionary and its seeds.
@Suite struct FuzzRegressionTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String { repository.appendingPathComponent(relative).path }

    /// Regular files in a folder of the repository (recursively), relative to the repository, sorted.
    static func files(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: path(folder)) else { return [] }
        return walker.compactMap { $0 as? String }.map { folder + "/" + $0 }
            .filter { var d: ObjCBool = false; return FileManager.default.fileExists(atPath: path($0), isDirectory: &d) && !d.boolValue }
            .filter { !$0.hasSuffix("README.md") }
            .sorted()
    }

    @Test func everyRegressionFolderIsATarget() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.path("Fuzz/regressions")).filter { !$0.hasSuffix(".md") }
        for folder in folders {
            expectTrue(FuzzTargets.named(folder) != nil, "Fuzz/regressions/\(folder) names no fuzz target")
        }
    }

    @Test(arguments: FuzzTargets.all.map(\.name))
    func regressionsRunCleanly(target name: String) throws {
        let target = try #require(FuzzTargets.named(name))
        for file in Self.files(under: "Fuzz/regressions/\(name)") {
            let bytes = try #require(FileManager.default.contents(atPath: Self.path(file)), "\(file) unreadable")
            target.run(Array(bytes))
        }
    }

    /// The target's dictionary parses as libFuzzer's (`name="token"` or `"token"` per line) and its
    /// seed globs find files (the arguments target has none: its inputs are a few characters).
    @Test(arguments: FuzzTargets.all.map(\.name))
    func dictionaryAndSeedsAreThere(target name: String) throws {
        let target = try #require(FuzzTargets.named(name))
        if let dictionary = target.dictionary {
            let text = try String(contentsOfFile: Self.path("Fuzz/dictionaries/\(dictionary)"), encoding: .utf8)
            let entries = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }
            expectTrue(entries.count >= 5, "\(dictionary): \(entries.count) tokens")
            for entry in entries {
                expectTrue(entry.range(of: #"^([A-Za-z0-9_]+=)?".*"$"#, options: .regularExpression) != nil, "\(dictionary): not a libFuzzer entry: \(entry)")
            }
        }
        let seeds = target.seeds.flatMap { glob in
            Self.files(under: String(glob.prefix { $0 != "*" }).split(separator: "/").joined(separator: "/")).filter { fnmatch(glob, $0, 0) == 0 }
        }
        expectTrue(target.seeds.isEmpty || !seeds.isEmpty, "\(name): no seed file matches \(target.seeds)")
        // The seeds themselves run cleanly (they are the corpus libFuzzer starts from).
        for seed in seeds.prefix(50) {
            target.run(Array(try #require(FileManager.default.contents(atPath: Self.path(seed)))))
        }
    }
}
