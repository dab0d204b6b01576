import CaptionASS
import CaptionFormats
import CaptionModel
import CaptionRender
import CaptionStyles
import Foundation
import Testing
@testable import CaptionVerify

/// libass's frames of the ASS the toolkit compiles, for the corpus cases of the native golden frames
/// (`Tests/CaptionRenderTests/GoldenFrameTests.swift`): a change to the compiler, the layout it takes
/// positions from, or libass itself shows up here even when the native frames still match theirs.
/// Stored in `Corpus/golden/libass/<case>-<ms>.png` with libass's version in `VERSION`; recorded with
/// CAPTIONKIT_RECORD_GOLDENS=1, like the native ones. Presets the compiler does not reproduce yet
/// (`ASSSupport`) are skipped and listed, and so are cases whose text needs fallback fonts (CJK,
/// emoji): the script names only the style's family, and libass without a font provider has no
/// fallback, so it draws empty boxes that must not become a reference.
@Suite struct LibassGoldenTests {
    struct Case: CustomStringConvertible, Sendable {
        var input: String
        var preset: String
        var time: Milliseconds
        var description: String { "\(preset)-\((input as NSString).deletingPathExtension)-\(time)" }
    }

    static let root = VerifyFixture.root.appendingPathComponent("Corpus/golden")
    static let presets = ["plain", "broadcast", "highlight-by-word", "background-by-word", "word-and-scale", "karaoke-fill",
                          "cumulative", "three-state", "pop-in", "one-word", "typewriter"]
    /// The cases of GoldenFrameTests (keep the two lists the same).
    static let all: [Case] = presets.flatMap { preset in
        [Case(input: "karaoke-whisperx.json", preset: preset, time: 350), Case(input: "karaoke-whisperx.json", preset: preset, time: 1610)]
    } + [
        Case(input: "two-lines.srt", preset: "plain", time: 1000),
        Case(input: "two-lines.srt", preset: "broadcast", time: 1000),
        Case(input: "arabic.srt", preset: "plain", time: 1000),
        Case(input: "arabic.srt", preset: "highlight-by-word", time: 1000),
        Case(input: "cjk.srt", preset: "plain", time: 1000),
        Case(input: "cjk.srt", preset: "karaoke-fill", time: 1500),
        Case(input: "emoji.srt", preset: "plain", time: 1000),
        Case(input: "long-word.srt", preset: "plain", time: 1000),
    ]

    /// Fonts pinned to files, as the native golden frames are (CaptionRenderTests' TestFonts).
    static func style(_ preset: String) throws -> CaptionStyle {
        var s = try StyleLibrary.locate().style(preset: preset, styleFile: nil)
        s.fontFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
        s.fallbackFonts = ["/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"]
        return s
    }

    static let compiled = all.filter {
        (try? ASSSupport.unsupportedFeatures(of: style($0.preset)).isEmpty) == true && !needFallback.contains($0.description)
    }
    static let skipped = all.filter { c in !compiled.contains { $0.description == c.description } }
    static var recording: Bool { ProcessInfo.processInfo.environment["CAPTIONKIT_RECORD_GOLDENS"] == "1" }
    static let versionFile = root.appendingPathComponent("libass/VERSION").path

    static func reference(_ c: Case) throws -> ASSReference {
        let style = try style(c.preset)
        var document = try CaptionFileReader.read(path: root.appendingPathComponent("inputs/\(c.input)").path).document
        let words = document.events.flatMap(\.words)
        if !words.isEmpty { document.events = CaptionPager.page(words, options: style.paging) }
        return try ASSReference(style: style, pages: document.events, width: 540, height: 960)
    }

    /// Cases whose layout uses more than the primary font file.
    static let needFallback = Set(all.filter { ((try? reference($0).fontFiles.count) ?? 1) > 1 }.map(\.description))

    static func render(_ c: Case) throws -> RGBAImage { try reference(c).frames.frame(at: c.time) }

    @Test(arguments: compiled)
    func matchesItsLibassGoldenFrame(_ c: Case) throws {
        let actual = try Self.render(c)
        #expect(actual.opaqueBounds != nil, "\(c): libass drew nothing")
        let path = Self.root.appendingPathComponent("libass/\(c).png").path
        if Self.recording {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try PNGFile.write(actual, to: path)
            try "libass \(LibassRenderer.version), FreeType \(ToolkitVersions.freetype)\n".write(toFile: Self.versionFile, atomically: true, encoding: .utf8)
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            Issue.record("\(c): no libass golden frame at \(path); record with CAPTIONKIT_RECORD_GOLDENS=1")
            return
        }
        let result = try FrameResult(time: c.time, actual: actual, expected: PNGFile.read(path))
        let recordedWith = (try? String(contentsOfFile: Self.versionFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
        #expect(result.passed, "\(c): \(result.grade) (score \(result.score) at \(result.worstPixel.map { "\($0)" } ?? "-")); recorded with \(recordedWith), now libass \(LibassRenderer.version)")
    }

    @Test func presetsNotCompiledYetAreListed() {
        let names = Array(Set(Self.skipped.filter { !Self.needFallback.contains($0.description) }.map(\.preset))).sorted()
        print("[libass goldens] skipped \(Self.skipped.count) cases; presets the ASS compiler does not reproduce yet: \(names.joined(separator: ", "))"
              + "; cases needing fallback fonts the ASS does not name yet: \(Self.needFallback.sorted().joined(separator: ", "))")
        #expect(Self.compiled.count + Self.skipped.count == Self.all.count && !Self.compiled.isEmpty)
        // No stale frames for skipped cases: they are recorded when their preset compiles.
        for c in Self.skipped {
            #expect(!FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("libass/\(c).png").path), "\(c): stale libass golden")
        }
    }
}
