import CaptionModel
import CaptionExpectations
import Testing
@testable import CaptionFormats

/// Long documents are formatted on every core in chunks (`EventChunks`), and the usual styled cue (one
/// `<i>` line) takes a fast path in each writer. Both must give exactly the bytes and the warnings of the
/// one-thread, general path.
struct ParallelWriteTests {
    /// Enough cues for several rounds of chunks, of every kind the writers tell apart: plain, one simple
    /// span, several spans, colours, ids, words, placement, settings, negative times, text to escape.
    static func mixedDocument(seed: UInt64, count: Int) -> CaptionDocument {
        var g = DocumentGenerator(seed: seed)
        var events: [CaptionEvent] = []
        events.reserveCapacity(count)
        var t = 0
        for n in 0..<count {
            let plain = g.chance(0.5) ? "Plain line \(n)\nsecond line" : g.text()
            var spans: [TextSpan] = []
            switch g.int(0...5) {
            case 0, 1: break
            case 2, 3:
                let kinds: [TextSpan.Kind] = [.italic, .bold, .underline, .strikethrough]
                spans = Array(g.spans(for: plain, kinds: kinds).prefix(1))
            case 4: spans = g.spans(for: plain, kinds: [.italic, .bold, .color(RGBAColor(red: 255, green: 200, blue: 0))])
            default: spans = g.spans(for: plain, kinds: [.voice("Ann"), .classes(["loud"]), .fontFace("Serif")])
            }
            var event = CaptionEvent(start: t, end: t + g.int(200...4000), text: CaptionText(plain: plain, spans: spans),
                                     id: g.chance(0.1) ? "cue \(n)" : nil)
            if g.chance(0.03) { event.settings = "align:start line:10%" }
            if g.chance(0.03) { var p = CuePlacement(); p.anchor = 8; event.placement = p }
            if n == 7 { event.start = -500 }
            events.append(event)
            t += g.int(0...5000)
        }
        return CaptionDocument(events: events)
    }

    /// The long document every format's case writes, made once per test process (20,603 cues).
    /// Not a multiple of the chunk size, so the last round is partly empty.
    static let longDocument = mixedDocument(seed: 11, count: 5 * EventChunks.eventsPerChunk + 123)

    static func written(_ format: any SubtitleFormat.Type, _ document: CaptionDocument, singleThreaded: Bool) -> (String, [String]) {
        var options = WriteOptions()
        options.singleThreaded = singleThreaded
        let sink = ByteSink()
        let diagnostics = format.write(document, options: options, into: sink)
        return (sink.string, diagnostics.map(\.description))
    }

    @Test("a long document written on all cores is byte for byte the one-thread output, with the same warnings",
          arguments: ["srt", "vtt", "ass", "json"])
    func parallelEqualsSingleThreaded(format name: String) throws {
        let format = try FormatRegistry.outputFormat(named: name)
        let document = Self.longDocument
        let (parallel, parallelNotes) = Self.written(format, document, singleThreaded: false)
        let (single, singleNotes) = Self.written(format, document, singleThreaded: true)
        expectEqual(parallel.utf8.count, single.utf8.count)
        let firstDifference = zip(parallel.utf8, single.utf8).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        expectNil(firstDifference)
        expectEqual(parallelNotes, singleNotes)
        expectTrue(name == "json" || !singleNotes.isEmpty, "the document holds things SRT, WebVTT and ASS drop or report")
        // And it reads back as the document's cues, in order (the chunks were joined in order). The JSON
        // reader refuses the cue with a negative start; ASS rounds times to centiseconds.
        let back = try format.read(DecodedText(parallel, sourceName: "out"), options: ReadOptions()).document.events
        let expected = document.events.filter { name != "json" || $0.start >= 0 }
        expectEqual(back.count, expected.count)
        if name != "ass" {
            let misplaced = zip(back, expected).enumerated().first { $0.element.0.end != $0.element.1.end }?.offset
            expectNil(misplaced)
        }
    }

    /// The fast path for a cue with one simple span must write what the general path writes. The same cue
    /// with one more detail that changes only the warnings (settings for SRT and ASS, which drop them;
    /// words for WebVTT without word timestamps) goes down the general path.
    @Test("one simple span: the fast path writes what the general path writes", arguments: ["srt", "vtt", "ass"])
    func simpleSpanFastPathMatchesGeneralPath(format name: String) throws {
        let format = try FormatRegistry.outputFormat(named: name)
        var g = DocumentGenerator(seed: 5)
        var fast: [CaptionEvent] = [], general: [CaptionEvent] = []
        for n in 0..<400 {
            let plain = switch n % 3 {
            case 0: "One line <b> & {\\an8} é 日本\nand more"
            case 1: "Line \(n) with ünïcode 日本\nand a second line"
            default: g.text()
            }
            let kinds: [TextSpan.Kind] = [.italic, .bold, .underline, .strikethrough]
            guard let span = g.spans(for: plain, kinds: kinds).first ?? (plain.isEmpty ? nil : TextSpan(start: 0, end: plain.utf8.count, kind: .italic))
            else { continue }
            let event = CaptionEvent(start: n * 1000, end: n * 1000 + 900, text: CaptionText(plain: plain, spans: [span]))
            expectEqual(event.singleSimpleSpan, span)
            var detailed = event
            if name == "vtt" { detailed = CaptionEvent(start: event.start, end: event.end, text: event.text, words: [Word(text: "x", start: n * 1000, end: n * 1000 + 10)]) }
            else { detailed.settings = "line:0" }
            expectNil(detailed.singleSimpleSpan)
            fast.append(event)
            general.append(detailed)
        }
        let (a, _) = Self.written(format, CaptionDocument(events: fast), singleThreaded: true)
        let (b, _) = Self.written(format, CaptionDocument(events: general), singleThreaded: true)
        let firstDifference = zip(a.utf8, b.utf8).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        expectTrue(firstDifference == nil && a.utf8.count == b.utf8.count)
    }
}
