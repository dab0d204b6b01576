import CaptionModel
import Foundation

/// Writes SRT: cues renumbered from 1, `HH:MM:SS,mmm` times, styling as the tags players understand.
/// What SRT cannot carry is reported once per kind, with the number of events that lost it.
///
/// Events read from ASS keep what SRT can say: their style's bold, italic, underline, strikeout and
/// colour as tags over the whole text, `\an` (or the style's Alignment) as `{\anN}` and `\pos` as
/// `{\pos(x,y)}` in the 384x288 pixels players read an SRT file's tags in; empty lines are dropped (a
/// blank line ends the cue). The rest (`ASSFeatureLoss`) is reported.
enum SRTWriter {
    /// What SRT holds of an ASS event.
    static let holds: ASSFeatureLoss.Holds = [.placement, .styleLooks]

    static func write(_ document: CaptionDocument, options: WriteOptions, into out: ByteSink) -> [Diagnostic] {
        let ass = ASSFeatureLoss(document)
        var lost = LostFeatures()
        ASSFeatureLoss.noteScript(document, keptKeys: [], holds: holds, into: &lost)
        let cues = document.events.withUnsafeBufferPointer { events in
            EventChunks.write(count: events.count, into: out, options: options, merge: { $0.merge($1) }) { range, out in
                writeCues(events, range, ass, into: out)
            }
        }
        lost.merge(cues)
        return lost.diagnostics(format: "SRT")
    }

    /// The cues in `range`: each numbered by its index, so any range can be written on its own.
    private static func writeCues(_ events: UnsafeBufferPointer<CaptionEvent>, _ range: Range<Int>, _ ass: ASSFeatureLoss,
                                  into out: ByteSink) -> LostFeatures {
        var lost = LostFeatures()
        for n in range {
            // Fields read in place: copying the event would retain and release its references.
            let start = events[n].start, end = events[n].end
            out.appendDecimal(n + 1)
            out.append(0x0A)
            out.appendTimestamp(start, separator: 0x2C)
            out.append(" --> ")
            out.appendTimestamp(end, separator: 0x2C)
            if start < 0 || end < 0 {
                lost.event = n
                lost.note("negative times", instead: "written as 00:00:00,000")
            }
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
                lost.event = n
                writeDetails(events[n], ass, into: out, lost: &lost)
            }
            out.append("\n\n")
        }
        return lost
    }

    /// The rest of the timing line and the text of a cue with styling, placement or words.
    private static func writeDetails(_ event: CaptionEvent, _ ass: ASSFeatureLoss, into out: ByteSink, lost: inout LostFeatures) {
        let placement = event.placement
        if let rect = placement?.rect {
            out.appendString(" X1:\(rect.x1) X2:\(rect.x2) Y1:\(rect.y1) Y2:\(rect.y2)")
        }
        out.append(0x0A)
        guard let fields = event.ass else {
            if let anchor = placement?.anchor { out.appendString("{\\an\(anchor)}") }
            if let point = placement?.point { out.appendString("{\\pos(\(NumberText.plain(point.x)),\(NumberText.plain(point.y)))}") }
            if event.settings != nil { lost.note("WebVTT cue settings") }
            if event.settings == nil, AreaLoss.matters(placement) { lost.note("caption rows and region boxes away from their alignment's place (the alignment is kept)") }
            if !event.words.isEmpty { lost.note("word timings") }
            writeMarkup(event, into: out, lost: &lost)
            return
        }
        // Read from ASS. An alignment from the style is written only where it is not bottom centre,
        // which every player uses anyway.
        if let anchor = ass.anchor(of: event), anchor != 2 || placement?.anchor != nil { out.appendString("{\\an\(anchor)}") }
        if let point = placement?.point {
            // ffmpeg (so mpv) and VSFilter read an SRT file's tags at libass's default 384x288.
            let x = point.x * Double(ASSWriter.libassPlayRes.x) / Double(ass.playResX)
            let y = point.y * Double(ASSWriter.libassPlayRes.y) / Double(ass.playResY)
            out.appendString("{\\pos(\(NumberText.plain(hundredths(x))),\(NumberText.plain(hundredths(y))))}")
        }
        if !event.words.isEmpty { lost.note("word timings") }
        if let text = ass.convert(event, fields, holds: holds, emptyLines: .dropBlank, lost: &lost) {
            var shown = event
            shown.text = text
            writeMarkup(shown, into: out, lost: &lost)
        } else {
            writeMarkup(event, into: out, lost: &lost)
        }
    }

    /// Rounded to two decimals: a position finer than a hundredth of a pixel means nothing.
    private static func hundredths(_ v: Double) -> Double { (v * 100).rounded() / 100 }

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
            case .fontScale(let k): return (span, "<font size=\"\(SRTMarkup.sizeAttribute(k))\">", "</font>")
            case .voice: lost.note("voice names"); return nil
            case .classes: lost.note("WebVTT classes"); return nil
            case .language: lost.note("language spans"); return nil
            case .ruby, .rubyText: lost.note("ruby (the annotation is kept as plain text)"); return nil
            }
        }
        event.plainText.withUTF8 { utf8 in
            guard !spans.isEmpty else { appendEscaped(utf8[...], into: out, arrows: true); return }
            var open: [Int] = []  // indices into spans, innermost last
            var cursor = 0
            let boundaries = Set(spans.flatMap { [$0.0.start, $0.0.end] } + [utf8.count]).sorted()
            for boundary in boundaries where boundary >= cursor {
                if boundary > cursor {
                    appendEscaped(utf8[cursor..<min(boundary, utf8.count)], into: out, arrows: true)
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

    /// `&`, `<` and `{\` would be read back as markup; character references keep them literal. With
    /// `arrows`, the `>` of a `-->` is written `&gt;` too: a line holding `-->` reads as a timing line
    /// (ASS text can hold one). Only the general path (`writeMarkup`) looks for arrows, so the plain
    /// and one-span fast paths scan for nothing more than they did.
    static func appendEscaped(_ text: Slice<UnsafeBufferPointer<UInt8>>, into out: ByteSink, arrows: Bool = false) {
        let whole = UnsafeBufferPointer(rebasing: text)
        // Most text has none of the three: memchr finds that fastest.
        if let base = whole.baseAddress,
           memchr(base, 0x26, whole.count) == nil, memchr(base, 0x3C, whole.count) == nil, memchr(base, 0x7B, whole.count) == nil,
           !arrows || memchr(base, 0x3E, whole.count) == nil {
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
            case 0x3E where arrows && i - 2 >= text.startIndex && text[i - 1] == 0x2D && text[i - 2] == 0x2D: replacement = "&gt;"
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
