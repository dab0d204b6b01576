// swift-tools-version: 6.0
// WordsToKaraoke: CaptionKit used as a library, as docs/library.md walks through it. This package
// depends on the checkout it sits in; your own package would name CaptionKit's git URL or your clone's
// folder instead of "../..".
import Foundation
import PackageDescription

// A path dependency's package identity is its folder's name: "CaptionKit" in a clone of that name.
let captionKit = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "WordsToKaraoke",
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(name: "WordsToKaraoke", dependencies: [.product(name: "CaptionKit", package: captionKit)]),
    ],
    swiftLanguageModes: [.v6]
)
