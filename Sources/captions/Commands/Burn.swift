import ArgumentParser
import CaptionFormats
import CaptionLayout
import CaptionModel
import CaptionPipeline
import CaptionRender
import CaptionStyles
import CaptionVideo
import Dispatch
import Foundation

/// `captions burn`: captions drawn into a video, through libavformat/libavcodec (no ffmpeg process).
struct Burn: ParsableCommand, StyledInputCommand {
    static let configuration = CommandConfiguration(
        abstract: "Burn styled captions into a video (or onto an image or a background for audio).",
        discussion: """
        Each frame shows the captions whose interval holds the frame's start time. Captions are laid out \
        at the output size. Audio is copied when the output container can hold it, else re-encoded as \
        AAC. A rotated phone video keeps its rotation metadata; the captions are drawn upright as it is \
        displayed. VIDEO may also be an image (shown for --duration, default until the last caption ends) \
        or an audio file (over --background, default black, at --size or 1080x1920). The output is written \
        to a temporary file and renamed when complete; Ctrl-C removes it (exit 130). A video damaged \
        inside is burned as the decoder conceals it, with one warning naming the frames and times \
        (--strict refuses it: exit 65, nothing written).
        """
    )

    @Argument(help: "The video (or image, or audio) to burn the captions into.")
    var video: String?

    @Argument(help: "The captions (any format convert reads).")
    var input: String?

    @Option(name: .shortAndLong, help: "The video to write (.mp4, .mov, .mkv).")
    var output: String?

    @OptionGroup(title: "Many videos (a manifest of jobs, one per scheduler task)")
    var batch: BurnBatchOptions

    @Option(help: "native (CaptionKit's renderer) or libass (the compiled ASS, drawn by libass).")
    var engine: Engine = .native

    @Option(help: .shaping)
    var shaping: TextShaping = .complex

    @Option(help: "Output size as displayed, WIDTHxHEIGHT (default: the input's).")
    var size: SizeArgument?

    @Option(help: "Output aspect ratio: 9:16, 1:1, 16:9, 4:5 (or any W:H), at the input's resolution.")
    var aspect: AspectArgument?

    @Option(help: "How the input fills another shape: crop (cover) or pad (fit, black bars).")
    var fit: FitMode = .crop

    @Option(help: "Video codec: h264 (libx264), h265, or a libavcodec encoder name.")
    var codec = "h264"

    @Option(name: .customLong("pix-fmt"), help: "Output pixel format (yuv420p, yuv420p10le, yuv444p ...); default: the input's when the codec takes it.")
    var pixFmt: String?

    @Option(help: "Constant rate factor (0 lossless ... 51); default \(EncoderSettings.defaultCRF).")
    var crf: Int?

    @Option(name: .customLong("encoder-preset"), help: "Encoder speed preset (ultrafast ... veryslow); default \(EncoderSettings.defaultPreset).")
    var encoderPreset: String?

    @Option(help: "Start of the part of the video to burn (seconds or timestamp).")
    var start: TimeArgument?

    @Option(help: "End of the part of the video to burn.")
    var end: TimeArgument?

    @Option(help: "For audio input: a colour (#RRGGBB) or a PNG image behind the captions.")
    var background: BackgroundArgument?

    @Option(help: "For image or audio input: how long the video lasts.")
    var duration: TimeArgument?

    @Option(help: "For image or audio input: frames per second.")
    var fps = 30

    @Flag(help: "No progress output.")
    var quiet = false

    @Flag(help: "Refuse an input that decodes only in part (cut short) or is damaged inside: exit 65, nothing written. By default the part that decodes is burned, with a warning.")
    var strict = false

    @Flag(help: "Show the video decoder's own messages (a line per damaged macroblock) besides the one warning.")
    var verbose = false

    @Flag(help: "Print frames, speed and the caption cost (render + blend, ms per frame) when done.")
    var stats = false

    @OptionGroup var reading: InputOptions

    @OptionGroup(title: TrackOptions.title)
    var tracks: TrackOptions

    @OptionGroup var styleOptions: StyleOptions

    @OptionGroup(title: PagingFlags.title)
    var paging: PagingFlags

    @Option(help: .secondaryCaptions)
    var secondary: String?

    @OptionGroup(title: "Word timings from the speech")
    var alignAudio: AlignAudioFlags

    @OptionGroup(title: "Closed captions (CEA-608) in the output")
    var closedCaptions: ClosedCaptionOptions

    typealias Engine = CaptionLook.Engine

    func validate() throws {
        try batch.validate(single: [video, input, output])
        if size != nil && aspect != nil { throw ValidationError("give --size or --aspect, not both") }
        if let crf, !(0...63).contains(crf) { throw ValidationError("--crf must be between 0 and 63") }
        if let start, let end, end.milliseconds <= start.milliseconds { throw ValidationError("--end must be after --start") }
        if !(1...240).contains(fps) { throw ValidationError("--fps must be between 1 and 240") }
        if engine == .libass && shaping == .simple {
            throw ValidationError("--shaping simple is drawn by the native engine: --engine libass draws the compiled ASS as players do")
        }
        if let duration, duration.milliseconds <= 0 { throw ValidationError("--duration must be positive") }
    }

    func run() throws {
        if let manifest = batch.manifest {
            let shared = BurnBatchOptions.burnArguments(dropping: BurnBatchOptions.selection)
            throw BatchRun(batch: batch).run(manifest) { () throws(ManifestError) in try ManifestJob.batchJobs(manifest, shared: shared) }
        }
        if let count = batch.partCount {
            return try CommandFailure.exitOnError { try writePlan(parts: count) }
        }
        if let plan = batch.plan {
            // Every part burns with the plan's options, so that all are encoded alike; only what is
            // printed may be chosen here.
            let given = BurnBatchOptions.burnArguments(dropping: BurnBatchOptions.selection)
            if let other = given.first(where: { !BurnBatchOptions.printingOnly.contains($0) }) {
                throw ValidationError("with --plan \(plan), the burn's options come from the plan (give them to --plan N); '\(other)' cannot be added")
            }
            throw BatchRun(batch: batch).run(plan) { () throws(ManifestError) in try PlanJobs.jobs(plan, printing: given) }
        }
        try CommandFailure.exitOnError {
            let cancellation = BurnCancellation()
            // Ctrl-C, SIGTERM, SIGHUP: stop between frames, delete the temporary file, exit 128 + signal.
            let stop = StopSignals { cancellation.cancel() }
            defer { stop.cancel() }
            do {
                try burn(cancellation: cancellation)
            } catch let error as VideoError {
                throw stop.exitCode(reporting: error)
            }
        }
    }

    /// One burn, as the command runs it and as each manifest job does (`validate` has made sure the
    /// video, captions and output are there). Throws the toolkit's errors; prints warnings and progress
    /// on stderr, and `--stats` through `statistics` (stdout; a manifest run keeps stdout for its job lines).
    func burn(cancellation: BurnCancellation, part: PartRange? = nil, statistics: (String) -> Void = { print($0) }) throws {
        let (video, input, output) = (video!, input!, output!)
        let (style, look) = try load(input, alignAudio: alignAudio.enabled ? (video, alignAudio.voice) : nil)
        DamageReport.decoderMessages(verbose: verbose)
        var options = try options(output: output, cancellation: cancellation, captionsEnd: look.events.map(\.end).max())
        options.part = part
        // The same file as the burned captions is read the same way (its track, its paging).
        options.closedCaptions = try closedCaptions.embedder(
            tracks: closedCaptions.file == input ? tracks.selection : TrackSelection(),
            paging: paging.options(base: style.paging))
        let burner = try VideoBurner(input: video, options: options)
        let source = try look.layers(width: burner.width, height: burner.height, engine: engine, shaping: shaping,
                                      warn: CommandFailure.printError)
        let printer = quiet ? nil : ProgressPrinter()
        let result = try burner.run(captions: source.layers, progress: printer.map { p in { p.update($0) } })
        printer?.finish()
        for warning in source.warnings() { CommandFailure.printError("captions: warning: \(warning)") }
        try closedCaptions.report(options.closedCaptions)
        if let truncation = result.truncation {
            CommandFailure.printError("captions: warning: \(truncation.description); \(output) stops there (--strict refuses such input)")
        }
        DamageReport.warn(result.damage, of: video, "\(output) shows what the decoder made of them")
        if stats { statistics(Self.summary(result, engine: engine)) }
    }

    func options(output: String, cancellation: BurnCancellation, captionsEnd: Milliseconds?) throws -> BurnOptions {
        var options = BurnOptions(output: output)
        if let size { options.shape = .size(width: size.width, height: size.height) }
        if let aspect { options.shape = .aspect(aspect.width, aspect.height) }
        options.fit = fit
        options.encoder = EncoderSettings(codec: codec, crf: crf, preset: encoderPreset, pixelFormat: pixFmt)
        options.start = start?.milliseconds ?? 0
        options.end = end?.milliseconds
        options.duration = duration?.milliseconds
        options.captionsEnd = captionsEnd
        options.frameRate = fps
        options.cancellation = cancellation
        options.strict = strict
        switch background {
        case nil, .none?: break
        case .color(let color)?: options.background = .color(color)
        case .image(let path)?:
            do { options.background = .image(try PNGFile.read(path)) } catch { throw CaptionFormatError(.unreadable, "\(path): \(error)") }
        }
        return options
    }

    static func summary(_ r: BurnStatistics, engine: Engine) -> String {
        String(format: "burned %d frames (%dx%d) in %.2f s, %.1f fps; captions (%@): %.3f ms/frame render+blend, %.3f ms/frame copying frames the decoder holds, %d frames captioned; audio %@",
               r.frames, r.width, r.height, r.wallSeconds, Double(r.frames) / max(r.wallSeconds, 1e-9), engine.rawValue,
               r.captionMillisecondsPerFrame, r.frameCopyMillisecondsPerFrame, r.captionedFrames, r.audio)
    }
}

extension FitMode: ExpressibleByArgument {}

/// `W:H`, positive integers.
struct AspectArgument: ExpressibleByArgument {
    var width: Int
    var height: Int

    init?(argument: String) {
        let parts = argument.split(separator: ":")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...100).contains(w), (1...100).contains(h) else { return nil }
        width = w; height = h
    }
}

extension CaptionLook.Engine: ExpressibleByArgument {}
