// Parse benchmark: reads one caption file with CaptionKit, once, in a fresh process (as `captions
// convert` does), and prints the time and peak memory beyond the process's base as one JSON line, for
// Benchmarks/parse-bench.sh to set beside pysubs2 and srt.
// Usage: parse-bench FILE                      parse only
//        parse-bench FILE --convert FMT OUT    parse, write FMT, and save OUT: convert end to end, as
//                                              `captions convert FILE -o OUT` runs it (the same library calls)
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
guard arguments.count == 2 || (arguments.count == 5 && arguments[2] == "--convert") else {
    FileHandle.standardError.write(Data("usage: parse-bench FILE [--convert FORMAT OUT]\n".utf8))
    exit(64)
}
let path = arguments[1]

// The base is taken before the file is read.
let baseKiB = statusKiB("VmRSS")
let start = DispatchTime.now().uptimeNanoseconds
let result = try CaptionFileReader.read(path: path)
let parsed = DispatchTime.now().uptimeNanoseconds
var tool = "captionkit"
if arguments.count == 5 {
    let format = try FormatRegistry.outputFormat(named: arguments[3])
    try OutputFile.write(result.document, as: format, options: WriteOptions(), to: arguments[4], protecting: [path])
    tool = "captionkit-" + format.name
}
let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
let parseSeconds = Double(parsed - start) / 1e9
let peakKiB = statusKiB("VmHWM")
print("{\"tool\":\"\(tool)\",\"cues\":\(result.document.eventCount),\"seconds\":\(seconds),\"parse_seconds\":\(parseSeconds),\"peak_kib\":\(peakKiB - baseKiB)}")
