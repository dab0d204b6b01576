// Parse benchmark: reads one caption file with CaptionKit and prints cues/s and peak memory beyond the
// process's base, one JSON line, for Benchmarks/parse-bench.sh to set beside pysubs2 and srt.
// Usage: parse-bench FILE [RUNS]
import CaptionFormats
import Foundation

func statusKiB(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    return 0
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: parse-bench FILE [RUNS]\n".utf8))
    exit(64)
}
let path = arguments[1]
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5

// The first run measures memory: the base is taken before the file is read.
let baseKiB = statusKiB("VmRSS")
var start = DispatchTime.now().uptimeNanoseconds
var result = try CaptionFileReader.read(path: path)
var best = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
let peakKiB = statusKiB("VmHWM")
let cues = result.document.events.count
for _ in 1..<max(runs, 1) {
    result = ParseResult(document: .init())
    start = DispatchTime.now().uptimeNanoseconds
    result = try CaptionFileReader.read(path: path)
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
print("{\"tool\":\"captionkit\",\"cues\":\(cues),\"seconds\":\(best),\"peak_kib\":\(peakKiB - baseKiB)}")
