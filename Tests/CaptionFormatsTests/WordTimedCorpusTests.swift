import Foundation
import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// Every file in Corpus/word-timed encodes the same nine words (Corpus/word-timed/README.md); each must
/// read, detected from its content alone, to those words in order with times within 10 ms.
@Suite struct WordTimedCorpusTests {
    struct Expected { let text: String; let start: Int; let end: Int }
    static let words: [Expected] = [
        .init(text: "So", start: 0, end: 180), .init(text: "today", start: 180, end: 520),
        .init(text: "we're", start: 520, end: 700), .init(text: "testing", start: 700, end: 1100),
        .init(text: "3", start: 1160, end: 1400), .init(text: "caption", start: 1400, end: 1820),
        .init(text: "styles.", start: 1820, end: 2400), .init(text: "Let's", start: 3100, end: 3300),
        .init(text: "go!", start: 3300, end: 3620),
    ]

    static let files = CorpusLocation.files(under: "word-timed").filter { !$0.hasSuffix("README.md") }
    static let startsOnly: Set<String> = ["youtube.json3", "youtube.srv3.xml", "youtube_auto.vtt"]
    /// Files whose words carry no punctuation at all (the README: YouTube; Google v1's transcript has
    /// none either). Google v2's transcript has it, and the reader puts it back on the words.
    static let unpunctuated: Set<String> = startsOnly.union(["google_stt_v1.json"])
    /// Google gives times in steps of 100 ms (the README): each is within half a step of the table.
    static func tolerance(_ name: String) -> Int { name.hasPrefix("google_stt") ? 50 : 10 }

    static func normalised(_ text: String, stripPunctuation: Bool) -> String {
        let lower = text.lowercased()
        return stripPunctuation ? String(lower.filter { !".,!?".contains($0) }) : lower
    }

    @Test func allEighteenFilesAreThere() { expectEqual(Self.files.count, 18) }

    @Test(arguments: files)
    func readsTheNineWords(_ relative: String) throws {
        let name = (relative as NSString).lastPathComponent
        let result = try CaptionFileReader.read(path: CorpusLocation.path(relative))
        let words = result.document.events.flatMap(\.words)
        let texts = words.map(\.text)
        let youtube = Self.startsOnly.contains(name)
        // YouTube spells numbers out; every other tool writes the numeral.
        let expectedTexts = Self.words.map { youtube && $0.text == "3" ? "three" : $0.text }
        let strip = Self.unpunctuated.contains(name)
        expectEqual(texts.map { Self.normalised($0, stripPunctuation: strip) }, expectedTexts.map { Self.normalised($0, stripPunctuation: strip) },
                "\(name): \(texts)")
        let tolerance = Self.tolerance(name)
        guard words.count == Self.words.count else { return }
        for (got, want) in zip(words, Self.words) {
            if name == "whisperx.json" && want.text == "3" {
                // No times in the file: it must sit inside the gap "testing" and "caption" leave.
                expectTrue(got.interpolated)
                expectTrue(got.start >= 1100 && got.end <= 1400 && got.start <= got.end, "\(name): '3' at \(got.start)-\(got.end)")
                continue
            }
            expectTrue(abs(got.start - want.start) <= tolerance, "\(name): '\(got.text)' starts at \(got.start), expected \(want.start)")
            if youtube { continue } // YouTube gives starts only
            expectTrue(abs(got.end - want.end) <= tolerance, "\(name): '\(got.text)' ends at \(got.end), expected \(want.end)")
            expectTrue(!got.interpolated, "\(name): '\(got.text)' should carry its own times")
        }
        expectTrue(!result.diagnostics.contains { $0.severity == .error })
    }
}
