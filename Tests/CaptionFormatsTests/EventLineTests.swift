import CaptionModel
import CaptionExpectations
import Testing
@testable import CaptionFormats

/// Every reader that can say where a cue starts says it: the line `check` and `retime` name.
@Suite struct EventLineTests {
    static func lines(_ format: any SubtitleFormat.Type, _ text: String) throws -> [Int] {
        let result = try format.read(DecodedText(text))
        expectEqual(result.eventLines.count, result.document.events.count)
        return result.document.events.indices.compactMap { result.line(ofEvent: $0) }
    }

    @Test func srtNamesTheTimingLine() throws {
        // Index lines, a cue without an index, a skipped cue (end before start), CRLF endings.
        let text = "1\r\n00:00:01,000 --> 00:00:02,000\r\nA\r\n\r\n00:00:03,000 --> 00:00:04,000\r\nB\r\n\r\n3\r\n00:00:09,000 --> 00:00:05,000\r\nskipped\r\n\r\n4\r\n00:00:10,000 --> 00:00:11,000\r\nC\r\n"
        expectTrue(try Self.lines(SRTFormat.self, text) == [2, 5, 13])
    }

    @Test func webVTTNamesTheTimingLine() throws {
        let text = "WEBVTT\n\nNOTE a note\n\nid1\n00:01.000 --> 00:02.000\nA\n\n00:03.000 --> 00:04.000 line:0\nB\nB2\n\n00:05.000 --> 00:06.000\n\n"
        expectTrue(try Self.lines(WebVTTFormat.self, text) == [6, 9, 13])
    }

    @Test func assNamesTheDialogueLine() throws {
        let text = "[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,A\nComment: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,x\nDialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,B\n"
        expectTrue(try Self.lines(ASSFormat.self, text) == [6, 8])
    }
}
