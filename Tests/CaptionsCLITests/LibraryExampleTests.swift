import CaptionRender
import Foundation
import CaptionExpectations
import Testing

/// The library guide's example (Examples/WordsToKaraoke, docs/library.md) does what `captions` does with
/// the same library calls: its frame is `captions render`'s, pixel for pixel, and its ASS is
/// `captions convert --to ass --preset`'s, byte for byte; its errors exit with the command line's codes.
@Suite struct LibraryExampleTests {
    static let input = CommandRunner.packageRoot.appendingPathComponent("Corpus/word-timed/whisperx.json").path
    static let preset = "highlight-by-word"

    /// The example's main.swift as the main package's `library-example` target builds it, beside the
    /// test bundle like `captions`. (`make example-test`, run by CI, builds Examples/WordsToKaraoke as the
    /// separate package a user would, and checks it writes the same files.)
    static var libraryExample: URL {
        URL(fileURLWithPath: CommandRunner.executable.path).deletingLastPathComponent().appendingPathComponent("library-example")
    }

    @Test func theExampleDrawsAndWritesWhatTheCommandLineDoes() throws {
        let dir = try CommandRunner.scratch()
        let r = try CommandRunner.run([Self.input, Self.preset, dir.path], program: Self.libraryExample)
        expectEqual(r.status, 0, "\(r.stderr)")
        expectTrue(r.stdout.contains("pages in \(Self.preset); wrote frame.png and captions.ass"), "\(r.stdout)")
        try expectSameAsCommandLine(dir)
    }

    @Test func theExampleExitsWithTheCommandLinesCodes() throws {
        let dir = try CommandRunner.scratch()
        let missing = try CommandRunner.run([dir.appendingPathComponent("none.json").path, Self.preset, dir.path], program: Self.libraryExample)
        expectEqual(missing.status, 66)
        expectTrue(missing.stderr.contains("none.json: no such file"), "\(missing.stderr)")
        let preset = try CommandRunner.run([Self.input, "highlight-by-wrd", dir.path], program: Self.libraryExample)
        expectEqual(preset.status, 64)
        expectTrue(preset.stderr.contains("unknown preset 'highlight-by-wrd'"), "\(preset.stderr)")
        let folder = try CommandRunner.run([Self.input, Self.preset, dir.appendingPathComponent("no/such/folder").path], program: Self.libraryExample)
        expectEqual(folder.status, 73, "\(folder.stderr)")
    }

    /// `frame.png` and `captions.ass` in `dir` against `captions render --at 1.6` and `captions convert
    /// --to ass` of the same input and preset (both at the default 1080x1920).
    func expectSameAsCommandLine(_ dir: URL) throws {
        let frame = try PNGFile.read(dir.appendingPathComponent("frame.png").path)
        expectTrue(frame.width == 1080 && frame.height == 1920)
        expectTrue(frame.opaqueBounds != nil, "nothing was drawn")
        let reference = dir.appendingPathComponent("render.png").path
        let render = try CommandRunner.run(["render", Self.input, "--at", "1.6", "--preset", Self.preset, "-o", reference])
        try #require(render.status == 0, "\(render.stderr)")
        expectEqual(frame, (try PNGFile.read(reference)), "the example's frame differs from captions render's")

        let ass = try String(contentsOf: dir.appendingPathComponent("captions.ass"), encoding: .utf8)
        let convert = try CommandRunner.run(["convert", Self.input, "--to", "ass", "--preset", Self.preset])
        try #require(convert.status == 0, "\(convert.stderr)")
        expectTrue(ass.contains("\\pos("))
        expectEqual(ass, convert.stdout, "the example's ASS differs from captions convert --to ass --preset")
    }
}
