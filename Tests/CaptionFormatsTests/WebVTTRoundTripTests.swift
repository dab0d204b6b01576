import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// Property: for generated documents, reading what the writer wrote gives the document back, on every
/// field WebVTT carries (times, ids, plain text, spans, settings and placement, words, metadata,
/// regions, stylesheets).
@Suite struct WebVTTRoundTripTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func readOfWriteIsIdentity(seed: UInt64) throws {
        var generator = WebVTTDocumentGenerator(seed: seed)
        for n in 0..<120 {
            let document = generator.document()
            var options = WriteOptions()
            options.wordTimestamps = true
            let written = WebVTTFormat.write(document, options: options)
            expectTrue(written.diagnostics.isEmpty, "seed \(seed) document \(n): \(written.diagnostics)")
            let result = try WebVTTFormat.read(DecodedText(written.text, sourceName: "roundtrip.vtt"))
            expectTrue(result.diagnostics.isEmpty, "seed \(seed) document \(n): \(result.diagnostics)")
            let back = result.document
            let at = Comment(rawValue: "seed \(seed) document \(n):\n\(written.text)")
            expectEqual(back.metadata, document.metadata, at)
            expectEqual(back.stylesheets, document.stylesheets, at)
            expectEqual(back.regions, document.regions, at)
            try #require(back.events.count == document.events.count, at)
            for (got, want) in zip(back.events, document.events) {
                expectEqual(got.start, want.start, at)
                expectEqual(got.end, want.end, at)
                expectEqual(got.id, want.id, at)
                expectEqual(got.text.plain, want.text.plain, at)
                expectEqual(got.text.spans, want.text.spans, at)
                expectEqual(got.words, want.words, at)
                // A placement without a settings string is written as generated settings.
                expectEqual(got.settings, (want.settings ?? want.placement.flatMap(WebVTTCueSettings.format)), at)
                // A cue in a region gets the region's box, read from its REGION block.
                let box = want.placement?.region.flatMap { id in document.regions.last { $0.id == id } }.map(WebVTTCueSettings.area(of:))
                expectEqual(got.placement, want.placement.map { var p = $0; p.area = box; return p }, at)
            }
        }
    }
}

/// Random documents within what WebVTT can carry, from a fixed seed (SplitMix64), so failures repeat.
struct WebVTTDocumentGenerator {
    private var random: DocumentGenerator

    init(seed: UInt64) { random = DocumentGenerator(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { random.int(range) }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    mutating func pick<T>(_ items: [T]) -> T { random.pick(items) }

    /// Percentages as files write them: whole numbers and a few decimals.
    mutating func percent() -> Double { pick([0, 100, Double(int(0...100)), Double(int(0...1000)) / 10, Double(int(0...100_000)) / 1000]) }

    mutating func document() -> CaptionDocument {
        var document = CaptionDocument()
        for _ in 0..<int(0...2) {
            let (key, value) = pick([("Kind", "captions"), ("Language", "en-US"), ("X-Note", "value with: colon"),
                                     ("X-TIMESTAMP-MAP", "MPEGTS:900000,LOCAL:00:00:00.000"), ("Titre", "Été 🎬")])
            document.metadata.append(MetadataEntry(key: key, value: value))
        }
        for k in 0..<int(0...2) {
            document.stylesheets.append(pick(["::cue { color: red; }", "::cue(.c\(k)) {\n  color: lime;\n}\n/* note */ .x { }"]))
        }
        for k in 0..<int(0...3) {
            var region = CaptionRegion(id: pick(["r\(k)", "région\(k)", "a-b\(k)"]))
            region.width = percent()
            region.lines = int(0...12)
            region.regionAnchor = .init(x: percent(), y: percent())
            region.viewportAnchor = .init(x: percent(), y: percent())
            region.scrollUp = chance(50)
            document.regions.append(region)
        }
        for _ in 0..<int(0...8) { document.events.append(event(regions: document.regions)) }
        return document
    }

    mutating func event(regions: [CaptionRegion]) -> CaptionEvent {
        let start = pick([0, int(0...5_000), int(0...400_000_000)])
        let end = start + pick([0, int(1...10_000)])
        let (text, tree) = cueText()
        var event = CaptionEvent(start: start, end: end, text: text)
        if chance(50) { event.id = pick(["1", "42", "intro", "cue id with spaces", "Ünïcode 字幕", "a->b", "NOTE", "STYLE", " padded "]) }
        switch int(0...2) {
        case 0: break
        case 1:
            // Written as generated settings; an all-default placement writes none and reads back as nil.
            let p = placement(regions: regions)
            if WebVTTCueSettings.format(p) != nil { event.placement = p }
        default:
            // A raw settings string, including settings a parser ignores; the placement is what it means.
            var tokens: [String] = []
            for _ in 0..<int(1...4) {
                tokens.append(pick(["align:start", "align:middle", "line:-1", "line:10%,end", "line:3.5,center",
                                    "position:20%,line-left", "position:105%", "size:50%", "vertical:lr", "foo:bar",
                                    "region:" + (regions.isEmpty ? "none" : pick(regions).id)]))
            }
            let settings = tokens.joined(separator: " ")
            event.settings = settings
            event.placement = Array(settings.utf8).withUnsafeBufferPointer {
                WebVTTCueSettings.parse($0, 0..<$0.count, regions: regions)
            }
        }
        if chance(60) { event.words = words(text.plain, spans: tree, start: start, end: end) }
        return event
    }

    mutating func placement(regions: [CaptionRegion]) -> CuePlacement {
        var p = CuePlacement()
        if chance(30) { p.vertical = pick([.rl, .lr]) }
        switch int(0...2) {
        case 0: break
        case 1: p.line = .number(pick([-3, 0, 2, 1.5, -0.25]))
        default: p.line = .percent(percent())
        }
        if p.line != .auto, chance(50) { p.lineAlign = pick([.start, .center, .end]) }
        if chance(50) {
            p.position = percent()
            p.positionAlign = pick([.auto, .lineLeft, .center, .lineRight])
        }
        if chance(30) { p.size = percent() }
        if chance(50) { p.align = pick([.start, .center, .end, .left, .right]) }
        if chance(30), !regions.isEmpty { p.region = pick(regions).id }
        return p
    }

    /// Cue text built as the reader's tree would be, so the expected spans follow from the construction:
    /// each element's span starts where it opens and ends where it closes, in opening order.
    mutating func cueText() -> (CaptionText, [TextSpan]) {
        var plain: [UInt8] = []
        var spans: [TextSpan] = []
        let lines = int(1...3)
        for line in 0..<lines {
            if line > 0 { plain.append(0x0A) }
            if chance(10) { continue }  // an empty line inside the cue
            content(depth: 0, insideRuby: false, plain: &plain, spans: &spans)
        }
        return (CaptionText(plain: String(decoding: plain, as: UTF8.self), spans: spans), spans)
    }

    private static let tokens = ["word", "a<b", "x & y", "-->", "a > b", "&amp;", "é", "字幕", "🎉", "--", "<i>", "1.5",
                                 "&lt;", "tab\there", "NOTE", "00:00:01.000", "say \"hi\"", "l'été"]

    private mutating func content(depth: Int, insideRuby: Bool, plain: inout [UInt8], spans: inout [TextSpan]) {
        for n in 0..<int(1...3) {
            if n > 0 || chance(20) { plain.append(0x20) }
            if depth < 3, chance(35) {
                let kind: TextSpan.Kind = pick([.bold, .italic, .underline, .classes(["yellow"]), .classes(["a", "b-c"]), .classes([]),
                                                .voice("Bob"), .voice("Dr. Ann Lee"), .voice(""), .language("en-GB"), .ruby])
                let index = spans.count
                spans.append(TextSpan(start: plain.count, end: plain.count, kind: kind))
                if kind == .ruby {
                    plain.append(contentsOf: Array(pick(["漢", "kan", "字"]).utf8))
                    if chance(70) {
                        let rt = spans.count
                        spans.append(TextSpan(start: plain.count, end: plain.count, kind: .rubyText))
                        plain.append(contentsOf: Array(pick(["かん", "ji"]).utf8))
                        spans[rt].end = plain.count
                    }
                } else if chance(90) {
                    content(depth: depth + 1, insideRuby: false, plain: &plain, spans: &spans)
                }
                spans[index].end = plain.count
            } else {
                plain.append(contentsOf: Array(pick(Self.tokens).utf8))
            }
        }
    }

    /// Words as the reader derives them: the whitespace-separated tokens of the plain text, grouped into
    /// stretches; a stretch of one word is timed, a stretch of several shares its time evenly.
    mutating func words(_ plain: String, spans: [TextSpan], start: Int, end: Int) -> [Word] {
        let bytes = Array(plain.utf8)
        var tokens: [Range<Int>] = []
        var i = 0
        while i < bytes.count {
            while i < bytes.count, WebVTTBytes.isWhitespace(bytes[i]) { i += 1 }
            let s = i
            while i < bytes.count, !WebVTTBytes.isWhitespace(bytes[i]) { i += 1 }
            if i > s { tokens.append(s..<i) }
        }
        guard !tokens.isEmpty else { return [] }
        // Random increasing times within the cue: each group has a start and an end, and may leave a gap.
        var times = (0..<(tokens.count * 2)).map { _ in int(start...end) }.sorted()
        if chance(50) { times[0] = start }
        var words: [Word] = []
        var k = 0, t = 0
        while k < tokens.count {
            let size = min(tokens.count - k, pick([1, 1, 2, 3]))
            let t0 = times[t], t1 = chance(70) ? times[t + 1] : (t + 2 < times.count ? times[t + 2] : times[t + 1])
            for j in 0..<size {
                let token = tokens[k + j]
                let speaker = spans.last { span in
                    guard case .voice = span.kind else { return false }
                    return span.start <= token.lowerBound && token.lowerBound < span.end
                }.flatMap { span -> String? in if case .voice(let v) = span.kind { return v } else { return nil } }
                words.append(Word(text: String(decoding: bytes[token], as: UTF8.self),
                                  start: size == 1 ? t0 : t0 + (t1 - t0) * j / size,
                                  end: size == 1 ? t1 : t0 + (t1 - t0) * (j + 1) / size,
                                  interpolated: size > 1, speaker: speaker))
            }
            k += size
            t += 2
        }
        return words
    }
}
