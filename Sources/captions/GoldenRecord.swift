import ArgumentParser
import CaptionFormats
import CaptionStyles
import CaptionVerify
import Foundation

/// `captions golden record`: renders the frames and writes them with their manifest.
struct GoldenRecord: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Render golden frames and their manifest into a folder.",
        discussion: """
        Writes DIR/<ms>.png (full frames, transparent background), DIR/style.json and DIR/manifest.json \
        (written last). Paths in the manifest are relative to DIR. Refuses to replace an existing \
        manifest (exit 73) unless --force. Exit status: 0 ok, 64 usage, 65 malformed input or style, \
        66 missing input, 73 cannot write.
        """
    )

    @Argument(help: "The captions to render (any format convert reads).")
    var input: String

    @OptionGroup var frameTimes: FrameTimeOptions

    @Option(help: "Frame size, WIDTHxHEIGHT.")
    var size = SizeArgument(width: 1080, height: 1920)

    @Option(help: "The folder for the frames and manifest.json.")
    var dir: String

    @Flag(help: "Replace frames and a manifest already recorded in DIR.")
    var force = false

    @OptionGroup var captions: StyledInputOptions

    func run() throws {
        try CommandFailure.exitOnError { try VerifyErrors.mapped { try record() } }
    }

    func record() throws {
        let source = try CaptionInput(path: input, format: captions.from)
        let style = try captions.styleOptions.resolve()
        let pages = source.pages(in: style, paging: captions.paging)
        guard !pages.isEmpty else { throw CaptionFormatError(.malformed, "\(input): no captions to record") }
        let times = frameTimes.times(for: pages)
        guard !times.isEmpty else { throw CaptionFormatError(.usage, "no times to record") }
        let snapshot = StyleSnapshot.json(of: style)
        let manifest = GoldenManifest(
            input: GoldenManifest.File(path: RelativePath.from(dir, to: input), sha256: try Hashing.file(input)),
            inputFormat: captions.from,
            paging: captions.paging.arguments,
            style: GoldenManifest.Style(
                name: style.name, preset: captions.styleOptions.preset,
                file: try captions.styleOptions.style.map { GoldenManifest.File(path: RelativePath.from(dir, to: $0), sha256: try Hashing.file($0)) },
                stylesDirectory: captions.styleOptions.stylesDir.map { RelativePath.from(dir, to: $0) },
                sha256: SHA256.hex(snapshot)),
            size: GoldenManifest.Size(width: size.width, height: size.height),
            times: times)
        let native = NativeFrames(style: style, pages: pages, width: size.width, height: size.height)
        try GoldenFolder(directory: dir).record(manifest, styleJSON: snapshot, frames: native, force: force)
        for warning in native.warnings { CommandFailure.printError("captions: warning: \(warning)") }
        print("recorded \(manifest.times.count) frames of \(input) (\(style.name), \(size.width)x\(size.height)) into \(dir): "
              + manifest.times.map { GoldenManifest.frameName(at: $0) }.joined(separator: ", "))
    }
}
