import ArgumentParser
import CaptionEdit
import CaptionFormats
import CaptionModel
import CaptionPipeline
import CaptionSpelling
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
        default the shot changes' rate, else the profile's), overlap, empty, and with --video beyond-video. With shot changes (found \
        in --video, or read from --shots FILE) the profile's shot-change rules too: shot-change-start, \
        shot-change-end, shot-change-crossing (frames at the shot changes' rate). --fix -o OUT moves ends \
        to remove overlaps and short gaps, lengthens short captions into free time, re-breaks long \
        lines and moves starts and ends onto shot changes, reporting each fix; no caption's words \
        change. Exit 0 when clean, 1 when any problem is left, 64 usage, 65 malformed input or profile, \
        66 a missing file.

        --spelling LANG lists instead the words a Hunspell dictionary (Debian's hunspell-LL) does not \
        know, skipping [SDH] brackets, speakers' labels (JOHN:), music notes and numbers: one line per \
        word, FILE:LINE: caption N: spelling: WORD, or --json; exit 1 when any is unknown, 64 when no \
        dictionary for LANG is installed.

        Several files are checked in one run, across the cores: each file's lines as above (its summary \
        line naming it), in the order given, then a summary of all; with --json one object with a \
        "files" list. A file that cannot be read is one line on stderr naming it; the exit status is the \
        worst file's: 73, 66, 65, then 1. --fix takes one file.
        """
    )

    @Argument(help: "The captions to check (any format convert reads); several files are checked in one run.")
    var inputs: [String]

    @Option(help: "netflix (default), bbc, youtube, or a profile JSON file.")
    var profile = "netflix"

    @Option(help: "Frame rate that gaps are counted in (default: the shot changes' when there are any, else the profile's); a plain --shots list's rate without --video.")
    var fps: String?

    @Option(help: "A video: captions must end within its duration, and its shot changes are found for the profile's shot-change rules.")
    var video: String?

    @Option(help: "Shot changes from a file (captions shots' JSON, or a plain list of times or frames) instead of finding them in --video.")
    var shots: String?

    @Flag(name: .customLong("no-shots"), help: "With --video: check only the duration; do not look for shot changes.")
    var noShots = false

    @Flag(help: "Print {\"problems\": [...]} as JSON instead of lines.")
    var json = false

    @Flag(help: "Repair overlaps, short gaps, short captions, long lines and edges near shot changes; write the result with -o.")
    var fix = false

    @Option(name: .shortAndLong, help: "With --fix: where to write the repaired captions.")
    var output: String?

    @Option(help: ArgumentHelp("List the words a Hunspell dictionary does not know instead of checking the profile's rules: a language (eng, fra, en) or a dictionary (en_GB).", valueName: "LANG"))
    var spelling: String?

    @OptionGroup var reading: InputOptions

    @OptionGroup(title: TrackOptions.title)
    var tracks: TrackOptions

    /// `--to` applies with --fix.
    @OptionGroup var writing: OutputFormatOptions

    func validate() throws {
        if fix != (output != nil) { throw ValidationError("--fix and -o go together") }
        if fix && inputs.count > 1 { throw ValidationError("--fix -o writes one file: fix one input at a time") }
        if let fps, FrameRate(parsing: fps) == nil { throw ValidationError("--fps '\(fps)' is not a frame rate (25, 23.976, 30000/1001)") }
        if noShots && (video == nil || shots != nil) { throw ValidationError("--no-shots goes with --video (and without --shots)") }
        if spelling != nil && (fix || video != nil || shots != nil) { throw ValidationError("--spelling is a check of its own: not with --fix, --video or --shots") }
    }

    func run() throws {
        var status: Int32 = 0
        reading.warnRenamed(command: "check")
        writing.warnRenamed(command: "check")
        try CommandFailure.exitOnError {
            if let spelling {
                status = try checkSpelling(spelling)
                return
            }
            let profile = try loadProfile()
            var duration: Milliseconds?
            if let video {
                duration = try Self.videoError { try MediaProbe.duration(of: video) }
            }
            let shotChanges = try loadShotChanges(profile: profile)
            // Frames are the video's once its shot changes are known: gaps count in the same frames (--fps wins).
            let rate = fps.flatMap { FrameRate(parsing: $0) } ?? shotChanges?.frameRate
            let checker = Checker(profile: profile, frameRate: rate, videoDuration: duration, shotChanges: shotChanges)
            if inputs.count > 1 {
                status = checkFiles(checker: checker, profile: profile)
                return
            }
            let checked = try check(inputs[0], checker: checker, profile: profile)
            print(checked.text)
            status = checked.problems.isEmpty ? 0 : 1
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// `--spelling LANG`: each file's unknown words, as lines or one JSON object; 1 when any.
    private func checkSpelling(_ language: String) throws -> Int32 {
        guard let dictionary = SpellingDictionary.forLanguage(language) else {
            throw CaptionFormatError(.usage, "--spelling \(language): no Hunspell dictionary for it is installed in \(SpellingDictionary.folder) (Debian's hunspell-LL packages, such as hunspell-en-us)")
        }
        var status: Int32 = 0
        var files: [String] = []
        for input in inputs {
            let read = try CaptionSource.read(path: input, format: reading.format, encoding: reading.encoding, track: tracks.selection)
            try Diagnostics.report(read.diagnostics, source: input, strict: false)
            let document = CaptionInput(read).document()
            let unknown = SpellingCheck.unknownWords(in: document, dictionary: dictionary)
            if !unknown.isEmpty { status = 1 }
            let name = input == "-" ? "<stdin>" : input
            func line(_ caption: Int) -> Int? { read.wordTimedSource == nil ? read.line(ofEvent: caption - 1) : nil }
            let distinct = Set(unknown.map(\.word)).count
            if json {
                let words = unknown.map {
                    "\n  {\"cue\": \($0.caption), \"line\": \(line($0.caption).map(String.init) ?? "null"), \"word\": \(jsonStringLiteral($0.word))}"
                }
                files.append("{\"file\": \(jsonStringLiteral(input)), \"unknown_words\": [" + words.joined(separator: ",") + (words.isEmpty ? "]" : "\n]")
                             + ",\n\"summary\": {\"captions\": \(document.events.count), \"unknown\": \(unknown.count), \"distinct\": \(distinct), \"dictionary\": \(jsonStringLiteral(dictionary.name))}}")
            } else {
                for word in unknown {
                    print("\(line(word.caption).map { "\(name):\($0)" } ?? name): caption \(word.caption): spelling: \(word.word)")
                }
                let count = unknown.isEmpty ? "no unknown words" : "\(unknown.count) unknown word\(unknown.count == 1 ? "" : "s") (\(distinct) distinct)"
                print("captions: check: \(inputs.count > 1 ? "\(name): " : "")\(document.events.count) caption\(document.events.count == 1 ? "" : "s") against \(dictionary.name): \(count)")
            }
        }
        if json { print(files.count == 1 ? files[0] : "{\"files\": [\n" + files.joined(separator: ",\n") + "\n]}") }
        return status
    }

    /// One file's check (and fix): its report as printed, lines or JSON, and what the run's summary counts.
    struct FileCheck: Sendable {
        var text: String
        var captions: Int
        var problems: [CheckProblem]
    }

    /// Reads, checks and (with --fix) repairs one file. `named`: several files are checked, so the
    /// summary line or JSON object names the file; `emit` takes the warning lines.
    func check(_ input: String, checker: Checker, profile: CheckProfile, named: Bool = false,
               emit: (String) -> Void = CommandFailure.printError) throws -> FileCheck {
        let read = try CaptionSource.read(path: input, format: reading.format, encoding: reading.encoding, track: tracks.selection)
        try Diagnostics.report(read.diagnostics, source: input, strict: false, emit: emit)

        // A speech-to-text tool's words are checked as the captions convert pages them into.
        var document = CaptionInput(read).document()
        var fixes: [CheckFix] = []
        if fix, let output {
            (document, fixes) = Fixer(checker: checker).fix(document)
            let format = try DocumentOutput.format(named: writing.format, path: output, inputFormat: read.formatName)
            try DocumentOutput.write(document, as: format, to: output, protecting: [input] + (video.map { [$0] } ?? []), strict: false)
        }
        let problems = checker.check(document)
        let report = FileReport(input: input, read: read, problems: problems, fixes: fixes, profile: profile,
                                captions: document.events.count, named: named)
        return FileCheck(text: json ? jsonText(report) : lines(report), captions: document.events.count, problems: problems)
    }

    /// Several files across the cores: each file's report printed in the order given as it is ready
    /// (with --json, one object at the end), then the summary; returns the worst file's exit status.
    private func checkFiles(checker: Checker, profile: CheckProfile) -> Int32 {
        let results = BatchFiles.run(inputs) { k, log in
            let checked = try check(inputs[k], checker: checker, profile: profile, named: true, emit: log.warn)
            if !json { log.out.append(checked.text) }
            return (checked.problems.isEmpty ? 0 : 1, checked)
        }
        let checked = results.compactMap(\.value)
        let problems = checked.flatMap(\.problems), captions = checked.reduce(0) { $0 + $1.captions }
        let failed = results.filter { $0.value == nil }
        if json {
            let files = results.map { result in
                result.value?.text ?? "{\"file\": \(jsonStringLiteral(result.input)), \"exit\": \(result.code), \"error\": \(jsonStringLiteral(result.message ?? ""))}"
            }
            print("{\"files\": [\n" + files.joined(separator: ",\n") + "\n],\n\"summary\": {\"files\": \(inputs.count), \"checked\": \(checked.count), "
                  + "\"captions\": \(captions), \"problems\": \(problems.count), \"profile\": \(jsonStringLiteral(profile.name))}}")
        } else {
            let withProblems = checked.filter { !$0.problems.isEmpty }.count
            var line = "captions: check: \(inputs.count) files, \(captions) caption\(captions == 1 ? "" : "s") against \(profile.name): \(Self.count(problems))"
            if withProblems > 0 { line += " in \(withProblems) file\(withProblems == 1 ? "" : "s")" }
            if !failed.isEmpty { line += "; \(failed.count) file\(failed.count == 1 ? "" : "s") not checked" }
            print(line)
        }
        return BatchFiles.worst(results.map(\.code))
    }

    /// The shot changes for the profile's rules: `--shots` (a plain list's times counted at the video's
    /// rate, else --fps's, else the profile's), else found in `--video` (not with `--no-shots`, nor for
    /// a profile without shot-change rules, where finding them would be wasted).
    private func loadShotChanges(profile: CheckProfile) throws -> ShotChanges? {
        if let shots {
            var rate = fps.flatMap { FrameRate(parsing: $0) } ?? profile.frameRate
            if let video { rate = try Self.videoError { try MediaProbe.geometry(of: video).rate } }
            return try ShotChangesFile.read(path: shots, frameRate: rate)
        }
        guard let video, !noShots, profile.checksShotChanges else { return nil }
        // A sound file names the programme's length as well as a video does: checked, with a warning.
        do { _ = try MediaProbe.geometry(of: video) } catch where error.kind == .usage {
            CommandFailure.printError("captions: warning: \(video) has no video stream: no shot changes to check against (--no-shots skips looking)")
            return nil
        } catch {
            throw CaptionFormatError(error.kind == .unreadable ? .unreadable : .malformed, error.message)
        }
        return try Self.videoError { try detectShotChanges(videoPath: video, threshold: nil) }
    }

    /// A video's error as the exit codes name it: 66 unreadable, 65 anything else.
    private static func videoError<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as VideoError {
            throw CaptionFormatError(error.kind == .unreadable ? .unreadable : .malformed, error.message)
        }
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

    /// What one file's report says.
    private struct FileReport {
        var input: String
        var read: ParseResult
        var problems: [CheckProblem]
        var fixes: [CheckFix]
        var profile: CheckProfile
        var captions: Int
        var named: Bool

        var displayName: String { input == "-" ? "<stdin>" : input }

        func location(_ caption: Int) -> String {
            // Paged word timings have no input line per caption.
            guard read.wordTimedSource == nil else { return displayName }
            return read.line(ofEvent: caption - 1).map { "\(displayName):\($0)" } ?? displayName
        }
    }

    /// `5 problems (reading-speed 1, line-length 2, ...)`, or `no problems`.
    private static func count(_ problems: [CheckProblem]) -> String {
        guard !problems.isEmpty else { return "no problems" }
        var byRule: [(String, Int)] = []
        for rule in CheckRule.allCases {
            let n = problems.filter { $0.rule == rule }.count
            if n > 0 { byRule.append((rule.rawValue, n)) }
        }
        return "\(problems.count) problem\(problems.count == 1 ? "" : "s") (\(byRule.map { "\($0.0) \($0.1)" }.joined(separator: ", ")))"
    }

    private func lines(_ r: FileReport) -> String {
        var out = ""
        for fix in r.fixes { out += "\(r.location(fix.caption)): caption \(fix.caption): fixed \(fix)\n" }
        for problem in r.problems { out += "\(r.location(problem.caption)): caption \(problem.caption): \(problem.description)\n" }
        out += "captions: check: " + (r.named ? "\(r.displayName): " : "")
        out += "\(r.captions) caption\(r.captions == 1 ? "" : "s") against \(r.profile.name): \(Self.count(r.problems))"
        if fix { out += "; \(r.fixes.count) fix\(r.fixes.count == 1 ? "" : "es") written to \(output!)" }
        return out
    }

    /// `, "shot_change": {"frame": 305, "time": 12.721, "edge": "start", "offset": 7}`: the change (its
    /// first frame and time in seconds) and the edge's distance from it in frames, negative before it.
    private static func shotChangeJSON(_ near: ShotChangeDistance) -> String {
        ", \"shot_change\": {\"frame\": \(near.frame), \"time\": \(CheckProblem.number(Double(near.time) / 1000)), \"edge\": \"\(near.edge.rawValue)\", \"offset\": \(near.offset)}"
    }

    private func jsonText(_ r: FileReport) -> String {
        func line(_ caption: Int) -> String {
            r.read.wordTimedSource == nil ? r.read.line(ofEvent: caption - 1).map(String.init) ?? "null" : "null"
        }
        var out = r.named ? "{\"file\": \(jsonStringLiteral(r.input)), \"problems\": [" : "{\"problems\": ["
        out += r.problems.map {
            "\n  {\"cue\": \($0.caption), \"line\": \(line($0.caption)), \"rule\": \"\($0.rule.rawValue)\", \"value\": \(CheckProblem.number($0.value)), \"limit\": \(CheckProblem.number($0.limit)), \"unit\": \"\($0.unit)\""
                + ($0.shotChange.map(Self.shotChangeJSON) ?? "") + "}"
        }.joined(separator: ",")
        out += r.problems.isEmpty ? "]" : "\n]"
        if fix {
            out += ",\n\"fixes\": ["
            out += r.fixes.map {
                "\n  {\"cue\": \($0.caption), \"line\": \(line($0.caption)), \"rule\": \"\($0.rule.rawValue)\", \"change\": \(jsonStringLiteral($0.change))}"
            }.joined(separator: ",")
            out += r.fixes.isEmpty ? "]" : "\n]"
        }
        out += ",\n\"summary\": {\"captions\": \(r.captions), \"problems\": \(r.problems.count), \"profile\": \(jsonStringLiteral(r.profile.name))}}"
        return out
    }
}
