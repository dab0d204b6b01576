import CaptionASS
import CaptionFormats
import CaptionLayout
import CaptionLibass
import CaptionModel
import CaptionRender
import CaptionStyles
import CaptionTestSupport
import CaptionVerify
import Foundation
import CaptionExpectations
import Testing

/// Shared set-up: the word-timed corpus file paged in a preset, compiled, and loaded into libass with
/// the font files the native layout resolved.
struct Fixture {
    /// Every preset in `Styles/`.
    static let presets = (try? StyleLibrary.locate().names()) ?? []
    static let (width, height) = (540, 960)
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpus/word-timed/whisperx.json").path

    let style: CaptionStyle
    let pages: [CaptionEvent]
    let compiler: ASSCompiler
    let script: String
    let native: CaptionFrameRenderer
    let libass: LibassRenderer
    /// The frame size (the default 540x960, or another scale).
    let width: Int
    let height: Int

    init(preset: String, pages given: [CaptionEvent]? = nil, secondary: [CaptionEvent] = [], width: Int = Self.width,
         height: Int = Self.height, adjust: (inout CaptionStyle) -> Void = { _ in }) throws {
        (self.width, self.height) = (width, height)
        var chosen = try StyleLibrary.locate().style(preset: preset, styleFile: nil)
        adjust(&chosen)
        var paged = given ?? []
        if given == nil {
            let words = try CaptionFileReader.read(path: Self.corpus).document.events.flatMap(\.words)
            paged = CaptionPager.page(words, options: chosen.paging)
        }
        // As every command does: markup read, a speaker palette assigned, secondary captions added.
        (pages, style) = StyledPages.prepare(paged, style: chosen, secondary: secondary)
        let (style, pages) = (self.style, self.pages)
        compiler = ASSCompiler(style: style, width: width, height: height)
        script = try compiler.script(for: pages)
        native = CaptionFrameRenderer(style: style, width: width, height: height)
        var fonts: [String] = []
        for page in pages { for path in try compiler.layout(of: page).glyphs.map(\.face.path) where !fonts.contains(path) { fonts.append(path) } }
        let primary = try compiler.layout(of: pages[0]).face.path
        if !fonts.contains(primary) { fonts.insert(primary, at: 0) }
        libass = try LibassRenderer(fontFiles: fonts, defaultFamily: style.fontFamily, defaultFont: primary, width: width, height: height)
        try libass.load(assText: script)
        self.fonts = fonts
    }

    /// The fonts libass was given, the layout's primary font first.
    let fonts: [String]

    /// Another libass renderer of the script, with libass's simple shaper (ffmpeg 5.1's `-vf subtitles=`).
    func libassWithSimpleShaping() throws -> LibassRenderer {
        let r = try LibassRenderer(fontFiles: fonts, defaultFamily: style.fontFamily, defaultFont: fonts[0],
                                   width: width, height: height, simpleShaping: true)
        try r.load(assText: script)
        return r
    }

    func frames(at t: Milliseconds) throws -> (native: RGBAImage, libass: RGBAImage) {
        var a = RGBAImage(width: width, height: height), b = RGBAImage(width: width, height: height)
        try native.render(pages, at: t, onto: &a)
        libass.render(at: t, onto: &b)
        return (a, b)
    }

    /// The middle of every word of the first `count` pages.
    func wordMiddles(pages count: Int = 2) -> [Milliseconds] {
        pages.prefix(count).flatMap { WordTimeline.words(of: $0).map { ($0.start + $0.end) / 2 } }
    }

    var dialogues: [String] { script.split(separator: "\n").map(String.init).filter { $0.hasPrefix("Dialogue: ") } }
}

@Suite struct ASSCompilerTests {
    @Test(arguments: Fixture.presets)
    func scriptParsesInLibassAndDrawsAtWordMiddles(preset: String) throws {
        let f = try Fixture(preset: preset)
        expectTrue(f.script.contains("PlayResX: 540") && f.script.contains("PlayResY: 960"))
        expectTrue(f.script.contains("ScaledBorderAndShadow: yes") && f.script.contains("WrapStyle: 2") && f.script.contains("YCbCr Matrix: None"))
        expectTrue(f.libass.eventCount == f.dialogues.count && f.libass.eventCount > 0)
        for t in f.wordMiddles() {
            let (_, b) = try f.frames(at: t)
            expectTrue(b.opaqueBounds != nil, "libass drew nothing at \(t) ms for \(preset)")
        }
    }

    /// Lines break where the native layout broke them: every word is its own event at its native
    /// line's top (`\an7\pos`), so a two-line page has words at two heights and libass never wraps.
    @Test func wordsSitOnTheNativeLines() throws {
        let f = try Fixture(preset: "highlight-by-word")
        let page = try #require(f.pages.first)
        let layout = try f.compiler.layout(of: page)
        expectEqual(layout.lines.count, 2, "the first page is expected to wrap into two lines")
        let first = try #require(f.dialogues.first { $0.hasPrefix("Dialogue: 4,") })
        expectTrue(first.contains("\\an7\\pos("))
        for word in layout.words {
            let line = layout.lines[word.lineIndex]
            let tag = "\\an7\\pos(\(format(word.box.x)),\(format(line.top)))"
            expectTrue(f.dialogues.map(withoutFillers).contains { $0.hasPrefix("Dialogue: 4,") && $0.contains(tag) && $0.hasSuffix("}" + word.text) },
                    "no text event for \(word.text) at \(tag)")
        }
    }

    /// libass draws a layer's events in file order, and where two blurred shadows overlap the order
    /// changes the result by a level of alpha: a page's shadow events come in word order, resting and
    /// scaled alike, as the native painter paints them (word-and-scale puts scaled words' events after
    /// the resting ones in time order otherwise).
    @Test func shadowEventsFollowWordOrder() throws {
        let f = try Fixture(preset: "word-and-scale")
        for page in f.pages {
            let words = try f.compiler.layout(of: page).words.map(\.text)
            expectEqual(Set(words).count, words.count, "the corpus page is expected to have distinct words")
            // Layer 2 holds the shadows (ASSLayer.shadow); "Dialogue: 2,H:MM:SS.CC,...".
            let shadows = f.dialogues.map(withoutFillers).filter { line in
                guard line.hasPrefix("Dialogue: 2,") else { return false }
                let clock = line.split(separator: ",")[1].split(separator: ":").compactMap { Double($0) }
                let start = Int(((clock[0] * 60 + clock[1]) * 60 + clock[2]) * 1000 + 0.5)
                return page.start <= start && start < page.end
            }
            let order = shadows.compactMap { line in words.firstIndex { line.hasSuffix("}" + $0) } }
            expectTrue(order.count == shadows.count && order.count > words.count, "page at \(page.start) ms: \(shadows.count) shadow events")
            expectEqual(order, order.sorted(), "page at \(page.start) ms: shadow events in word order \(order)")
        }
    }

    /// 200 words of 333 ms each, starting at 7 ms: every highlight event starts and ends at its word's
    /// own absolute time rounded to centiseconds, so nothing drifts by the end.
    @Test func karaokeTimesAreRoundedAbsoluteTimes() throws {
        let words = (0..<200).map { i in Word(text: "w\(i)", start: 7 + 333 * i, end: 7 + 333 * (i + 1)) }
        var style = try StyleLibrary.locate().style(preset: "highlight-by-word", styleFile: nil)
        style.shadow.opacity = 0
        let pages = CaptionPager.page(words, options: style.paging)
        let script = try ASSCompiler(style: style, width: 540, height: 960).script(for: pages)
        let highlight = "\\1c" + String(format: "&H%02X%02X%02X&", Int(style.highlightColor.blue), Int(style.highlightColor.green), Int(style.highlightColor.red))
        func clock(_ ms: Int) -> String {
            let cs = (ms + 5) / 10
            return String(format: "%d:%02d:%02d.%02d", cs / 360_000, cs / 6000 % 60, cs / 100 % 60, cs % 100)
        }
        let lines = script.split(separator: "\n").map(String.init).map(withoutFillers)
        for (i, word) in words.enumerated() {
            let page = try #require(pages.first { $0.start <= word.start && word.start < $0.end })
            let expected = "Dialogue: 4,\(clock(word.start)),\(clock(min(word.end, page.end))),"
            expectTrue(lines.contains { $0.hasPrefix(expected) && $0.contains(highlight) && $0.hasSuffix("}w\(i)") },
                    "word \(i): no highlight event \(expected)")
        }
    }

    /// Native against libass for every preset at word middles: records grade and PSNR (printed), and
    /// asserts only what holds today: both draw, PSNR over the caption area at least 20 dB.
    /// Set CAPTIONASS_DUMP=DIR to write native | libass | heat map crops side by side.
    @Test(arguments: Fixture.presets)
    func measuresNativeAgainstLibass(preset: String) throws {
        let f = try Fixture(preset: preset)
        let dump = ProcessInfo.processInfo.environment["CAPTIONASS_DUMP"]
        var report: [String] = []
        for t in f.wordMiddles(pages: 1) + [350, 1600, 3200] {
            let (a, b) = try f.frames(at: t)
            let match = try FrameMatch(native: a, libass: b)
            expectTrue(match.nativeDrewSomething && match.libassDrewSomething, "\(preset) at \(t) ms")
            expectTrue(match.psnr >= 20, "\(preset) at \(t) ms: PSNR \(match.psnr)")
            report.append(String(format: "%5d ms %@ score %6.2f PSNR %6.2f dB", t, match.comparison.grade.rawValue, match.comparison.score, match.psnr)
                .replacingOccurrences(of: "%@", with: ""))
            if let dump, let area = match.captionArea {
                try FileManager.default.createDirectory(atPath: dump, withIntermediateDirectories: true)
                try PNGFile.write(sideBySide([a, b, ImageComparison.heatMap(actual: a, expected: b)], area: area), to: "\(dump)/\(preset)-\(t).png")
            }
        }
        print("[CaptionASS measurement] \(preset) 540x960:\n  " + report.joined(separator: "\n  "))
    }
}

/// How the compiler prints a position on libass's 1/64 px grid: exactly (seven decimals carry any
/// multiple of 1/128), trailing zeros dropped.
func format(_ v: Double) -> String {
    guard v != v.rounded() else { return String(Int(v)) }
    var text = String(format: "%.7f", v)
    while text.hasSuffix("0") { text.removeLast() }
    return text
}

/// The same crop of each image over mid grey, left to right, doubled in size.
func sideBySide(_ images: [RGBAImage], area: PixelRect) -> RGBAImage {
    let pad = 8
    let x0 = max(0, area.x - pad), y0 = max(0, area.y - pad)
    let w = min(images[0].width, area.maxX + pad) - x0, h = min(images[0].height, area.maxY + pad) - y0
    let (W, H) = (w * images.count * 2, h * 2)
    var pixels = [UInt8](repeating: 0, count: W * H * 4)
    for (n, image) in images.enumerated() {
        for y in 0..<h { for x in 0..<w {
            let c = image[x0 + x, y0 + y], a = Int(c.alpha)
            let rgb = [c.red, c.green, c.blue].map { UInt8((Int($0) * a + 128 * (255 - a)) / 255) }
            for dy in 0..<2 { for dx in 0..<2 {
                let i = ((y * 2 + dy) * W + (n * w + x) * 2 + dx) * 4
                pixels[i] = rgb[0]; pixels[i + 1] = rgb[1]; pixels[i + 2] = rgb[2]; pixels[i + 3] = 255
            } }
        } }
    }
    return RGBAImage(width: W, height: H, pixels: pixels)
}

