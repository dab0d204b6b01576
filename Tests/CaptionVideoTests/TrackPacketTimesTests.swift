import CaptionFormats
import CaptionVideo
import CaptionExpectations
import Testing

/// A subtitle track's packet times are whatever the container's bytes say. One beyond a billion hours
/// either side of the start (what the ASS script the cues go through carries) is skipped with a
/// warning, and an end past it closes at the next cue: never an overflow (found by fuzzing:
/// `Fuzz/regressions/track-*/`).
@Suite struct TrackPacketTimesTests {
    @Test func timesBeyondWhatATimeHoldsAreSkipped() throws {
        func packet(_ text: String, _ pts: Int64?, _ duration: Int64) -> TrackPacket {
            TrackPacket(bytes: Array(text.utf8), pts: pts, duration: duration)
        }
        let result = try SubtitleTrackReader.read(codec: "subrip", extradata: [], timeBase: (1, 1000), packets: [
            packet("first", 1000, 500),
            packet("too late", .max - 10, 0),
            packet("too early", .min + 10, 1000),
            packet("no time", nil, 1000),
            packet("endless", 2000, .max),
            packet("last", 3000, 1000),
        ])
        expectEqual(result.document.events.map(\.plainText.string), ["first", "endless", "last"])
        expectEqual(result.document.events.map(\.start), [1000, 2000, 3000])
        expectEqual(result.document.events.map(\.end), [1500, 3000, 4000])
        expectTrue(result.diagnostics.map(\.message).contains("3 packets without a usable time (none, or beyond 999,999,999 hours) skipped"))
    }

    /// The last millisecond of the billionth hour reads exactly.
    @Test func theLimitItself() throws {
        let last: Int64 = 3_599_999_999_999_999
        let result = try SubtitleTrackReader.read(codec: "subrip", extradata: [], timeBase: (1, 1000),
                                                  packets: [TrackPacket(bytes: Array("far".utf8), pts: last - 1, duration: 1)])
        expectEqual(result.document.events.map(\.start), [Int(last - 1)])
        expectEqual(result.document.events.map(\.end), [Int(last)])
    }
}
