import Foundation
import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// What the STL writer makes, read by ttconv (1.2.3, the corpus's reference reader), cue for cue:
/// `Corpus/broadcast/roundtrip.srt` plus an italic cue, at 25 and 29.97 fps. The accents, ♪ and the
/// italics must survive, and times agree within a frame. ttconv is a test dependency (the Makefile
/// installs it): without it this fails, saying so, rather than skipping.
@Suite struct EBUSTLTTConvTests {
    /// Runs `python3` with `arguments`; (status, stdout, stderr).
    static func python(_ arguments: [String]) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    /// ttconv's STL reader, then its SRT writer, as `make_expected.py` runs them.
    static let script = """
    import sys, logging
    logging.disable(logging.WARNING)
    import ttconv.stl.reader as r, ttconv.srt.writer as w
    with open(sys.argv[1], "rb") as f:
        sys.stdout.write(w.from_model(r.to_model(f, progress_callback=lambda *a: None), progress_callback=lambda *a: None))
    """

    @Test(arguments: [FrameRate(numerator: 25, denominator: 1)!, FrameRate(numerator: 30000, denominator: 1001)!])
    func ttconvReadsWhatWeWrite(_ fps: FrameRate) throws {
        let check = try Self.python(["-c", "import ttconv.stl.reader, ttconv.srt.writer"])
        guard check.0 == 0 else {
            Issue.record("ttconv is needed for this test and is not importable by python3 (pip install ttconv==1.2.3): \(check.2)")
            return
        }
        let srt = try String(contentsOfFile: CorpusLocation.path("broadcast/roundtrip.srt"), encoding: .utf8)
            + "\n6\n00:00:16,000 --> 00:00:18,040\n<i>Déjà vu</i>, said Zoë\nin <i>italics</i>\n"
        let document = try SRTFormat.read(DecodedText(srt)).document
        var options = WriteOptions()
        options.frameRate = fps
        let sink = ByteSink()
        expectTrue(EBUSTLFormat.write(document, options: options, into: sink).isEmpty)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ebustl-ttconv-\(UUID().uuidString).stl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(sink.bytes).write(to: URL(fileURLWithPath: path))

        let (status, output, errors) = try Self.python(["-c", Self.script, path])
        try #require(status == 0, "ttconv failed: \(errors)")
        let theirs = try SRTFormat.read(DecodedText(output)).document.events
        try #require(theirs.count == document.events.count, "ttconv read:\n\(output)")
        let frame = fps.numerator == 25 ? 40 : 34
        for (ours, read) in zip(document.events, theirs) {
            expectEqual(read.text.plain, ours.text.plain)
            expectTrue(abs(read.start - ours.start) <= frame, "\(ours.start) → \(read.start)")
            expectTrue(abs(read.end - ours.end) <= frame, "\(ours.end) → \(read.end)")
        }
        for accented in ["é", "ñ", "♪", "ü"] { expectTrue(output.contains(accented), "\(accented)") }
        // The italics came through as italics (ttconv's SRT writer marks them <i>).
        let italic = try #require(theirs.last)
        let spans = italic.text.spans.filter { $0.kind == .italic }
        // (ttconv puts the space a code stands for inside the span after it.)
        let words = spans.map { String(decoding: Array(italic.text.plain.utf8)[$0.start..<$0.end], as: UTF8.self).trimmingCharacters(in: .whitespaces) }
        expectEqual(words, ["Déjà vu,", "italics"], "\(output)")
    }
}
