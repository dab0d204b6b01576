import CaptionFormats
import CaptionVideo
import CaptionExpectations
import Testing

/// A decoded packet is one line of the ASS script a track is read through, whatever line breaks its
/// text holds: the script's lines are matched to the packets' times by number.
@Suite struct TrackScriptLinesTests {
    func packet(_ text: String, _ pts: Int64) -> TrackPacket { TrackPacket(bytes: Array(text.utf8), pts: pts, duration: 1000) }
    func cues(_ result: ParseResult) -> [String] { result.document.events.map { "\($0.start)-\($0.end) \($0.plainText.string)" } }

    /// The webvtt decoder keeps a line break that ends a packet; it shifted every later cue onto the next one's times.
    @Test func aBreakEndingAWebVTTPacket() throws {
        let result = try SubtitleTrackReader.read(codec: "webvtt", extradata: [], timeBase: (1, 1000),
                                                  packets: [packet("A\n", 1000), packet("B", 5000), packet("C\r\n", 9000)])
        expectEqual(cues(result), ["1000-2000 A", "5000-6000 B", "9000-10000 C"])
    }

    /// An ASS packet's raw line break is a line break in the text, not a second Dialogue line of the script.
    @Test func aBreakInsideAnASSPacket() throws {
        let header = Array("[Script Info]\nScriptType: v4.00+\n\n[V4+ Styles]\nFormat: Name, Fontname\nStyle: Default,Arial\n".utf8)
        let result = try SubtitleTrackReader.read(codec: "ass", extradata: header, timeBase: (1, 1000), packets: [
            packet("0,0,Default,,0,0,0,,A\nDialogue: 0,0:00:42.00,0:00:43.00,Default,,0,0,0,,Injected", 1000),
            packet("1,0,Default,,0,0,0,,B\r", 5000),
            packet("2,0,Default,,0,0,0,,C", 9000),
        ])
        expectEqual(cues(result), ["1000-2000 A\nDialogue: 0,0:00:42.00,0:00:43.00,Default,,0,0,0,,Injected", "5000-6000 B", "9000-10000 C"])
    }

    /// An ASS track's header with CRLF line ends was one line to the script but nine to the reader, so
    /// the first cues took the times of cues nine further on.
    @Test func anASSHeaderWithCRLF() throws {
        let header = Array(("[Script Info]\r\nScriptType: v4.00+\r\n\r\n[V4+ Styles]\r\nFormat: Name, Fontname\r\nStyle: Default,Arial\r\n\r\n"
                            + "[Events]\r\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\r\n").utf8)
        let letters = (0..<12).map { String(UnicodeScalar(UInt8(65 + $0))) }
        let result = try SubtitleTrackReader.read(codec: "ass", extradata: header, timeBase: (1, 1000), packets: letters.enumerated().map { i, letter in
            TrackPacket(bytes: Array("\(i),0,Default,,0,0,0,,\(letter)".utf8), pts: Int64(1000 + 4000 * i), duration: 500)
        })
        expectEqual(cues(result), letters.enumerated().map { i, letter in "\(1000 + 4000 * i)-\(1500 + 4000 * i) \(letter)" })
        expectEqual(result.document.styles.map(\.name), ["Default"])
    }
}
