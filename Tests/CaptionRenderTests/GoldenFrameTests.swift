import Foundation
import CaptionExpectations
import Testing
import CaptionFormats
import CaptionModel
import CaptionStyles
import CaptionTestSupport
@testable import CaptionRender

/// Golden frames of the native renderer: each (input, preset, time) case is rendered and compared
/// with its recorded PNG by libass's compare metric, which tolerates anti-aliasing noise and catches a
/// moved, missing or recoloured word. Record with CAPTIONKIT_RECORD_GOLDENS=1 (Corpus/golden/README.md).
@Suite struct GoldenFrameTests {
    typealias Case = GoldenCorpusCase

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpus/golden")
    static let presets = GoldenCorpusCase.presets
    static let cases = GoldenCorpusCase.all

    static var recording: Bool { ProcessInfo.processInfo.environment["CAPTIONKIT_RECORD_GOLDENS"] == "1" }

    static func render(_ c: Case) throws -> RGBAImage {
        var style = TestFonts.pinned(try StyleLibrary.locate().style(preset: c.preset, styleFile: nil))
        var document = try CaptionFileReader.read(path: root.appendingPathComponent("inputs/\(c.input)").path).document
        let words = document.events.flatMap(\.words)
        if !words.isEmpty { document.events = CaptionPager.page(words, options: style.paging) }
        // As every command does: the file's WebVTT STYLE rules become markup.
        (document.events, style) = StyledPages.prepare(document.events, style: style, stylesheets: document.stylesheets)
        let renderer = CaptionFrameRenderer(style: style, width: 540, height: 960)
        var image = RGBAImage(width: 540, height: 960)
        // As every drawing path does: cues on screen together stacked first.
        try renderer.stack(document.events)
        try renderer.render(document.events, at: c.time, onto: &image)
        return image
    }

    @Test func everyPresetHasTwoCases() {
        for preset in Self.presets { expectTrue(Self.cases.filter { $0.preset == preset }.count >= 2, "\(preset)") }
    }

    @Test(arguments: cases)
    func matchesItsGoldenFrame(_ c: Case) throws {
        let actual = try Self.render(c)
        expectTrue(actual.opaqueBounds != nil, "\(c): nothing was drawn")
        let path = Self.root.appendingPathComponent("native/\(c).png").path
        if Self.recording {
            try PNGFile.write(actual, to: path)
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            Issue.record("\(c): no golden frame at \(path); record with CAPTIONKIT_RECORD_GOLDENS=1")
            return
        }
        let expected = try PNGFile.read(path)
        let comparison = try ImageComparison(actual: actual, expected: expected)
        guard comparison.grade <= .good else {
            let folder = try GoldenFailure.write(name: "\(c)", actual: actual, expected: expected)
            Issue.record("\(c): \(comparison.grade) (score \(comparison.score) at \(comparison.worstPixel.map { "\($0)" } ?? "-")); see \(folder)")
            return
        }
    }
}

/// Where a failing golden case leaves its actual, expected and difference images, one folder per case.
enum GoldenFailure {
    static func write(name: String, actual: RGBAImage, expected: RGBAImage) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("captionkit-golden-failures/\(name)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try PNGFile.write(actual, to: folder.appendingPathComponent("actual.png").path)
        try PNGFile.write(expected, to: folder.appendingPathComponent("expected.png").path)
        if let heat = try? ImageComparison.heatMap(actual: actual, expected: expected) {
            try PNGFile.write(heat, to: folder.appendingPathComponent("difference.png").path)
        }
        return folder.path
    }
}
