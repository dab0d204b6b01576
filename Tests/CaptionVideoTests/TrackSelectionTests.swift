@testable import CaptionVideo
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
        #expect(try chosen(TrackSelection()) == 4)
    }

    @Test func eitherISO6392CodeOfALanguageFindsTheTrack() throws {
        #expect(try chosen(TrackSelection(language: "fra")) == 4)
        #expect(try chosen(TrackSelection(language: "FRE")) == 4)
        #expect(try chosen(TrackSelection(language: "ger")) == 5)
        #expect(try chosen(TrackSelection(language: "eng")) == 3)
    }

    @Test func aLanguageNoTrackHasOrAStreamThatIsNoTrackIsUsage() {
        for selection in [TrackSelection(language: "spa"), TrackSelection(index: 0), TrackSelection(index: 3, language: "fre")] {
            #expect(throws: VideoError.self) { try chosen(selection) }
            do { _ = try chosen(selection) } catch let error as VideoError { #expect(error.exitCode == 64, "\(error)") } catch {}
        }
    }

    @Test func aBitmapTrackNamedIsMalformedInputWithASentence() {
        do {
            _ = try chosen(TrackSelection(index: 2))
            Issue.record("a bitmap track was chosen")
        } catch let error as VideoError {
            #expect(error.exitCode == 65 && error.message.contains("holds pictures"), "\(error)")
        } catch { Issue.record("\(error)") }
    }
}
