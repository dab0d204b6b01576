import Foundation
import CaptionExpectations
import Testing

/// libav*, Tesseract and espeak-ng are opened on first use (Sources/CLazyLibraries): a command that
/// never touches video, bitmaps or speech must not map them, and one that does must.
@Suite struct LazyLibrariesTests {
    static let opened = ["libavformat.so", "libavcodec.so", "libavutil.so", "libswscale.so", "libtesseract.so", "libespeak-ng.so"]

    /// The shared objects the dynamic loader opened while `captions` ran, as `LD_DEBUG=files` reports them
    /// (into a file: the report is longer than a pipe holds while the runner reads standard output first).
    static func mapped(_ arguments: [String]) throws -> (result: CommandResult, libraries: Set<String>) {
        let dir = try CommandRunner.scratch()
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        environment["LD_DEBUG_OUTPUT"] = dir.appendingPathComponent("loader").path
        let result = try CommandRunner.run(arguments, environment: environment)
        let reports = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("loader.") }
        expectEqual(reports.count, 1, "one report, from the one process: \(reports)")
        let report = try reports.map { try String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8) }.joined()
        let names = report.split(separator: "\n").compactMap { line -> String? in
            guard let at = line.range(of: "file="), line.contains("generating link map") else { return nil }
            return String(line[at.upperBound...].prefix { $0 != " " && $0 != "[" && $0 != ";" })
        }
        return (result, Set(names.map { URL(fileURLWithPath: $0).lastPathComponent }))
    }

    static func heavy(_ libraries: Set<String>) -> [String] {
        libraries.filter { name in opened.contains { name.hasPrefix($0) } }.sorted()
    }

    @Test func aCaptionFileConvertedMapsNoneOfThem() throws {
        let dir = try CommandRunner.scratch()
        let srt = dir.appendingPathComponent("a.srt")
        try "1\n00:00:01,000 --> 00:00:02,500\n<i>Hello</i> there\n".write(to: srt, atomically: true, encoding: .utf8)
        let (result, libraries) = try Self.mapped(["convert", srt.path, "-o", dir.appendingPathComponent("a.vtt").path])
        expectEqual(result.status, 0, "\(result.stderr.suffix(400))")
        expectTrue(libraries.contains { $0.hasPrefix("libass.so") }, "the linked libraries are listed: \(libraries.sorted())")
        expectTrue(Self.heavy(libraries).isEmpty)
        expectTrue(try String(contentsOf: dir.appendingPathComponent("a.vtt"), encoding: .utf8).contains("<i>Hello</i> there"))
    }

    @Test func aTrackListedMapsLibavButNotTesseract() throws {
        let mks = CommandRunner.packageRoot.appendingPathComponent("Corpus/bitmap/sintel/sintel.mks")
        let (result, libraries) = try Self.mapped(["tracks", mks.path])
        expectEqual(result.status, 0, "\(result.stderr.suffix(400))")
        expectTrue(result.stdout.contains("hdmv_pgs_subtitle"))
        let heavy = Self.heavy(libraries)
        expectTrue(heavy.contains { $0.hasPrefix("libavformat.so") } && heavy.contains { $0.hasPrefix("libavcodec.so") })
        expectTrue(!heavy.contains { $0.hasPrefix("libtesseract.so") || $0.hasPrefix("libespeak-ng.so") })
    }
}
