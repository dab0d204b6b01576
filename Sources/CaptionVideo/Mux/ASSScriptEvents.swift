import CaptionFormats
import CaptionModel

/// An ASS script split the way a Matroska ASS track stores it: the header (everything before
/// `[Events]`) and one event per Dialogue line, with its times read from the line.
struct ASSScriptEvents {
    var header: String
    var events: [SoftTrack.Event]

    init(_ script: String) {
        var header: [Substring] = []
        var events: [SoftTrack.Event] = []
        var inEvents = false
        for line in script.split(omittingEmptySubsequences: false, whereSeparator: TrackScript.isLineBreak) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("[") { inEvents = trimmed.lowercased().hasPrefix("[events]") }
            guard inEvents else { header.append(line); continue }
            guard trimmed.hasPrefix("Dialogue:") else { continue }
            // Layer, Start, End, then the rest as one field (the Text may hold commas).
            let parts = trimmed.dropFirst("Dialogue:".count).split(separator: ",", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let start = ASSTime.milliseconds(parts[1]), let end = ASSTime.milliseconds(parts[2]) else { continue }
            events.append(SoftTrack.Event(start: start, end: end, layer: parts[0].trimmingSpaces, fields: String(parts[3])))
        }
        while let last = header.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) { header.removeLast() }
        self.header = header.joined(separator: "\n") + "\n"
        self.events = events
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
