import ArgumentParser
import CaptionEdit
import CaptionFormats
import CaptionModel
import CaptionStyles
import CaptionVideo
import Foundation

/// `captions check`: a broadcaster's or platform's quality rules applied to captions, and `--fix`.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check captions against a broadcaster's rules (netflix, bbc, youtube or a profile file); --fix repairs what it can.",
        discussion: """
        One line per problem, FILE:LINE: caption N: RULE: VALUE (limit LIMIT), then a summary. Rules: \
        reading-speed, line-length, line-count, min-duration, max-duration, min-gap (frames at --fps, \
        default the profile's), overlap, empty, and with --video beyond-video. --fix -o OUT moves ends \
        to remove overlaps and short gaps, lengthens short captions into free time and re-breaks long \
        lines, reporting each fix; no caption's words change. Exit 0 when clean, 1 when any problem is \
        left, 64 usage, 65 malformed input or profile, 66 a missing file.
        """
    )

    @Argument(help: "The captions to check (any format convert reads).")
    var input: String

    @Option(help: "netflix (default), bbc, youtube, or a profile JSON file.")
    var profile = "netflix"

    @Option(help: "Frame rate that gaps are counted in (default: the profile's).")
    var fps: String?

    @Option(help: "A video: captions must end within its duration.")
    var video: String?

    @Flag(help: "Print {\"problems\": [...]} as JSON instead of lines.")
    var json = false

    @Flag(help: "Repair overlaps, short gaps, short captions and long lines; write the result with -o.")
    var fix = false

    @Option(name: .shortAndLong, help: "With --fix: where to write the repaired captions.")
    var output: String?

    @Option(name: .customLong("output-format"), help: "With --fix: the output format; default from -o's extension, else the input's.")
    var outputFormat: String?

    @Option(name: .customLong("input-format"), help: "Input format, overriding detection.")
    var inputFormat: String?

    func validate() throws {
        if fix != (output != nil) { throw ValidationError("--fix and -o go together") }
        if let fps, FrameRate(parsing: fps) == nil { throw ValidationError("--fps '\(fps)' is not a frame rate (25, 23.976, 30000/1001)") }
    }

    func run() throws {
        var status: Int32 = 0
        try CommandFailure.exitOnError {
            let profile = try loadProfile()
            var duration: Milliseconds?
            if let video {
                do { duration = try MediaProbe.duration(of: video) } catch let error as VideoError {
                    throw CaptionFormatError(error.kind == .unreadableInput ? .unreadable : .malformed, error.message)
                }
            }
            let read = try CaptionFileReader.read(path: input, format: inputFormat)
            try Diagnostics.report(read.diagnostics, source: input, strict: false)
            let checker = Checker(profile: profile, frameRate: fps.flatMap { FrameRate(parsing: $0) }, videoDuration: duration)

            // A speech-to-text tool's words are checked as the captions convert pages them into.
            var document = read.wordTimedSource != nil ? Paging.apply(PagingOptions(), to: read.document) : read.document
            var fixes: [CheckFix] = []
            if fix, let output {
                (document, fixes) = Fixer(checker: checker).fix(document)
                let format = try DocumentOutput.format(named: outputFormat, path: output, inputFormat: read.formatName)
                try DocumentOutput.write(document, as: format, to: output, protecting: [input] + (video.map { [$0] } ?? []), strict: false)
            }
            let problems = checker.check(document)
            if json {
                printJSON(problems, fixes, read, profile: profile, captions: document.events.count)
            } else {
                printLines(problems, fixes, read, profile: profile, captions: document.events.count)
            }
            status = problems.isEmpty ? 0 : 1
        }
        if status != 0 { throw ExitCode(status) }
    }

    private func loadProfile() throws -> CheckProfile {
        if let builtIn = CheckProfile.named(profile) { return builtIn }
        guard profile.lowercased().hasSuffix(".json") || profile.contains("/") else {
            throw CaptionFormatError(.usage, "--profile '\(profile)' is not a built-in profile (\(CheckProfile.builtIn.map(\.name).joined(separator: ", "))) or a .json file")
        }
        guard let data = FileManager.default.contents(atPath: profile) else {
            throw CaptionFormatError(.unreadable, "\(profile): no such file (or it cannot be read)")
        }
        do { return try CheckProfileFile.parse(data, name: profile) } catch {
            throw CaptionFormatError(.malformed, error.message)
        }
    }

    private var displayName: String { input == "-" ? "<stdin>" : input }

    private func location(_ caption: Int, _ read: ParseResult) -> String {
        // Paged word timings have no input line per caption.
        guard read.wordTimedSource == nil else { return displayName }
        return read.line(ofEvent: caption - 1).map { "\(displayName):\($0)" } ?? displayName
    }

    private func printLines(_ problems: [CheckProblem], _ fixes: [CheckFix], _ read: ParseResult, profile: CheckProfile, captions: Int) {
        var out = ""
        for fix in fixes { out += "\(location(fix.caption, read)): caption \(fix.caption): fixed \(fix)\n" }
        for problem in problems { out += "\(location(problem.caption, read)): caption \(problem.caption): \(problem.description)\n" }
        var byRule: [(String, Int)] = []
        for rule in CheckRule.allCases {
            let n = problems.filter { $0.rule == rule }.count
            if n > 0 { byRule.append((rule.rawValue, n)) }
        }
        out += "captions: check: \(captions) caption\(captions == 1 ? "" : "s") against \(profile.name): "
        out += problems.isEmpty ? "no problems" : "\(problems.count) problem\(problems.count == 1 ? "" : "s") (\(byRule.map { "\($0.0) \($0.1)" }.joined(separator: ", ")))"
        if fix { out += "; \(fixes.count) fix\(fixes.count == 1 ? "" : "es") written to \(output!)" }
        print(out)
    }

    private func printJSON(_ problems: [CheckProblem], _ fixes: [CheckFix], _ read: ParseResult, profile: CheckProfile, captions: Int) {
        func line(_ caption: Int) -> String {
            read.wordTimedSource == nil ? read.line(ofEvent: caption - 1).map(String.init) ?? "null" : "null"
        }
        var out = "{\"problems\": ["
        out += problems.map {
            "\n  {\"cue\": \($0.caption), \"line\": \(line($0.caption)), \"rule\": \"\($0.rule.rawValue)\", \"value\": \(CheckProblem.number($0.value)), \"limit\": \(CheckProblem.number($0.limit)), \"unit\": \"\($0.unit)\"}"
        }.joined(separator: ",")
        out += problems.isEmpty ? "]" : "\n]"
        if fix {
            out += ",\n\"fixes\": ["
            out += fixes.map {
                "\n  {\"cue\": \($0.caption), \"line\": \(line($0.caption)), \"rule\": \"\($0.rule.rawValue)\", \"change\": \(jsonStringLiteral($0.change))}"
            }.joined(separator: ",")
            out += fixes.isEmpty ? "]" : "\n]"
        }
        out += ",\n\"summary\": {\"captions\": \(captions), \"problems\": \(problems.count), \"profile\": \(jsonStringLiteral(profile.name))}}"
        print(out)
    }
}
