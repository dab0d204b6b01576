import CaptionRender
import Foundation
import CaptionExpectations
import Testing

/// `captions render`: a PNG at a time, a numbered sequence for a range, sizes, backgrounds, and style
/// files that are wrong in each way a user can get them wrong.
@Suite struct RenderCommandTests {
    static let input = CommandRunner.packageRoot.appendingPathComponent("Corpus/word-timed/whisperx.json").path

    /// Width and height from a PNG's IHDR chunk.
    func pngSize(_ path: String) throws -> (Int, Int) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try #require(data.count > 24 && data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        func be32(_ o: Int) -> Int { data[o..<(o + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    @Test func aFrameAtATimeAndADefaultSize() throws {
        let dir = try CommandRunner.scratch()
        let out = dir.appendingPathComponent("frame.png").path
        let r = try CommandRunner.run(["render", Self.input, "--at", "00:00:00.900", "--preset", "highlight-by-word", "-o", out])
        expectEqual(r.status, 0, "\(r.stderr)")
        expectTrue(try pngSize(out) == (1080, 1920))
        let small = dir.appendingPathComponent("small.png").path
        expectTrue(try CommandRunner.run(["render", Self.input, "--at", "0.9", "--size", "540x960", "--background", "#203040", "-o", small]).status == 0)
        expectTrue(try pngSize(small) == (540, 960))
    }

    @Test func aRangeWritesNumberedFrames() throws {
        let dir = try CommandRunner.scratch().appendingPathComponent("frames")
        let r = try CommandRunner.run(["render", Self.input, "--at", "0..1", "--fps", "10", "--size", "270x480", "-o", dir.path])
        expectEqual(r.status, 0, "\(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        expectEqual(files.count, 11)
        expectTrue(files.first == "000001.png" && files.last == "000011.png")
        expectTrue(try CommandRunner.run(["render", Self.input, "--at", "0..1", "-o", dir.path]).status == 64) // no --fps
        // Over transparency the range takes the overlay's fast path; every frame is still the render of its
        // time (A + n/fps), pixel for pixel, repeated frames included.
        let fast = try CommandRunner.scratch().appendingPathComponent("fast")
        expectTrue(try CommandRunner.run(["render", Self.input, "--at", "0.2..1.4", "--fps", "10", "--preset", "word-and-scale",
                                       "--size", "270x480", "-o", fast.path]).status == 0)
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: fast.path).filter { $0.hasSuffix(".png") }.count == 13)
        for n in [0, 3, 4, 12] {
            let single = fast.deletingLastPathComponent().appendingPathComponent("single-\(n).png").path
            let t = String(format: "%.3f", 0.2 + Double(n) / 10)
            expectTrue(try CommandRunner.run(["render", Self.input, "--at", t, "--preset", "word-and-scale", "--size", "270x480", "-o", single]).status == 0)
            let a = try PNGFile.read(single), b = try PNGFile.read(fast.appendingPathComponent(String(format: "%06d.png", n + 1)).path)
            expectEqual(a, b, "frame \(n + 1) differs from render --at \(t)")
        }
    }

    @Test func badStyleFilesNameTheFieldAndMissingFontsFallBackWithAWarning() throws {
        let dir = try CommandRunner.scratch()
        let out = dir.appendingPathComponent("x.png").path
        let bad = dir.appendingPathComponent("bad.json")
        try Data(##"{"fontsize": 3, "text_color": "#GGHHII", "font_size": -4}"##.utf8).write(to: bad)
        let r = try CommandRunner.run(["render", Self.input, "--at", "1", "--style", bad.path, "-o", out])
        expectEqual(r.status, 65)
        expectTrue(r.stderr.contains("bad.json: unknown field 'fontsize' (did you mean 'font_size'?)"))
        expectTrue(r.stderr.contains("bad.json: text_color: '#GGHHII' is not a colour"))
        expectTrue(r.stderr.contains("bad.json: font_size: must be more than 0, found -4"))
        expectTrue(!FileManager.default.fileExists(atPath: out))

        let font = dir.appendingPathComponent("font.json")
        try Data(#"{"font_family": "No Such Font Family"}"#.utf8).write(to: font)
        let f = try CommandRunner.run(["render", Self.input, "--at", "1", "--style", font.path, "-o", out])
        expectEqual(f.status, 0)
        expectTrue(f.stderr.contains("'No Such Font Family' is not installed; using 'DejaVu Sans'"))
        expectTrue(try CommandRunner.run(["render", Self.input, "--at", "1", "--preset", "nope", "-o", out]).status == 64)
        expectTrue(try CommandRunner.run(["render", Self.input, "--at", "soon", "-o", out]).status == 64)
    }
}
