import Foundation
import CaptionExpectations
import Testing

/// `captions convert` with EBU STL: a binary file detected from its bytes, written by the output's
/// extension, to a file or to stdout as the same bytes; warnings naming the TTI block; 65 for a file
/// that cannot be read.
@Suite struct EBUSTLCommandTests {
    static let roundTrip = CommandRunner.packageRoot.appendingPathComponent("Corpus/broadcast/roundtrip.srt").path
    static let corpus = CommandRunner.packageRoot.appendingPathComponent("Corpus/broadcast/stl").path

    func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test func srtToSTLAndBack() throws {
        let dir = try CommandRunner.scratch()
        let stl = dir.appendingPathComponent("rt.stl").path
        let r = try CommandRunner.run(["convert", Self.roundTrip, "-o", stl])
        expectEqual(r.status, 0, "\(r.stderr)")
        expectTrue(r.stderr.isEmpty)
        let written = try bytes(stl)
        expectEqual(String(decoding: written[0..<11], as: UTF8.self), "850STL25.01")
        expectEqual(written.count, 1024 + 5 * 128)
        let back = try CommandRunner.run(["convert", stl, "--to", "srt"])
        expectEqual(back.status, 0, "\(back.stderr)")
        expectTrue(back.stdout.contains("00:00:04,200 --> 00:00:06,600\n♪ La niña canta en la mañana ♪\n"))
        expectTrue(back.stdout.contains("Grüße aus München!\n¿Dónde está el señor Müller?\n"))

        // --fps 29.97 (or 30): STL30.01.
        let ntsc = dir.appendingPathComponent("rt30.stl").path
        expectTrue(try CommandRunner.run(["convert", Self.roundTrip, "-o", ntsc, "--fps", "29.97"]).status == 0)
        expectEqual(String(decoding: try bytes(ntsc)[3..<11], as: UTF8.self), "STL30.01")
    }

    /// `-o -` gives the file's bytes unmangled (no UTF-8 decoding or encoding on the way).
    @Test func stdoutGetsTheBytes() throws {
        let dir = try CommandRunner.scratch()
        let file = dir.appendingPathComponent("a.stl").path, piped = dir.appendingPathComponent("b.stl").path
        expectTrue(try CommandRunner.run(["convert", Self.roundTrip, "-o", file]).status == 0)
        let shell = try CommandRunner.run(["-c", "\"$0\" convert \"$1\" --to stl -o - > \"$2\"", CommandRunner.executable.path, Self.roundTrip, piped],
                                          program: URL(fileURLWithPath: "/bin/sh"))
        expectEqual(shell.status, 0, "\(shell.stderr)")
        let a = try bytes(file), b = try bytes(piped)
        // The same but for the creation and revision dates (a run past midnight).
        expectEqual(a.count, b.count)
        expectTrue(Array(a[0..<224]) == Array(b[0..<224]) && Array(a[236...]) == Array(b[236...]))
        expectTrue(b.contains(0xD5) && b.contains(0xC4))  // ♪, and the tilde of ñ
    }

    @Test func badBlockWarnsWithItsNumberAndStrictRefuses() throws {
        let dir = try CommandRunner.scratch()
        var damaged = try bytes(Self.corpus + "/ttconv-irt-requirement-0056-001_modified.stl")
        damaged[1024 + 128 + 6] = 99
        let path = dir.appendingPathComponent("bad.stl").path
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        let r = try CommandRunner.run(["convert", path, "--to", "srt"])
        expectEqual(r.status, 0)
        expectEqual(r.stderr, "captions: warning: \(path): TTI block 2: time code in 00:99:03:00 is not a time code at 25 fps; subtitle skipped\n")
        expectTrue(r.stdout.contains("Subtitle 4 Group 3") && !r.stdout.contains("Subtitle 2 Group 1"))
        let strict = try CommandRunner.run(["convert", path, "--to", "srt", "--strict"])
        expectEqual(strict.status, 65)
        expectTrue(strict.stdout.isEmpty)
    }

    @Test func unreadableInputIs65() throws {
        let dir = try CommandRunner.scratch()
        let original = try bytes(Self.corpus + "/ttconv-irt-requirement-0077-001.stl")
        let truncated = dir.appendingPathComponent("cut.stl").path
        try Data(original.prefix(700)).write(to: URL(fileURLWithPath: truncated))
        let t = try CommandRunner.run(["convert", truncated, "-o", dir.appendingPathComponent("out.srt").path])
        expectEqual(t.status, 65)
        expectEqual(t.stderr, "captions: \(truncated) is too short for EBU STL: 700 bytes, where the GSI block alone is 1024\n")

        var table = original
        table[12] = 0x37; table[13] = 0x37
        let badTable = dir.appendingPathComponent("table.stl").path
        try Data(table).write(to: URL(fileURLWithPath: badTable))
        let c = try CommandRunner.run(["convert", badTable, "--to", "srt"])
        expectEqual(c.status, 65)
        expectTrue(c.stderr.hasPrefix("captions: \(badTable): GSI character code table '77' is not one EBU STL defines (00 Latin, ISO 6937, 01"), "\(c.stderr)")

        let notSTL = try CommandRunner.run(["convert", Self.roundTrip, "--from", "stl", "--to", "srt"])
        expectEqual(notSTL.status, 65)
        expectTrue(notSTL.stderr.contains("too short for EBU STL"), "\(notSTL.stderr)")
        expectTrue(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.srt").path))
    }
}
