import CaptionModel
import Foundation

/// Reads the toolkit's own JSON back. Every problem names the member at fault (`events[3].start`).
enum CaptionJSONReader {
    static func read(_ text: DecodedText) throws -> ParseResult {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: text.utf8.withUnsafeBufferPointer { Data(buffer: $0) }, options: [.fragmentsAllowed])
        } catch {
            throw CaptionFormatError(.malformed, "\(text.sourceName): not valid JSON (\(JSONErrorText.describe(error, text.utf8.asArray)))")
        }
        guard let object = root as? [String: Any], let events = object["events"] as? [Any] else {
            throw CaptionFormatError(.malformed, "\(text.sourceName): JSON without an \"events\" array")
        }
        var diagnostics = text.diagnostics
        var document = CaptionDocument()
        document.events.reserveCapacity(events.count)
        for (n, value) in events.enumerated() {
            let path = "events[\(n)]"
            do {
                document.events.append(try event(value, path: path))
            } catch let problem as FieldProblem {
                diagnostics.append(.warning(line: nil, "\(text.sourceName): \(problem.path): \(problem.message); event skipped"))
            }
        }
        if let metadata = object["metadata"] as? [[String: Any]] {
            document.metadata = metadata.compactMap { entry in
                guard let key = entry["key"] as? String, let value = entry["value"] as? String else { return nil }
                return MetadataEntry(key: key, value: value)
            }
        }
        document.stylesheets = object["stylesheets"] as? [String] ?? []
        document.regions = (object["regions"] as? [[String: Any]] ?? []).compactMap(region)
        if document.events.isEmpty, !events.isEmpty {
            throw CaptionFormatError(.malformed, "\(text.sourceName): no usable event; \(diagnostics.last?.message ?? "")")
        }
        return ParseResult(document: document, diagnostics: diagnostics)
    }

    struct FieldProblem: Error { var path: String; var message: String }

    private static func event(_ value: Any, path: String) throws -> CaptionEvent {
        guard let e = value as? [String: Any] else { throw FieldProblem(path: path, message: "expected an object") }
        let start = try milliseconds(e["start"], path: path + ".start")
        let end = try milliseconds(e["end"], path: path + ".end")
        guard end >= start else { throw FieldProblem(path: path, message: "end \(end) is before start \(start)") }
        let source = e["source_text"] as? String
        guard let plain = (e["text"] as? String) ?? source else {
            throw FieldProblem(path: path + ".text", message: "missing (a string is required)")
        }
        var spans: [TextSpan] = []
        for (k, s) in (e["spans"] as? [[String: Any]] ?? []).enumerated() {
            let spanPath = "\(path).spans[\(k)]"
            let a = try integer(s["start"], path: spanPath + ".start"), b = try integer(s["end"], path: spanPath + ".end")
            guard let name = s["kind"] as? String, let kind = CaptionJSONSpanKind.decode(name, s["value"] as? String) else {
                throw FieldProblem(path: spanPath + ".kind", message: "unknown span kind")
            }
            guard 0 <= a, a <= b, b <= plain.utf8.count else {
                throw FieldProblem(path: spanPath, message: "range \(a)..<\(b) outside the text's \(plain.utf8.count) bytes")
            }
            spans.append(TextSpan(start: a, end: b, kind: kind))
        }
        var words: [Word] = []
        for (k, w) in (e["words"] as? [Any] ?? []).enumerated() {
            let wordPath = "\(path).words[\(k)]"
            guard let w = w as? [String: Any], let text = w["text"] as? String else {
                throw FieldProblem(path: wordPath, message: "expected an object with \"text\"")
            }
            let ws = try milliseconds(w["start"], path: wordPath + ".start")
            let we = try milliseconds(w["end"], path: wordPath + ".end")
            guard we >= ws else { throw FieldProblem(path: wordPath, message: "end \(we) is before start \(ws)") }
            words.append(Word(text: text, start: ws, end: we, interpolated: w["interpolated"] as? Bool ?? false,
                              speaker: w["speaker"] as? String))
        }
        return CaptionEvent(start: start, end: end, text: CaptionText(plain: plain, spans: spans), sourceText: source ?? plain,
                            words: words, id: e["id"] as? String, settings: e["settings"] as? String,
                            placement: (e["placement"] as? [String: Any]).map(placement), style: e["style"] as? String)
    }

    private static func integer(_ value: Any?, path: String) throws -> Int {
        guard let number = value as? NSNumber, !number.isBoolean else {
            throw FieldProblem(path: path, message: value == nil ? "missing" : "expected a number")
        }
        let d = number.doubleValue
        guard d.isFinite, d == d.rounded(), abs(d) < 9e15 else { throw FieldProblem(path: path, message: "expected an integer, found \(d)") }
        return Int(d)
    }

    /// Integer milliseconds; a fractional value is rounded by the model's rule, a negative one is an error.
    private static func milliseconds(_ value: Any?, path: String) throws -> Milliseconds {
        guard let number = value as? NSNumber, !number.isBoolean else {
            throw FieldProblem(path: path, message: value == nil ? "missing" : "expected integer milliseconds")
        }
        guard let ms = CaptionTime.milliseconds(fromSeconds: number.doubleValue / 1000) else {
            throw FieldProblem(path: path, message: "not a finite time")
        }
        guard ms >= 0 else { throw FieldProblem(path: path, message: "negative time \(ms)") }
        return ms
    }

    private static func placement(_ p: [String: Any]) -> CuePlacement {
        var placement = CuePlacement()
        if let v = p["vertical"] as? String, let vertical = CuePlacement.Vertical(rawValue: v) { placement.vertical = vertical }
        if let n = p["line"] as? NSNumber { placement.line = .number(n.doubleValue) }
        if let s = p["line"] as? String, s.hasSuffix("%"), let n = Double(s.dropLast()) { placement.line = .percent(n) }
        if let v = p["line_align"] as? String, let a = CuePlacement.LineAlign(rawValue: v) { placement.lineAlign = a }
        placement.position = (p["position"] as? NSNumber)?.doubleValue
        if let v = p["position_align"] as? String, let a = CuePlacement.PositionAlign(rawValue: v) { placement.positionAlign = a }
        if let n = p["size"] as? NSNumber { placement.size = n.doubleValue }
        if let v = p["align"] as? String, let a = CuePlacement.TextAlign(rawValue: v) { placement.align = a }
        placement.region = p["region"] as? String
        placement.anchor = (p["anchor"] as? NSNumber)?.intValue
        if let point = p["point"] as? [String: Any] { placement.point = self.point(point) }
        if let r = p["rect"] as? [String: Any] {
            func v(_ k: String) -> Int { (r[k] as? NSNumber)?.intValue ?? 0 }
            placement.rect = .init(x1: v("x1"), x2: v("x2"), y1: v("y1"), y2: v("y2"))
        }
        return placement
    }

    private static func point(_ p: [String: Any]) -> CuePlacement.Point {
        .init(x: (p["x"] as? NSNumber)?.doubleValue ?? 0, y: (p["y"] as? NSNumber)?.doubleValue ?? 0)
    }

    private static func region(_ r: [String: Any]) -> CaptionRegion? {
        guard let id = r["id"] as? String else { return nil }
        var region = CaptionRegion(id: id)
        if let w = r["width"] as? NSNumber { region.width = w.doubleValue }
        if let l = r["lines"] as? NSNumber { region.lines = l.intValue }
        if let a = r["region_anchor"] as? [String: Any] { region.regionAnchor = point(a) }
        if let a = r["viewport_anchor"] as? [String: Any] { region.viewportAnchor = point(a) }
        region.scrollUp = r["scroll"] as? String == "up"
        return region
    }
}

/// Foundation's JSON errors give a byte offset at best; turn it into a line number for the message.
enum JSONErrorText {
    static func describe(_ error: Error, _ bytes: [UInt8]) -> String {
        let info = (error as NSError).userInfo
        if let index = info["NSJSONSerializationErrorIndex"] as? Int, index <= bytes.count {
            let line = 1 + bytes[..<index].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            return "syntax error at line \(line)"
        }
        let text = (info[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
        return text.isEmpty ? "syntax error" : text
    }
}

extension NSNumber {
    /// JSON `true`/`false` arrive as NSNumber too, and `0 is Bool` holds for any NSNumber: only the
    /// Objective-C type code tells a boolean (`c`) from a number.
    var isBoolean: Bool { String(cString: objCType) == "c" }
}
