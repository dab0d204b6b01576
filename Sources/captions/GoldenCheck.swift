import ArgumentParser
import CaptionFormats
import CaptionStyles
import CaptionVerify
import Foundation

/// `captions golden check`: renders a recording's frames again and grades them against the goldens.
struct GoldenCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Render the frames of a golden folder again and compare them with the recorded ones.",
        discussion: """
        Reads DIR/manifest.json, reads the input and the style again (saying so when their hashes or \
        the versions changed since recording: the frames decide the result), renders every recorded \
        time, and prints one line per frame and a summary. On a regression writes an HTML report \
        (index.html with actual, golden and difference PNGs side by side) to --report, default DIR/report; \
        with --report given the report is written even when everything passes. Exit status: 0 ok, \
        1 a frame graded worse than GOOD, 65 malformed manifest or frames, 66 missing manifest, \
        frame or input, 73 report cannot be written.
        """
    )

    @Option(help: "The folder golden record wrote.")
    var dir: String

    @Option(help: "Where to write the report (default DIR/report, only on a regression).")
    var report: String?

    func run() throws {
        var passed = true
        try CommandFailure.exitOnError { passed = try VerifyErrors.mapped { try check() } }
        if !passed { throw ExitCode(1) }
    }

    func check() throws -> Bool {
        let manifest = try GoldenManifest.read(directory: dir)
        let folder = GoldenFolder(directory: dir)
        let inputPath = RelativePath.resolve(manifest.input.path, in: dir)
        guard FileManager.default.isReadableFile(atPath: inputPath) else {
            throw CaptionFormatError(.unreadable, "\(inputPath): the recorded input is missing (manifest.json: input.path)")
        }
        var notes: [String] = []
        if try Hashing.file(inputPath) != manifest.input.sha256 { notes.append("the input \(inputPath) changed since recording (SHA-256 differs)") }

        let stylesDir = manifest.style.stylesDirectory.map { RelativePath.resolve($0, in: dir) }
        let styleFile = manifest.style.file.map { RelativePath.resolve($0.path, in: dir) }
        if let styleFile, let recorded = manifest.style.file, try Hashing.file(styleFile) != recorded.sha256 {
            notes.append("the style file \(styleFile) changed since recording")
        }
        let style = try StyleLibrary.locate(explicit: stylesDir).style(preset: manifest.style.preset, styleFile: styleFile)
        let snapshot = StyleSnapshot.json(of: style)
        if SHA256.hex(snapshot) != manifest.style.sha256 {
            let changed = folder.recordedStyleJSON.map { StyleSnapshot.changedKeys($0, snapshot) } ?? []
            notes.append("the resolved style changed since recording" + (changed.isEmpty ? "" : ": " + changed.joined(separator: ", ")))
        }
        for (what, then, now) in [("toolkit", manifest.toolkit, ToolkitVersions.toolkit), ("libass", manifest.libass, ToolkitVersions.libass),
                                  ("FreeType", manifest.freetype, ToolkitVersions.freetype)] where then != now {
            notes.append("recorded with \(what) \(then), now \(now)")
        }

        let paging: PagingFlags
        do { paging = try PagingFlags.parse(manifest.paging) } catch {
            throw CaptionFormatError(.malformed, "\(GoldenManifest.path(in: dir)): paging: \(PagingFlags.message(for: error))")
        }
        let pages = try CaptionInput(path: inputPath, format: manifest.inputFormat).pages(in: style, paging: paging)
        let native = NativeFrames(style: style, pages: pages, width: manifest.size.width, height: manifest.size.height)

        let explicitReport = report != nil
        let frameReport = FrameReport(directory: report ?? (dir as NSString).appendingPathComponent("report"),
                                      title: "captions golden check \(dir) (\(manifest.style.name), \(manifest.size.width)x\(manifest.size.height))",
                                      actualLabel: "actual", expectedLabel: "golden")
        for note in notes {
            CommandFailure.printError("captions: note: \(note)")
            frameReport.note(note)
        }
        print("golden check \(dir): \(manifest.times.count) frames of \(manifest.input.path), \(manifest.style.name), "
              + "\(manifest.size.width)x\(manifest.size.height), recorded \(manifest.recorded)")
        let results = try folder.check(manifest, frames: native, report: frameReport) { print(FrameLine.text($0)) }
        print("summary: " + FrameLine.summary(results))
        for warning in native.warnings { CommandFailure.printError("captions: warning: \(warning)") }
        let failing = results.filter { !$0.passed }
        if !failing.isEmpty || explicitReport {
            let index = try frameReport.writeIndex()
            if !failing.isEmpty {
                print("regression: \(failing.count) of \(results.count) frames worse than GOOD at "
                      + failing.map { GoldenManifest.frameName(at: $0.time) }.joined(separator: ", ") + "; report: \(index)")
            } else {
                print("report: \(index)")
            }
        }
        return failing.isEmpty
    }
}
