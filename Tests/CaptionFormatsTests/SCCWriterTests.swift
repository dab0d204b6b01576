@testable import CaptionFormats
import CaptionModel
import Foundation
import CaptionExpectations
import Testing

/// The SCC writer: the file's shape (header, time codes, lower-case hex, padding only inside a line),
/// its rates and refusals, speed, and round trips through ttconv and pycaption, the two SCC readers
/// the broadcast corpus is checked against.
@Suite struct SCCWriterTests {
    static func options(fps: String? = nil, dropFrame: Bool? = nil, channel: CEA608Channel = .cc1, mode: CEA608Mode? = nil) -> WriteOptions {
        var options = WriteOptions()
        options.frameRate = fps.flatMap { FrameRate(parsing: $0) }
        options.dropFrame = dropFrame
        options.channel = channel
        options.ccMode = mode
        return options
    }

    static func roundTripDocument() throws -> CaptionDocument {
        try CaptionFileReader.read(path: CorpusLocation.path("broadcast/roundtrip.srt")).document
    }

    /// Checks the shape of an SCC file and returns its lines as (frame, pairs).
    static func parse(_ text: String, dropFrame: Bool) -> [(frame: Int, words: [String])] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        expectEqual(lines.first, "Scenarist_SCC V1.0")
        expectTrue(lines.count > 2 && lines[1].isEmpty)
        var result: [(Int, [String])] = []
        var previousEnd = -1
        for (n, line) in lines.enumerated().dropFirst(2) where !line.isEmpty {
            // Blank lines separate the caption lines.
            expectTrue(lines[n - 1].isEmpty)
            let parts = line.split(separator: "\t")
            expectEqual(parts.count, 2)
            guard parts.count == 2, let code = SCCTimecode.parse(parts[0]) else { Issue.record("bad line \(line)"); continue }
            expectEqual(code.dropFrame, dropFrame)
            let words = parts[1].split(separator: " ").map(String.init)
            for word in words {
                expectTrue(word.count == 4 && word == word.lowercased() && UInt16(word, radix: 16) != nil, "\(word)")
                if let value = UInt16(word, radix: 16) {
                    expectTrue(CEA608Characters.hasOddParity(UInt8(value >> 8)) && CEA608Characters.hasOddParity(UInt8(value & 0xFF)))
                }
            }
            expectTrue(words.first != "8080" && words.last != "8080")
            expectTrue(code.frameNumber > previousEnd, "line \(n + 1) overlaps the one before")
            previousEnd = code.frameNumber + words.count - 1
            result.append((code.frameNumber, words))
        }
        return result
    }

    @Test func theFileIsHeaderThenTimedLinesOfLowerCaseHex() throws {
        let result = SCCWriter.write(try Self.roundTripDocument(), options: Self.options())
        expectTrue(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let lines = Self.parse(result.text, dropFrame: true)
        expectTrue(lines.count >= 5)
        // The first caption: loaded in one line that ends with its EOC, on 00:00:01;14 (1.5 s is within
        // frame 44, which starts at 1.468 s: the caption is on screen at its start, not a frame after).
        let first = lines.first { $0.words.contains("942f") }!
        expectEqual(first.words.prefix(4), ["9420", "9420", "94ae", "94ae"])
        expectEqual(first.words.suffix(2), ["942f", "942f"])
        expectEqual(first.frame + first.words.count - 2, 44)
    }

    @Test func ratesAndTimeCodes() throws {
        let document = try Self.roundTripDocument()
        expectTrue(SCCWriter.write(document, options: Self.options(fps: "29.97")).text.contains(";"))
        let ndf = SCCWriter.write(document, options: Self.options(fps: "29.97", dropFrame: false))
        expectTrue(!ndf.text.contains(";") && ndf.diagnostics.isEmpty)
        _ = Self.parse(ndf.text, dropFrame: false)
        let thirty = SCCWriter.write(document, options: Self.options(fps: "30"))
        expectTrue(!thirty.text.contains(";") && thirty.diagnostics.isEmpty)
        _ = Self.parse(thirty.text, dropFrame: false)
        let pal = SCCWriter.write(document, options: Self.options(fps: "25"))
        expectTrue(pal.text.isEmpty && pal.diagnostics.first?.severity == .error)
    }

    @Test func timeCodesNameTheirFramesBothWays() {
        let frames = Array(stride(from: 0, to: 400_000, by: 7)) + [17981, 17982, 17983, 1799, 1800, 1801, 10_787_000]
        for frame in frames {
            for drop in [true, false] {
                let code = SCCTimecode(frameNumber: frame, dropFrame: drop)
                let parsed = SCCTimecode.parse(Substring(code.description))
                expectEqual(parsed?.frameNumber, frame, "\(frame) \(code)")
            }
        }
    }

    @Test func fieldTwoChannelsAreRefusedAndChannelTwoIsWritten() throws {
        let document = try Self.roundTripDocument()
        let cc3 = SCCWriter.write(document, options: Self.options(channel: .cc3))
        expectTrue(cc3.text.isEmpty && cc3.diagnostics.first?.severity == .error && cc3.diagnostics.first?.message.contains("CC3") == true)
        let cc2 = SCCWriter.write(document, options: Self.options(channel: .cc2))
        expectTrue(cc2.text.contains("1c2f 1c2f"))
    }

    /// A caption's 608 rows, read as the box of its rows, are written back on the same rows: an SCC
    /// file retimed or converted keeps a caption a captioner raised to row 10 there, and one on rows
    /// 3-4 hangs from row 3 again (it was written at the top, from row 2, before).
    @Test func captionsKeepTheirRows() throws {
        func cue(_ start: Milliseconds, _ text: String, rows: ClosedRange<Int>, top: Bool) -> CaptionEvent {
            var p = CuePlacement()
            let h = 80.0 / 15
            p.area = CuePlacement.Area(x: 10, y: 10 + Double(rows.lowerBound - 1) * h, width: 80, height: Double(rows.count) * h)
            if top { p.anchor = 8 }
            return CaptionEvent(start: start, end: start + 1500, text: CaptionText(plain: text), placement: p)
        }
        let events = [cue(2000, "ROWS THREE\nAND FOUR", rows: 3...4, top: true), cue(4000, "ROWS TEN\nAND ELEVEN", rows: 10...11, top: false),
                      cue(6000, "ROW FIFTEEN", rows: 15...15, top: false)]
        let scc = SCCWriter.write(CaptionDocument(events: events), options: Self.options()).text
        let back = try SCCFormat.read(DecodedText(scc, sourceName: "rows.scc")).document.events
        try #require(back.count == 3, "\(scc)")
        for (written, read) in zip(events, back) {
            let a = try #require(written.placement?.area), b = try #require(read.placement?.area)
            expectTrue(abs(a.y - b.y) < 1e-9 && abs(a.height - b.height) < 1e-9, "\(written.text.plain): \(a) read back as \(b)")
            expectEqual(read.placement?.anchor, written.placement?.anchor)
        }
    }

    /// A caption read from columns (left from column 8, right to column 30, top-left at 0) is written
    /// back at the same columns, and read again the same.
    @Test func captionsKeepTheirColumns() throws {
        func cue(_ start: Milliseconds, _ text: String, area: CuePlacement.Area, anchor: Int) -> CaptionEvent {
            var p = CuePlacement()
            p.area = area
            p.anchor = anchor
            return CaptionEvent(start: start, end: start + 1500, text: CaptionText(plain: text), placement: p)
        }
        let h = 80.0 / 15
        let events = [cue(2000, "LEFT ROW\nAND ANOTHER", area: .init(x: 30, y: 10 + 13 * h, width: 60, height: 2 * h), anchor: 1),
                      cue(4000, "RIGHT\nAT THE EDGE", area: .init(x: 10, y: 10 + 13 * h, width: 77.5, height: 2 * h), anchor: 3),
                      cue(6000, "TOP LEFT", area: .init(x: 10, y: 10 + h, width: 80, height: h), anchor: 7)]
        let scc = SCCWriter.write(CaptionDocument(events: events), options: Self.options()).text
        let back = try SCCFormat.read(DecodedText(scc, sourceName: "columns.scc")).document.events
        try #require(back.count == 3, "\(scc)")
        for (written, read) in zip(events, back) {
            expectEqual(read.placement, written.placement, "\(written.text.plain): \(String(describing: written.placement)) read back as \(String(describing: read.placement))")
        }
    }

    /// Two captions shown together on rows of their own (as an SCC screen with rows apart reads)
    /// go out as one screen, and read back as the same two captions; any other overlap still ends the
    /// earlier caption, with a warning.
    @Test func captionsShownTogetherShareAScreen() throws {
        func cue(_ text: String, rows: ClosedRange<Int>, anchor: Int?, start: Milliseconds = 2000, end: Milliseconds = 4000) -> CaptionEvent {
            var p = CuePlacement()
            let h = 80.0 / 15
            // 608's rows are 1-15; row r's box starts r - 1 rows down the caption area.
            p.area = CuePlacement.Area(x: 10, y: 10 + Double(rows.lowerBound - 1) * h, width: 80, height: Double(rows.count) * h)
            p.anchor = anchor
            return CaptionEvent(start: start, end: end, text: CaptionText(plain: text), placement: p)
        }
        let events = [cue("UP HERE", rows: 2...2, anchor: 8), cue("DOWN HERE\nAND THERE", rows: 14...15, anchor: nil)]
        let written = SCCWriter.write(CaptionDocument(events: events), options: Self.options())
        expectTrue(written.diagnostics.isEmpty, "\(written.diagnostics)")
        expectEqual(written.text.components(separatedBy: "942f 942f").count - 1, 1, "one EOC: \(written.text)")
        let back = try SCCFormat.read(DecodedText(written.text, sourceName: "two.scc")).document.events
        expectEqual(back.map(\.text.plain), events.map(\.text.plain), "\(back.map(\.text.plain))")
        expectTrue(zip(back, events).allSatisfy { $0.placement == $1.placement && $0.start == back[0].start && $0.end == back[0].end },
                "\(back.map { String(describing: $0.placement) })")
        // Rows that collide, or other times, are one caption at a time as before.
        let clash = SCCWriter.write(CaptionDocument(events: [cue("A", rows: 14...14, anchor: nil), cue("B", rows: 14...14, anchor: nil)]), options: Self.options())
        expectTrue(clash.diagnostics.contains { "\($0)".contains("overlaps cue 1") }, "\(clash.diagnostics)")
    }

    @Test func smallGapsArePaddedInsideALine() {
        // Back-to-back captions: the second load goes right before its EOC, the first's EOC just before:
        // whatever the gaps, padding appears only between pairs of one line.
        let events = (0..<20).map { CEA608EncoderTests.cue(2000 + $0 * 700, 2700 + $0 * 700, "Caption \($0)") }
        let text = SCCWriter.write(CaptionDocument(events: events), options: Self.options()).text
        _ = Self.parse(text, dropFrame: true)
    }

    @Test func tenThousandCaptionsAreWrittenQuickly() {
        let events = (0..<10_000).map { n in
            CaptionEvent(start: 3000 + n * 2000, end: 4800 + n * 2000, text: CaptionText(plain: "Caption number \(n) with some words\nand a second row, ñ ♪ ü"))
        }
        let clock = ContinuousClock()
        var result = WriteResult(text: "")
        let elapsed = clock.measure { result = SCCWriter.write(CaptionDocument(events: events), options: Self.options()) }
        expectTrue(result.diagnostics.isEmpty)
        expectTrue(result.text.utf8.count > 1_000_000)
        // ttconv and pycaption take tens of seconds for this; a debug build here takes well under 2 s.
        expectTrue(elapsed < .seconds(5), "\(elapsed)")
        print("SCC write of 10,000 captions: \(elapsed)")
    }

    // MARK: Round trips through ttconv and pycaption

    struct Cue: Decodable { var start: Double; var end: Double; var text: String }
    struct Readings: Decodable { var ttconv: [Cue]; var pycaption: [Cue] }

    /// Reads an SCC file with ttconv (its SCC reader, then its SRT writer) and pycaption (SCCReader,
    /// SRTWriter), and returns both as cues with times in seconds and text normalised as the corpus
    /// README says (tags stripped, whitespace collapsed).
    static let script = #"""
    import json, re, sys
    try:
        import ttconv.scc.reader as scc_reader, ttconv.srt.writer as srt_writer
        from pycaption import SCCReader, SRTWriter
    except ImportError as e:
        sys.exit("python3 lacks ttconv or pycaption (make installs them: pip install ttconv==1.2.3 pycaption==2.3.14): %s" % e)
    text = open(sys.argv[1], encoding="utf-8").read()
    def cues(srt):
        out = []
        for block in re.split(r"\n\s*\n", srt.strip()):
            lines = block.splitlines()
            i = next((k for k, l in enumerate(lines) if "-->" in l), None)
            if i is None: continue
            a, b = [x.strip() for x in lines[i].split("-->")]
            def sec(t):
                h, m, s = t.replace(",", ".").split(":")
                return int(h) * 3600 + int(m) * 60 + float(s)
            body = re.sub(r"<[^>]+>|\{\\[^}]*\}", "", " ".join(lines[i + 1:]))
            body = re.sub(r"\s+", " ", body.replace("\u00a0", " ")).strip()
            out.append({"start": sec(a), "end": sec(b.split()[0]), "text": body})
        return out
    tt = cues(srt_writer.from_model(scc_reader.to_model(text)))
    py = cues(SRTWriter().write(SCCReader().read(text)))
    print(json.dumps({"ttconv": tt, "pycaption": py}))
    """#

    static func readExternally(_ scc: String) throws -> Readings {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sccwriter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("rt.scc")
        try scc.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, file.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch {
            throw CaptionFormatError(.unreadable, "python3 is not installed: the SCC round trips need python3 with ttconv and pycaption (make installs them)")
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CaptionFormatError(.unreadable, "reading the SCC with ttconv and pycaption failed: \(errors)")
        }
        return try JSONDecoder().decode(Readings.self, from: data)
    }

    static func normalised(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    @Test(arguments: [("29.97", true), ("29.97", false), ("30", false)])
    func roundTripThroughTTConvAndPycaption(fps: String, dropFrame: Bool) throws {
        let document = try Self.roundTripDocument()
        let result = SCCWriter.write(document, options: Self.options(fps: fps, dropFrame: dropFrame))
        expectTrue(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let readings = try Self.readExternally(result.text)
        // Within one frame; a reader's time in seconds rounds to the millisecond.
        let frame = fps == "30" ? 1.0 / 30 : 1001.0 / 30000
        let tolerance = frame + 0.0015
        for (reader, cues) in [("ttconv", readings.ttconv), ("pycaption", readings.pycaption)] {
            expectEqual(cues.count, document.events.count, "\(reader): \(cues)")
            for (cue, event) in zip(cues, document.events) {
                expectEqual(cue.text, Self.normalised(event.text.plain), "\(reader)")
                let start = Double(event.start) / 1000, end = Double(event.end) / 1000
                expectTrue(abs(cue.start - start) <= tolerance, "\(reader) \(fps) start \(cue.start) for \(start)")
                expectTrue(abs(cue.end - end) <= tolerance, "\(reader) \(fps) end \(cue.end) for \(end)")
            }
            let all = cues.map(\.text).joined(separator: " ")
            for c in ["é", "ñ", "♪", "ü", "¿"] { expectTrue(all.contains(c), "\(reader) lost \(c)") }
        }
    }
}
