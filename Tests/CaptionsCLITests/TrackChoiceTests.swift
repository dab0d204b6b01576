import Foundation
import CaptionExpectations
import Testing

/// Reading a video's text track chooses it without looking for CEA-608 closed captions (finding them
/// decodes up to a minute of video); a file with no text track reads its closed captions; a choice
/// that fails still names every track the file has, closed-caption channels included.
@Suite struct TrackChoiceTests {
    /// One CEA-608 caption (CC1) as an SCC file, which ffmpeg muxes into MOV as an `eia_608` track.
    static let scc = "Scenarist_SCC V1.0\n\n00:00:01:00\t9420 9420 94ae 94ae 9452 9452 97a2 97a2 c845 4c4c 4f80 942c 942c 8080 8080 942f 942f\n\n00:00:03:00\t942c 942c\n"

    @Test func aTextTrackIsChosenBesideClosedCaptionsAndFailuresListTheChannels() throws {
        let dir = try MuxCommandTests.folder()
        try Self.scc.write(to: dir.appendingPathComponent("cc.scc"), atomically: true, encoding: .utf8)
        _ = try MuxCommandTests.text("ffmpeg", ["-v", "error", "-y", "-i", "clip.mp4", "-i", "cc.scc", "-map", "0", "-map", "1", "-c", "copy", "cc.mov"], in: dir)
        _ = try MuxCommandTests.text("ffmpeg", ["-v", "error", "-y", "-i", "cc.mov", "-i", "a.srt", "-map", "0", "-map", "1", "-c", "copy",
                                                "-c:s:1", "mov_text", "both.mov"], in: dir)

        let chosen = try CommandRunner.run(["convert", "both.mov", "--to", "srt"], in: dir)
        expectEqual(chosen.status, 0, "\(chosen.stderr)")
        expectEqual(MuxCommandTests.cues(srt: chosen.stdout), MuxCommandTests.cues(srt: MuxCommandTests.srtA), "\(chosen.stdout)")

        // A file whose only captions are an eia_608 track reads them: HELLO from the EOC, the 17th pair
        // of the line at 00:00:01:00 (1 s + 16 frames). (ffmpeg's SCC demuxer drops the file's last
        // line, the EDM at 3 s, on the way into MOV: the caption then lasts to the end of the file.)
        let onlyCaptions = try CommandRunner.run(["convert", "cc.mov", "--to", "srt"], in: dir)
        expectEqual(onlyCaptions.status, 0, "\(onlyCaptions.stderr)")
        let cues = MuxCommandTests.cues(srt: onlyCaptions.stdout)
        expectTrue(cues.map(\.text) == ["HELLO"] && abs((cues.first?.start ?? 0) - 1534) <= 34, "\(onlyCaptions.stdout)")
        let notSubtitles = try CommandRunner.run(["convert", "cc.mov", "--track", "0", "--to", "srt"], in: dir)
        expectEqual(notSubtitles.status, 64)
        expectEqual(notSubtitles.stderr, "captions: cc.mov: stream 0 is not a subtitle track; its subtitle tracks: 2 closed-captions eia_608 CC1 (no language) default\n",
                "\(notSubtitles.stderr)")
    }
}
