import CaptionModel

/// Writes SBV as YouTube does: `H:MM:SS.mmm,H:MM:SS.mmm`, the text, a blank line between cues.
/// SBV carries text and times only; everything else is reported once per kind, with how many events
/// lost it (for events read from ASS, every kind `ASSFeatureLoss` knows).
enum SBVWriter {
    static func write(_ document: CaptionDocument) -> WriteResult {
        var out = ""
        out.reserveCapacity(document.events.count * 60)
        var lost = LostFeatures()
        let ass = ASSFeatureLoss(document)
        ASSFeatureLoss.noteScript(document, keptKeys: [], holds: [], into: &lost)
        for (n, event) in document.events.enumerated() {
            if n > 0 { out += "\n" }
            lost.event = n
            if let fields = event.ass { ass.note(event, fields, holds: [], into: &lost) }
            if event.start < 0 || event.end < 0 { lost.note("negative times", instead: "written as 0:00:00.000") }
            if !event.text.spans.isEmpty { lost.note("styling (bold, italic, colour...)") }
            if event.placement != nil || event.settings != nil { lost.note("placement") }
            if !event.words.isEmpty { lost.note("word timings") }
            out += SBVTiming.format(event.start)
            out += ","
            out += SBVTiming.format(event.end)
            out += "\n"
            // A blank line ends an SBV cue, and a line that reads as a timing starts one: neither can be text.
            var lines: [Substring] = []
            for line in event.text.plain.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.allSatisfy({ $0 == " " || $0 == "\t" }) { lost.note("blank lines inside a caption"); continue }
                let isTiming = line.utf8.withContiguousStorageIfAvailable { SBVTiming.parse($0, 0..<$0.count) != nil }
                    ?? Array(line.utf8).withUnsafeBufferPointer { SBVTiming.parse($0, 0..<$0.count) != nil }
                if isTiming { lost.note("text lines that read as SBV timings"); continue }
                lines.append(line)
            }
            for line in lines {
                out += line
                out += "\n"
            }
        }
        return WriteResult(text: out, diagnostics: lost.diagnostics(format: "SBV"))
    }
}
