// swift-tools-version: 6.0
import Foundation
import PackageDescription

// The compute-heavy library modules (Layout, Render, Video, Timing) are optimised in debug builds too:
// rasterizing, blurring, PGS encoding and signal processing run 5-10 times faster than at -Onone, and
// the test suite with them (measured in docs/performance.md), for about 36 s more of a clean build.
// So are two small ones the tests spend their time in: Verify (SHA-256 of fonts and frames, image
// comparison) and TestSupport (the tests' own frame comparisons and synthetic audio).
// `CAPTIONKIT_ONONE=1 swift build` builds them unoptimised, to step through them in a debugger.
let optimized: [SwiftSetting] = ProcessInfo.processInfo.environment["CAPTIONKIT_ONONE"] == nil
    ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []

// One system-library target per C library; each has a shim header whose `static inline` helpers
// (prefixed by module) stand in for the macros Swift cannot import.
let systemLibraries: [Target] = [
    .systemLibrary(name: "CLibass", pkgConfig: "libass", providers: [.apt(["libass-dev"])]),
    .systemLibrary(name: "CFFmpeg", pkgConfig: "libavformat",
                   providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev", "libswresample-dev"])]),
    .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
    .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    // Speech synthesis: the reference speech `align --audio` warps the recording onto, with its word events.
    .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
    // Text recognition: bitmap subtitles (PGS, VobSub, DVB) read as text.
    .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev"])]),
    // Spelling: which OCR fixes to make, and `check --spelling`.
    .systemLibrary(name: "CHunspell", pkgConfig: "hunspell", providers: [.apt(["libhunspell-dev"])]),
]

let package = Package(
    name: "CaptionKit",
    products: [
        .library(name: "CaptionKit", targets: ["CaptionModel", "CaptionFormats", "CaptionStyles", "CaptionLayout", "CaptionRender", "CaptionASS", "CaptionLibass", "CaptionVerify", "CaptionVideo", "CaptionEdit", "CaptionTiming", "CaptionPipeline"]),
        .executable(name: "captions", targets: ["captions"]),
        // The fuzz targets' bodies, for the libFuzzer package in Fuzz/ (not part of CaptionKit).
        .library(name: "CaptionFuzzing", targets: ["CaptionFuzzing"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The studio's HTTP server: small, async/await, no dependencies (a clean debug build adds ~25 s;
        // Hummingbird 2 measured 149 s here).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: systemLibraries + [
        // `Double.rounded` calls libm, which nothing else links when Foundation is not imported.
        .target(name: "CaptionModel", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "CaptionFormats", dependencies: ["CaptionModel"]),
        .target(name: "CaptionStyles", dependencies: ["CaptionModel"]),
        // Hunspell dictionaries: whether a word is spelled as a language spells it.
        .target(name: "CaptionSpelling", dependencies: ["CHunspell"]),
        // Operations on a document: retime, quality checks and fixes, aligning corrected text onto word timings.
        .target(name: "CaptionEdit", dependencies: ["CaptionModel", "CaptionFormats", "CaptionStyles", "CaptionSpelling"]),
        // Timing from the sound and the picture: voice activity and sync, shot changes, word timings from audio.
        // Algorithms over samples and frames that CaptionVideo decodes (and speech espeak-ng synthesizes).
        .target(name: "CaptionTiming", dependencies: ["CaptionModel", "CEspeakNG"],
                swiftSettings: optimized),
        // The fuzz targets' bodies: the libFuzzer binary in Fuzz/ and the regression test run the same code.
        .target(name: "CaptionFuzzing", dependencies: ["CaptionModel", "CaptionFormats", "CaptionStyles", "CaptionEdit", "CaptionRender", "CaptionVideo"]),
        // Seeded randomness for tests and benchmarks only (not in the CaptionKit product).
        .target(name: "CaptionTestSupport", dependencies: ["CaptionModel", "CaptionTiming"], swiftSettings: optimized),
        .target(name: "CaptionLayout", dependencies: ["CaptionModel", "CaptionStyles", "CFreeType", "CHarfBuzz", "CFriBidi", "CFontconfig"],
                swiftSettings: optimized),
        .target(name: "CaptionRender", dependencies: ["CaptionModel", "CaptionStyles", "CaptionLayout", "CFreeType", "CPNG"],
                swiftSettings: optimized),
        .target(name: "CaptionASS", dependencies: ["CaptionFormats", "CaptionModel", "CaptionStyles", "CaptionLayout", "CaptionRender"]),
        // libass itself, set up to draw the same pixels on any machine: `burn --engine libass` draws with it,
        // and `verify` and the golden suites compare the native renderer against it.
        .target(name: "CaptionLibass", dependencies: ["CaptionModel", "CaptionStyles", "CaptionLayout", "CaptionRender", "CaptionASS", "CLibass"]),
        .target(name: "CaptionVerify", dependencies: ["CaptionModel", "CaptionFormats", "CaptionStyles", "CaptionLayout", "CaptionRender", "CaptionASS", "CaptionLibass", "CFreeType"],
                swiftSettings: optimized),
        .target(name: "CaptionVideo", dependencies: ["CaptionModel", "CaptionFormats", "CaptionStyles", "CaptionLayout", "CaptionRender", "CFFmpeg", "CTesseract", "CaptionSpelling"],
                swiftSettings: optimized),
        // Captions in, pictures out: the one place paging and styling are decided (`CaptionInput`), what
        // draws them (`CaptionLook`: native or libass layers), compiled ASS, PGS tracks, shot changes.
        // Every command and the studio go through it.
        .target(name: "CaptionPipeline", dependencies: [
            "CaptionModel", "CaptionFormats", "CaptionStyles", "CaptionLayout", "CaptionRender", "CaptionASS", "CaptionLibass", "CaptionVideo", "CaptionTiming",
        ]),
        // The local preview server and its page (plain HTML, CSS and JavaScript, served from Page/).
        .target(name: "CaptionStudio", dependencies: [
            "CaptionModel", "CaptionFormats", "CaptionStyles", "CaptionLayout", "CaptionRender", "CaptionASS", "CaptionVideo", "CaptionEdit", "CaptionPipeline",
            .product(name: "FlyingFox", package: "FlyingFox"),
        ], resources: [.copy("Page")]),
        // `captions --version`: the VERSION file and the git commit, written before each build.
        .plugin(name: "BuildVersion", capability: .buildTool()),
        .executableTarget(name: "captions", dependencies: [
            "CaptionModel", "CaptionFormats", "CaptionStyles", "CaptionLayout", "CaptionRender", "CaptionASS", "CaptionLibass", "CaptionVerify", "CaptionVideo", "CaptionEdit", "CaptionSpelling", "CaptionStudio", "CaptionTiming", "CaptionPipeline",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], plugins: ["BuildVersion"]),
        // The library guide's example (docs/library.md): its own package's main.swift, compiled here too so that
        // `make test` runs it for ~2.5 s of build; that package's own clean build compiles CaptionKit again
        // (~60 CPU-s): `make test` builds that once (`make example-test`) and checks it writes what this build writes.
        .executableTarget(name: "library-example", dependencies: ["CaptionModel", "CaptionFormats", "CaptionStyles", "CaptionRender", "CaptionASS"],
                          path: "Examples/WordsToKaraoke/Sources/WordsToKaraoke"),
        .executableTarget(name: "parse-bench", dependencies: ["CaptionModel", "CaptionFormats"],
                          path: "Benchmarks/parse-bench"),
        .executableTarget(name: "render-bench", dependencies: ["CaptionTestSupport", "CaptionModel", "CaptionStyles", "CaptionLayout", "CaptionRender", "CaptionASS", "CLibass", "CaptionLibass"],
                          path: "Benchmarks/render-bench"),
        .executableTarget(name: "sync-bench", dependencies: ["CaptionTestSupport"], path: "Benchmarks/sync-bench"),
        .executableTarget(name: "studio-bench", dependencies: ["CaptionTestSupport"], path: "Benchmarks/studio-bench"),
        .executableTarget(name: "align-bench", dependencies: ["CaptionTestSupport", "CaptionTiming", "CaptionStyles", "CaptionVideo", "CaptionModel"],
                          path: "Benchmarks/align-bench"),
        .executableTarget(name: "burn-bench", dependencies: ["CaptionTestSupport", "CaptionModel", "CaptionStyles", "CaptionLayout", "CaptionASS"],
                          path: "Benchmarks/burn-bench"),
        .testTarget(name: "CaptionModelTests", dependencies: ["CaptionModel"]),
        .testTarget(name: "CaptionFuzzingTests", dependencies: ["CaptionFuzzing", "CaptionVideo"]),
        .testTarget(name: "CaptionFormatsTests", dependencies: ["CaptionModel", "CaptionFormats", "CaptionTestSupport"]),
        .testTarget(name: "CaptionEditTests", dependencies: ["CaptionModel", "CaptionStyles", "CaptionEdit", "CaptionFormats", "CaptionTestSupport", "CaptionSpelling"]),
        .testTarget(name: "CaptionStylesTests", dependencies: ["CaptionModel", "CaptionStyles", "CaptionTestSupport"]),
        .testTarget(name: "CaptionLayoutTests", dependencies: ["CaptionModel", "CaptionStyles", "CaptionLayout", "CFreeType"]),
        .testTarget(name: "CaptionRenderTests", dependencies: ["CaptionModel", "CaptionFormats", "CaptionStyles", "CaptionLayout", "CaptionRender", "CaptionTestSupport", "CFreeType"]),
        .testTarget(name: "CaptionVerifyTests", dependencies: ["CaptionTestSupport", "CaptionVerify", "CaptionLibass", "CaptionASS", "CaptionRender", "CaptionLayout", "CaptionStyles", "CaptionFormats", "CaptionModel"]),
        .testTarget(name: "CaptionLibassTests", dependencies: ["CaptionLibass", "CaptionRender", "CaptionModel"]),
        .testTarget(name: "CaptionASSTests", dependencies: ["CaptionASS", "CaptionLibass", "CaptionVerify", "CaptionRender", "CaptionLayout", "CaptionStyles", "CaptionFormats", "CaptionModel", "CaptionTestSupport"]),
        .testTarget(name: "CaptionTimingTests", dependencies: ["CaptionTiming", "CaptionVideo", "CaptionEdit", "CaptionModel", "CaptionFormats", "CaptionTestSupport"]),
        .testTarget(name: "CaptionVideoTests", dependencies: ["CaptionVideo", "CaptionRender", "CaptionStyles", "CaptionLayout", "CaptionModel", "CaptionFormats", "CaptionTestSupport", "CaptionSpelling"]),
        .testTarget(name: "CaptionsCLITests", dependencies: ["captions", "library-example", "CaptionModel", "CaptionFormats", "CaptionRender", "CaptionVideo", "CaptionTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "CaptionStudioTests", dependencies: ["captions", "CaptionStudio", "CaptionTestSupport", "CaptionModel", "CaptionRender", "CaptionStyles", "CaptionVideo"]),
        .testTarget(name: "SystemLibraryTests",
                    dependencies: ["CLibass", "CFFmpeg", "CFreeType", "CHarfBuzz", "CFriBidi", "CFontconfig", "CPNG", "CEspeakNG", "CTesseract", "CHunspell"]),
    ],
    swiftLanguageModes: [.v6]
)
