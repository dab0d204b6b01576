import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// Write-then-read is the identity on generated documents, on every field the format carries.
@Suite struct RoundTripTests {
    static let seeds: [UInt64] = Array(1...300)

    static func times(_ g: inout DocumentGenerator, count: Int) -> [(Int, Int)] {
        var t = g.int(0...5000)
        return (0..<count).map { _ in
            let start = t + g.int(0...3000)
            let end = start + g.int(0...8000)
            t = g.chance(0.2) ? start : end // sometimes overlapping cues
            return (start, end)
        }
    }

    @Test(arguments: seeds)
    func srt(seed: UInt64) throws {
        var g = DocumentGenerator(seed: seed)
        var document = CaptionDocument()
        let srtKinds: [TextSpan.Kind] = [.bold, .italic, .underline, .strikethrough,
                                         .color(RGBAColor(red: 255, green: 200, blue: 0)), .fontFace("DejaVu Sans"),
                                         .fontScale(1.5), .fontScale(0.625)]
        for (start, end) in Self.times(&g, count: g.int(1...8)) {
            let plain = g.chance(0.1) ? "" : g.text()
            var placement: CuePlacement?
            if g.chance(0.3) {
                var p = CuePlacement()
                if g.chance(0.5) { p.anchor = g.int(1...9) }
                if g.chance(0.5) { p.rect = .init(x1: g.int(0...100), x2: g.int(100...600), y1: g.int(0...50), y2: g.int(50...90)) }
                placement = p
            }
            document.events.append(CaptionEvent(start: start, end: end,
                text: CaptionText(plain: plain, spans: g.spans(for: plain, kinds: srtKinds)), placement: placement))
        }
        let written = SRTFormat.write(document, options: WriteOptions())
        let read = try SRTFormat.read(DecodedText(written.text, sourceName: "roundtrip.srt"))
        expectTrue(read.diagnostics.isEmpty, "seed \(seed)")
        let got = read.document.events
        try #require(got.count == document.events.count, "seed \(seed):\n\(written.text)")
        for (a, b) in zip(document.events, got) {
            expectTrue(a.start == b.start && a.end == b.end, "seed \(seed)")
            expectEqual(a.text, b.text, "seed \(seed):\n\(written.text)")
            expectEqual(a.placement, b.placement, "seed \(seed)")
        }
    }

    @Test(arguments: seeds)
    func json(seed: UInt64) throws {
        var g = DocumentGenerator(seed: seed)
        var document = CaptionDocument()
        let kinds: [TextSpan.Kind] = [.bold, .italic, .underline, .strikethrough, .color(RGBAColor(red: 1, green: 2, blue: 3, alpha: 4)),
                                      .fontFace("Noto Sans"), .fontScale(1.25), .voice("Esme"), .classes(["loud", "yellow"]), .language("en-GB"),
                                      .ruby, .rubyText]
        for (start, end) in Self.times(&g, count: g.int(0...8)) {
            let plain = g.text()
            var event = CaptionEvent(start: start, end: end, text: CaptionText(plain: plain, spans: g.spans(for: plain, kinds: kinds)),
                                     sourceText: g.chance(0.5) ? "<raw>" + plain : nil)
            if g.chance(0.4) { event.id = g.line() }
            if g.chance(0.3) { event.settings = "line:\(g.int(-3...10)) align:start" }
            if g.chance(0.2) { event.style = "Default" }
            if g.chance(0.4) {
                var p = CuePlacement()
                p.vertical = g.pick([.horizontal, .rl, .lr])
                p.line = g.pick([.auto, .number(Double(g.int(-5...5))), .percent(Double(g.int(0...400)) / 4)])
                p.lineAlign = g.pick([.start, .center, .end])
                p.position = g.chance(0.5) ? Double(g.int(0...100)) : nil
                p.positionAlign = g.pick([.auto, .lineLeft, .center, .lineRight])
                p.size = Double(g.int(0...100))
                p.align = g.pick([.start, .center, .end, .left, .right])
                p.region = g.chance(0.3) ? "r1" : nil
                p.anchor = g.chance(0.3) ? g.int(1...9) : nil
                p.point = g.chance(0.3) ? .init(x: 10.5, y: Double(g.int(0...1080))) : nil
                p.rect = g.chance(0.3) ? .init(x1: 1, x2: 2, y1: 3, y2: 4) : nil
                event.placement = p
            }
            if g.chance(0.5) {
                var t = start
                event.words = (0..<g.int(1...6)).map { _ in
                    let ws = t, we = t + g.int(0...900)
                    t = we
                    return Word(text: g.line(), start: ws, end: we, interpolated: g.chance(0.2), speaker: g.chance(0.3) ? "A" : nil)
                }
            }
            document.events.append(event)
        }
        if g.chance(0.5) { document.metadata = [MetadataEntry(key: "Kind", value: "captions"), MetadataEntry(key: "Language", value: g.line())] }
        if g.chance(0.3) { document.stylesheets = ["::cue { color: \(g.line()) }"] }
        if g.chance(0.3) {
            var region = CaptionRegion(id: "r1")
            region.width = 40; region.lines = 4; region.scrollUp = true
            region.regionAnchor = .init(x: 0, y: 100); region.viewportAnchor = .init(x: 10.25, y: 90)
            document.regions = [region]
        }
        let written = CaptionJSONFormat.write(document, options: WriteOptions())
        let read = try CaptionJSONFormat.read(DecodedText(written.text, sourceName: "roundtrip.json"))
        expectTrue(read.diagnostics.isEmpty)
        expectEqual(read.document, document, "seed \(seed):\n\(written.text)")
    }
}
