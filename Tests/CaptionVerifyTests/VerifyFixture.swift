import CaptionFormats
import CaptionModel
import CaptionRender
import CaptionStyles
import CaptionVerify
import Foundation

/// The word-timed corpus sample paged in a preset at a small size, and ways to break a renderer.
struct VerifyFixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let input = root.appendingPathComponent("Corpus/word-timed/whisperx.json").path
    static let (width, height) = (360, 640)

    let style: CaptionStyle
    let pages: [CaptionEvent]

    init(preset: String = "highlight-by-word", edit: (inout CaptionStyle) -> Void = { _ in }) throws {
        var style = try StyleLibrary.locate().style(preset: preset, styleFile: nil)
        edit(&style)
        self.style = style
        let words = try CaptionFileReader.read(path: Self.input).document.events.flatMap(\.words)
        pages = CaptionPager.page(words, options: style.paging)
    }

    var native: NativeFrames { NativeFrames(style: style, pages: pages, width: Self.width, height: Self.height) }

    func verifier(native: (any FrameSource)? = nil) throws -> Verifier {
        try Verifier(style: style, pages: pages, width: Self.width, height: Self.height, native: native)
    }

    /// A word middle on each of the first two pages, where the highlight is showing.
    var times: [Milliseconds] {
        pages.prefix(2).compactMap { page in WordTimeline.words(of: page).dropFirst().first.map { ($0.start + $0.end) / 2 } }
    }
}

/// Damage done to a renderer's output, for tests that the checks can fail.
enum Breakage {
    /// Everything moved right by `dx` pixels (what falls off the edge is lost).
    static func shifted(_ image: RGBAImage, dx: Int) -> RGBAImage {
        var out = RGBAImage(width: image.width, height: image.height)
        for y in 0..<image.height { for x in max(0, dx)..<min(image.width, image.width + dx) { out[x, y] = image[x - dx, y] } }
        return out
    }

    static func shifting(_ source: any FrameSource, dx: Int = 2) -> FrameClosure {
        FrameClosure { shifted(try source.frame(at: $0), dx: dx) }
    }
}
