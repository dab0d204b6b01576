import CaptionModel

/// Reads the toolkit's own JSON back. Every problem names the member at fault (`events[3].start`).
enum CaptionJSONReader {
    /// The toolkit's shape: an object whose `events` are objects with `start` and `end`.
    static func matches(_ root: JSONValue) -> Bool {
        guard let object = root.object, !object.has("wireMagic"), let events = object["events"]?.array else { return false }
        guard let first = events.first else { return true }
        return first["start"]?.number != nil && first["end"]?.number != nil
    }

    static func read(_ root: JSONValue, text: DecodedText) throws -> ParseResult {
        guard let events = root["events"]?.array else {
            throw CaptionFormatError(.malformed, "\(text.sourceName): JSON without an \"events\" array")
        }
        var diagnostics = text.diagnostics
        var document = CaptionDocument()
        document.events.reserveCapacity(events.count)
        for (n, value) in events.enumerated() {
            do {
                document.events.append(try event(value, path: "events[\(n)]"))
            } catch {
                diagnostics.append(.warning(line: nil, "\(text.sourceName): \(error.path): \(error.message); event skipped"))
            }
        }
        document.metadata = (root["metadata"]?.array ?? []).compactMap { entry in
            guard let key = entry["key"]?.string, let value = entry["value"]?.string else { return nil }
            return MetadataEntry(key: key, value: value)
        }
        document.stylesheets = (root["stylesheets"]?.array ?? []).compactMap(\.string)
        for (n, value) in (root["regions"]?.array ?? []).enumerated() {
            do {
                if let region = try region(value, path: "regions[\(n)]") { document.regions.append(region) }
            } catch {
                diagnostics.append(.warning(line: nil, "\(text.sourceName): \(error.path): \(error.message); region skipped"))
            }
        }
        if document.events.isEmpty, !events.isEmpty {
            throw CaptionFormatError(.malformed, "\(text.sourceName): no usable event; \(diagnostics.last?.message ?? "")")
        }
        return ParseResult(document: document, diagnostics: diagnostics)
    }

    struct FieldProblem: Error { var path: String; var message: String }

    private static func event(_ e: JSONValue, path: String) throws(FieldProblem) -> CaptionEvent {
        guard e.object != nil else { throw FieldProblem(path: path, message: "expected an object, found \(e.kindDescription)") }
        let start = try milliseconds(e["start"], path: path + ".start")
        let end = try milliseconds(e["end"], path: path + ".end")
        guard end >= start else { throw FieldProblem(path: path, message: "end \(end) is before start \(start)") }
        let source = e["source_text"]?.string
        guard let plain = e["text"]?.string ?? source else {
            throw FieldProblem(path: path + ".text", message: "missing (a string is required)")
        }
        var spans: [TextSpan] = []
        for (k, s) in (e["spans"]?.array ?? []).enumerated() {
            let spanPath = "\(path).spans[\(k)]"
            let a = try integer(s["start"], path: spanPath + ".start"), b = try integer(s["end"], path: spanPath + ".end")
            guard let name = s["kind"]?.string, let kind = CaptionJSONSpanKind.decode(name, s["value"]?.string) else {
                throw FieldProblem(path: spanPath + ".kind", message: "unknown span kind")
            }
            guard 0 <= a, a <= b, b <= plain.utf8.count else {
                throw FieldProblem(path: spanPath, message: "range \(a)..<\(b) outside the text's \(plain.utf8.count) bytes")
            }
            spans.append(TextSpan(start: a, end: b, kind: kind))
        }
        var words: [Word] = []
        for (k, w) in (e["words"]?.array ?? []).enumerated() {
            let wordPath = "\(path).words[\(k)]"
            guard let text = w["text"]?.string else { throw FieldProblem(path: wordPath, message: "expected an object with \"text\"") }
            let ws = try milliseconds(w["start"], path: wordPath + ".start")
            let we = try milliseconds(w["end"], path: wordPath + ".end")
            guard we >= ws else { throw FieldProblem(path: wordPath, message: "'\(text)' ends (\(we)) before it starts (\(ws))") }
            words.append(Word(text: text, start: ws, end: we, interpolated: w["interpolated"]?.bool ?? false,
                              speaker: w["speaker"]?.string))
        }
        return CaptionEvent(start: start, end: end, text: CaptionText(plain: plain, spans: spans), sourceText: source ?? plain,
                            words: words, id: e["id"]?.string, settings: e["settings"]?.string,
                            placement: try e["placement"]?.object.map { p throws(FieldProblem) in try placement(p, path: path + ".placement") },
                            style: e["style"]?.string)
    }

    private static func integer(_ value: JSONValue?, path: String) throws(FieldProblem) -> Int {
        guard let d = value?.number else {
            throw FieldProblem(path: path, message: value == nil ? "missing" : "expected a number, found \(value!.kindDescription)")
        }
        guard d.isFinite, d == d.rounded(), abs(d) < 9e15 else { throw FieldProblem(path: path, message: "expected an integer, found \(d)") }
        return Int(d)
    }

    /// Integer milliseconds; a fractional value is rounded by the model's rule; negative, NaN and
    /// infinite values are errors.
    private static func milliseconds(_ value: JSONValue?, path: String) throws(FieldProblem) -> Milliseconds {
        guard let number = value?.number else {
            throw FieldProblem(path: path, message: value == nil ? "missing" : "expected integer milliseconds, found \(value!.kindDescription)")
        }
        guard let ms = CaptionTime.milliseconds(fromSeconds: number / 1000) else {
            throw FieldProblem(path: path, message: "not a finite time (\(number))")
        }
        guard ms >= 0 else { throw FieldProblem(path: path, message: "negative time \(ms)") }
        return ms
    }

    /// Whole numbers go through `integer`, which checks them first: `Int(1e300)` traps (an anchor of
    /// 1e300 crashed the reader until the shots fuzz target's finding led here).
    private static func placement(_ p: JSONObject, path: String) throws(FieldProblem) -> CuePlacement {
        var placement = CuePlacement()
        if let v = p["vertical"]?.string, let vertical = CuePlacement.Vertical(rawValue: v) { placement.vertical = vertical }
        if let n = p["line"]?.number { placement.line = .number(n) }
        if let s = p["line"]?.string, s.hasSuffix("%"), let n = Double(s.dropLast()) { placement.line = .percent(n) }
        if let v = p["line_align"]?.string, let a = CuePlacement.LineAlign(rawValue: v) { placement.lineAlign = a }
        placement.position = p["position"]?.number
        if let v = p["position_align"]?.string, let a = CuePlacement.PositionAlign(rawValue: v) { placement.positionAlign = a }
        if let n = p["size"]?.number { placement.size = n }
        if let v = p["align"]?.string, let a = CuePlacement.TextAlign(rawValue: v) { placement.align = a }
        placement.region = p["region"]?.string
        if let value = p["anchor"] {
            let anchor = try integer(value, path: path + ".anchor")
            guard (1...9).contains(anchor) else {
                throw FieldProblem(path: path + ".anchor", message: "expected 1 to 9 (a numeric-keypad position), found \(anchor)")
            }
            placement.anchor = anchor
        }
        if let point = p["point"]?.object { placement.point = self.point(point) }
        if let r = p["rect"]?.object {
            func v(_ k: String) throws(FieldProblem) -> Int { r[k] == nil ? 0 : try integer(r[k], path: "\(path).rect.\(k)") }
            placement.rect = .init(x1: try v("x1"), x2: try v("x2"), y1: try v("y1"), y2: try v("y2"))
        }
        if let a = p["area"]?.object {
            placement.area = .init(x: a["x"]?.number ?? 0, y: a["y"]?.number ?? 0, width: a["width"]?.number ?? 100, height: a["height"]?.number ?? 100)
        }
        return placement
    }

    private static func point(_ p: JSONObject) -> CuePlacement.Point {
        .init(x: p["x"]?.number ?? 0, y: p["y"]?.number ?? 0)
    }

    private static func region(_ r: JSONValue, path: String) throws(FieldProblem) -> CaptionRegion? {
        guard let id = r["id"]?.string else { return nil }
        var region = CaptionRegion(id: id)
        if let w = r["width"]?.number { region.width = w }
        if let value = r["lines"] {
            region.lines = try integer(value, path: path + ".lines")
            guard region.lines >= 0 else { throw FieldProblem(path: path + ".lines", message: "expected 0 or more, found \(region.lines)") }
        }
        if let a = r["region_anchor"]?.object { region.regionAnchor = point(a) }
        if let a = r["viewport_anchor"]?.object { region.viewportAnchor = point(a) }
        region.scrollUp = r["scroll"]?.string == "up"
        return region
    }
}
