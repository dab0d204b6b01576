import CaptionModel
import CaptionRender
import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// A file with a PGS track the toolkit muxed (`SoftTrackMuxer` with a `PGSTrack`, what `mux --bitmap`
/// calls): `tracks` lists it as a bitmap track as ffprobe sees it, and commands that read captions read
/// it by recognition unless a text track is there to read.
@Suite struct PGSTrackCommandTests {
    /// The muxed files: `pgs.mkv` (a SubRip track, then the PGS track), `pgs-only.mkv` and `pgs.m2ts`
    /// (the PGS track alone), over `TrackMedia`'s plain 320x240 clip.
    static let folder = SharedFolder { dir in
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
        let video = try TrackMedia.file("plain.mp4")
        var image = RGBAImage(width: 320, height: 240)
        image.fill(RGBAColor(red: 250, green: 220, blue: 40), in: PixelRect(x: 100, y: 180, width: 120, height: 24))
        let segments = try PGSWriter(width: 320, height: 240).segments([PGSCaption(start: 500, end: 1500, image: image)]).segments
        let pgs = PGSTrack(segments: segments, language: "jpn", title: "Karaoke", isDefault: true, isForced: false)
        let text = SoftTrack(codec: .subrip, header: SoftTrack.unstyledHeader,
                             events: [.init(start: 500, end: 1500, fields: "Default,,0,0,0,,Sung words")])
        _ = try SoftTrackMuxer.mux(video: video, tracks: [text], bitmapTracks: [pgs], output: path("pgs.mkv"), replace: false)
        _ = try SoftTrackMuxer.mux(video: video, tracks: [], bitmapTracks: [pgs], output: path("pgs-only.mkv"), replace: false)
        _ = try SoftTrackMuxer.mux(video: video, tracks: [], bitmapTracks: [pgs], output: path("pgs.m2ts"), replace: false)
    }

    static func file(_ name: String) throws -> String { try folder.url.appendingPathComponent(name).path }

    @Test(arguments: ["pgs.mkv", "pgs-only.mkv", "pgs.m2ts"])
    func tracksListsThePGSTrackAsFFprobeDoes(file: String) throws {
        let path = try Self.file(file)
        let listed = try TracksCommandTests.expectListingMatchesFFprobe(path)
        let pgs = try #require(listed.first { $0["codec"] as? String == "hdmv_pgs_subtitle" }, "\(listed)")
        expectTrue(pgs["kind"] as? String == "bitmap")
        if file.hasSuffix(".mkv") {
            expectTrue(pgs["language"] as? String == "jpn" && pgs["title"] as? String == "Karaoke"
                    && pgs["default"] as? Bool == true && pgs["forced"] as? Bool == false, "\(pgs)")
        }
        expectEqual(listed.count, (file == "pgs.mkv" ? 2 : 1), "\(listed)")
        let table = try CommandRunner.run(["tracks", path])
        expectTrue(table.status == 0 && table.stdout.contains("bitmap") && table.stdout.contains("hdmv_pgs_subtitle"), "\(table)")
    }

    /// Beside a text track the PGS track is passed over (the text track is read); alone, or chosen, it
    /// is read by recognition in its language, Japanese here, whose model is not installed: exit 64
    /// naming the package, and nothing is written.
    @Test func readingThePGSTrackNeedsItsLanguagesModel() throws {
        let mixed = try Self.file("pgs.mkv")
        let read = try TrackMedia.converted(mixed, [])
        expectEqual(read.map(\.text), ["Sung words"], "\(read)")
        let pgsIndex = try #require(try TrackMedia.listed(mixed).first { $0["kind"] as? String == "bitmap" }?["index"] as? Int)
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (path, arguments) in [(mixed, ["--track", "\(pgsIndex)"]), (try Self.file("pgs-only.mkv"), [])] {
            let output = dir.appendingPathComponent("x.srt").path
            let r = try CommandRunner.run(["convert", path] + arguments + ["-o", output])
            expectEqual(r.status, 64, "\(path) \(arguments): \(r)")
            expectTrue(r.stderr.contains("tesseract-ocr-jpn"), "\(r.stderr)")
            expectTrue(!FileManager.default.fileExists(atPath: output))
        }
        // M2TS carries no language here: read in English. The picture is a filled box, not letters: its
        // cue (0.5 s from the file's start, 1 s long) is kept, empty, with a warning.
        let m2ts = try CommandRunner.run(["convert", try Self.file("pgs.m2ts"), "--to", "srt"])
        expectTrue(m2ts.status == 0 && m2ts.stdout.contains("00:00:00,523 --> 00:00:01,523"), "\(m2ts)")
        expectTrue(m2ts.stderr.contains("00:00:00.523 has no text Tesseract could read"), "\(m2ts.stderr)")
    }
}
