import Foundation
import CaptionExpectations
import Testing

/// Options were renamed so every command says a thing one way (`--from`/`--to` are formats,
/// `retime --since/--until`, `sync --reference`, `--step` in seconds). The old spellings still work
/// for a release, hidden from `--help`, and say what to write instead; what they do is what the new
/// spellings do, byte for byte.
@Suite struct RenamedOptionsTests {
    static let srt = "1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:05,000 --> 00:00:06,000\nTwo\n\n3\n00:00:09,000 --> 00:00:10,000\nThree\n"

    /// Runs `new` and `old` in `dir`, each writing `name` (when given), and returns the two runs and outputs.
    static func both(_ new: [String], _ old: [String], writing name: String?, in dir: URL) throws -> (CommandResult, CommandResult, String?, String?) {
        func output() throws -> String? {
            guard let name else { return nil }
            defer { try? FileManager.default.removeItem(at: dir.appendingPathComponent(name)) }
            return try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
        }
        let a = try CommandRunner.run(new, in: dir)
        let outA = a.status == 0 ? try output() : nil
        let b = try CommandRunner.run(old, in: dir)
        let outB = b.status == 0 ? try output() : nil
        return (a, b, outA, outB)
    }

    @Test func retimesOldRangeAndFormatsStillWorkWithAWarning() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.srt.write(to: dir.appendingPathComponent("in.srt"), atomically: true, encoding: .utf8)
        let (new, old, a, b) = try Self.both(
            ["retime", "in.srt", "--shift", "1", "--since", "4", "--until", "6", "--from", "srt", "--to", "vtt", "-o", "out.txt"],
            ["retime", "in.srt", "--shift", "1", "--from", "4", "--to", "6", "--input-format", "srt", "--output-format", "vtt", "-o", "out.txt"],
            writing: "out.txt", in: dir)
        expectTrue(new.status == 0 && new.stderr.isEmpty, "\(new.stderr)")
        expectEqual(old.status, 0, "\(old.stderr)")
        expectTrue(a != nil && a == b)
        // Only the middle cue moved, and the output is WebVTT.
        expectTrue(a?.hasPrefix("WEBVTT") == true && a?.contains("00:00:06.000 --> 00:00:07.000\nTwo") == true
                && a?.contains("00:00:01.000 --> 00:00:02.000\nOne") == true, "\(a ?? "")")
        for expected in ["retime --from TIME is now --since TIME", "retime --to TIME is now --until TIME",
                         "retime --input-format is now --from", "retime --output-format is now --to"] {
            expectTrue(old.stderr.contains("captions: warning: \(expected)"), "\(old.stderr)")
        }
        // A format's name given to --from is a format, as everywhere.
        let format = try CommandRunner.run(["retime", "in.srt", "--shift", "1", "--from", "srt", "-o", "f.srt"], in: dir)
        expectTrue(format.status == 0 && format.stderr.isEmpty, "\(format.stderr)")
    }

    @Test func syncsOldToStillNamesTheReference() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.srt.write(to: dir.appendingPathComponent("right.srt"), atomically: true, encoding: .utf8)
        let late = "1\n00:00:04,000 --> 00:00:05,000\nOne\n\n2\n00:00:08,000 --> 00:00:09,000\nTwo\n\n3\n00:00:12,000 --> 00:00:13,000\nThree\n"
        try late.write(to: dir.appendingPathComponent("late.srt"), atomically: true, encoding: .utf8)
        let (new, old, a, b) = try Self.both(["sync", "late.srt", "--reference", "right.srt", "--force", "-o", "out.srt"],
                                             ["sync", "late.srt", "--to", "right.srt", "--force", "-o", "out.srt"], writing: "out.srt", in: dir)
        expectTrue(new.status == 0 && old.status == 0, "\(new.stderr)\(old.stderr)")
        expectTrue(a != nil && a == b)
        expectTrue(!new.stderr.contains("warning") && old.stderr.contains("captions: warning: sync --to FILE is now --reference FILE"), "\(old.stderr)")
        // Neither is a usage error naming what is missing.
        let none = try CommandRunner.run(["sync", "late.srt", "--to", "srt"], in: dir)
        expectTrue(none.status == 64 && none.stderr.contains("--reference FILE"), "\(none.stderr)")
    }

    @Test func checksOldFormatOptionsAndVerifysEvery() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.srt.write(to: dir.appendingPathComponent("in.txt"), atomically: true, encoding: .utf8)
        let (new, old, _, _) = try Self.both(["check", "in.txt", "--from", "srt"], ["check", "in.txt", "--input-format", "srt"], writing: nil, in: dir)
        expectTrue(new.status == old.status && new.stdout == old.stdout, "\(new.stdout)\n\(old.stdout)")
        expectTrue(old.stderr.contains("captions: warning: check --input-format is now --from"), "\(old.stderr)")
        try Self.srt.write(to: dir.appendingPathComponent("in.srt"), atomically: true, encoding: .utf8)
        let (step, every, _, _) = try Self.both(["verify", "in.srt", "--size", "270x480", "--step", "0.5"],
                                                ["verify", "in.srt", "--size", "270x480", "--every", "500"], writing: nil, in: dir)
        expectTrue(step.status == 0 && step.stdout == every.stdout && step.stdout.contains("frames"), "\(step.stdout)\n\(every.stdout)")
        expectTrue(every.stderr.contains("captions: warning: --every MS is now --step SECONDS (--every 500 is --step 0.5)"), "\(every.stderr)")
        // The old spellings are not in --help.
        for command in ["retime", "sync", "check", "verify"] {
            let help = try CommandRunner.run([command, "--help"], in: dir)
            expectTrue(!help.stdout.contains("--input-format") && !help.stdout.contains("--output-format") && !help.stdout.contains("--every"), "\(command)")
        }
    }
}
