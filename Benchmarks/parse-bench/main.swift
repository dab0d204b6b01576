// Parse benchmark: reads one caption file with CaptionKit, once, in a fresh process (as `captions
// convert` does), and prints the parse time and peak memory beyond the process's base as one JSON line,
// for Benchmarks/parse-bench.sh to set beside pysubs2 and srt.
// Usage: parse-bench FILE
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
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: parse-bench FILE\n".utf8))
    exit(64)
}
let path = arguments[1]

// The base is taken before the file is read.
let baseKiB = statusKiB("VmRSS")
let start = DispatchTime.now().uptimeNanoseconds
let result = try CaptionFileReader.read(path: path)
let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
let peakKiB = statusKiB("VmHWM")
print("{\"tool\":\"captionkit\",\"cues\":\(result.document.events.count),\"seconds\":\(seconds),\"peak_kib\":\(peakKiB - baseKiB)}")
