import Foundation
import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// The four real EBU STL files of `Corpus/broadcast/stl/`, read through `CaptionFileReader` as
/// `captions convert` reads them, against ttconv's cues in `Corpus/broadcast/expected.json`, by the
/// corpus README's rules: normalised text, times within `tolerance_s`, and for the cumulative set what
/// is on screen at the listed instants.
@Suite struct EBUSTLCorpusTests {
    struct Expected: @unchecked Sendable, CustomStringConvertible {
        var file: String
        var compare: String
        var cues: [(start: Double, end: Double, text: String)]
        var instants: [(t: Double, text: String)]
        var description: String { file }
    }

    /// `expected.json`'s tolerance and its `stl` entries.
    static let (tolerance, files): (Double, [Expected]) = {
        let data = FileManager.default.contents(atPath: CorpusLocation.path("broadcast/expected.json")) ?? Data()
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        let files = ((json["stl"] as? [[String: Any]]) ?? []).map { entry in
            Expected(file: entry["file"] as? String ?? "",
                     compare: entry["compare"] as? String ?? "",
                     cues: ((entry["cues"] as? [[String: Any]]) ?? []).map { ($0["start"] as? Double ?? -1, $0["end"] as? Double ?? -1, $0["text"] as? String ?? "") },
                     instants: ((entry["instants"] as? [[String: Any]]) ?? []).map { ($0["t"] as? Double ?? -1, $0["text"] as? String ?? "") })
        }
        return ((json["tolerance_s"] as? Double) ?? 0, files)
    }()

    /// The README's normalisation: tags stripped (the model's text has none), U+00A0 as a space,
    /// typographic quotes folded, all whitespace collapsed to one space.
    static func normalized(_ text: String) -> String {
        var folded = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{A0}": folded += " "
            case "\u{2018}", "\u{2019}": folded += "'"
            case "\u{201C}", "\u{201D}": folded += "\""
            default: folded.unicodeScalars.append(scalar)
            }
        }
        return folded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func allFourFilesAreListed() {
        expectEqual(Self.files.count, 4)
        expectTrue(Self.tolerance > 0.06 && Self.tolerance < 0.07)
        for entry in Self.files { expectTrue(FileManager.default.fileExists(atPath: CorpusLocation.path("broadcast/" + entry.file)), "\(entry.file)") }
    }

    @Test(arguments: files)
    func readsAsTTConvReadsIt(_ expected: Expected) throws {
        let result = try CaptionFileReader.read(path: CorpusLocation.path("broadcast/" + expected.file))
        expectEqual(result.formatName, "stl")
        expectTrue(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let events = result.document.events
        func seconds(_ ms: Milliseconds) -> Double { Double(ms) / 1000 }
        switch expected.compare {
        case "cues":
            try #require(events.count == expected.cues.count, "\(events.map(\.text.plain))")
            for (event, cue) in zip(events, expected.cues) {
                expectEqual(Self.normalized(event.text.plain), Self.normalized(cue.text))
                expectTrue(abs(seconds(event.start) - cue.start) <= Self.tolerance, "start \(event.start) ms, ttconv \(cue.start) s")
                expectTrue(abs(seconds(event.end) - cue.end) <= Self.tolerance, "end \(event.end) ms, ttconv \(cue.end) s")
            }
        case "instants":
            expectTrue(!expected.instants.isEmpty)
            for instant in expected.instants {
                let shown = events.filter { seconds($0.start) <= instant.t && instant.t < seconds($0.end) }
                    .sorted { $0.start < $1.start }.map(\.text.plain).joined(separator: "\n")
                expectEqual(Self.normalized(shown), Self.normalized(instant.text), "at \(instant.t) s")
            }
        default:
            Issue.record("unknown comparison '\(expected.compare)' for \(expected.file)")
        }
    }

    /// Beyond the normalised comparison: the exact text, the accents composed, the frame rate's
    /// arithmetic (STL30.01 as 29.97 drop-frame), line breaks, metadata and placement.
    @Test func detailsOfTheISO6937File() throws {
        let result = try CaptionFileReader.read(path: CorpusLocation.path("broadcast/stl/subtitles-php-ebu_stl_iso6937.stl"))
        let events = result.document.events
        try #require(events.count == 2)
        expectEqual(events[0].text.plain, "Les réalisateurs de ce film ont passé\nplus de deux ans sur la route")
        // 00:59:59:29 drop-frame is frame 107,891: 3599.963 s.
        expectEqual(events[0].start, 3_599_963)
        expectEqual(events[0].end, 3_603_266)  // 01:00:03:08 is frame 107,990: 3603.2663 s
        expectTrue(result.document.metadata.contains(MetadataEntry(key: "Language", value: "fr")))
        expectEqual(result.eventLines, [1, 2])
    }

    @Test func cumulativeSetIsScreenStatesAtTheTopRows() throws {
        let result = try CaptionFileReader.read(path: CorpusLocation.path("broadcast/stl/ttconv-cumulative_set.stl"))
        let events = result.document.events
        expectEqual(events.map(\.text.plain), ["Not part of cumulative set.", "1", "1\n2", "1\n2\n3", "1\n2\n3\n4"])
        expectEqual(events.map(\.start), [40, 2000, 3000, 4000, 5000])
        expectEqual(events.map(\.end), [1000, 3000, 4000, 5000, 7000])
        // VP 1 (top rows), centred: anchor 8.
        expectTrue(events.dropFirst().allSatisfy { $0.placement?.anchor == 8 })
    }
}
