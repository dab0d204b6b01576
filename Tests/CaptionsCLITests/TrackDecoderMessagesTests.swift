import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// A subtitle packet libavcodec's decoder refuses (SubRip text that is not UTF-8, which Matroska
/// requires) is skipped with one warning in the toolkit's words, naming its time; the decoder's own
/// "[srt @ 0x...]" line is not printed beside it.
@Suite struct TrackDecoderMessagesTests {
    @Test func aRefusedPacketIsOneWarningAndNoLibavLine() throws {
        let dir = try CommandRunner.scratch()
        let srt = dir.appendingPathComponent("bad.srt")
        var bytes = Array("1\n00:00:01,000 --> 00:00:02,000\nbad ".utf8) + [0xFF, 0xFE] + Array(" byte\n\n2\n00:00:03,000 --> 00:00:04,000\nok\n".utf8)
        try Data(bytes).write(to: srt)
        bytes = []
        let mkv = dir.appendingPathComponent("bad.mkv").path
        // -sub_charenc UTF-8 keeps ffmpeg from converting the bytes: the track carries them as they are.
        expectTrue(try FFmpeg.run(["-sub_charenc", "UTF-8", "-i", srt.path, "-c:s", "copy", mkv]) == 0)
        let r = try CommandRunner.run(["convert", mkv, "--to", "srt"])
        expectEqual(r.status, 0)
        expectTrue(r.stdout.contains("ok") && !r.stdout.contains("bad"), "\(r.stdout)")
        let lines = r.stderr.split(separator: "\n")
        expectTrue(lines.count == 1 && lines[0].hasPrefix("captions: warning: \(mkv): the packet at 0:00:01.000"), "\(r.stderr)")
        expectTrue(!r.stderr.contains(" @ 0x"), "\(r.stderr)")
    }
}
