import CaptionModel

/// Writes the toolkit's JSON: `{"events":[{"start","end","text","source_text",...}]}`. Times are integer
/// milliseconds; optional members appear only when set. Spans and placement are included so the same
/// JSON reads back into an identical document.
enum CaptionJSONWriter {
    /// What the JSON holds of an ASS event: the Text field as written (`source_text`), placement and
    /// words; not the Dialogue fields, the named styles, Comment lines or other sections, which are
    /// returned as warnings.
    static let holds: ASSFeatureLoss.Holds = [.overrideTags, .wordTimes]

    static func write(_ document: CaptionDocument, options: WriteOptions, into sink: ByteSink) -> [Diagnostic] {
        var j = JSONText(sink: sink)
        j.raw("{\"events\":[")
        document.events.withUnsafeBufferPointer { events in
            EventChunks.write(count: events.count, into: sink, options: options, merge: { _, _ in }) { range, sink in
                var j = JSONText(sink: sink)
                for n in range {
                    if n == 0 { j.raw("\n") } else { j.raw(",\n") }
                    writeEvent(events[n], into: &j)
                }
            }
        }
        j.raw("\n]")
        if !document.metadata.isEmpty {
            j.raw(",\n\"metadata\":[")
            for (n, entry) in document.metadata.enumerated() {
                if n > 0 { j.raw(",") }
                j.raw("{\"key\":"); j.string(entry.key); j.raw(",\"value\":"); j.string(entry.value); j.raw("}")
            }
            j.raw("]")
        }
        if !document.stylesheets.isEmpty {
            j.raw(",\n\"stylesheets\":[")
            for (n, sheet) in document.stylesheets.enumerated() { if n > 0 { j.raw(",") }; j.string(sheet) }
            j.raw("]")
        }
        if !document.regions.isEmpty {
            j.raw(",\n\"regions\":[")
            for (n, region) in document.regions.enumerated() {
                if n > 0 { j.raw(",") }
                var first = true
                j.raw("{")
                j.key("id", first: &first); j.string(region.id)
                j.key("width", first: &first); j.number(region.width)
                j.key("lines", first: &first); j.number(region.lines)
                j.key("region_anchor", first: &first); point(region.regionAnchor, &j)
                j.key("viewport_anchor", first: &first); point(region.viewportAnchor, &j)
                j.key("scroll", first: &first); j.string(region.scrollUp ? "up" : "none")
                j.raw("}")
            }
            j.raw("]")
        }
        j.raw("\n}\n")
        return assLosses(document)
    }

    /// Events read from ASS are looked at apart from the writing: the JSON of every other event costs nothing more.
    private static func assLosses(_ document: CaptionDocument) -> [Diagnostic] {
        guard ASSFeatureLoss.applies(to: document) else { return [] }
        var lost = LostFeatures()
        ASSFeatureLoss.noteScript(document, keptKeys: Set(document.metadata.map { $0.key.lowercased() }), holds: holds, into: &lost)
        let ass = ASSFeatureLoss(document)
        for (n, event) in document.events.enumerated() {
            guard let fields = event.ass else { continue }
            lost.event = n
            ass.note(event, fields, holds: holds, into: &lost)
        }
        return lost.diagnostics(format: "JSON")
    }

    private static func writeEvent(_ event: CaptionEvent, into j: inout JSONText) {
        // The members every event has, each written as one run of bytes.
        var first = false
        j.raw("{\"start\":"); j.number(event.start)
        j.raw(",\"end\":"); j.number(event.end)
        if event.isPlain {
            // The source text is the plain text: escaped once, written twice.
            j.raw(",\"text\":"); j.stringKept(event.plainText)
            j.raw(",\"source_text\":"); j.repeatKept()
        } else {
            j.raw(",\"text\":"); j.string(event.plainText)
            j.raw(",\"source_text\":"); j.string(event.sourceStoredText)
        }
        if let id = event.id { j.key("id", first: &first); j.string(id) }
        if let settings = event.settings { j.key("settings", first: &first); j.string(settings) }
        if let style = event.style { j.key("style", first: &first); j.string(style) }
        if let placement = event.placement { j.key("placement", first: &first); writePlacement(placement, &j) }
        if !event.spans.isEmpty {
            j.key("spans", first: &first)
            j.raw("[")
            for (n, span) in event.spans.enumerated() {
                if n > 0 { j.raw(",") }
                let (kind, value) = CaptionJSONSpanKind.encode(span.kind)
                j.raw("{\"start\":"); j.number(span.start); j.raw(",\"end\":"); j.number(span.end)
                j.raw(",\"kind\":"); j.string(kind)
                if let value { j.raw(",\"value\":"); j.string(value) }
                j.raw("}")
            }
            j.raw("]")
        }
        if !event.words.isEmpty {
            j.key("words", first: &first)
            j.raw("[")
            for (n, word) in event.words.enumerated() {
                if n > 0 { j.raw(",") }
                j.raw("{\"text\":"); j.string(word.text)
                j.raw(",\"start\":"); j.number(word.start)
                j.raw(",\"end\":"); j.number(word.end)
                if word.interpolated { j.raw(",\"interpolated\":true") }
                if let speaker = word.speaker { j.raw(",\"speaker\":"); j.string(speaker) }
                j.raw("}")
            }
            j.raw("]")
        }
        j.raw("}")
    }

    private static func writePlacement(_ p: CuePlacement, _ j: inout JSONText) {
        let defaults = CuePlacement()
        var first = true
        j.raw("{")
        if p.vertical != defaults.vertical { j.key("vertical", first: &first); j.string(p.vertical.rawValue) }
        switch p.line {
        case .auto: break
        case .number(let n): j.key("line", first: &first); j.number(n)
        case .percent(let n): j.key("line", first: &first); j.string("\(NumberText.plain(n))%")
        }
        if p.lineAlign != defaults.lineAlign { j.key("line_align", first: &first); j.string(p.lineAlign.rawValue) }
        if let position = p.position { j.key("position", first: &first); j.number(position) }
        if p.positionAlign != defaults.positionAlign { j.key("position_align", first: &first); j.string(p.positionAlign.rawValue) }
        if p.size != defaults.size { j.key("size", first: &first); j.number(p.size) }
        if p.align != defaults.align { j.key("align", first: &first); j.string(p.align.rawValue) }
        if let region = p.region { j.key("region", first: &first); j.string(region) }
        if let anchor = p.anchor { j.key("anchor", first: &first); j.number(anchor) }
        if let point = p.point { j.key("point", first: &first); self.point(point, &j) }
        if let r = p.rect {
            j.key("rect", first: &first)
            j.raw(string: "{\"x1\":\(r.x1),\"x2\":\(r.x2),\"y1\":\(r.y1),\"y2\":\(r.y2)}")
        }
        if let a = p.area {
            j.key("area", first: &first)
            j.raw("{\"x\":"); j.number(a.x); j.raw(",\"y\":"); j.number(a.y)
            j.raw(",\"width\":"); j.number(a.width); j.raw(",\"height\":"); j.number(a.height); j.raw("}")
        }
        j.raw("}")
    }

    private static func point(_ p: CuePlacement.Point, _ j: inout JSONText) {
        j.raw("{\"x\":"); j.number(p.x); j.raw(",\"y\":"); j.number(p.y); j.raw("}")
    }
}

/// Span kinds by name in the toolkit's JSON.
enum CaptionJSONSpanKind {
    static func encode(_ kind: TextSpan.Kind) -> (String, String?) {
        switch kind {
        case .bold: ("bold", nil)
        case .italic: ("italic", nil)
        case .underline: ("underline", nil)
        case .strikethrough: ("strikethrough", nil)
        case .color(let c): ("color", c.hexString)
        case .fontFace(let f): ("font", f)
        case .fontScale(let k): ("size", NumberText.plain(k))
        case .voice(let v): ("voice", v)
        case .classes(let c): ("classes", c.joined(separator: "."))
        case .language(let l): ("lang", l)
        case .ruby: ("ruby", nil)
        case .rubyText: ("rt", nil)
        }
    }

    static func decode(_ name: String, _ value: String?) -> TextSpan.Kind? {
        switch name {
        case "bold": .bold
        case "italic": .italic
        case "underline": .underline
        case "strikethrough": .strikethrough
        case "color": value.flatMap { RGBAColor(parsing: $0) }.map { .color($0) }
        case "font": value.map { .fontFace($0) }
        case "size": value.flatMap(Double.init).flatMap { $0.isFinite && $0 > 0 ? .fontScale($0) : nil }
        case "voice": value.map { .voice($0) }
        case "classes": .classes(value.map { $0.split(separator: ".").map(String.init) } ?? [])
        case "lang": value.map { .language($0) }
        case "ruby": .ruby
        case "rt": .rubyText
        default: nil
        }
    }
}
