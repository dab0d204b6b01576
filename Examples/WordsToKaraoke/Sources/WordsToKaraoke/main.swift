// Word timings from a speech-to-text tool -> karaoke caption pages in a preset -> one frame as a PNG
// and the whole as an ASS script, with CaptionKit's library API (docs/library.md walks through it).
//
//   WordsToKaraoke [WORDS] [PRESET] [OUTPUT-FOLDER]
//   defaults: Corpus/word-timed/whisperx.json, highlight-by-word, the current folder
import CaptionASS
import CaptionFormats
import CaptionModel
import CaptionRender
import CaptionStyles
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let input = arguments.count > 0 ? arguments[0] : "Corpus/word-timed/whisperx.json"
let presetName = arguments.count > 1 ? arguments[1] : "highlight-by-word"
let folder = URL(fileURLWithPath: arguments.count > 2 ? arguments[2] : ".")
let (width, height) = (1080, 1920)  // the presets' reference frame: a portrait video
let frameTime: Milliseconds = 1_600
func warn(_ line: String) { FileHandle.standardError.write(Data("WordsToKaraoke: \(line)\n".utf8)) }

do {
    // Read: the format is detected from the content; what the reader skipped or repaired are warnings.
    var read = try CaptionFileReader.read(path: input)
    for diagnostic in read.diagnostics { warn("warning: \(input): \(diagnostic)") }
    // Style: a preset from the Styles/ folder ($CAPTIONKIT_STYLES, or a Styles/ above this program).
    let preset = try StyleLibrary.locate().preset(named: presetName)
    // Page: a speech-to-text tool's words grouped into caption pages by the preset's paging rules.
    if read.wordTimedSource != nil { read.document = CaptionPager.page(read.document, options: preset.paging) }
    let (pages, style) = StyledPages.prepare(read.document.events, style: preset)
    // Render: the pages showing at 1.6 s, laid out and drawn over a transparent frame.
    let renderer = CaptionFrameRenderer(style: style, width: width, height: height)
    var frame = RGBAImage(width: width, height: height)
    try renderer.render(pages, at: frameTime, onto: &frame)
    try PNGFile.write(frame, to: folder.appendingPathComponent("frame.png").path)
    for warning in renderer.warnings { warn("warning: \(warning)") }
    // ASS: the same pages compiled into events that libass draws as the renderer does.
    let script = try ASSCompiler(style: style, width: width, height: height).script(for: pages)
    try OutputFile.write(Data(script.utf8), to: folder.appendingPathComponent("captions.ass").path)
    print("\(pages.count) pages in \(style.name); wrote frame.png and captions.ass in \(folder.path)")
} catch {
    // Every error CaptionKit throws carries the exit code `captions` uses (64, 65, 66, 73).
    warn("\(error)")
    exit((error as? any CaptionKitError)?.exitCode ?? 1)
}
