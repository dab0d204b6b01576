// Render benchmark: a 60-second word-timed caption track at 30 fps, 1080x1920, per preset, drawn by
// CaptionKit's native renderer and by libass (C API, the ASS CaptionASS compiles, no video) in the same run.
// Per frame: the buffer is cleared (not timed), then the frame is rendered (timed). Native times include
// blending into the RGBA frame; libass is timed for `ass_render_frame` alone and with blending its
// image list into an RGBA frame with the same 8-bit straight-alpha "over". Cold = the first pass with
// empty caches; warm = best of RUNS passes after it. Ratios matter, not absolute times (shared machine).
// Usage: render-bench [--preset NAME]... [--seconds N] [--runs N] [--dump DIR]
import CaptionASS
import CaptionLayout
import CaptionLibass
import CaptionModel
import CaptionRender
import CaptionStyles
import Foundation

let fontFolder = "/usr/share/fonts/truetype/dejavu"
let fontFile = fontFolder + "/DejaVuSans-Bold.ttf"
let (width, height, fps) = (1080, 1920, 30)

func fail(_ message: String, code: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("render-bench: \(message)\n".utf8))
    exit(code)
}

// MARK: Options

var presets: [String] = []
var seconds = 60, runs = 2
var dumpFolder: String?
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    guard let value = arguments.popFirst() else { fail("\(flag) needs a value", code: 64) }
    switch flag {
    case "--preset": presets.append(value)
    case "--seconds": seconds = Int(value) ?? 0
    case "--runs": runs = Int(value) ?? 0
    case "--dump": dumpFolder = value
    default: fail("unknown option \(flag) (usage: render-bench [--preset NAME]... [--seconds N] [--runs N] [--dump DIR])", code: 64)
    }
}
if presets.isEmpty { presets = ["highlight-by-word", "background-by-word", "word-and-scale"] }
guard seconds > 0, runs > 0 else { fail("--seconds and --runs must be positive", code: 64) }
guard FileManager.default.fileExists(atPath: fontFile) else { fail("missing \(fontFile) (apt-get install fonts-dejavu-core)", code: 66) }
if let dumpFolder { try? FileManager.default.createDirectory(atPath: dumpFolder, withIntermediateDirectories: true) }

let words = WordScript.words(seconds: seconds)
let frameTimes = (0..<(seconds * fps)).map { $0 * 1000 / fps }
let library: StyleLibrary
do { library = try StyleLibrary.locate() } catch { fail("\(error)", code: 66) }
print("libass \(LibassRenderer.version), \(words.count) words over \(seconds) s (\(words.count * 60 / seconds) per minute), \(frameTimes.count) frames at \(fps) fps, \(width)x\(height)")

// MARK: Passes

func clear(_ image: inout RGBAImage) {
    image.withUnsafeMutablePixels { $0.update(repeating: 0) }
}

/// One native pass over every frame: total render seconds.
func nativePass(_ renderer: CaptionFrameRenderer, _ pages: [CaptionEvent], _ image: inout RGBAImage) throws -> Double {
    var total = 0.0
    for t in frameTimes {
        clear(&image)
        let start = Measure.now()
        try renderer.render(pages, at: t, onto: &image)
        total += Measure.now() - start
    }
    return total
}

/// One libass pass: seconds in `ass_render_frame`, seconds rendering plus blending, and the frames that
/// show a caption but for which libass returned no image.
func libassPass(_ ass: LibassRenderer, captioned: [Bool], _ image: inout RGBAImage) -> (render: Double, total: Double, empty: Int) {
    var render = 0.0, total = 0.0, empty = 0
    for (t, hasCaption) in zip(frameTimes, captioned) {
        clear(&image)
        let start = Measure.now()
        let count = ass.renderFrame(at: t)
        let rendered = Measure.now()
        ass.blendFrame(onto: &image)
        let end = Measure.now()
        render += rendered - start
        total += end - start
        if hasCaption && count == 0 { empty += 1 }
    }
    return (render, total, empty)
}

struct Row {
    var preset: String
    var nativeCold = 0.0, nativeWarm = 0.0
    var libassCold = 0.0, libassRender = 0.0, libassTotal = 0.0
    var nativePeak = 0.0, libassPeak = 0.0
}

// MARK: Presets

var rows: [Row] = []
for name in presets {
    var style: CaptionStyle
    do { style = try library.style(preset: name, styleFile: nil) } catch { fail("\(error)", code: 65) }
    // The same font file libass gets, not whatever fontconfig picks.
    style.fontFile = fontFile
    let pages = CaptionPager.page(words, options: style.paging)
    let captioned = frameTimes.map { t in pages.contains { $0.start <= t && t < $0.end } }
    // The same with page times rounded to ASS centiseconds: the frames on which libass must draw.
    let cs = { (ms: Int) in (ms + 5) / 10 * 10 }
    let captionedInASS = frameTimes.map { t in pages.contains { cs($0.start) <= t && t < cs($0.end) } }
    var row = Row(preset: name)
    var image = RGBAImage(width: width, height: height)
    // A time inside the second word of a page a third of the way in, for the sanity checks and dumps.
    let samplePage = pages[pages.count / 3]
    let sampleWord = samplePage.words[min(1, samplePage.words.count - 1)]
    let sampleTime = (sampleWord.start + sampleWord.end) / 2

    // Native: a fresh renderer with its own glyph cache, so the first pass is cold.
    Measure.resetPeakRSS()
    let native = CaptionFrameRenderer(style: style, width: width, height: height,
                                      rasterizer: GlyphRasterizer(cache: GlyphCache(byteLimit: 64 << 20)))
    do {
        row.nativeCold = try nativePass(native, pages, &image)
        row.nativeWarm = try (0..<runs).map { _ in try nativePass(native, pages, &image) }.min()!
        clear(&image)
        try native.render(pages, at: sampleTime, onto: &image)
    } catch { fail("native renderer: \(error)") }
    row.nativePeak = Measure.peakRSSMiB
    let nativeInk = image.opaqueBounds
    guard nativeInk != nil else { fail("\(name): the native renderer drew nothing at \(sampleTime) ms") }
    if let dumpFolder { try? PNGFile.write(image, to: "\(dumpFolder)/\(name)-native-\(sampleTime).png") }

    // libass: the ASS CaptionASS compiles for these pages.
    Measure.resetPeakRSS()
    let script: String
    let ass: LibassRenderer
    do {
        script = try ASSCompiler(style: style, width: width, height: height).script(for: pages)
        ass = try LibassRenderer(fontFiles: [fontFile, fontFolder + "/DejaVuSans.ttf"], defaultFamily: "DejaVu Sans",
                                 defaultFont: fontFile, width: width, height: height)
        try ass.load(assText: script)
    } catch { fail("libass setup: \(error)") }
    if let dumpFolder { try? script.write(toFile: "\(dumpFolder)/\(name).ass", atomically: true, encoding: .utf8) }
    let cold = libassPass(ass, captioned: captionedInASS, &image)
    let warm = (0..<runs).map { _ in libassPass(ass, captioned: captionedInASS, &image) }.min { $0.total < $1.total }!
    row.libassPeak = Measure.peakRSSMiB
    (row.libassCold, row.libassRender, row.libassTotal) = (cold.total, warm.render, warm.total)
    // libass silently draws nothing without a usable font: every frame with a caption must have images.
    if cold.empty > 0 || warm.empty > 0 {
        fail("\(name): libass drew nothing on \(max(cold.empty, warm.empty)) of \(captionedInASS.filter { $0 }.count) frames with captions (font not usable?)")
    }
    clear(&image)
    let sampleImages = ass.render(at: sampleTime, onto: &image)
    if let dumpFolder { try? PNGFile.write(image, to: "\(dumpFolder)/\(name)-libass-\(sampleTime).png") }
    print("\(name): \(pages.count) pages, \(ass.eventCount) ASS events, \(captioned.filter { $0 }.count) frames with captions; "
          + "at \(sampleTime) ms ink native \(nativeInk!) libass \(image.opaqueBounds.map { "\($0)" } ?? "none") "
          + "(\(sampleImages) images)")
    rows.append(row)
}

// MARK: Table

let frames = Double(frameTimes.count)
func ms(_ seconds: Double) -> String { String(format: "%.3f", seconds * 1000 / frames) }
/// Columns: the first left-aligned, the rest right-aligned, each `widths[i]` wide.
func line(_ cells: [String]) -> String {
    let widths = [19, 6, 12, 12, 12, 14, 14, 8, 15]
    return zip(cells, widths).enumerated().map { i, cell in
        let pad = String(repeating: " ", count: max(0, cell.1 - cell.0.count))
        return i == 0 ? cell.0 + pad : pad + cell.0
    }.joined(separator: " ")
}
print("")
print(line(["preset", "frames", "native cold", "native warm", "libass cold", "libass render", "libass +blend", "ratio", "peak RSS MiB"]))
print(line(["", "", "ms/frame", "ms/frame", "ms/frame", "ms/frame", "ms/frame", "nat/lib", "native/libass"]))
for r in rows {
    print(line([r.preset, "\(frameTimes.count)", ms(r.nativeCold), ms(r.nativeWarm), ms(r.libassCold), ms(r.libassRender),
                ms(r.libassTotal), String(format: "%.2f", r.nativeWarm / r.libassTotal),
                String(format: "%.0f / %.0f", r.nativePeak, r.libassPeak)]))
}
print("ratio = native warm / libass render+blend warm (target <= 1: no slower than libass); warm = best of \(runs) passes after a cold one; libass cold is render+blend.")
