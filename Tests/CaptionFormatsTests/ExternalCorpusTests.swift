import Foundation
import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// Walks every file in Corpus/external: a file either parses, or is rejected with a message naming it.
/// Files named as valid (`*-in.*`, `sample.*`...) in a format the toolkit reads must give cues.
@Suite struct ExternalCorpusTests {
    static let files = CorpusLocation.files(under: "external").filter {
        let name = ($0 as NSString).lastPathComponent
        return !["README.md", "SOURCE.txt", "LICENSE.txt", "LICENSE.upstream"].contains(name)
    }

    static func isMalformedByName(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return name.hasPrefix("invalid") || name.hasPrefix("missing") || name.hasPrefix("broken") || name == "empty.vtt"
            || name == "no_captions.vtt" || name.hasSuffix("_no_events.ass")
    }

    /// Named as valid input upstream, but not valid WebVTT: timestamps without milliseconds
    /// (`00:01:39`) and with two fraction digits (`00:02:04.08`), which the W3C parser rejects.
    static let invalidWebVTTNamedValid: Set<String> = [
        "external/go-astisub-testdata/example-in.vtt", "external/go-astisub-testdata/example-in-non-utf8.vtt",
    ]

    @Test func theCorpusIsThere() { expectTrue(Self.files.count >= 60) }

    @Test(arguments: files)
    func parsesOrIsRejectedWithAClearMessage(_ relative: String) throws {
        let path = CorpusLocation.path(relative)
        let readable = FormatRegistry.format(forPath: relative) != nil
        do {
            let result = try CaptionFileReader.read(path: path)
            for diagnostic in result.diagnostics where diagnostic.line == nil {
                Issue.record("\(relative): a warning without a line number: \(diagnostic)")
            }
            if readable && !Self.isMalformedByName(relative) {
                expectTrue(!result.document.events.isEmpty, "\(relative) parsed to no cues")
            }
        } catch let error as CaptionFormatError {
            expectTrue(error.message.contains(path), "\(relative): the message does not name the file: \(error.message)")
            expectEqual(error.kind, .malformed)
            if readable && !Self.isMalformedByName(relative) && !Self.invalidWebVTTNamedValid.contains(relative) {
                Issue.record("\(relative) is valid but was rejected: \(error.message)")
            }
            if Self.invalidWebVTTNamedValid.contains(relative) { expectTrue(error.message.contains("line 29")) }
        }
    }

    @Test func sintelHas26CuesWithCRLFRemoved() throws {
        let result = try CaptionFileReader.read(path: CorpusLocation.path("external/sintel/sintel_en.srt"))
        let events = result.document.events
        expectEqual(events.count, 26)
        expectEqual(events.first?.start, 137_250)
        expectEqual(events.first?.end, 140_500)
        expectEqual(events.first?.text.plain, "This blade has a dark past.")
        expectTrue(!events.contains { $0.sourceText.contains("\r") })
        expectTrue(result.diagnostics.isEmpty)
    }

    @Test func astisubSRTWithBOMShortFractionsAndCoordinates() throws {
        let result = try CaptionFileReader.read(path: CorpusLocation.path("external/go-astisub-testdata/example-in.srt"))
        let events = result.document.events
        expectEqual(events.count, 6)
        expectEqual(events.map(\.start).prefix(3), [99_000, 124_080, 132_160])
        expectEqual(events[0].end, 101_040)
        expectEqual(events[1].text.plain, "MAN:\nHow did we end up here?")
        expectEqual(events[1].placement?.rect, CuePlacement.Rect(x1: 40, x2: 600, y1: 20, y2: 50))
    }

    @Test func htmlEntitiesAreDecoded() throws {
        let result = try CaptionFileReader.read(path: CorpusLocation.path("external/go-astisub-testdata/example-in-html-entities.srt"))
        expectEqual(result.document.events[0].text.plain, "The man in black fled across the desert, \u{00A0}\n& the gunslinger followed.")
        expectEqual(result.document.events[2].text.plain, "there are other < worlds than these.")
    }

    @Test func utf16WithBOM() throws {
        let result = try CaptionFileReader.read(path: CorpusLocation.path("external/go-astisub-testdata/example-in-non-utf8.srt"))
        expectEqual(result.document.events.first?.text.plain, "(deep rumbling)")
        expectTrue(result.diagnostics.isEmpty)
    }

    @Test func nonUTF8FallsBackToWindows1252WithAWarningAndEncodingOverrides() throws {
        let path = CorpusLocation.path("external/srt-tools-test-files/gb2312.srt")
        let fallback = try CaptionFileReader.read(path: path)
        expectTrue(fallback.diagnostics.contains { $0.message.contains("Windows-1252") })
        let chinese = try CaptionFileReader.read(path: path, encoding: "gb2312")
        expectTrue(chinese.diagnostics.isEmpty)
        expectEqual(chinese.document.events.first?.text.plain, "宇宙守护神  保护我们远离邪恶")
    }

    @Test func unknownEncodingIsAUsageError() {
        #expect { try CaptionFileReader.read(path: CorpusLocation.path("external/sintel/sintel_en.srt"), encoding: "klingon-8") }
            throws: { ($0 as? CaptionFormatError)?.kind == .usage }
    }
}

extension ExternalCorpusTests {
    /// The same go-astisub captions as SRT and as (spec-valid) WebVTT read to the same times and text.
    @Test func srtAndWebVTTOfTheSameCaptionsAgree() throws {
        let srt = try CaptionFileReader.read(path: CorpusLocation.path("external/go-astisub-testdata/example-out.srt")).document.events
        let vtt = try CaptionFileReader.read(path: CorpusLocation.path("external/go-astisub-testdata/example-out.vtt")).document.events
        expectEqual(srt.count, 6)
        expectEqual(srt.map(\.start), vtt.map(\.start))
        expectEqual(srt.map(\.end), vtt.map(\.end))
        expectEqual(srt.map(\.text.plain), vtt.map(\.text.plain))
    }
}
