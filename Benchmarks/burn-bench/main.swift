// Burn benchmark: the same generated 1080x1920 30 fps clip with the same word-timed captions, burned by
// `captions burn` and by `ffmpeg -vf subtitles=` on the ASS CaptionASS compiles for the same pages, with
// identical libx264 settings (preset, crf, threads left to each), in one run, at each encoder preset.
// Prints wall time, fps, CPU time (user + system, all threads) and peak RSS of both (each child
// measured on its own with wait4), the ratios,
// the caption cost `captions burn --stats` measures inside the tool (render + blend, ms per frame, and
// apart from it the copy of frames the decoder still holds), and
// the peak RSS of a long input against the short one (memory flat in video length).
// Usage: burn-bench --captions PATH [--seconds 20] [--long-seconds 600 (0: skip)] [--preset NAME]
//        [--encoder-presets ultrafast,veryfast] [--crf 23] [--runs 3] [--work DIR]
// With --runs N, ffmpeg with subtitles and captions burn run N times each, alternating, and the median
// wall time (and the largest peak) is reported: one run on a shared machine is too noisy for a ratio.
import CaptionASS
import CaptionLayout
import CaptionModel
import CaptionStyles
import Foundation

func fail(_ message: String, code: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("burn-bench: \(message)\n".utf8))
    exit(code)
}

// MARK: Options

var captionsTool = ""
var seconds = 20, longSeconds = 600, crf = 23, runs = 3
var preset = "highlight-by-word"
var encoderPresets = ["ultrafast", "veryfast"]
var work = "out/burn-bench"
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    guard let value = arguments.popFirst() else { fail("\(flag) needs a value", code: 64) }
    switch flag {
    case "--captions": captionsTool = value
    case "--seconds": seconds = Int(value) ?? 0
    case "--long-seconds": longSeconds = Int(value) ?? -1
    case "--preset": preset = value
    case "--encoder-presets": encoderPresets = value.split(separator: ",").map(String.init)
    case "--crf": crf = Int(value) ?? -1
    case "--runs": runs = Int(value) ?? 0
    case "--work": work = value
    default: fail("unknown option \(flag)", code: 64)
    }
}
guard !captionsTool.isEmpty, seconds > 0, longSeconds >= 0, crf >= 0, runs > 0 else {
    fail("usage: burn-bench --captions PATH [--seconds N] [--long-seconds N] [--preset P] [--encoder-presets a,b] [--crf N] [--work DIR]", code: 64)
}
try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)

// MARK: Inputs

/// Runs a command; returns wall seconds, CPU seconds (user + system, all its threads), peak RSS (MiB)
/// of that child alone, and its exit status.
@MainActor func measure(_ command: [String], stdout: String = "/dev/null") -> (wall: Double, cpu: Double, rssMiB: Double, status: Int32) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, work + "/stderr.log", O_WRONLY | O_CREAT | O_APPEND, 0o644)
    var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = Date()
    guard posix_spawnp(&pid, command[0], &actions, nil, &argv, environ) == 0 else { fail("cannot run \(command[0])") }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return (Date().timeIntervalSince(start), seconds(usage.ru_utime) + seconds(usage.ru_stime), Double(usage.ru_maxrss) / 1024, exitStatus)
}

@MainActor func run(_ command: [String]) {
    let r = measure(command)
    if r.status != 0 { fail("failed (\(r.status)): \(command.joined(separator: " ")); see \(work)/stderr.log") }
}

let library: StyleLibrary
do { library = try StyleLibrary.locate() } catch { fail("\(error)", code: 66) }
let style: CaptionStyle
do { style = try library.style(preset: preset, styleFile: nil) } catch { fail("\(error)", code: 64) }

/// A deterministic talk: words from a short list, 2.5 per second, a pause after every sentence.
func words(seconds: Int) -> [Word] {
    let vocabulary = ["so", "today", "we", "are", "burning", "captions", "into", "a", "vertical", "video", "and", "every",
                      "word", "lights", "up", "as", "it", "is", "spoken", "right", "on", "time", "because", "timing", "matters"]
    var result: [Word] = []
    var t = 200, i = 0
    while t + 400 < seconds * 1000 {
        var text = vocabulary[i % vocabulary.count]
        let length = 260 + 25 * text.count
        if i % 9 == 8 { text += "." }
        result.append(Word(text: text, start: t, end: t + length))
        t += length + (i % 9 == 8 ? 500 : 40)
        i += 1
    }
    return result
}

/// The same pages `captions burn` makes from the JSON (paged with the preset's defaults), written
/// as WhisperX JSON for it, and compiled to ASS for ffmpeg.
@MainActor func captionFiles(seconds: Int) -> (json: String, ass: String) {
    let pages = CaptionPager.page(words(seconds: seconds), options: style.paging)
    let json = "\(work)/words-\(seconds)s.json", ass = "\(work)/words-\(seconds)s-\(preset).ass"
    var segments: [String] = []
    for page in pages {
        let items = page.words.map { #"{"word": "\#($0.text)", "start": \#(Double($0.start) / 1000), "end": \#(Double($0.end) / 1000)}"# }
        segments.append(#"{"start": \#(Double(page.start) / 1000), "end": \#(Double(page.end) / 1000), "text": "\#(page.words.map(\.text).joined(separator: " "))", "words": [\#(items.joined(separator: ", "))]}"#)
    }
    do {
        try #"{"segments": [\#(segments.joined(separator: ",\n"))]}"#.write(toFile: json, atomically: true, encoding: .utf8)
        try ASSCompiler(style: style, width: 1080, height: 1920).script(for: pages).write(toFile: ass, atomically: true, encoding: .utf8)
    } catch { fail("cannot write the captions: \(error)") }
    return (json, ass)
}

let clip = "\(work)/clip-\(seconds)s.mp4"
if !FileManager.default.fileExists(atPath: clip) {
    print("generating \(clip) (1080x1920, 30 fps, \(seconds) s, AAC tone)...")
    run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1080x1920:rate=30", "-f", "lavfi", "-i", "sine=frequency=440",
         "-t", String(seconds), "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p", "-c:a", "aac", clip])
}
let short = captionFiles(seconds: seconds)
let frames = Double(seconds * 30)

// MARK: Runs

@MainActor func ours(_ input: String, _ captionsFile: String, encoderPreset: String, output: String) -> (wall: Double, cpu: Double, rssMiB: Double, captionMs: Double, copyMs: Double) {
    let statsFile = "\(work)/stats.txt"
    let r = measure([captionsTool, "burn", input, captionsFile, "-o", output, "--preset", preset, "--crf", String(crf),
                     "--encoder-preset", encoderPreset, "--stats", "--quiet"], stdout: statsFile)
    if r.status != 0 { fail("captions burn failed (\(r.status)); see \(work)/stderr.log") }
    let stats = (try? String(contentsOfFile: statsFile, encoding: .utf8)) ?? ""
    // "...: 0.123 ms/frame render+blend, 0.045 ms/frame copying frames the decoder holds, ..."
    func figure(before label: String) -> Double {
        stats.range(of: " ms/frame " + label).flatMap { Double(stats[..<$0.lowerBound].split(separator: " ").last ?? "") } ?? .nan
    }
    return (r.wall, r.cpu, r.rssMiB, figure(before: "render+blend"), figure(before: "copying"))
}

@MainActor func theirs(_ input: String, ass: String?, encoderPreset: String, output: String) -> (wall: Double, cpu: Double, rssMiB: Double) {
    var command = ["ffmpeg", "-v", "error", "-y", "-i", input]
    if let ass { command += ["-vf", "subtitles=\(ass)"] }
    command += ["-c:v", "libx264", "-preset", encoderPreset, "-crf", String(crf), "-c:a", "copy", output]
    let r = measure(command)
    if r.status != 0 { fail("ffmpeg failed (\(r.status)); see \(work)/stderr.log") }
    return (r.wall, r.cpu, r.rssMiB)
}

let cpus = ProcessInfo.processInfo.activeProcessorCount
print("burn-bench: \(seconds) s 1080x1920 30 fps (\(Int(frames)) frames), preset \(preset), libx264 crf \(crf), \(cpus) CPUs, \(words(seconds: seconds).count) words, median of \(runs) runs")
/// Left-aligned in a column (String(format:) cannot pad Swift strings).
func column(_ text: String, _ width: Int) -> String { text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0) }
print(column("x264", 10) + " " + column("tool", 22) + "   wall s      fps    CPU s  peak MiB  caption ms/f  frame copy ms/f")
var shortPeak = 0.0
for encoderPreset in encoderPresets {
    let plain = theirs(clip, ass: nil, encoderPreset: encoderPreset, output: "\(work)/plain-\(encoderPreset).mp4")
    var ffmpegRuns: [(wall: Double, cpu: Double, rssMiB: Double)] = [], nativeRuns: [(wall: Double, cpu: Double, rssMiB: Double, captionMs: Double, copyMs: Double)] = []
    for _ in 0..<runs {
        ffmpegRuns.append(theirs(clip, ass: short.ass, encoderPreset: encoderPreset, output: "\(work)/ffmpeg-\(encoderPreset).mp4"))
        nativeRuns.append(ours(clip, short.json, encoderPreset: encoderPreset, output: "\(work)/captions-\(encoderPreset).mp4"))
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    let ffmpeg = (wall: median(ffmpegRuns.map(\.wall)), cpu: median(ffmpegRuns.map(\.cpu)), rssMiB: ffmpegRuns.map(\.rssMiB).max()!)
    let native = (wall: median(nativeRuns.map(\.wall)), cpu: median(nativeRuns.map(\.cpu)), rssMiB: nativeRuns.map(\.rssMiB).max()!,
                  captionMs: median(nativeRuns.map(\.captionMs)), copyMs: median(nativeRuns.map(\.copyMs)))
    if encoderPreset == encoderPresets[0] { shortPeak = native.rssMiB }
    func row(_ tool: String, _ wall: Double, _ cpu: Double, _ rss: Double, _ cost: String) {
        print(column(encoderPreset, 10) + " " + column(tool, 22) + String(format: " %8.2f %8.1f %8.2f %9.1f ", wall, frames / wall, cpu, rss) + cost)
    }
    row("ffmpeg (no captions)", plain.wall, plain.cpu, plain.rssMiB, "-")
    row("ffmpeg -vf subtitles", ffmpeg.wall, ffmpeg.cpu, ffmpeg.rssMiB, "-")
    row("captions burn", native.wall, native.cpu, native.rssMiB, String(format: "%-13.3f %.3f", native.captionMs, native.copyMs))
    print(column(encoderPreset, 10) + String(format: " ratio captions/ffmpeg: wall %.2f (target <= 0.85), CPU %.2f, peak memory %.2f",
                                                native.wall / ffmpeg.wall, native.cpu / ffmpeg.cpu, native.rssMiB / ffmpeg.rssMiB))
    // When decoding and encoding keep every core busy, wall time cannot drop below CPU time / cores:
    // this is the best wall ratio the machine allows for the CPU work measured (the encoder's work is
    // fixed by the shared settings).
    print(column(encoderPreset, 10) + String(format: " best wall ratio %d CPUs allow for this CPU time: %.2f (ours %.2f CPU s / %d / ffmpeg %.2f s wall)",
                                                cpus, native.cpu / Double(cpus) / ffmpeg.wall, native.cpu, cpus, ffmpeg.wall))
}

if longSeconds > 0 {
    // The long input: the short clip repeated (stream copy, no re-encode), with a word track as long.
    let repeats = max(1, longSeconds / seconds)
    let list = "\(work)/concat.txt", long = "\(work)/clip-\(repeats * seconds)s.mp4"
    if !FileManager.default.fileExists(atPath: long) {
        try? String(repeating: "file '\(URL(fileURLWithPath: clip).lastPathComponent)'\n", count: repeats).write(toFile: list, atomically: true, encoding: .utf8)
        run(["ffmpeg", "-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", list, "-c", "copy", long])
    }
    let longCaptions = captionFiles(seconds: repeats * seconds)
    let encoderPreset = encoderPresets[0]
    let r = ours(long, longCaptions.json, encoderPreset: encoderPreset, output: "\(work)/captions-long.mp4")
    print(String(format: "memory: %d s input %.1f MiB peak against %d s %.1f MiB (ratio %.2f, target <= 1.10); %.1f fps, caption %.3f ms/frame (+ %.3f frame copy)",
                 repeats * seconds, r.rssMiB, seconds, shortPeak, r.rssMiB / shortPeak, Double(repeats * seconds * 30) / r.wall, r.captionMs, r.copyMs))
}
