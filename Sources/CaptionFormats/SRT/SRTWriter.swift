import CaptionModel

/// Writes SRT: cues renumbered from 1, `HH:MM:SS,mmm` times, styling as the tags players understand.
/// What SRT cannot carry is reported once per kind.
enum SRTWriter {
    static func write(_ document: CaptionDocument) -> WriteResult {
        var out = ""
        out.reserveCapacity(document.events.count * 80)
        var lost = LostFeatures()
        for (n, event) in document.events.enumerated() {
            out += String(n + 1)
            out += "\n"
            out += SRTTiming.format(event.start)
            out += " --> "
            out += SRTTiming.format(event.end)
            if let rect = event.placement?.rect {
                out += " X1:\(rect.x1) X2:\(rect.x2) Y1:\(rect.y1) Y2:\(rect.y2)"
            }
            out += "\n"
            if event.start < 0 || event.end < 0 { lost.note("negative times (written as 00:00:00,000)") }
            if let anchor = event.placement?.anchor { out += "{\\an\(anchor)}" }
            if let point = event.placement?.point { out += "{\\pos(\(trim(point.x)),\(trim(point.y)))}" }
            if event.settings != nil { lost.note("WebVTT cue settings") }
            if !event.words.isEmpty { lost.note("word timings") }
            out += markup(event.text, lost: &lost)
            out += "\n\n"
        }
        return WriteResult(text: out, diagnostics: lost.diagnostics(format: "SRT"))
    }

    /// Plain text with tags opened and closed at span boundaries; text that would read as markup is escaped.
    static func markup(_ text: CaptionText, lost: inout LostFeatures) -> String {
        let spans = text.spans.compactMap { span -> (TextSpan, open: String, close: String)? in
            switch span.kind {
            case .bold: return (span, "<b>", "</b>")
            case .italic: return (span, "<i>", "</i>")
            case .underline: return (span, "<u>", "</u>")
            case .strikethrough: return (span, "<s>", "</s>")
            case .color(let c): return (span, "<font color=\"\(c.hexString)\">", "</font>")
            case .fontFace(let f): return (span, "<font face=\"\(f)\">", "</font>")
            case .voice: lost.note("voice names"); return nil
            case .classes: lost.note("WebVTT classes"); return nil
            case .language: lost.note("language spans"); return nil
            case .ruby, .rubyText: lost.note("ruby (the annotation is kept as plain text)"); return nil
            }
        }
        guard !spans.isEmpty else { return escape(text.plain) }
        let utf8 = Array(text.plain.utf8)
        var out = ""
        var open: [Int] = []  // indices into spans, innermost last
        var cursor = 0
        let boundaries = Set(spans.flatMap { [$0.0.start, $0.0.end] } + [utf8.count]).sorted()
        for boundary in boundaries where boundary >= cursor {
            if boundary > cursor {
                out += escape(String(decoding: utf8[cursor..<min(boundary, utf8.count)], as: UTF8.self))
                cursor = boundary
            }
            // Close what ends here (innermost first), then open what starts here in document order.
            for k in open.reversed() where spans[k].0.end == boundary { out += spans[k].close }
            open.removeAll { spans[$0].0.end == boundary }
            for k in spans.indices where spans[k].0.start == boundary && spans[k].0.end > boundary {
                out += spans[k].open
                open.append(k)
            }
        }
        return out
    }

    /// `&`, `<` and `{\` would be read back as markup; character references keep them literal.
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x7B }) else { return text }
        var out = ""
        var previous: Unicode.Scalar = " "
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case "\\" where previous == "{": out.removeLast(); out += "&#123;\\"
            default: out.unicodeScalars.append(c)
            }
            previous = c
        }
        return out
    }

    private static func trim(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }
}

/// Features a writer could not express, reported once per kind so nothing is dropped silently.
struct LostFeatures {
    private var kinds: [String] = []
    mutating func note(_ kind: String) { if !kinds.contains(kind) { kinds.append(kind) } }
    func diagnostics(format: String) -> [Diagnostic] {
        kinds.map { .warning(line: nil, "\(format) cannot carry \($0); dropped") }
    }
}
