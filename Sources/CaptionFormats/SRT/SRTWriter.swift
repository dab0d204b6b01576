import CaptionModel
import Foundation

/// Writes SRT: cues renumbered from 1, `HH:MM:SS,mmm` times, styling as the tags players understand.
/// What SRT cannot carry is reported once per kind.
enum SRTWriter {
    static func write(_ document: CaptionDocument, options: WriteOptions, into out: ByteSink) -> [Diagnostic] {
        let lost = document.events.withUnsafeBufferPointer { events in
            EventChunks.write(count: events.count, into: out, options: options, merge: { $0.merge($1) }) { range, out in
                writeCues(events, range, into: out)
            }
        }
        return lost.diagnostics(format: "SRT")
    }

    /// The cues in `range`: each numbered by its index, so any range can be written on its own.
    private static func writeCues(_ events: UnsafeBufferPointer<CaptionEvent>, _ range: Range<Int>, into out: ByteSink) -> LostFeatures {
        var lost = LostFeatures()
        for n in range {
            // Fields read in place: copying the event would retain and release its references.
            let start = events[n].start, end = events[n].end
            out.appendDecimal(n + 1)
            out.append(0x0A)
            out.appendTimestamp(start, separator: 0x2C)
            out.append(" --> ")
            out.appendTimestamp(end, separator: 0x2C)
            if start < 0 || end < 0 { lost.note("negative times (written as 00:00:00,000)") }
            if events[n].isPlain {
                // Most cues are only text: their bytes are copied, escaped where needed.
                out.append(0x0A)
                events[n].plainText.withUTF8 { appendEscaped($0[...], into: out) }
            } else if let span = events[n].singleSimpleSpan {
                // The usual styled cue (one <i> line): what writeMarkup writes for it, without its bookkeeping.
                out.append(0x0A)
                let (open, close) = simpleTags(span.kind)
                events[n].plainText.withUTF8 { text in
                    appendEscaped(text[..<span.start], into: out)
                    out.append(open)
                    appendEscaped(text[span.start..<span.end], into: out)
                    out.append(close)
                    appendEscaped(text[span.end...], into: out)
                }
            } else {
                writeDetails(events[n], into: out, lost: &lost)
            }
            out.append("\n\n")
        }
        return lost
    }

    /// The rest of the timing line and the text of a cue with styling, placement or words.
    private static func writeDetails(_ event: CaptionEvent, into out: ByteSink, lost: inout LostFeatures) {
        let placement = event.placement
        if let rect = placement?.rect {
            out.appendString(" X1:\(rect.x1) X2:\(rect.x2) Y1:\(rect.y1) Y2:\(rect.y2)")
        }
        out.append(0x0A)
        if let anchor = placement?.anchor { out.appendString("{\\an\(anchor)}") }
        if let point = placement?.point { out.appendString("{\\pos(\(NumberText.plain(point.x)),\(NumberText.plain(point.y)))}") }
        if event.settings != nil { lost.note("WebVTT cue settings") }
        if !event.words.isEmpty { lost.note("word timings") }
        writeMarkup(event, into: out, lost: &lost)
    }

    /// Plain text with tags opened and closed at span boundaries; text that would read as markup is escaped.
    static func writeMarkup(_ event: CaptionEvent, into out: ByteSink, lost: inout LostFeatures) {
        let spans = event.spans.compactMap { span -> (TextSpan, open: String, close: String)? in
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
        event.plainText.withUTF8 { utf8 in
            guard !spans.isEmpty else { appendEscaped(utf8[...], into: out); return }
            var open: [Int] = []  // indices into spans, innermost last
            var cursor = 0
            let boundaries = Set(spans.flatMap { [$0.0.start, $0.0.end] } + [utf8.count]).sorted()
            for boundary in boundaries where boundary >= cursor {
                if boundary > cursor {
                    appendEscaped(utf8[cursor..<min(boundary, utf8.count)], into: out)
                    cursor = boundary
                }
                // Close what ends here (innermost first), then open what starts here in document order.
                for k in open.reversed() where spans[k].0.end == boundary { out.appendString(spans[k].close) }
                open.removeAll { spans[$0].0.end == boundary }
                for k in spans.indices where spans[k].0.start == boundary && spans[k].0.end > boundary {
                    out.appendString(spans[k].open)
                    open.append(k)
                }
            }
        }
    }

    /// The tags of the spans `CaptionEvent.singleSimpleSpan` gives.
    private static func simpleTags(_ kind: TextSpan.Kind) -> (open: StaticString, close: StaticString) {
        switch kind {
        case .bold: return ("<b>", "</b>")
        case .italic: return ("<i>", "</i>")
        case .underline: return ("<u>", "</u>")
        default: return ("<s>", "</s>")
        }
    }

    /// `&`, `<` and `{\` would be read back as markup; character references keep them literal.
    static func appendEscaped(_ text: Slice<UnsafeBufferPointer<UInt8>>, into out: ByteSink) {
        let whole = UnsafeBufferPointer(rebasing: text)
        // Most text has none of the three: memchr finds that fastest.
        if let base = whole.baseAddress,
           memchr(base, 0x26, whole.count) == nil, memchr(base, 0x3C, whole.count) == nil, memchr(base, 0x7B, whole.count) == nil {
            out.append(whole)
            return
        }
        var start = text.startIndex
        var i = text.startIndex
        while i < text.endIndex {
            let byte = text[i]
            let replacement: StaticString?
            switch byte {
            case 0x26: replacement = "&amp;"
            case 0x3C: replacement = "&lt;"
            case 0x7B where i + 1 < text.endIndex && text[i + 1] == 0x5C: replacement = "&#123;"
            default: replacement = nil
            }
            if let replacement {
                out.append(UnsafeBufferPointer(rebasing: text.base[start..<i]))
                out.append(replacement)
                start = i + 1
            }
            i += 1
        }
        out.append(UnsafeBufferPointer(rebasing: text.base[start..<text.endIndex]))
    }
}

/// Features a writer could not express, reported once per kind so nothing is dropped silently.
struct LostFeatures {
    private var kinds: [String] = []
    /// What became of each kind: dropped, unless the note says otherwise (`note(_:instead:)`).
    private var outcomes: [String: String] = [:]
    mutating func note(_ kind: String) { if !kinds.contains(kind) { kinds.append(kind) } }
    /// A kind written some other way (`instead`: "written as its look-alike ⧵"), not dropped.
    mutating func note(_ kind: String, instead: String) { note(kind); outcomes[kind] = instead }
    /// Another pass's notes after this one's (a later chunk of the same document).
    mutating func merge(_ other: LostFeatures) {
        for kind in other.kinds { if let instead = other.outcomes[kind] { note(kind, instead: instead) } else { note(kind) } }
    }
    func diagnostics(format: String) -> [Diagnostic] {
        kinds.map { .warning(line: nil, "\(format) cannot carry \($0); \(outcomes[$0] ?? "dropped")") }
    }
}
