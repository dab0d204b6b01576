import CaptionModel

/// Writes an IMSC 1 text-profile document: clock times with milliseconds, a `p` per caption in one
/// `div`, `<br/>` for line breaks, bold, italic, underline and colour as `tts:` attributes on a `span`
/// per run of styled text (runs, not nested spans: TTML's spans nest, the model's may overlap).
/// What TTML output here cannot carry is reported once per kind.
enum TTMLWriter {
    static func write(_ document: CaptionDocument, into out: ByteSink) -> [Diagnostic] {
        var lost = LostFeatures()
        let language = document.metadata.last { $0.key.lowercased() == "language" }?.value ?? ""
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.append("<tt xmlns=\"http://www.w3.org/ns/ttml\" xmlns:tts=\"http://www.w3.org/ns/ttml#styling\" ")
        out.append("xmlns:ttp=\"http://www.w3.org/ns/ttml#parameter\" ttp:timeBase=\"media\" ")
        out.append("ttp:profile=\"http://www.w3.org/ns/ttml/profile/imsc1/text\" xml:lang=\"")
        escape(language, out)
        out.append("\">\n  <body>\n    <div>\n")
        for event in document.events {
            if event.start < 0 || event.end < 0 { lost.note("negative times (written as 00:00:00.000)") }
            if !event.words.isEmpty { lost.note("word timings") }
            if event.placement != nil { lost.note("placement") }
            out.append("      <p begin=\"")
            out.appendTimestamp(event.start, separator: 0x2E)
            out.append("\" end=\"")
            out.appendTimestamp(event.end, separator: 0x2E)
            out.append("\">")
            for run in event.text.runs {
                switch run {
                case .lineBreak:
                    out.append("<br/>")
                case .text(let text, let attributes):
                    var style = ""
                    if attributes.bold { style += " tts:fontWeight=\"bold\"" }
                    if attributes.italic { style += " tts:fontStyle=\"italic\"" }
                    if attributes.underline { style += " tts:textDecoration=\"underline\"" }
                    if let color = attributes.color { style += " tts:color=\"\(TTMLStyle.format(color))\"" }
                    if attributes.strikethrough { lost.note("strikethrough") }
                    if attributes.voice != nil { lost.note("voice names") }
                    if !attributes.classes.isEmpty { lost.note("WebVTT classes") }
                    if attributes.fontFace != nil { lost.note("font faces") }
                    if style.isEmpty {
                        escape(text, out)
                    } else {
                        out.appendString("<span\(style)>")
                        escape(text, out)
                        out.append("</span>")
                    }
                }
            }
            out.append("</p>\n")
        }
        out.append("    </div>\n  </body>\n</tt>\n")
        return lost.diagnostics(format: "TTML")
    }

    /// `&`, `<`, `>` and `"` as entities; runs of spaces kept readable by writing every space after the
    /// first as U+00A0 would change the text, so they are written as they are (XML collapses them on
    /// reading, as it does for every TTML processor).
    private static func escape(_ text: String, _ out: ByteSink) {
        for byte in text.utf8 {
            switch byte {
            case 0x26: out.append("&amp;")
            case 0x3C: out.append("&lt;")
            case 0x3E: out.append("&gt;")
            case 0x22: out.append("&quot;")
            default: out.append(byte)
            }
        }
    }
}
