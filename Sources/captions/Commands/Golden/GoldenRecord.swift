import ArgumentParser
import CaptionFormats
import CaptionPipeline
import CaptionStyles
import CaptionVerify
import Foundation

/// `captions golden record`: renders the frames (or pulls them from a burned video) and writes them
/// with their manifest.
struct GoldenRecord: ParsableCommand, StyledInputCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record golden frames and their manifest into a folder.",
        discussion: """
        Writes DIR/<ms>.png (full frames; transparent background for captions), DIR/style.json and \
        DIR/manifest.json (written last: the input and style hashes, the font files used, the toolkit, \
        libass, FreeType and HarfBuzz versions, and the threshold if given). Paths in the manifest are \
        relative to DIR. With --video the frames are pulled from that video (a burned file: decoded with \
        libavcodec, converted to RGB as the video's matrix and range say) and no captions input is needed.

        A video damaged inside (frames its decoder had to conceal or could not decode) is recorded as \
        decoded, with one warning; --strict refuses it (65, nothing recorded).

        Recording into a folder that already holds a recording of the same input, style and size adds \
        the times it lacks; anything else there is replaced only with --force. Exit status: 0 ok, \
        64 usage, 65 malformed input or style, 66 missing input, 73 cannot write or already recorded.
        """
    )

    @Argument(help: "The captions to render (any format convert reads); not with --video.")
    var input: String?

    @Option(help: "Record frames of this video (a burned file) instead of rendering captions.")
    var video: String?

    @OptionGroup var frameTimes: FrameTimeOptions

    @Option(help: "Frame size, WIDTHxHEIGHT (captions only; a video's frames keep its size).")
    var size = SizeArgument(width: 1080, height: 1920)

    @Option(help: "The folder for the frames and manifest.json.")
    var dir: String

    @Flag(help: "Replace frames and a manifest already recorded in DIR.")
    var force = false

    @Flag(help: "With --video: refuse a video damaged inside (exit 65, nothing recorded) instead of recording its frames as decoded.")
    var strict = false

    @Flag(help: "With --video: show the video decoder's own messages (a line per damaged macroblock) besides the one warning.")
    var verbose = false

    @OptionGroup var threshold: ThresholdOptions

    @OptionGroup var reading: InputOptions

    @OptionGroup(title: TrackOptions.title)
    var tracks: TrackOptions

    @OptionGroup var styleOptions: StyleOptions

    @OptionGroup(title: PagingFlags.title)
    var paging: PagingFlags

    @Option(help: .secondaryCaptions)
    var secondary: String?

    func validate() throws {
        switch (input, video) {
        case (nil, nil): throw ValidationError("give the captions to render, or --video")
        case (_?, _?): throw ValidationError("give the captions or --video, not both")
        case (nil, _?): if frameTimes.times == nil { throw ValidationError("--video needs --times") }
        default: break
        }
    }

    func run() throws {
        try CommandFailure.exitOnError { try record() }
    }

    func record() throws {
        // A manifest does not record a secondary file yet, so `golden check` could not draw it again.
        if secondary != nil { throw CaptionFormatError(.usage, "golden record does not take --secondary yet") }
        let (manifest, styleJSON, frames, warnings) = try video.map(videoRecording) ?? captionsRecording(input!)
        let folder = GoldenFolder(directory: dir)
        if !force, let existing = try? GoldenManifest.read(directory: dir), Self.sameRecording(existing, manifest) {
            let added = try folder.add(manifest, to: existing, styleJSON: styleJSON, frames: frames)
            guard !added.isEmpty else {
                throw GoldenError(.exists, "\(folder.manifestPath): all \(manifest.times.count) times are already recorded here; "
                                  + "use --force to record again, or `golden check --update all`")
            }
            for warning in warnings() { CommandFailure.printError("captions: warning: \(warning)") }
            print("added \(added.count) frames to \(dir): " + added.map { GoldenManifest.frameName(at: $0) }.joined(separator: ", "))
            return
        }
        try folder.record(manifest, styleJSON: styleJSON, frames: frames, force: force)
        for warning in warnings() { CommandFailure.printError("captions: warning: \(warning)") }
        print("recorded \(manifest.times.count) frames of \(video ?? input!) (\(manifest.style?.name ?? "video"), "
              + "\(manifest.size.width)x\(manifest.size.height)) into \(dir): "
              + manifest.times.map { GoldenManifest.frameName(at: $0) }.joined(separator: ", "))
    }

    /// The same input, style, paging and size: new times can join the recording.
    static func sameRecording(_ a: GoldenManifest, _ b: GoldenManifest) -> Bool {
        a.kind == b.kind && a.input.path == b.input.path && a.inputFormat == b.inputFormat && a.paging == b.paging
            && a.inputTrack == b.inputTrack && a.inputLanguage == b.inputLanguage && a.inputClosedCaptions == b.inputClosedCaptions
            && a.style?.preset == b.style?.preset && a.style?.file?.path == b.style?.file?.path
            && a.style?.stylesDirectory == b.style?.stylesDirectory && a.size == b.size
    }

    private func captionsRecording(_ input: String) throws -> (GoldenManifest, String?, any FrameSource, () -> [String]) {
        let source = try CaptionRead.input(input, format: reading.format, track: tracks.selection)
        let style = try styleOptions.resolve()
        let prepared = source.drawn(in: style, overrides: paging.overrides)
        let (pages, drawn) = (prepared.pages, prepared.style)
        guard !pages.isEmpty else { throw CaptionFormatError(.malformed, "\(input): no captions to record") }
        let times = frameTimes.times(for: pages)
        guard !times.isEmpty else { throw CaptionFormatError(.usage, "no times to record") }
        let snapshot = StyleSnapshot.json(of: style)
        let manifest = GoldenManifest(
            input: GoldenManifest.File(path: RelativePath.from(dir, to: input), sha256: try Hashing.file(input)),
            inputFormat: reading.format,
            paging: paging.arguments,
            style: GoldenManifest.Style(
                name: style.name, preset: styleOptions.preset,
                file: try styleOptions.style.map { GoldenManifest.File(path: RelativePath.from(dir, to: $0), sha256: try Hashing.file($0)) },
                stylesDirectory: styleOptions.stylesDir.map { RelativePath.from(dir, to: $0) },
                sha256: SHA256.hex(snapshot)),
            size: GoldenManifest.Size(width: size.width, height: size.height),
            times: times,
            fonts: FontInventory.fonts(for: drawn, pages: pages),
            threshold: threshold.value)
        var recorded = manifest
        recorded.inputTrack = tracks.track
        recorded.inputLanguage = tracks.language
        recorded.inputClosedCaptions = tracks.closedCaptions?.channel.description
        let native = NativeFrames(style: drawn, pages: pages, width: size.width, height: size.height)
        return (recorded, snapshot, native, { native.warnings })
    }

    private func videoRecording(_ video: String) throws -> (GoldenManifest, String?, any FrameSource, () -> [String]) {
        guard FileManager.default.isReadableFile(atPath: video) else { throw CaptionFormatError(.unreadable, "\(video): cannot read") }
        guard let times = frameTimes.times.flatMap(FrameTimeOptions.parse), !times.isEmpty else {
            throw CaptionFormatError(.usage, "--video needs --times")
        }
        DamageReport.decoderMessages(verbose: verbose)
        let frames = try VideoGoldenFrames(path: video, times: times, size: nil, strict: strict, refusal: "nothing recorded")
        let first = try frames.frame(at: times[0])
        let manifest = GoldenManifest(
            kind: .video,
            input: GoldenManifest.File(path: RelativePath.from(dir, to: video), sha256: try Hashing.file(video)),
            inputFormat: nil, paging: [], style: nil,
            size: GoldenManifest.Size(width: first.width, height: first.height),
            times: times, threshold: threshold.value)
        let damage = DamageReport.warning(frames.damage, of: video, "the goldens show what the decoder made of it")
        return (manifest, nil, frames, { damage.map { [$0] } ?? [] })
    }
}
