import Foundation
import CaptionExpectations
import Testing

/// `captions convert IN --to ass --preset P [--style F] [--size WxH]`: the compiled preset script
/// instead of the plain ASS writer, written through the same temporary-file-and-rename path, with
/// the documented exit codes.
@Suite struct ConvertPresetCommandTests {
    let corpus = CommandRunner.packageRoot.appendingPathComponent("Corpus/word-timed/whisperx.json").path

    @Test func presetCompilesPositionedEventsAtTheGivenSize() throws {
        let dir = try CommandRunner.scratch()
        let output = dir.appendingPathComponent("fill.ass").path
        let r = try CommandRunner.run(["convert", corpus, "--to", "ass", "--preset", "karaoke-fill", "--size", "540x960", "-o", output])
        expectEqual(r.status, 0, "\(r.stderr)")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        expectTrue(text.contains("PlayResX: 540\n") && text.contains("PlayResY: 960\n"))
        let dialogues = text.split(separator: "\n").filter { $0.hasPrefix("Dialogue: ") }
        expectTrue(dialogues.contains { $0.contains("\\an7\\pos(") && $0.contains("\\clip(") && $0.contains("\\t(") },
                "karaoke-fill sweeps by animated clips")
        // Only the output itself is left in the folder: the temporary file was renamed.
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["fill.ass"])
    }

    @Test func styleFileAloneCompilesAtTheDefaultSize() throws {
        let dir = try CommandRunner.scratch()
        let style = dir.appendingPathComponent("brand.json")
        try Data(##"{"extends": "broadcast", "box": {"color": "#102030C0"}}"##.utf8).write(to: style)
        let r = try CommandRunner.run(["convert", corpus, "--to", "ass", "--style", style.path])
        expectEqual(r.status, 0, "\(r.stderr)")
        expectTrue(r.stdout.contains("PlayResX: 1080\n") && r.stdout.contains("PlayResY: 1920\n"))
        expectTrue(r.stdout.contains("\\1c&H302010&\\1a&H3F&\\p1}"), "the style's box colour on the line boxes")
    }

    @Test func withoutAPresetTheWriterIsThePlainOne() throws {
        let r = try CommandRunner.run(["convert", corpus, "--to", "ass"])
        expectEqual(r.status, 0, "\(r.stderr)")
        expectTrue(r.stdout.contains("Dialogue: ") && !r.stdout.contains("\\an7\\pos("))
    }

    @Test func errorsKeepTheirExitCodes() throws {
        let dir = try CommandRunner.scratch()
        let sizeAlone = try CommandRunner.run(["convert", corpus, "--to", "ass", "--size", "540x960"])
        expectEqual(sizeAlone.status, 64)
        let unknown = try CommandRunner.run(["convert", corpus, "--to", "ass", "--preset", "bouncy"])
        expectTrue(unknown.status == 64 && unknown.stderr.contains("unknown preset 'bouncy'"))
        let missingStyle = try CommandRunner.run(["convert", corpus, "--to", "ass", "--style", dir.appendingPathComponent("none.json").path])
        expectEqual(missingStyle.status, 66)
        let bad = dir.appendingPathComponent("bad.json")
        try Data(##"{"text_color": "#GGHHII"}"##.utf8).write(to: bad)
        let badStyle = try CommandRunner.run(["convert", corpus, "--to", "ass", "--style", bad.path])
        expectTrue(badStyle.status == 65 && badStyle.stderr.contains("text_color"))
        let missingInput = try CommandRunner.run(["convert", dir.appendingPathComponent("none.json").path, "--to", "ass", "--preset", "plain"])
        expectEqual(missingInput.status, 66)
        let unwritable = try CommandRunner.run(["convert", corpus, "--to", "ass", "--preset", "plain", "-o", "/nonexistent/dir/x.ass"])
        expectEqual(unwritable.status, 73)
    }
}
