import CaptionRender
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import CaptionExpectations
import Testing

/// `captions golden check` over a tree of golden folders, as a CI job runs it: one line per folder,
/// JUnit XML that names exactly the failing frame, `--update failed` touching only that frame,
/// thresholds from the command line and from the recording, `--filter`, and the exit codes.
@Suite struct GoldenSuiteCommandTests {
    static let corpus = CommandRunner.packageRoot.appendingPathComponent("Corpus/word-timed/whisperx.json")
    static let schema = CommandRunner.packageRoot.appendingPathComponent("Tests/CaptionsCLITests/Fixtures/junit.xsd")

    /// A project with three golden folders: two presets, two sizes, two frames each, recorded by
    /// `golden record` once per test process (the manifests name the input relatively, `../../clip.json`).
    static let recordedTree = SharedFolder { dir in
        try FileManager.default.copyItem(at: corpus, to: dir.appendingPathComponent("clip.json"))
        for (preset, size) in [("highlight-by-word", "360x640"), ("highlight-by-word", "480x854"), ("word-and-scale", "360x640")] {
            let r = try CommandRunner.run(["golden", "record", "clip.json", "--preset", preset, "--size", size, "--times", "0.35,1.6",
                                           "--dir", "goldens/\(preset)/\(size)"], in: dir)
            guard r.status == 0 else { throw SharedFolder.Failure(description: "golden record \(preset) \(size): \(r.stderr)") }
        }
    }

    /// This test's own copy of the recorded project.
    func tree() throws -> URL {
        let dir = try CommandRunner.scratch()
        try Self.recordedTree.copy(into: dir)
        return dir
    }

    func junit(_ url: URL) throws -> XMLDocument { try XMLDocument(contentsOf: url) }

    func attribute(_ node: XMLNode, _ name: String) -> String? { (node as? XMLElement)?.attribute(forName: name)?.stringValue }

    /// xmllint against the common JUnit schema (the Makefile installs libxml2-utils).
    func validate(_ file: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
        process.arguments = ["--noout", "--schema", Self.schema.path, file.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        expectEqual(process.terminationStatus, 0, "xmllint: \(text)")
    }

    @Test func aTreePassesAndOneSwappedFrameFailsExactlyThatTestcase() throws {
        let dir = try tree()
        let pass = try CommandRunner.run(["golden", "check", "goldens", "--junit", "out/junit.xml", "--json", "out/run.json"], in: dir)
        expectEqual(pass.status, 0, "\(pass.stdout)\(pass.stderr)")
        let lines = pass.stdout.split(separator: "\n")
        expectEqual(lines.filter { $0.hasPrefix("PASS goldens/") }.count, 3, "\(pass.stdout)")
        expectTrue(pass.stdout.contains("golden: 3 folders (0 failing, 0 not checked), 6 frames (0 failing), worst grade SAME"), "\(pass.stdout)")
        try validate(dir.appendingPathComponent("out/junit.xml"))
        var xml = try junit(dir.appendingPathComponent("out/junit.xml"))
        expectTrue(try xml.nodes(forXPath: "/testsuites/testsuite").count == 3)
        expectTrue(try xml.nodes(forXPath: "//testcase").count == 6)
        expectTrue(try xml.nodes(forXPath: "//failure").isEmpty)

        // Swap one frame for another folder's: that frame, and only it, fails.
        let broken = dir.appendingPathComponent("goldens/highlight-by-word/360x640/1600.png")
        try FileManager.default.removeItem(at: broken)
        try FileManager.default.copyItem(at: dir.appendingPathComponent("goldens/word-and-scale/360x640/1600.png"), to: broken)
        let fail = try CommandRunner.run(["golden", "check", "goldens", "--junit", "out/junit.xml", "--json", "out/run.json"], in: dir)
        expectEqual(fail.status, 1, "\(fail.stdout)\(fail.stderr)")
        expectTrue(fail.stdout.contains("FAIL goldens/highlight-by-word/360x640: 2 frames, 1 failing"), "\(fail.stdout)")
        expectEqual(fail.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.count, 2)
        try validate(dir.appendingPathComponent("out/junit.xml"))
        xml = try junit(dir.appendingPathComponent("out/junit.xml"))
        let root = try #require(xml.rootElement())
        expectTrue(attribute(root, "tests") == "6" && attribute(root, "failures") == "1" && attribute(root, "errors") == "0")
        let failures = try xml.nodes(forXPath: "//testcase[failure]")
        try #require(failures.count == 1)
        expectEqual(attribute(failures[0], "classname"), "goldens/highlight-by-word/360x640")
        expectEqual(attribute(failures[0], "name"), "1600.png")
        let suite = try #require(try xml.nodes(forXPath: "//testsuite[@name='goldens/highlight-by-word/360x640']").first)
        expectTrue(attribute(suite, "failures") == "1" && attribute(suite, "tests") == "2")
        // The failure gives the grade and the difference image, relative to the report.
        let text = try #require(try xml.nodes(forXPath: "//failure").first?.stringValue)
        expectTrue(text.contains("grade: FAIL") && text.contains("psnr: "))
        let diff = try #require(text.split(separator: "\n").first { $0.hasPrefix("diff: ") }.map { String($0.dropFirst(6)) })
        expectTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").appendingPathComponent(diff).path), "\(diff)")
        // The JSON report says the same, and the HTML report shows the frame with a blink comparison.
        let run = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("out/run.json"))) as? [String: Any])
        let summary = try #require(run["summary"] as? [String: Any])
        expectTrue(summary["failed_frames"] as? Int == 1 && summary["frames"] as? Int == 6 && summary["exit_code"] as? Int == 1)
        let html = try String(contentsOf: dir.appendingPathComponent("golden-report/index.html"), encoding: .utf8)
        expectTrue(html.contains("class=\"frame blink\"") && html.contains("1600-diff.png"))

        // --update failed re-records that frame and nothing else.
        let others = try FileManager.default.subpathsOfDirectory(atPath: dir.appendingPathComponent("goldens").path)
            .filter { $0.hasSuffix(".png") && !$0.contains("report") && $0 != "highlight-by-word/360x640/1600.png" }
        let before = try others.map { try Data(contentsOf: dir.appendingPathComponent("goldens/\($0)")) }
        // The manifest's `recorded` has whole seconds, and this test can record and update within one:
        // stamp it with an old time first, so a re-stamp shows.
        let manifestURL = dir.appendingPathComponent("goldens/highlight-by-word/360x640/manifest.json")
        let stamped = try String(contentsOf: manifestURL, encoding: .utf8)
            .replacingOccurrences(of: #""recorded"\s*:\s*"[^"]*""#, with: #""recorded" : "2000-01-01T00:00:00Z""#, options: .regularExpression)
        try #require(stamped.contains("2000-01-01T00:00:00Z"))
        try Data(stamped.utf8).write(to: manifestURL)
        let manifestBefore = try Data(contentsOf: manifestURL)
        let update = try CommandRunner.run(["golden", "check", "goldens", "--update", "failed"], in: dir)
        expectEqual(update.status, 0, "\(update.stdout)\(update.stderr)")
        let updated = update.stdout.split(separator: "\n").filter { $0.contains(": updated: ") }
        expectTrue(updated.count == 1 && updated[0].contains("1600.png: updated: FAIL"), "\(update.stdout)")
        expectTrue(try others.map { try Data(contentsOf: dir.appendingPathComponent("goldens/\($0)")) } == before, "a passing golden was touched")
        expectTrue(try Data(contentsOf: manifestURL) != manifestBefore, "the manifest was not re-stamped")
        expectTrue(try CommandRunner.run(["golden", "check", "goldens"], in: dir).status == 0)
    }

    /// Makes one pixel on a caption edge a little different: a change libass's compare grades GOOD.
    static func nudgeOnePixel(_ file: URL) throws {
        var image = try PNGFile.read(file.path)
        var pixels = image.pixels
        let edge = try #require(stride(from: 3, to: pixels.count, by: 4).first { pixels[$0] > 100 && pixels[$0] < 200 })
        pixels[edge] += 1
        image = RGBAImage(width: image.width, height: image.height, pixels: pixels)
        try PNGFile.write(image, to: file.path)
    }

    @Test func thresholdsFromTheCommandLineAndFromTheRecording() throws {
        let dir = try tree()
        let folder = "goldens/highlight-by-word/360x640"
        try Self.nudgeOnePixel(dir.appendingPathComponent("\(folder)/350.png"))
        let good = try CommandRunner.run(["golden", "check", folder], in: dir)
        expectEqual(good.status, 0, "\(good.stdout)\(good.stderr)")
        expectTrue(good.stdout.contains("    0.350 s  GOOD"), "\(good.stdout)")
        let same = try CommandRunner.run(["golden", "check", folder, "--threshold", "SAME"], in: dir)
        expectTrue(same.status == 1 && same.stdout.contains("regression: 1 of 2 frames worse than SAME at 350.png"), "\(same.stdout)")
        expectTrue(try CommandRunner.run(["golden", "check", folder, "--max-diff-pixels", "0"], in: dir).status == 1)
        expectTrue(try CommandRunner.run(["golden", "check", folder, "--max-diff-pixels", "1"], in: dir).status == 0)
        expectTrue(try CommandRunner.run(["golden", "check", folder, "--min-psnr", "30"], in: dir).status == 0)
        expectTrue(try CommandRunner.run(["golden", "check", folder, "--threshold", "SAME", "--min-psnr", "30"], in: dir).status == 64)

        // Recorded with --threshold SAME: the folder keeps it, and the command line still wins.
        let strict = try CommandRunner.run(["golden", "record", "clip.json", "--preset", "highlight-by-word", "--size", "360x640",
                                            "--times", "0.35", "--threshold", "SAME", "--dir", "strict"], in: dir)
        try #require(strict.status == 0, "\(strict.stderr)")
        let manifest = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("strict/manifest.json"))) as? [String: Any])
        expectTrue(manifest["threshold"] as? [String: String] == ["grade": "SAME"])
        expectTrue((manifest["fonts"] as? [[String: Any]])?.first?["path"] as? String != nil, "the fonts are recorded")
        try Self.nudgeOnePixel(dir.appendingPathComponent("strict/350.png"))
        let kept = try CommandRunner.run(["golden", "check", "strict"], in: dir)
        expectTrue(kept.status == 1 && kept.stdout.contains("threshold SAME"), "\(kept.stdout)")
        expectTrue(try CommandRunner.run(["golden", "check", "strict", "--threshold", "GOOD"], in: dir).status == 0)
    }

    /// The manifest lists the font files drawn with; a check says which differ before it judges.
    @Test func fontsThatDifferFromTheRecordingAreNamed() throws {
        let dir = try tree()
        let url = dir.appendingPathComponent("goldens/word-and-scale/360x640/manifest.json")
        var manifest = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var fonts = try #require(manifest["fonts"] as? [[String: Any]])
        try #require(!fonts.isEmpty)
        let used = try #require(fonts[0]["path"] as? String)
        expectTrue(FileManager.default.fileExists(atPath: used))
        expectTrue((fonts[0]["sha256"] as? String)?.count == 64 && (fonts[0]["size"] as? Int ?? 0) > 10_000)
        fonts[0]["sha256"] = String(repeating: "0", count: 64)
        fonts.append(["path": "/usr/share/fonts/nowhere/Gone.ttf", "size": 1234, "sha256": String(repeating: "a", count: 64)])
        manifest["fonts"] = fonts
        try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted]).write(to: url)
        let r = try CommandRunner.run(["golden", "check", "goldens/word-and-scale/360x640", "--json", "run.json"], in: dir)
        expectEqual(r.status, 0, "the frames still decide: \(r.stdout)\(r.stderr)")
        expectTrue(r.stderr.contains("note: the font \(used) differs from the recording's"), "\(r.stderr)")
        expectTrue(r.stderr.contains("note: the font /usr/share/fonts/nowhere/Gone.ttf used at recording is not on this machine"), "\(r.stderr)")
        let run = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("run.json"))) as? [String: Any])
        let notes = try #require(((run["folders"] as? [[String: Any]])?.first?["notes"]) as? [String])
        expectEqual(notes.count, 2)
    }

    @Test func filterRunsASubset() throws {
        let dir = try tree()
        let size = try CommandRunner.run(["golden", "check", "goldens", "--filter", "*/480x854"], in: dir)
        expectTrue(size.status == 0 && size.stdout.contains("golden: 1 folder "), "\(size.stdout)")
        expectTrue(size.stdout.contains("goldens/highlight-by-word/480x854"))
        let preset = try CommandRunner.run(["golden", "check", "goldens", "--filter", "word-and-scale", "--jobs", "1"], in: dir)
        expectTrue(preset.status == 0 && preset.stdout.contains("golden: 1 folder "), "\(preset.stdout)")
        let none = try CommandRunner.run(["golden", "check", "goldens", "--filter", "nothing"], in: dir)
        expectTrue(none.status == 66 && none.stderr.contains("no golden folder matches --filter nothing"), "\(none.stderr)")
    }

    @Test func recordingNewTimesIntoAFolderAddsFrames() throws {
        let dir = try tree()
        let folder = "goldens/word-and-scale/360x640"
        let before = try Data(contentsOf: dir.appendingPathComponent("\(folder)/350.png"))
        let r = try CommandRunner.run(["golden", "record", "clip.json", "--preset", "word-and-scale", "--size", "360x640",
                                       "--times", "0.35,2.5", "--dir", folder], in: dir)
        expectTrue(r.status == 0 && r.stdout.contains("added 1 frames to \(folder): 2500.png"), "\(r.stdout)\(r.stderr)")
        expectTrue(try Data(contentsOf: dir.appendingPathComponent("\(folder)/350.png")) == before)
        let manifest = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("\(folder)/manifest.json"))) as? [String: Any])
        expectTrue(manifest["times"] as? [Int] == [350, 1600, 2500])
        expectTrue(try CommandRunner.run(["golden", "check", folder], in: dir).status == 0)
    }

    @Test func exitCodes() throws {
        let dir = try tree()
        expectTrue(try CommandRunner.run(["golden", "check", "nowhere"], in: dir).status == 66)
        expectTrue(try CommandRunner.run(["golden", "check"], in: dir).status == 64)
        // A report that cannot be written: 73, after the check itself passed.
        let blocked = try CommandRunner.run(["golden", "check", "goldens", "--junit", "clip.json/junit.xml"], in: dir)
        expectTrue(blocked.status == 73 && blocked.stderr.contains("clip.json/junit.xml: cannot write the JUnit report"), "\(blocked.stderr)")
        // A malformed manifest in one folder: 65, and the other folders are still checked.
        let manifest = dir.appendingPathComponent("goldens/word-and-scale/360x640/manifest.json")
        try Data("{\"format\": 1".utf8).write(to: manifest)
        let bad = try CommandRunner.run(["golden", "check", "goldens", "--junit", "out/junit.xml"], in: dir)
        expectEqual(bad.status, 65, "\(bad.stdout)\(bad.stderr)")
        expectTrue(bad.stdout.contains("ERROR goldens/word-and-scale/360x640: ") && bad.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.count == 2)
        let xml = try junit(dir.appendingPathComponent("out/junit.xml"))
        expectTrue(try xml.nodes(forXPath: "//testcase/error").count == 1)
        try validate(dir.appendingPathComponent("out/junit.xml"))
        // A missing golden frame: 66; with --update missing it is recorded.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("goldens/highlight-by-word/480x854/350.png"))
        expectTrue(try CommandRunner.run(["golden", "check", "goldens/highlight-by-word"], in: dir).status == 66)
        let fill = try CommandRunner.run(["golden", "check", "goldens/highlight-by-word", "--update", "missing"], in: dir)
        expectTrue(fill.status == 0 && fill.stdout.contains("350.png: recorded (was missing)"), "\(fill.stdout)\(fill.stderr)")
    }
}
