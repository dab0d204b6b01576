@testable import CaptionVideo
import CaptionExpectations
import Testing

/// Which track `--track`, `--language` or nothing picks, by value, on listings written out here.
@Suite struct TrackSelectionTests {
    static let tracks = [
        SubtitleTrack(index: 2, kind: .bitmap, codec: "hdmv_pgs_subtitle", language: "eng", isDefault: true),
        SubtitleTrack(index: 3, kind: .text, codec: "subrip", language: "eng"),
        SubtitleTrack(index: 4, kind: .text, codec: "ass", language: "fre", isDefault: true),
        SubtitleTrack(index: 5, kind: .text, codec: "mov_text", language: "deu"),
    ]

    func chosen(_ selection: TrackSelection) throws -> Int {
        try selection.choose(from: Self.tracks, path: "x.mkv", streams: []).index
    }

    @Test func theDefaultTextTrackWinsOverABitmapDefaultAndTheFirstText() throws {
        expectTrue(try chosen(TrackSelection()) == 4)
    }

    @Test func eitherISO6392CodeOfALanguageFindsTheTrack() throws {
        expectTrue(try chosen(TrackSelection(language: "fra")) == 4)
        expectTrue(try chosen(TrackSelection(language: "FRE")) == 4)
        expectTrue(try chosen(TrackSelection(language: "ger")) == 5)
        expectTrue(try chosen(TrackSelection(language: "eng")) == 3)
    }

    @Test func aLanguageNoTrackHasOrAStreamThatIsNoTrackIsUsage() {
        for selection in [TrackSelection(language: "spa"), TrackSelection(index: 0), TrackSelection(index: 3, language: "fre")] {
            #expect(throws: VideoError.self) { try chosen(selection) }
            do { _ = try chosen(selection) } catch let error as VideoError { expectEqual(error.exitCode, 64, "\(error)") } catch {}
        }
    }

    /// Pictures are read as text (by recognition): a bitmap track named is chosen, and one is chosen
    /// when a file has no text track and no closed captions; a text track still wins over it.
    @Test func aBitmapTrackIsChosenWhenNamedOrWhenNoTextTrackIsThere() throws {
        expectTrue(try chosen(TrackSelection(index: 2)) == 2)
        let bitmaps = [SubtitleTrack(index: 1, kind: .bitmap, codec: "dvd_subtitle", language: "eng"),
                       SubtitleTrack(index: 2, kind: .bitmap, codec: "hdmv_pgs_subtitle", language: "fre", isDefault: true)]
        expectTrue(try TrackSelection().choose(from: bitmaps, path: "x.mkv", streams: []).index == 2)
        expectTrue(try TrackSelection(language: "eng").choose(from: bitmaps, path: "x.mkv", streams: []).index == 1)
        expectTrue(try TrackSelection(language: "eng").choose(from: Self.tracks, path: "x.mkv", streams: []).index == 3)
    }
}
