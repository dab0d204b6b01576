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
        for line in script.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("[") { inEvents = trimmed.lowercased().hasPrefix("[events]") }
            guard inEvents else { header.append(line); continue }
            guard trimmed.hasPrefix("Dialogue:") else { continue }
            // Layer, Start, End, then the rest as one field (the Text may hold commas).
            let parts = trimmed.dropFirst("Dialogue:".count).split(separator: ",", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let start = Self.time(parts[1]), let end = Self.time(parts[2]) else { continue }
            events.append(SoftTrack.Event(start: start, end: end, layer: parts[0].trimmingSpaces, fields: String(parts[3])))
        }
        while let last = header.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) { header.removeLast() }
        self.header = header.joined(separator: "\n") + "\n"
        self.events = events
    }

    /// `h:mm:ss.cc` (any number of fraction digits) in milliseconds.
    static func time(_ text: Substring) -> Milliseconds? {
        let clock = text.trimmingSpaces.split(separator: ":")
        guard clock.count == 3, let h = Int(clock[0]), let m = Int(clock[1]) else { return nil }
        let seconds = clock[2].split(separator: ".", maxSplits: 1)
        guard let s = Int(seconds[0]) else { return nil }
        var fraction = 0
        if seconds.count == 2 {
            guard let f = Int(seconds[1]) else { return nil }
            fraction = CaptionTime.milliseconds(fraction: f, digits: seconds[1].count)
        }
        return ((h * 60 + m) * 60 + s) * 1000 + fraction
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
