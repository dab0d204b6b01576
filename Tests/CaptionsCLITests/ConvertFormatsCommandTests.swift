import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// `captions convert` with SBV, LRC, MicroDVD, SAMI and uploaded YouTube tracks: detection, `--fps`,
/// warnings naming the file and line, exit codes, and karaoke presets on lyrics.
@Suite struct ConvertFormatsCommandTests {
    func write(_ text: String, _ name: String, in dir: URL) throws -> String {
        let path = dir.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    let lyrics = """
    [ar:CaptionKit]
    [ti:Test]
    [00:01.00]<00:01.00>Sing <00:01.50>along <00:02.10>
    [00:03.00]<00:03.00>Second <00:03.40>line <00:04.00>
    [00:05.00]plain
    [00:06.00]
    [00:6x.00]broken
    [00:08.00]last

    """

    @Test func lrcWarningNamesFileAndLine() throws {
        let dir = try CommandRunner.scratch()
        let input = try write(lyrics, "in.lrc", in: dir)
        let r = try CommandRunner.run(["convert", input, "--to", "srt"])
        expectEqual(r.status, 0, "\(r.stderr)")
        expectTrue(r.stderr.contains("captions: warning: \(input): line 7: '[00:6x.00]' is not an LRC time tag; line skipped"), "\(r.stderr)")
        expectTrue(r.stdout.hasPrefix("1\n00:00:01,000 --> 00:00:03,000\nSing along\n\n2\n00:00:03,000 --> 00:00:05,000\nSecond line\n\n3\n00:00:05,000 --> 00:00:06,000\nplain\n\n4\n00:00:08,000 --> 00:00:13,000\nlast\n"),
                "\(r.stdout)")
        // --strict turns the warning into exit 65 and writes nothing.
        let strict = try CommandRunner.run(["convert", input, "--to", "srt", "--strict"])
        expectEqual(strict.status, 65)
        expectTrue(strict.stdout.isEmpty)
    }

    @Test func lrcToLRCKeepsWordTimesAndNothingUsableIs65() throws {
        let dir = try CommandRunner.scratch()
        let clean = lyrics.replacingOccurrences(of: "[00:6x.00]broken\n", with: "")
        let input = try write(clean, "song.lrc", in: dir)
        let output = dir.appendingPathComponent("copy.lrc").path
        let r = try CommandRunner.run(["convert", input, "-o", output])
        expectEqual(r.status, 0, "\(r.stderr)")
        expectTrue(try String(contentsOfFile: output, encoding: .utf8) == clean)
        let bad = try write("[ar:x]\n[00:6x.00]broken\n", "bad.lrc", in: dir)
        let b = try CommandRunner.run(["convert", bad, "--to", "srt"])
        expectEqual(b.status, 65)
        expectEqual(b.stderr, "captions: \(bad): no usable LRC line; line 2: '[00:6x.00]' is not an LRC time tag; line skipped\n")
    }

    @Test func lyricsTakeAKaraokePreset() throws {
        let dir = try CommandRunner.scratch()
        let input = try write(lyrics.replacingOccurrences(of: "[00:6x.00]broken\n", with: ""), "song.lrc", in: dir)
        let r = try CommandRunner.run(["convert", input, "--to", "ass", "--preset", "highlight-by-word", "--size", "540x960"])
        expectEqual(r.status, 0, "\(r.stderr)")
        let dialogues = r.stdout.split(separator: "\n").filter { $0.hasPrefix("Dialogue: ") }.map(withoutFillers)
        // Word by word: the highlight moves at the LRC word times (1.50 s: "along").
        expectTrue(dialogues.contains { $0.contains("0:00:01.50") && $0.contains("along") }, "\(dialogues.prefix(8))")
    }

    @Test func microDVDFrameRateFromFpsTheFileOrTheDefault() throws {
        let dir = try CommandRunner.scratch()
        let plain = try write("{25}{50}{y:i}Hello|world\n", "a.sub", in: dir)
        let at25 = try CommandRunner.run(["convert", plain, "--to", "srt", "--fps", "25"])
        expectEqual(at25.status, 0, "\(at25.stderr)")
        expectEqual(at25.stdout, "1\n00:00:01,000 --> 00:00:02,000\n<i>Hello</i>\nworld\n\n")
        expectTrue(at25.stderr.isEmpty)
        let ntsc = try CommandRunner.run(["convert", plain, "--to", "srt", "--fps", "24000/1001"])
        expectTrue(ntsc.stdout.contains("00:00:01,043 --> 00:00:02,085"))
        let guessed = try CommandRunner.run(["convert", plain, "--to", "srt"])
        expectEqual(guessed.status, 0)
        expectEqual(guessed.stdout, ntsc.stdout)
        expectTrue(guessed.stderr.contains("23.976 fps assumed"))
        let header = try write("{1}{1}50\n{25}{50}Hi\n", "b.sub", in: dir)
        let own = try CommandRunner.run(["convert", header, "--to", "srt"])
        expectTrue(own.stdout.contains("00:00:00,500 --> 00:00:01,000"))
        for bad in ["0", "fast", "25/0"] {
            let r = try CommandRunner.run(["convert", plain, "--to", "srt", "--fps", bad])
            expectEqual(r.status, 64, "--fps \(bad)")
        }
        // Read-only: microdvd can be read but not written.
        let written = try CommandRunner.run(["convert", plain, "--to", "microdvd"])
        expectEqual(written.status, 64)
    }

    @Test func srtThroughSBVIsIdenticalAndSAMIIsDetected() throws {
        let dir = try CommandRunner.scratch()
        let srt = "1\n00:00:01,000 --> 00:00:02,500\nHello\nworld\n\n2\n00:00:03,000 --> 00:00:04,000\nBye\n\n"
        let input = try write(srt, "a.srt", in: dir)
        let sbv = dir.appendingPathComponent("a.sbv").path
        expectTrue(try CommandRunner.run(["convert", input, "-o", sbv]).status == 0)
        expectTrue(try String(contentsOfFile: sbv, encoding: .utf8) == "0:00:01.000,0:00:02.500\nHello\nworld\n\n0:00:03.000,0:00:04.000\nBye\n")
        let back = try CommandRunner.run(["convert", sbv, "--to", "srt"])
        expectEqual(back.stdout, srt)
        let smi = try write("<SAMI><BODY>\n<SYNC Start=1000><P Class=EN>Hi <b>there</b>\n<SYNC Start=2000><P Class=EN>&nbsp;\n</BODY></SAMI>\n", "c.smi", in: dir)
        let s = try CommandRunner.run(["convert", smi, "--to", "srt"])
        expectEqual(s.status, 0, "\(s.stderr)")
        expectEqual(s.stdout, "1\n00:00:01,000 --> 00:00:02,000\nHi <b>there</b>\n\n")
    }

    @Test func uploadedSRV3IsNotRepaged() throws {
        let dir = try CommandRunner.scratch()
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\" ?><timedtext format=\"3\"><body>\n"
        for n in 0..<60 { xml += "<p t=\"\(n * 2000)\" d=\"1800\">Line \(n) of the author\nand its second half</p>\n" }
        xml += "</body></timedtext>\n"
        let input = try write(xml, "uploaded.srv3", in: dir)
        let r = try CommandRunner.run(["convert", input, "--to", "srt"])
        expectEqual(r.status, 0, "\(r.stderr)")
        let cues = r.stdout.components(separatedBy: "\n\n").filter { !$0.isEmpty }
        expectEqual(cues.count, 60)
        expectEqual(cues[59], "60\n00:01:58,000 --> 00:01:59,800\nLine 59 of the author\nand its second half")
    }
}
