import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// The documentation's examples, run as a reader would run them: every ```` ```sh runnable ```` block of
/// README.md and docs/*.md, against the repository's own Corpus/, each page in a temporary folder of its
/// own. docs/README.md ("Runnable examples") describes the markers this reads.
@Suite struct DocsCommandsTests {
    static let root = CommandRunner.packageRoot

    /// README.md and every page in docs/, as paths relative to the repository.
    static let pages: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }()

    @Test(arguments: pages) func examplesRun(page: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
        let blocks = DocBlock.blocks(in: text)
        guard blocks.contains(where: { $0.isRunnable || $0.file != nil }) else { return }

        let dir = try CommandRunner.scratch()
        for folder in ["Corpus", "Styles", "Fuzz"] {
            try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent(folder),
                                                       withDestinationURL: Self.root.appendingPathComponent(folder))
        }
        let media = try Self.media.get()
        for name in ["clip.mp4", "voice.m4a"] where text.contains(name) {
            try FileManager.default.copyItem(at: media.appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        if text.contains("speech.mp4") {
            let speech = try Self.speech.get()
            for name in ["speech.mp4", "speech-late.srt"] {
                try FileManager.default.copyItem(at: speech.appendingPathComponent(name), to: dir.appendingPathComponent(name))
            }
        }

        var failed = false
        let started = Date()
        for block in blocks {
            if let name = block.file {
                try Data(block.body.utf8).write(to: dir.appendingPathComponent(name))
                continue
            }
            guard block.isRunnable else { continue }
            let parsed = DocCommand.commands(in: block)
            for problem in parsed.problems {
                Issue.record("\(page):\(problem)")
                failed = true
            }
            for command in parsed.commands {
                let clock = Date()
                let result = try Self.run(command.line, in: dir)
                let seconds = Date().timeIntervalSince(clock)
                let place = "\(page):\(command.lineNumber): \(command.line)"
                if result.status != command.expectedStatus {
                    Issue.record("\(place)\nexited \(result.status), the page says \(command.expectedStatus)\n\(result.stdout)")
                    failed = true
                }
                let output = DocCommand.normalized(result.stdout)
                for expected in command.expectedOutput where !output.contains(DocCommand.normalized(expected)) {
                    Issue.record("\(place)\ndid not print: \(expected)\nit printed:\n\(result.stdout)")
                    failed = true
                }
                if seconds > 5 { print("docs: \(place) took \(String(format: "%.1f", seconds)) s") }
            }
        }
        print("docs: \(page): \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        // Tools/behaviour-snapshot.sh keeps what every page's commands wrote, to compare two builds.
        if let keep = ProcessInfo.processInfo.environment["CAPTIONKIT_KEEP_DOCS_OUTPUT"], !keep.isEmpty {
            let kept = URL(fileURLWithPath: keep).appendingPathComponent(page.replacingOccurrences(of: "/", with: "_"))
            try? FileManager.default.removeItem(at: kept)
            try FileManager.default.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: dir, to: kept)
        }
        if failed {
            print("docs: \(page): its folder is kept: \(dir.path)")
        } else {
            try? FileManager.default.removeItem(at: dir)
        }
    }

    /// Every block that shows a `captions` command says whether it runs, so none is left out by accident;
    /// and the docs keep running a good number of them.
    @Test func everyCommandBlockIsMarked() throws {
        var runnable = 0, unmarked: [String] = [], notRunnable = 0
        for page in Self.pages {
            let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
            for block in DocBlock.blocks(in: text) {
                let showsCommand = block.lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("captions ") }
                if block.isRunnable { runnable += DocCommand.commands(in: block).commands.count }
                if block.markers.contains("not-runnable") && showsCommand { notRunnable += 1 }
                if showsCommand && block.markers.isDisjoint(with: ["runnable", "not-runnable", "synopsis", "output"]) {
                    unmarked.append("\(page):\(block.lineNumber)")
                }
            }
        }
        expectTrue(unmarked.isEmpty, "blocks with a captions command and no marker (docs/README.md lists them): \(unmarked)")
        expectTrue(runnable >= 80, "only \(runnable) runnable commands in the docs")
        expectTrue(notRunnable <= 8, "\(notRunnable) blocks of commands are marked not-runnable; keep them few")
    }

    /// The front page stays a front page: the details live in docs/.
    @Test func theReadmeStaysShort() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        expectTrue(lines <= 300, "README.md has \(lines) lines; move details into docs/")
    }

    /// The parser sees what the markers say: commands, expected status and output, files, bad lines.
    @Test func blocksAreReadAsDocumented() {
        let page = """
        ```json file=a.json
        {"x": 1}
        ```

        ```sh runnable
        captions convert in.srt --to vtt \\
            --strict                 # exit 65
        # captions: warning: in.srt: line 6
        # ...
        JOB_COMPLETION_INDEX=7 captions burn --manifest jobs.jsonl   # the seventh
        ls
        ```
        """
        let blocks = DocBlock.blocks(in: page)
        expectEqual(blocks.count, 2)
        expectTrue(blocks[0].file == "a.json" && blocks[0].body == "{\"x\": 1}\n")
        let parsed = DocCommand.commands(in: blocks[1])
        expectEqual(parsed.commands.count, 2)
        expectEqual(parsed.commands[0].expectedStatus, 65)
        expectEqual(parsed.commands[0].expectedOutput, ["captions: warning: in.srt: line 6"])
        expectTrue(parsed.commands[0].line.contains("--to vtt --strict"))
        expectTrue(parsed.commands[1].expectedStatus == 0 && parsed.commands[1].expectedOutput.isEmpty)
        expectTrue(parsed.problems.count == 1 && parsed.problems[0].contains("ls"))
    }

    /// Runs one line with bash, the built `captions` first on the PATH, stderr into stdout.
    static func run(_ line: String, in dir: URL) throws -> CommandResult {
        var environment = ProcessInfo.processInfo.environment
        for name in ["JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX", "SLURM_ARRAY_TASK_ID"] { environment[name] = nil }
        let bin = CommandRunner.executable.deletingLastPathComponent().path
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return try CommandRunner.run(["120", "/bin/bash", "-o", "pipefail", "-c", "exec 2>&1\n" + line], in: dir,
                                     program: URL(fileURLWithPath: "/usr/bin/timeout"), environment: environment)
    }

    /// The media the pages name, made once: `clip.mp4` (2 s, 360x640, 30 fps, a key frame every 15 frames,
    /// an AAC tone) and `voice.m4a` (2 s of tone).
    static let media: Result<URL, any Error> = Result {
        let dir = try CommandRunner.scratch()
        try BurnCommandTests.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=360x640:rate=30", "-f", "lavfi", "-i", "sine=frequency=440",
                                     "-t", "2", "-c:v", "libx264", "-preset", "ultrafast", "-g", "15", "-pix_fmt", "yuv420p",
                                     "-c:a", "aac", dir.appendingPathComponent("clip.mp4").path])
        try BurnCommandTests.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440", "-t", "2", "-c:a", "aac",
                                     dir.appendingPathComponent("voice.m4a").path])
        return dir
    }

    /// For the timing pages: `speech.mp4` (espeak-ng saying 26 captions from 32 s on, AAC) and
    /// `speech-late.srt` (those captions 2.5 s late).
    static let speech: Result<URL, any Error> = Result {
        let dir = try CommandRunner.scratch()
        let spoken = try SpokenCaptions.make(sampleRate: 16_000)
        try spoken.writeWAV(to: dir.appendingPathComponent("speech.wav").path)
        try BurnCommandTests.ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=96x54:r=25", "-i", dir.appendingPathComponent("speech.wav").path,
                                     "-shortest", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac",
                                     dir.appendingPathComponent("speech.mp4").path])
        try SpokenCaptions.srt(spoken.truth) { $0 + 2_500 }.write(to: dir.appendingPathComponent("speech-late.srt"), atomically: true, encoding: .utf8)
        return dir
    }
}

/// A fenced code block of a Markdown page and its info string's markers.
struct DocBlock {
    var markers: Set<String>
    var file: String?
    var lines: [String]
    /// The line of the opening fence, counted from 1.
    var lineNumber: Int

    var isRunnable: Bool { markers.contains("runnable") }
    var body: String { lines.map { $0 + "\n" }.joined() }

    static func blocks(in text: String) -> [DocBlock] {
        var blocks: [DocBlock] = [], open: DocBlock?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var block = open {
                if trimmed == "```" {
                    blocks.append(block)
                    open = nil
                } else {
                    block.lines.append(line)
                    open = block
                }
            } else if trimmed.hasPrefix("```") {
                let words = trimmed.dropFirst(3).split(separator: " ").map(String.init)
                let file = words.first { $0.hasPrefix("file=") }.map { String($0.dropFirst(5)) }
                open = DocBlock(markers: Set(words.dropFirst()), file: file, lines: [], lineNumber: index + 1)
            }
        }
        return blocks
    }
}

/// A `captions` command of a runnable block, with the status and output the page gives it.
struct DocCommand {
    var line: String
    var lineNumber: Int
    var expectedStatus: Int32
    var expectedOutput: [String]

    static func commands(in block: DocBlock) -> (commands: [DocCommand], problems: [String]) {
        var commands: [DocCommand] = [], problems: [String] = []
        var current: DocCommand?
        var index = 0
        while index < block.lines.count {
            let number = block.lineNumber + 1 + index
            var line = block.lines[index]
            index += 1
            while line.hasSuffix("\\"), index < block.lines.count {
                line = String(line.dropLast()).trimmingCharacters(in: .whitespaces) + " "
                    + block.lines[index].trimmingCharacters(in: .whitespaces)
                index += 1
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                if let done = current { commands.append(done) }
                current = nil
            } else if trimmed.hasPrefix("#") {
                let expected = String(trimmed.dropFirst()).trimmingCharacters(in: .whitespaces)
                if expected != "...", !expected.isEmpty { current?.expectedOutput.append(expected) }
            } else if isCommand(trimmed) {
                if let done = current { commands.append(done) }
                current = DocCommand(line: trimmed, lineNumber: number, expectedStatus: expectedStatus(of: trimmed), expectedOutput: [])
            } else {
                problems.append("\(number): not a captions command in a runnable block: \(trimmed)")
            }
        }
        if let done = current { commands.append(done) }
        return (commands, problems)
    }

    /// `captions ...`, or `NAME=value ... captions ...`.
    static func isCommand(_ line: String) -> Bool {
        line.range(of: #"^([A-Za-z_][A-Za-z0-9_]*=\S*\s+)*captions(\s|$)"#, options: .regularExpression) != nil
    }

    /// The `N` of a trailing `# exit N`, else 0.
    static func expectedStatus(of line: String) -> Int32 {
        guard let range = line.range(of: #"\s#\s*exit\s+[0-9]+"#, options: .regularExpression) else { return 0 }
        return Int32(line[range].filter(\.isNumber)) ?? 0
    }

    /// Runs of spaces and tabs as one space, each line trimmed: output is compared as a reader sees it.
    static func normalized(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        }.joined(separator: "\n")
    }
}
