import Foundation
import CaptionExpectations
import Testing

/// `captions retime` as users run it: each mode through real files, exit codes, and the output written
/// as convert writes (never onto the input).
@Suite struct RetimeCommandTests {
    static let sintel = CommandRunner.packageRoot.appendingPathComponent("Corpus/samples/sintel_en.srt").path
    static let whisperx = CommandRunner.packageRoot.appendingPathComponent("Corpus/word-timed/whisperx.json").path

    static func write(_ text: String, _ name: String, in dir: URL) throws -> String {
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func negativeShiftClipsAndDropsWithAWarningNamingTheLine() throws {
        let dir = try CommandRunner.scratch()
        let input = try Self.write("1\n00:00:00,500 --> 00:00:01,000\nGone\n\n2\n00:00:01,500 --> 00:00:04,000\nClipped\n\n3\n00:00:05,000 --> 00:00:06,000\nMoved\n", "in.srt", in: dir)
        let out = dir.appendingPathComponent("out.srt").path
        let r = try CommandRunner.run(["retime", input, "--shift=-2", "-o", out])
        expectEqual(r.status, 0, "\(r.stderr)")
        expectEqual(r.stderr, """
            captions: warning: \(input): line 2: caption 1 would end at -00:00:01.000, before zero; dropped
            captions: warning: \(input): line 6: caption 2 would start at -00:00:00.500, before zero; clipped to start at 00:00:00.000

            """)
        expectTrue(try String(contentsOfFile: out, encoding: .utf8) == "1\n00:00:00,000 --> 00:00:02,000\nClipped\n\n2\n00:00:03,000 --> 00:00:04,000\nMoved\n\n")
        // --strict: the same warnings fail the command and nothing is written.
        let strictOut = dir.appendingPathComponent("strict.srt").path
        let strict = try CommandRunner.run(["retime", input, "--shift=-2", "-o", strictOut, "--strict"])
        expectEqual(strict.status, 65)
        expectTrue(!FileManager.default.fileExists(atPath: strictOut))
    }

    @Test func frameRateRoundTripReturnsTheFileAcrossFormats() throws {
        let dir = try CommandRunner.scratch()
        let vtt = dir.appendingPathComponent("a.vtt").path, back = dir.appendingPathComponent("b.srt").path
        expectTrue(try CommandRunner.run(["retime", Self.sintel, "--fps", "23.976:25", "-o", vtt]).status == 0)
        expectTrue(try CommandRunner.run(["retime", vtt, "--fps", "25:23.976", "-o", back]).status == 0)
        // Sintel's captions are not on 23.976 frames: every time comes back within a millisecond.
        let original = try String(contentsOfFile: Self.sintel, encoding: .utf8).replacingOccurrences(of: "\r\n", with: "\n")
        let returned = try String(contentsOfFile: back, encoding: .utf8)
        let a = original.split(separator: "\n"), b = returned.split(separator: "\n")
        expectEqual(a.count, b.count)
        var changedLines = 0
        for (x, y) in zip(a, b) where x != y {
            changedLines += 1
            let times = [x, y].map { $0.split(separator: " ").filter { $0.contains(":") }.map { s -> Int in
                let f = s.split(whereSeparator: { ":,".contains($0) }).map { Int($0)! }
                return ((f[0] * 60 + f[1]) * 60 + f[2]) * 1000 + f[3]
            } }
            expectTrue(zip(times[0], times[1]).allSatisfy { abs($0 - $1) <= 1 }, "\(x) / \(y)")
        }
        expectTrue(changedLines <= 5)
        // 23.976 -> 25 speeds the film up: the first caption (00:02:17,250) comes 4.1 % earlier.
        expectTrue(try String(contentsOfFile: vtt, encoding: .utf8).contains("00:02:11.629 --> 00:02:14.745"))
    }

    @Test func syncWithinARangeMovesOnlyThoseCaptionsAndKeepsWords() throws {
        let dir = try CommandRunner.scratch()
        let out = dir.appendingPathComponent("w.json").path
        let r = try CommandRunner.run(["retime", Self.whisperx, "--sync", "0=1,10=11", "--since", "0", "--until", "100", "-o", out])
        expectEqual(r.status, 0, "\(r.stderr)")
        let json = try String(contentsOfFile: out, encoding: .utf8)
        // The first word starts at 0.000 s in the input; every word moved by one second.
        expectTrue(json.contains("\"words\":[{\"text\":\"So\",\"start\":1000,\"end\":1180"))
    }

    @Test func webVTTKaraokeTimestampsMoveWithTheirCue() throws {
        let dir = try CommandRunner.scratch()
        let input = try Self.write("WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nSing <00:00:01.500>along <00:00:02.250>now\n", "k.vtt", in: dir)
        let out = dir.appendingPathComponent("out.vtt").path
        let r = try CommandRunner.run(["retime", input, "--sync", "0=0,10=20", "-o", out])
        expectTrue(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        expectTrue(try String(contentsOfFile: out, encoding: .utf8) == "WEBVTT\n\n00:00:02.000 --> 00:00:06.000\nSing <00:00:03.000>along <00:00:04.500>now\n\n")
    }

    @Test func usageErrors() throws {
        let dir = try CommandRunner.scratch()
        let out = dir.appendingPathComponent("o.srt").path
        let none = try CommandRunner.run(["retime", Self.sintel, "-o", out])
        expectEqual(none.status, 64)
        let both = try CommandRunner.run(["retime", Self.sintel, "--shift", "1", "--fps", "25:24", "-o", out])
        expectEqual(both.status, 64)
        let badTime = try CommandRunner.run(["retime", Self.sintel, "--shift", "soon", "-o", out])
        expectEqual(badTime.status, 64)
        expectEqual(badTime.stderr, "captions: --shift 'soon' is not a time (seconds like -1.5, or 00:00:01.500)\n")
        let reversed = try CommandRunner.run(["retime", Self.sintel, "--sync", "10=20,20=15", "-o", out])
        expectEqual(reversed.status, 64)
        let badRate = try CommandRunner.run(["retime", Self.sintel, "--fps", "25", "-o", out])
        expectEqual(badRate.status, 64)
        let onto = try CommandRunner.run(["retime", Self.sintel, "--shift", "1", "-o", Self.sintel])
        expectEqual(onto.status, 73)
        let missing = try CommandRunner.run(["retime", dir.appendingPathComponent("nope.srt").path, "--shift", "1", "-o", out])
        expectEqual(missing.status, 66)
        expectTrue(!FileManager.default.fileExists(atPath: out))
    }
}
