// swift-tools-version: 6.0
// The libFuzzer binary for CaptionKit's readers: its own package so that the main build never sees
// it (it has no `main`; libFuzzer supplies one). Built by `make fuzz` with
//   swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
// and run as `CAPTIONKIT_FUZZ_TARGET=srt .build/release/captions-fuzz CORPUS...` (see README.md).
import Foundation
import PackageDescription

// A local package's identity is its folder's name, whatever the clone is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "CaptionKitFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "CFuzzerMain"),
        .executableTarget(name: "captions-fuzz", dependencies: ["CFuzzerMain", .product(name: "CaptionFuzzing", package: root)]),
    ],
    swiftLanguageModes: [.v6]
)
