import Foundation
import CaptionExpectations
import Testing

/// `captions compare`: grades, PSNR and the documented exit codes.
@Suite struct CompareCommandTests {
    static let input = CommandRunner.packageRoot.appendingPathComponent("Corpus/word-timed/whisperx.json").path

    /// Renders the corpus transcript at `time` into `dir/name`, with extra style JSON if given.
    func render(_ dir: URL, _ name: String, at time: String = "0.9", size: String = "270x480", style: String? = nil) throws -> String {
        let out = dir.appendingPathComponent(name).path
        var arguments = ["render", Self.input, "--at", time, "--preset", "highlight-by-word", "--size", size, "-o", out]
        if let style {
            let file = dir.appendingPathComponent(name + ".json")
            try Data(style.utf8).write(to: file)
            arguments += ["--style", file.path]
        }
        let r = try CommandRunner.run(arguments)
        try #require(r.status == 0, "render failed: \(r.stderr)")
        return out
    }

    @Test func identicalFramesAreSame() throws {
        let dir = try CommandRunner.scratch()
        let a = try render(dir, "a.png"), b = try render(dir, "b.png")
        let r = try CommandRunner.run(["compare", a, b])
        expectEqual(r.status, 0, "\(r.stdout)\(r.stderr)")
        expectTrue(r.stdout.contains("SAME"))
        expectTrue(r.stdout.contains("psnr: inf"))
    }

    @Test func aFrameShiftedTwoPixelsFails() throws {
        let dir = try CommandRunner.scratch()
        let a = try render(dir, "a.png")
        // margin_bottom is in 1080-wide units: 8 more is 2 px higher at 270x480.
        let shifted = try render(dir, "shifted.png", style: #"{"margin_bottom": 528}"#)
        let r = try CommandRunner.run(["compare", shifted, a])
        expectEqual(r.status, 1, "\(r.stdout)\(r.stderr)")
        expectTrue(r.stdout.contains("FAIL") || r.stdout.contains("BAD"), "\(r.stdout)")
        expectTrue(r.stdout.contains("worst pixel: ("), "\(r.stdout)")
        expectTrue(r.stdout.contains(" dB"), "\(r.stdout)")
    }

    @Test func aMissingFileIs66AndNamesIt() throws {
        let dir = try CommandRunner.scratch()
        let a = try render(dir, "a.png")
        let missing = dir.appendingPathComponent("missing.png").path
        let r = try CommandRunner.run(["compare", a, missing])
        expectEqual(r.status, 66)
        expectTrue(r.stderr.contains("missing.png"), "\(r.stderr)")
    }

    @Test func differentSizesAre64WithBothSizes() throws {
        let dir = try CommandRunner.scratch()
        let a = try render(dir, "a.png"), b = try render(dir, "b.png", size: "540x960")
        let r = try CommandRunner.run(["compare", a, b])
        expectEqual(r.status, 64)
        expectTrue(r.stderr.contains("270x480") && r.stderr.contains("540x960"), "\(r.stderr)")
    }
}
