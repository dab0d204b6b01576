import CaptionFormats
import CaptionModel
import Foundation
import CaptionExpectations
import Testing

/// A real film's bitmap subtitles, made by another project's tools (Corpus/bitmap/sintel: Sintel's 26
/// English subtitles as a PGS `.sup`, as VobSub `.idx` and `.sub`, and as a PGS and a VobSub track in
/// Matroska), read as text by `convert`, against the published text of the same subtitles
/// (`sintel.srt`): the character error rate over every cue, every cue present and not empty, each start
/// (and each end the file gives) within one frame (24 fps) of the published times, and the VobSub
/// starts at the index's own times (its display sets), to the millisecond.
@Suite struct RealBitmapSubtitlesTests {
    static let folder = CommandRunner.packageRoot.appendingPathComponent("Corpus/bitmap/sintel")
    static let frame = 42

    /// The pictures' times as `sintel.idx` lists them (`timestamp: 00:01:47:250, filepos: ...`), in ms.
    static func indexTimes() throws -> [Milliseconds] {
        let index = try String(contentsOf: folder.appendingPathComponent("sintel.idx"), encoding: .utf8)
        return index.split(separator: "\n").compactMap { line -> Milliseconds? in
            guard line.hasPrefix("timestamp: ") else { return nil }
            let parts = line.dropFirst("timestamp: ".count).prefix(12).split(separator: ":").compactMap { Int($0) }
            guard parts.count == 4 else { return nil }
            return Milliseconds(((parts[0] * 60 + parts[1]) * 60 + parts[2]) * 1000 + parts[3])
        }
    }

    @Test(arguments: [("sintel.sup", nil), ("sintel.idx", nil), ("sintel.sub", nil), ("sintel.mks", "0"), ("sintel.mks", "1")] as [(String, String?)])
    func readAsThePublishedText(file: String, track: String?) throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let name = file + (track.map { " track \($0)" } ?? "")
        let input = Self.folder.appendingPathComponent(file).path
        let run = try CommandRunner.run(["convert", input, "-o", "text.srt"] + (track.map { ["--track", $0] } ?? []), in: dir)
        try #require(run.status == 0, "\(name): \(run.stderr)")
        // Read at 0 % errors with no fix to report, the run says nothing: not Tesseract's model cache
        // either (its "LEAK!" lines when a recogniser outlived the read).
        expectTrue(run.stderr.isEmpty, "\(name): \(run.stderr)")
        let events = try CaptionFileReader.read(path: dir.appendingPathComponent("text.srt").path).document.events
        let published = try CaptionFileReader.read(path: Self.folder.appendingPathComponent("sintel.srt").path).document.events

        expectEqual(events.count, published.count, "\(name): \(events.count) cues")
        expectTrue(events.allSatisfy { !$0.text.plain.isEmpty }, "\(name): an empty cue")
        // The `.sub`'s pictures carry no end (each SPU's stop is dated 0xFFFF, "until the next"): each
        // cue lasts until the next, the last 5 s. The PGS and the Matroska track (whose blocks carry
        // durations) end where the published file does.
        let untilNext = file != "sintel.sup" && file != "sintel.mks"
        for (k, (event, cue)) in zip(events, published).enumerated() {
            expectTrue(abs(event.start - cue.start) <= Self.frame, "\(name): \(cue.text.plain) starts at \(event.start), published \(cue.start)")
            let end = !untilNext ? cue.end : k + 1 < events.count ? events[k + 1].start : event.start + 5000
            expectTrue(abs(event.end - end) <= Self.frame, "\(name): \(cue.text.plain) ends at \(event.end), not \(end)")
        }
        // The index is the VobSub's own record of when each picture shows.
        if file != "sintel.sup", track != "0" {
            expectEqual(events.map(\.start), (try Self.indexTimes()), "\(name): not the index's times")
        }
        let score = BitmapOCRCommandTests.score(events, against: published.map(\.text.plain))
        print("[ocr real \(name)] character error rate \(String(format: "%.2f", score.cer * 100)) % over \(published.count) cues; wrong: \(score.wrong)")
        expectTrue(score.cer <= 0.01, "\(name): \(score.wrong)")
    }

    /// A `.sub` read alone would be MPEG-PS in the DVD's default colours; beside its `.idx` it is read
    /// through the index (the palette and size), so both give the same cues.
    @Test func aSubBesideItsIndexIsReadThroughIt() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for file in ["sintel.idx", "sintel.sub"] {
            let run = try CommandRunner.run(["convert", Self.folder.appendingPathComponent(file).path, "-o", file + ".json"], in: dir)
            try #require(run.status == 0, "\(file): \(run.stderr)")
        }
        let (idx, sub) = (try Data(contentsOf: dir.appendingPathComponent("sintel.idx.json")),
                          try Data(contentsOf: dir.appendingPathComponent("sintel.sub.json")))
        expectEqual(idx, sub)
    }
}
