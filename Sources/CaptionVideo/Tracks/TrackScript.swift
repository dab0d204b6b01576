import Foundation
import CaptionFormats
import CaptionModel

/// A subtitle track's decoded cues written out as one ASS script for the toolkit's ASS reader, and
/// the packets' exact times put back after reading (ASS lines carry centiseconds; a track's packets
/// carry milliseconds or finer, so the script's times only tell the reader the order).
struct TrackScript {
    let text: String
    /// The cue behind each script line, by 1-based line number.
    private let cueOfLine: [Int: TrackCue]
    private let problems: [Diagnostic]

    static let eventFormat = "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text"

    init(header: String?, cues: [TrackCue]) {
        var lines = TrackScript.headerLines(header)
        lines.append("[Events]")
        lines.append(TrackScript.eventFormat)
        var cueOfLine: [Int: TrackCue] = [:]
        var problems: [Diagnostic] = []
        for cue in cues {
            guard let fields = cue.fields else {
                problems.append(.warning(line: nil, "the packet at \(CaptionTime.clock(cue.start)): \(cue.problem ?? "unreadable"); skipped"))
                continue
            }
            // ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text: ReadOrder goes, the
            // times go in after Layer.
            let parts = TrackScript.oneLine(fields).split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3 else { continue }
            guard !TrackScript.isBlank(parts[2]) else { continue }
            let end = cue.end ?? cue.start
            lines.append("Dialogue: \(parts[1]),\(CaptionTime.clock(cue.start)),\(CaptionTime.clock(end)),\(parts[2])")
            cueOfLine[lines.count] = cue
        }
        text = lines.joined(separator: "\n") + "\n"
        self.cueOfLine = cueOfLine
        self.problems = problems
    }

    /// The header without its `[Events]` section (this script writes its own), or a minimal one.
    static func headerLines(_ header: String?) -> [String] {
        guard let header else { return ["[Script Info]", "ScriptType: v4.00+"] }
        var lines: [String] = []
        for line in header.split(omittingEmptySubsequences: false, whereSeparator: isLineBreak) {
            if line.trimmingCharacters(in: .whitespaces).lowercased() == "[events]" { break }
            lines.append(String(line))
        }
        return lines
    }

    /// The event's fields on one line. The script's lines are matched to cues by number, so a raw line
    /// break (the webvtt decoder keeps one that ends a packet; an ASS packet may hold any) would give
    /// every later cue another's times: breaks at the end go, and one inside becomes ASS's `\N`.
    static func oneLine(_ fields: String) -> String {
        guard fields.contains(where: isLineBreak) else { return fields }
        var trimmed = Substring(fields)
        while let last = trimmed.last, isLineBreak(last) { trimmed.removeLast() }
        return trimmed.split(omittingEmptySubsequences: false, whereSeparator: isLineBreak).joined(separator: "\\N")
    }

    /// A line break as the ASS reader counts them: LF, CRLF (one `Character` in Swift, equal to neither
    /// of the others) or a bare CR. The script's line numbers must be the reader's.
    static func isLineBreak(_ c: Character) -> Bool { c == "\n" || c == "\r\n" || c == "\r" }

    /// Whether the event's text (after Style,Name,MarginL,MarginR,MarginV,Effect) is empty: an
    /// empty sample clears the screen in MP4; it is not a caption.
    static func isBlank(_ rest: Substring) -> Bool {
        let text = rest.split(separator: ",", maxSplits: 6, omittingEmptySubsequences: false).last ?? ""
        // `.whitespaces` (tab and the space separators) without Foundation's trimming, which bridged
        // to NSString and cost 3% of extracting a track.
        return text.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// Each event's start and end from its packet, exactly; warnings point at the cue's time, not at
    /// a line of a script the user never saw.
    func restoreTimes(in result: inout ParseResult) {
        for index in result.document.events.indices {
            guard let line = result.line(ofEvent: index), let cue = cueOfLine[line] else { continue }
            result.document.events[index].start = cue.start
            result.document.events[index].end = cue.end ?? cue.start
        }
        result.diagnostics = problems + result.diagnostics.map { diagnostic in
            var moved = diagnostic
            if let line = diagnostic.line {
                moved.line = nil
                if let cue = cueOfLine[line] { moved.message = "the cue at \(CaptionTime.clock(cue.start)): \(diagnostic.message)" }
            }
            return moved
        }
        result.eventLines = []
    }
}
