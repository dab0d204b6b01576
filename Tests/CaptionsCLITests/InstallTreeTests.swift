import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import CaptionExpectations
import Testing

/// `make install`'s layout (Packaging/install-tree.sh, which `make install` and `make deb` both run),
/// laid out with this build's binary and used from another folder, away from the source tree: the
/// binary finds its presets and the studio's page under `../share/captionkit`, the man pages and the
/// bash completion work, a binary copied alone says what is missing, and `make uninstall` removes it all.
/// (`make deb-test` does the same with the release binary, packaged, in a clean Debian root.)
@Suite(.serialized) struct InstallTreeTests {
    static let root = CommandRunner.packageRoot
    static let generateManual = root.appendingPathComponent(".build/debug/generate-manual")

    /// One staged install per test process: laying it out generates every man page and completion.
    static let staged: Result<URL, InstallError> = {
        do {
            let destdir = try CommandRunner.scratch().appendingPathComponent("dest")
            let r = try Self.shell(["Packaging/install-tree.sh", CommandRunner.executable.path, generateManual.path, destdir.path, "/opt/ck"],
                                   extraEnvironment: ["MAN_DATE": "2026-11-26"])
            guard r.status == 0 else { return .failure(InstallError("install-tree.sh failed (\(r.status)): \(r.stderr)")) }
            return .success(destdir.appendingPathComponent("opt/ck"))
        } catch {
            return .failure(InstallError("\(error)"))
        }
    }()

    struct InstallError: Error, CustomStringConvertible, Sendable { var description: String; init(_ d: String) { description = d } }

    /// The environment of a user with nothing set for CaptionKit.
    static var cleanEnvironment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["CAPTIONKIT_STYLES"] = nil
        env["CAPTIONKIT_STUDIO_PAGE"] = nil
        return env
    }

    static func shell(_ arguments: [String], extraEnvironment: [String: String] = [:], in directory: URL? = nil) throws -> CommandResult {
        try CommandRunner.run(arguments, in: directory ?? root, program: URL(fileURLWithPath: "/usr/bin/env"),
                              environment: cleanEnvironment.merging(extraEnvironment) { $1 })
    }

    static func prefix() throws -> URL {
        try #require(FileManager.default.isExecutableFile(atPath: generateManual.path),
                     "build swift-argument-parser's man page generator first: swift build --product generate-manual (make build does)")
        return try staged.get()
    }

    @Test func theLayoutIsInItsConventionalPlaces() throws {
        let prefix = try Self.prefix()
        let expected = ["bin/captions", "share/captionkit/styles/highlight-by-word.json", "share/captionkit/styles/caption-style.schema.json",
                        "share/captionkit/styles/check-profile.schema.json", "share/captionkit/studio/index.html",
                        "share/captionkit/studio/studio.js", "share/captionkit/studio/editing.js", "share/captionkit/studio/cuelist.js", "share/captionkit/studio/studio.css",
                        "share/man/man1/captions.1", "share/man/man1/captions-burn.1", "share/man/man1/captions-golden-record.1",
                        "share/bash-completion/completions/captions", "share/zsh/site-functions/_captions",
                        "share/fish/vendor_completions.d/captions.fish", "share/doc/captionkit/CHANGELOG.md"]
        for path in expected {
            expectTrue(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "missing \(path)")
        }
        // One page per command and subcommand the binary defines, named with dashes.
        let help = try CommandRunner.run(["--experimental-dump-help"])
        let info = try #require(try JSONSerialization.jsonObject(with: Data(help.stdout.utf8)) as? [String: Any])
        func names(_ command: [String: Any], _ parents: [String]) -> [String] {
            let name = parents + [command["commandName"] as? String ?? "?"]
            return [name.joined(separator: "-")] + ((command["subcommands"] as? [[String: Any]]) ?? []).flatMap { names($0, name) }
        }
        let pages = try FileManager.default.contentsOfDirectory(atPath: prefix.appendingPathComponent("share/man/man1").path)
        expectEqual(Set(pages), Set(names(try #require(info["command"] as? [String: Any]), []).map { "\($0).1" }))
    }

    @Test func theInstalledBinaryWorksFromElsewhere() throws {
        let prefix = try Self.prefix()
        let binary = prefix.appendingPathComponent("bin/captions").path
        let elsewhere = try CommandRunner.scratch()
        let corpus = Self.root.appendingPathComponent("Corpus")
        try FileManager.default.copyItem(at: corpus.appendingPathComponent("word-timed/whisperx.json"), to: elsewhere.appendingPathComponent("words.json"))

        let presets = try CommandRunner.run(["presets"], in: elsewhere, program: URL(fileURLWithPath: binary), environment: Self.cleanEnvironment)
        expectTrue(presets.status == 0 && presets.stdout.contains("highlight-by-word "), "\(presets.stderr)")

        // The presets read are the installed ones: a preset only the installed folder has is listed.
        let extra = prefix.appendingPathComponent("share/captionkit/styles/installed-only.json")
        try Data(#"{"summary": "Only in the installed tree.", "extends": "plain"}"#.utf8).write(to: extra)
        defer { try? FileManager.default.removeItem(at: extra) }
        let listed = try CommandRunner.run(["presets"], in: elsewhere, program: URL(fileURLWithPath: binary), environment: Self.cleanEnvironment)
        expectTrue(listed.stdout.split(separator: "\n").contains { $0.hasPrefix("installed-only ") && $0.hasSuffix(" Only in the installed tree.") },
                "\(listed.stdout)")

        // render: the same pixels as the build's own binary draws.
        let installedPNG = elsewhere.appendingPathComponent("installed.png").path
        let buildPNG = elsewhere.appendingPathComponent("build.png").path
        let args = ["render", "words.json", "--at", "1.6", "--preset", "background-by-word", "--size", "270x480", "--background", "#1d3557"]
        let render = try CommandRunner.run(args + ["-o", installedPNG], in: elsewhere, program: URL(fileURLWithPath: binary), environment: Self.cleanEnvironment)
        expectEqual(render.status, 0, "\(render.stderr)")
        let reference = try CommandRunner.run(args + ["-o", buildPNG], in: elsewhere)
        expectEqual(reference.status, 0, "\(reference.stderr)")
        let compare = try CommandRunner.run(["compare", installedPNG, buildPNG])
        expectTrue(compare.stdout.hasPrefix("grade: SAME"), "\(compare.stdout)")

        // burn: a short clip, captions drawn (the frame differs from the clip's own).
        let clip = elsewhere.appendingPathComponent("clip.mp4").path
        let ffmpeg = try CommandRunner.run(["ffmpeg", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=180x320:rate=10:duration=2",
                                            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", clip],
                                           program: URL(fileURLWithPath: "/usr/bin/env"))
        try #require(ffmpeg.status == 0, "\(ffmpeg.stderr)")
        let burned = elsewhere.appendingPathComponent("burned.mp4").path
        let burn = try CommandRunner.run(["burn", clip, "words.json", "-o", burned, "--preset", "highlight-by-word", "--encoder-preset", "ultrafast", "--quiet"],
                                         in: elsewhere, program: URL(fileURLWithPath: binary), environment: Self.cleanEnvironment)
        expectEqual(burn.status, 0, "\(burn.stderr)")
        let differs = try CommandRunner.run(["compare", burned, clip, "--at", "1.6"])
        expectEqual(differs.status, 1, "the burned frame should show captions: \(differs.stdout)")
    }

    @Test func theInstalledStudioServesTheInstalledPage() async throws {
        let prefix = try Self.prefix()
        // A marker only the installed copy of the page has, so the page served is provably that one.
        let index = prefix.appendingPathComponent("share/captionkit/studio/index.html")
        let original = try Data(contentsOf: index)
        try (original + Data("\n<!-- installed copy -->\n".utf8)).write(to: index)
        defer { try? original.write(to: index) }
        let elsewhere = try CommandRunner.scratch()
        let clip = elsewhere.appendingPathComponent("clip.mp4").path
        let ffmpeg = try CommandRunner.run(["ffmpeg", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=180x320:rate=10:duration=1",
                                            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", clip],
                                           program: URL(fileURLWithPath: "/usr/bin/env"))
        try #require(ffmpeg.status == 0)

        let process = Process()
        process.executableURL = prefix.appendingPathComponent("bin/captions")
        process.arguments = ["studio", clip, Self.root.appendingPathComponent("Corpus/word-timed/whisperx.json").path, "--no-open"]
        process.currentDirectoryURL = elsewhere
        process.environment = Self.cleanEnvironment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() }; process.waitUntilExit() }
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let url = try #require(URL(string: String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        let (page, response) = try await URLSession.shared.data(from: url)
        expectEqual((response as? HTTPURLResponse)?.statusCode, 200)
        expectTrue(String(decoding: page, as: UTF8.self).contains("<!-- installed copy -->"))
        process.terminate()
        process.waitUntilExit()
        expectEqual(process.terminationStatus, 0)
    }

    @Test func manPagesAndCompletions() throws {
        let prefix = try Self.prefix()
        let man = try Self.shell(["man", "-M", prefix.appendingPathComponent("share/man").path, "captions-burn"],
                                 extraEnvironment: ["MANPAGER": "cat", "MANWIDTH": "100"])
        expectEqual(man.status, 0, "\(man.stderr)")
        for option in ["--encoder-preset", "--manifest", "--engine", "Burn styled captions into a video"] {
            expectTrue(man.stdout.contains(option), "man captions-burn lacks \(option)")
        }
        let completion = prefix.appendingPathComponent("share/bash-completion/completions/captions").path
        let script = "source '\(completion)'; COMP_WORDS=(captions bu); COMP_CWORD=1; COMP_LINE='captions bu'; COMP_POINT=11; "
            + "_captions captions bu captions; printf '%s\\n' \"${COMPREPLY[@]}\""
        let bash = try Self.shell(["bash", "-c", script])
        expectTrue(bash.status == 0 && bash.stdout == "burn\n", "completion gave '\(bash.stdout)' \(bash.stderr)")
        let fish = try String(contentsOf: prefix.appendingPathComponent("share/fish/vendor_completions.d/captions.fish"), encoding: .utf8)
        let zsh = try String(contentsOf: prefix.appendingPathComponent("share/zsh/site-functions/_captions"), encoding: .utf8)
        expectTrue(fish.contains("burn") && zsh.hasPrefix("#compdef captions"))
    }

    @Test func aBinaryCopiedAloneSaysWhatIsMissing() throws {
        let lonely = try CommandRunner.scratch().appendingPathComponent("captions")
        try FileManager.default.copyItem(at: CommandRunner.executable, to: lonely)
        let r = try CommandRunner.run(["presets"], in: try CommandRunner.scratch(), program: lonely, environment: Self.cleanEnvironment)
        expectEqual(r.status, 66)
        expectTrue(r.stderr.contains("cannot find the presets: set CAPTIONKIT_STYLES") && r.stderr.contains("share/captionkit/styles"), "\(r.stderr)")
        // The environment variable still serves such a binary.
        let styles = Self.root.appendingPathComponent("Styles").path
        let withVariable = try CommandRunner.run(["presets"], in: try CommandRunner.scratch(), program: lonely,
                                                 environment: Self.cleanEnvironment.merging(["CAPTIONKIT_STYLES": styles]) { $1 })
        expectTrue(withVariable.status == 0 && withVariable.stdout.contains("highlight-by-word"))
    }

    @Test func versionNamesTheVersionFileAndTheCommit() throws {
        let version = try String(contentsOf: Self.root.appendingPathComponent("VERSION"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let r = try CommandRunner.run(["--version"])
        expectEqual(r.status, 0)
        let head = try Self.shell(["git", "rev-parse", "--short=12", "HEAD"])
        if head.status == 0 {
            expectTrue(r.stdout.hasPrefix("\(version) (commit \(head.stdout.trimmingCharacters(in: .whitespacesAndNewlines))"), "\(r.stdout)")
        } else {
            expectEqual(r.stdout, "\(version)\n")
        }
    }

    @Test func uninstallRemovesEverything() throws {
        let destdir = try CommandRunner.scratch()
        let install = try Self.shell(["Packaging/install-tree.sh", CommandRunner.executable.path, Self.generateManual.path, destdir.path, "/usr/local"])
        try #require(install.status == 0, "\(install.stderr)")
        let uninstall = try Self.shell(["make", "--no-print-directory", "uninstall", "DESTDIR=\(destdir.path)", "PREFIX=/usr/local"])
        expectEqual(uninstall.status, 0, "\(uninstall.stderr)")
        let left = FileManager.default.enumerator(atPath: destdir.path)?.compactMap { $0 as? String }
            .filter { path in !((try? FileManager.default.attributesOfItem(atPath: destdir.appendingPathComponent(path).path)[.type] as? FileAttributeType) == .typeDirectory) }
        expectEqual(left, [], "left behind: \(left ?? [])")
    }
}
