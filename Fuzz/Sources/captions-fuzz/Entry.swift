import CaptionFuzzing
import Foundation

/// The target this process fuzzes, named by `CAPTIONKIT_FUZZ_TARGET` (libFuzzer owns the command line).
/// `list` prints every target (name, dictionary, seed globs, summary, malloc limit; tab-separated, `-` for
/// none) for `Fuzz/run.sh`, and exits.
let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["CAPTIONKIT_FUZZ_TARGET"] ?? ""
    if name == "list" {
        for t in FuzzTargets.all {
            print([t.name, t.dictionary ?? "-", (t.seeds.isEmpty ? "-" : t.seeds.joined(separator: " ")), t.summary,
                   t.mallocLimitMB.map(String.init) ?? "-"].joined(separator: "\t"))
        }
        exit(0)
    }
    guard let target = FuzzTargets.named(name) else {
        let names = FuzzTargets.all.map(\.name).joined(separator: ", ")
        FileHandle.standardError.write(Data("captions-fuzz: set CAPTIONKIT_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(64)
    }
    return target
}()

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    _ = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    target.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
