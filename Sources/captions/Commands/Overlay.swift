import ArgumentParser
import CaptionFormats
import CaptionLayout
import CaptionModel
import CaptionPipeline
import CaptionVideo
import Foundation

/// `captions overlay`: the captions alone over transparency, as a video track for an editor's timeline.
struct Overlay: ParsableCommand, StyledInputCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the captions alone over transparency: ProRes 4444, WebM with alpha, QuickTime Animation or PNGs.",
        discussion: """
        Every frame of the length is written (frames without captions are transparent, not missing), \
        frame n showing the captions at its start time n/fps. The codec follows OUT: .mov is ProRes 4444 \
        with alpha (yuva444p10le, BT.709, straight alpha), .webm VP9 with alpha (yuva420p), a folder \
        (or a name without extension) a PNG sequence numbered 000001.png, 000002.png, ...; --codec qtrle \
        writes QuickTime Animation (ARGB) into a .mov. --video V takes the size as displayed, the frame \
        rate and the length from a clip, so the overlay lines up with it frame for frame. The output is \
        written to a temporary file and renamed when complete.

        Exit status: 0 ok, 64 usage (a codec the container cannot hold), 65 malformed captions or style, \
        66 missing input, 73 cannot write.
        """
    )

    @Argument(help: "The captions (any format convert reads).")
    var input: String

    @Option(name: .shortAndLong, help: "The .mov, .webm, or a folder for PNGs.")
    var output: String

    @Option(help: "prores (default for .mov), vp9 (.webm), qtrle (.mov) or png (a folder).")
    var codec: OverlayCodec?

    @Option(help: "Frame size, WIDTHxHEIGHT (default 1080x1920, or the --video's).")
    var size: SizeArgument?

    @Option(help: "Frames per second: 30, 29.97, 24000/1001 ... (default 30, or the --video's).")
    var fps: String?

    @Option(help: "Length (default: until the last caption ends, or the --video's).")
    var duration: TimeArgument?

    @Option(help: "Take size, frame rate and length from this video.")
    var video: String?

    @Option(help: .shaping)
    var shaping: TextShaping = .complex

    @Flag(help: "No progress output.")
    var quiet = false

    @OptionGroup var reading: InputOptions

    @OptionGroup(title: TrackOptions.title)
    var tracks: TrackOptions

    @OptionGroup var styleOptions: StyleOptions

    @OptionGroup(title: PagingFlags.title)
    var paging: PagingFlags

    @Option(help: .secondaryCaptions)
    var secondary: String?

    func validate() throws {
        if let fps, FrameRate(parsing: fps) == nil { throw ValidationError("--fps: expected a rate such as 30, 29.97 or 30000/1001, got '\(fps)'") }
        if let duration, duration.milliseconds <= 0 { throw ValidationError("--duration must be positive") }
        let chosen = codec ?? OverlayCodec.default(for: output)
        guard let chosen else { throw ValidationError("\(output): name a .mov, a .webm or a folder, or give --codec") }
        let ext = (output as NSString).pathExtension.lowercased()
        if chosen == .png ? !ext.isEmpty : !chosen.extensions.contains(ext) {
            throw ValidationError("--codec \(chosen.rawValue) is written " + (chosen == .png ? "into a folder" : "as .\(chosen.extensions[0])") + ", not \(output)")
        }
    }

    func run() throws {
        try CommandFailure.exitOnError {
            let (_, look) = try load(input)
            let codec = self.codec ?? OverlayCodec.default(for: output)!
            let cancellation = BurnCancellation()
            // Ctrl-C, SIGTERM, SIGHUP: stop between frames, remove what was written, exit 128 + signal.
            let stop = StopSignals { cancellation.cancel() }
            defer { stop.cancel() }
            do {
                let geometry = try video.map { path throws(VideoError) in try MediaProbe.geometry(of: path) }
                let width = size?.width ?? geometry?.width ?? 1080, height = size?.height ?? geometry?.height ?? 1920
                let rate = fps.flatMap(FrameRate.init(parsing:)) ?? geometry?.rate ?? FrameRate(numerator: 30, denominator: 1)!
                let length = duration?.milliseconds ?? geometry?.duration ?? look.events.map(\.end).max() ?? 0
                guard length > 0 else { throw CaptionFormatError(.malformed, "\(input): no captions, and no --duration") }
                let frames = max(1, Int((Int64(length) * Int64(rate.numerator) + Int64(rate.denominator) * 500) / (Int64(rate.denominator) * 1000)))
                let source = try look.layers(width: width, height: height, shaping: shaping, warn: CommandFailure.printError)
                var options = OverlayOptions(width: width, height: height, rate: rate, frames: frames, codec: codec)
                options.cancellation = cancellation
                let terminal = !quiet && isatty(STDERR_FILENO) == 1
                let stats = try OverlayWriter.write(source.layers, options: options, to: output) { n in
                    if terminal, n % 30 == 0 || n == frames {
                        FileHandle.standardError.write(Data("\rcaptions: overlay: \(n)/\(frames) frames\u{1B}[K".utf8))
                    }
                }
                if terminal { FileHandle.standardError.write(Data("\n".utf8)) }
                for warning in source.warnings() { CommandFailure.printError("captions: warning: \(warning)") }
                print("wrote \(stats.frames) frames (\(width)x\(height), \(rate) fps, \(codec.rawValue)) to \(output) in "
                      + String(format: "%.2f s", stats.seconds) + "; \(stats.encoded) drawn, the rest repeated")
            } catch let error as VideoError {
                throw stop.exitCode(reporting: error)
            }
        }
    }
}

extension OverlayCodec: ExpressibleByArgument {}
