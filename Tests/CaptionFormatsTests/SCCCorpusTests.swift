import Foundation
import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// Every SCC file of Corpus/broadcast read and compared with `expected.json` (ttconv's cues, with
/// pycaption's where it agrees) by the file's `compare` mode, under the counting rules of
/// Corpus/broadcast/README.md: normalised text; `cues` (count, texts, starts, agreed ends), `lines`
/// (roll-up rows in order of first appearance) or `instants` (what is on screen at given times).
@Suite struct SCCCorpusTests {
    nonisolated(unsafe) static let expected: [String: Any] = {
        guard let data = FileManager.default.contents(atPath: CorpusLocation.path("broadcast/expected.json")),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
        return object
    }()
    static var entries: [[String: Any]] { expected["scc"] as? [[String: Any]] ?? [] }
    static let files: [String] = entries.compactMap { $0["file"] as? String }
    static var tolerance: Double { expected["tolerance_s"] as? Double ?? 0.0687 }

    @Test func everyCorpusFileIsListed() {
        let onDisk = CorpusLocation.files(under: "broadcast/scc").map { String($0.dropFirst("broadcast/".count)) }
        expectEqual(Set(onDisk), Set(Self.files))
        expectEqual(Self.files.count, 8)
    }

    @Test(arguments: files)
    func matchesReferences(_ file: String) throws {
        let entry = try #require(Self.entries.first { $0["file"] as? String == file })
        let result = try CaptionFileReader.read(path: CorpusLocation.path("broadcast/" + file))
        expectEqual(result.formatName, "scc")
        let ours = result.document.events.map { Cue(start: Double($0.start) / 1000, end: Double($0.end) / 1000, text: $0.text.plain) }
        switch entry["compare"] as? String {
        case "cues": compareCues(ours, entry)
        case "lines": compareLines(ours, entry)
        case "instants": compareInstants(ours, entry)
        default: Issue.record("unknown compare mode for \(file)")
        }
    }

    struct Cue { var start: Double, end: Double, text: String }

    private func near(_ ours: Double, _ reference: [String: Any], _ key: String, agreed: Bool, _ pycaptionKey: String) -> Bool {
        if let t = reference[key] as? Double, abs(ours - t) <= Self.tolerance { return true }
        if agreed, let t = reference[pycaptionKey] as? Double, abs(ours - t) <= Self.tolerance { return true }
        return false
    }

    private func compareCues(_ ours: [Cue], _ entry: [String: Any]) {
        let cues = entry["cues"] as? [[String: Any]] ?? []
        let fileAgrees = entry["pycaption_agrees"] as? Bool ?? false
        let checked = fileAgrees ? cues : cues.filter { $0["agreed"] as? Bool ?? false }
        if checked.count == cues.count { expectEqual(ours.count, cues.count, "cue count") }
        var next = 0
        for cue in checked {
            let text = Self.normalize(cue["text"] as? String ?? "")
            let agreed = cue["agreed"] as? Bool ?? false
            // In order: the next cue of ours with the same text and a start inside the window.
            guard let k = ours[next...].firstIndex(where: { Self.normalize($0.text) == text && near($0.start, cue, "start", agreed: agreed, "pycaption_start") }) else {
                Issue.record("no cue '\(text)' near \(cue["start"] ?? "?") s after cue \(next); ours there: \(ours.dropFirst(next).prefix(2).map { "\($0.start) '\($0.text)'" })")
                return
            }
            if cue["end_agreed"] as? Bool ?? false {
                expectTrue(near(ours[k].end, cue, "end", agreed: true, "pycaption_end"), "end of '\(text)': \(ours[k].end) s, expected \(cue["end"] ?? "?")")
            }
            next = k + 1
        }
    }

    private func compareLines(_ ours: [Cue], _ entry: [String: Any]) {
        let expected = entry["lines"] as? [[String: Any]] ?? []
        let rows = Self.lineEvents(ours)
        expectEqual(rows.count, expected.count, "row count: \(rows.map(\.text))")
        var next = 0
        for line in expected where line["agreed"] as? Bool ?? false {
            let text = line["text"] as? String ?? ""
            guard let k = rows[next...].firstIndex(where: { $0.text == text && near($0.start, line, "start", agreed: true, "pycaption_start") }) else {
                Issue.record("no row '\(text)' near \(line["start"] ?? "?") s after row \(next); ours there: \(rows.dropFirst(next).prefix(2).map { "\($0.start) '\($0.text)'" })")
                return
            }
            next = k + 1
        }
    }

    private func compareInstants(_ ours: [Cue], _ entry: [String: Any]) {
        for instant in entry["instants"] as? [[String: Any]] ?? [] {
            let t = instant["t"] as? Double ?? 0
            let shown = ours.filter { $0.start <= t && t < $0.end }.sorted { $0.start < $1.start }
                .map { Self.normalize($0.text) }.joined(separator: " ")
            if let text = instant["text"] as? String { expectEqual(shown, text, "at \(t) s") }
            for part in instant["contains"] as? [String] ?? [] { expectTrue(shown.contains(part), "at \(t) s: '\(shown)' lacks '\(part)'") }
        }
    }

    /// The README's normalisation (our text has no tags to strip): no-break spaces as spaces,
    /// typographic quotes folded, all whitespace collapsed to one space.
    static func normalize(_ text: String) -> String {
        var folded = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{2018}", "\u{2019}": folded.append("'")
            case "\u{201C}", "\u{201D}": folded.append("\"")
            case "\u{00A0}": folded.append(" ")
            default: folded.unicodeScalars.append(scalar)
            }
        }
        return folded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// `line_events` of make_expected.py: rows in the order they first appear. A cue that repeats the
    /// rows of the cue just before it (rolled up by k rows) adds only its new rows; a row that grows in
    /// place stays one row.
    static func lineEvents(_ cues: [Cue]) -> [(start: Double, text: String)] {
        var rows: [(start: Double, text: String)] = []
        var previous: [String] = [], previousEnd: Double?
        for cue in cues.sorted(by: { $0.start < $1.start }) {
            let current = cue.text.split(separator: "\n", omittingEmptySubsequences: false).map { normalize(String($0)) }.filter { !$0.isEmpty }
            var j = 0, grow = false
            if !previous.isEmpty, let end = previousEnd, abs(end - cue.start) < 0.002 {
                for k in stride(from: min(previous.count, current.count), to: 0, by: -1) {
                    if Array(previous.suffix(k)) == Array(current.prefix(k)) { j = k; break }
                    if Array(previous.suffix(k).dropLast()) == Array(current.prefix(k - 1)), current[k - 1].hasPrefix(previous[previous.count - 1]) {
                        j = k; grow = true; break
                    }
                }
            }
            if grow, !rows.isEmpty { rows[rows.count - 1].text = current[j - 1] }
            for row in current[j...] { rows.append((cue.start, row)) }
            previous = current
            previousEnd = cue.end
        }
        return rows
    }
}
