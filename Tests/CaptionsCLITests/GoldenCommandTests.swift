import Foundation
import CaptionExpectations
import Testing

/// `captions golden` and `captions verify` as users run them: record then check passes; editing the
/// highlight colour in the style file makes check fail with a report naming the frames; the exit
/// codes of the contract.
@Suite struct GoldenCommandTests {
    static let corpus = CommandRunner.packageRoot.appendingPathComponent("Corpus/word-timed/whisperx.json")

    /// A scratch folder with the input and a style file beside it, as in a user's repository.
    func project() throws -> URL {
        let dir = try CommandRunner.scratch()
        try FileManager.default.copyItem(at: Self.corpus, to: dir.appendingPathComponent("clip.json"))
        try Data(##"{"highlight_color": "#FFD400"}"##.utf8).write(to: dir.appendingPathComponent("brand.json"))
        return dir
    }

    func record(in dir: URL, _ extra: [String] = []) throws -> CommandResult {
        try CommandRunner.run(["golden", "record", "clip.json", "--preset", "highlight-by-word", "--style", "brand.json",
                               "--size", "360x640", "--times", "0.35,1.6,3.2", "--dir", "goldens"] + extra, in: dir)
    }

    @Test func recordThenCheckPassesOnAnUnchangedToolkit() throws {
        let dir = try project()
        let r = try record(in: dir)
        expectEqual(r.status, 0, "\(r.stderr)")
        let goldens = dir.appendingPathComponent("goldens")
        for name in ["350.png", "1600.png", "3200.png", "manifest.json", "style.json"] {
            expectTrue(FileManager.default.fileExists(atPath: goldens.appendingPathComponent(name).path), "\(name) missing")
        }
        let manifest = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: goldens.appendingPathComponent("manifest.json"))) as? [String: Any])
        expectTrue((manifest["input"] as? [String: Any])?["path"] as? String == "../clip.json")
        expectTrue(manifest["times"] as? [Int] == [350, 1600, 3200])
        expectEqual((manifest["size"] as? [String: Int]), ["width": 360, "height": 640])
        for key in ["toolkit", "libass", "freetype", "recorded"] { expectTrue(manifest[key] is String, "\(key)") }

        let c = try CommandRunner.run(["golden", "check", "--dir", "goldens"], in: dir)
        expectEqual(c.status, 0, "\(c.stdout)\(c.stderr)")
        expectEqual(c.stdout.split(separator: "\n").filter { $0.contains(" s  SAME") }.count, 3, "\(c.stdout)")
        expectTrue(c.stdout.contains("summary: 3 frames: 3 SAME"))
        expectTrue(!FileManager.default.fileExists(atPath: goldens.appendingPathComponent("report").path), "a passing check leaves no report")

        // Recording again over the manifest needs --force.
        let again = try record(in: dir)
        expectTrue(again.status == 73 && again.stderr.contains("--force"), "\(again.stderr)")
        expectTrue(try record(in: dir, ["--force"]).status == 0)
    }

    @Test func editingTheHighlightColourFailsTheCheckAndTheReportNamesTheFrames() throws {
        let dir = try project()
        expectTrue(try record(in: dir).status == 0)
        try Data(##"{"highlight_color": "#00FF88"}"##.utf8).write(to: dir.appendingPathComponent("brand.json"))
        let c = try CommandRunner.run(["golden", "check", "--dir", "goldens"], in: dir)
        expectEqual(c.status, 1, "\(c.stdout)\(c.stderr)")
        expectTrue(c.stderr.contains("brand.json changed since recording"))
        expectTrue(c.stderr.contains("the resolved style changed since recording: highlightColor.blue, highlightColor.green, highlightColor.red"))
        let index = dir.appendingPathComponent("goldens/report/index.html")
        let html = try String(contentsOf: index, encoding: .utf8)
        // Each frame shows the highlight (a word is spoken at each time): all three fail, and the
        // report shows each one's actual, golden and difference images.
        for t in [350, 1600, 3200] {
            expectTrue(c.stdout.contains(String(format: "%9.3f s  FAIL", Double(t) / 1000)), "\(t) ms not failing in \(c.stdout)")
            for label in ["actual", "golden", "diff"] {
                expectTrue(html.contains("src=\"\(t)-\(label).png\""), "index.html lacks \(t)-\(label).png")
                expectTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("goldens/report/\(t)-\(label).png").path))
            }
        }
        expectTrue(c.stdout.contains("regression: 3 of 3 frames worse than GOOD at 350.png, 1600.png, 3200.png"))
        // An explicit report folder elsewhere.
        let elsewhere = dir.appendingPathComponent("out/report")
        expectTrue(try CommandRunner.run(["golden", "check", "--dir", "goldens", "--report", elsewhere.path], in: dir).status == 1)
        expectTrue(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("index.html").path))
    }

    @Test func exitCodesForMissingAndMalformedGoldens() throws {
        let dir = try project()
        let missing = try CommandRunner.run(["golden", "check", "--dir", "nothing-here"], in: dir)
        expectTrue(missing.status == 66 && missing.stderr.contains("nothing-here/manifest.json"), "\(missing.stderr)")
        expectTrue(try CommandRunner.run(["golden", "record", "clip.json", "--size", "360x640", "--times", "0.35"], in: dir).status == 64) // no --dir
        expectTrue(try CommandRunner.run(["golden", "record", "nope.json", "--dir", "g"], in: dir).status == 66)
        expectTrue(try record(in: dir).status == 0)
        let manifest = dir.appendingPathComponent("goldens/manifest.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"width\" : 360", with: "\"width\" : \"wide\"").utf8).write(to: manifest)
        let bad = try CommandRunner.run(["golden", "check", "--dir", "goldens"], in: dir)
        expectTrue(bad.status == 65 && bad.stderr.contains("manifest.json: size.width: expected Int"), "\(bad.stderr)")
        try Data(text.utf8).write(to: manifest)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("goldens/1600.png"))
        let gone = try CommandRunner.run(["golden", "check", "--dir", "goldens"], in: dir)
        expectTrue(gone.status == 66 && gone.stderr.contains("1600.png: golden frame missing"), "\(gone.stderr)")
    }

    @Test func verifyReportsEveryPreset() throws {
        let dir = try project()
        let report = dir.appendingPathComponent("report")
        let r = try CommandRunner.run(["verify", "clip.json", "--all-presets", "--size", "360x640", "--times", "0.35",
                                       "--report", report.path], in: dir)
        let presets = ["plain", "broadcast", "highlight-by-word", "background-by-word", "word-and-scale", "karaoke-fill",
                       "cumulative", "three-state", "pop-in", "one-word", "typewriter", "letter-by-letter",
                       "bounce", "slide-up", "fade-in", "speaker-colors", "key-words", "bilingual"]
        for preset in presets { expectTrue(r.stdout.contains("summary \(preset): 1 frames:"), "\(preset): \(r.stdout)") }
        expectTrue(r.stdout.contains("overall: \(presets.count) presets:"), "\(r.stdout)")
        // The exit status follows the grades: 1 exactly when some frame is worse than GOOD.
        let worse = r.stdout.split(separator: "\n").contains { $0.contains(" s  BAD ") || $0.contains(" s  FAIL ") }
        expectEqual(r.status, (worse ? 1 : 0), "\(r.stderr)")
        let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        expectTrue(html.contains("karaoke-fill.ass") && html.contains("highlight-by-word.ass"))
        expectTrue(FileManager.default.fileExists(atPath: report.appendingPathComponent("highlight-by-word.ass").path))
        expectTrue(try CommandRunner.run(["verify", "clip.json", "--all-presets", "--preset", "plain"], in: dir).status == 64)
        expectTrue(try CommandRunner.run(["verify", "clip.json", "--times", "1", "--step", "0.1"], in: dir).status == 64)
    }

    /// The report's page names the input file; a name that is HTML stays text on the page.
    @Test func aReportNamingHostileMarkupShowsItAsText() throws {
        let dir = try project()
        let hostile = "<img src=x onerror=alert(1)>.json"
        try FileManager.default.copyItem(at: dir.appendingPathComponent("clip.json"), to: dir.appendingPathComponent(hostile))
        let report = dir.appendingPathComponent("report")
        let r = try CommandRunner.run(["verify", hostile, "--preset", "plain", "--size", "360x640", "--times", "0.35",
                                       "--report", report.path], in: dir)
        expectEqual(r.status, 0, "\(r.stderr)")
        let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        expectTrue(html.contains("&lt;img src=x onerror=alert(1)&gt;.json") && !html.contains("<img src=x"), "\(html)")
    }
}
