import CaptionASS
import CaptionFormats
import CaptionLibass
import CaptionModel
import CaptionRender
import CaptionStyles
import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing
@testable import CaptionVerify

/// libass's frames of the ASS the toolkit compiles, for the corpus cases of the native golden frames
/// (`Tests/CaptionRenderTests/GoldenFrameTests.swift`): a change to the compiler, the layout it takes
/// positions from, or libass itself shows up here even when the native frames still match theirs.
/// Stored in `Corpus/golden/libass/<case>-<ms>.png` with libass's version in `VERSION`; recorded with
/// CAPTIONKIT_RECORD_GOLDENS=1, like the native ones. Every case is compiled, CJK and emoji too: the
/// script names the fallback fonts the layout used (`FallbackFontRuns`).
@Suite struct LibassGoldenTests {
    typealias Case = GoldenCorpusCase

    static let root = VerifyFixture.root.appendingPathComponent("Corpus/golden")
    /// The cases of GoldenFrameTests.
    static let all = GoldenCorpusCase.all

    /// Fonts pinned to files, as the native golden frames are (CaptionRenderTests' TestFonts).
    static func style(_ preset: String) throws -> CaptionStyle {
        var s = try StyleLibrary.locate().style(preset: preset, styleFile: nil)
        s.fontFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
        s.fallbackFonts = ["/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"]
        s.emojiFont = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
        return s
    }

    static var recording: Bool { ProcessInfo.processInfo.environment["CAPTIONKIT_RECORD_GOLDENS"] == "1" }
    static let versionFile = root.appendingPathComponent("libass/VERSION").path

    /// The pages and style as every command prepares them (the file's WebVTT STYLE rules as markup).
    static func pages(_ c: Case) throws -> (pages: [CaptionEvent], style: CaptionStyle) {
        var document = try CaptionFileReader.read(path: root.appendingPathComponent("inputs/\(c.input)").path).document
        let style = try style(c.preset)
        let words = document.events.flatMap(\.words)
        if !words.isEmpty { document.events = CaptionPager.page(words, options: style.paging) }
        return StyledPages.prepare(document.events, style: style, stylesheets: document.stylesheets)
    }

    static func reference(_ c: Case) throws -> ASSReference {
        let (pages, style) = try pages(c)
        return try ASSReference(style: style, pages: pages, width: 540, height: 960)
    }

    static func render(_ c: Case) throws -> RGBAImage { try reference(c).frames.frame(at: c.time) }

    @Test(arguments: all)
    func matchesItsLibassGoldenFrame(_ c: Case) throws {
        let actual = try Self.render(c)
        expectTrue(actual.opaqueBounds != nil, "\(c): libass drew nothing")
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
        expectTrue(result.passed, "\(c): \(result.grade) (score \(result.score) at \(result.worstPixel.map { "\($0)" } ?? "-")); recorded with \(recordedWith), now libass \(LibassRenderer.version)")
    }

    /// The native frame of every corpus case against libass drawing the compiled ASS, with the fallback
    /// fonts (CJK, Arabic, emoji) named in the ASS so libass draws the same glyphs. The issue's bar is
    /// GOOD or SAME and at least 30 dB over the caption area; asserted is what holds with Debian 12's
    /// libass 0.17.1: identical, all 30 (see README, "How close to libass"). Another libass may move a
    /// pixel by a level, which is GOOD: the message names the version.
    @Test(arguments: all)
    func nativeFrameMatchesLibassFrame(_ c: Case) throws {
        let reference = try Self.reference(c)
        let libass = try reference.frames.frame(at: c.time)
        var native = RGBAImage(width: 540, height: 960)
        let (pages, style) = try Self.pages(c)
        let renderer = CaptionFrameRenderer(style: style, width: 540, height: 960)
        // As every drawing path does: cues on screen together stacked first.
        try renderer.stack(pages)
        try renderer.render(pages, at: c.time, onto: &native)
        // Colour emoji are the native renderer's alone (libass draws the monochrome fallback): both
        // frames are compared without their boxes, as `captions verify` does.
        let emoji = try renderer.colorEmojiBoxes(pages, at: c.time)
        expectEqual(emoji.isEmpty, !c.input.hasPrefix("emoji"), "\(c): \(emoji.count) colour emoji boxes")
        let result = try FrameResult(time: c.time, actual: native.clearing(emoji), expected: libass.clearing(emoji))
        print(String(format: "[native vs libass] %@: %@ score %.2f, PSNR %.2f dB", c.description, result.grade.rawValue, result.score, result.psnr))
        expectTrue(result.psnr >= 30, "\(c): \(result.grade) (score \(result.score)), PSNR \(result.psnr) dB")
        expectEqual(result.grade, .same, "\(c): \(result.grade) (score \(result.score) at \(result.worstPixel.map { "\($0)" } ?? "-")) against libass \(LibassRenderer.version)")
    }
}
