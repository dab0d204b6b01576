import ArgumentParser
import CaptionFormats
import CaptionLayout
import CaptionModel
import CaptionPipeline
import CaptionRender
import CaptionStyles
import CaptionTiming
import CaptionVideo
import Foundation

/// `captions render`: captions in a style drawn at a time (or a range of times) into PNG files.
struct Render: ParsableCommand, StyledInputCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render captions at a time into a PNG (or a range into numbered PNGs).",
        discussion: """
        TIME is seconds (3.25) or a timestamp (00:00:03.250). With --at A..B and --fps N, frames are \
        written to the folder given by -o as 000001.png, 000002.png, ... The default size is 1080x1920 \
        and the default background transparent.
        """
    )

    @Argument(help: "The captions to render (any format convert reads).")
    var input: String

    @Option(help: "The time to render, or A..B with --fps.")
    var at: TimeSpanArgument

    @Option(help: "Frames per second for a range of times.")
    var fps: Double?

    @Option(help: "Frame size, WIDTHxHEIGHT.")
    var size = SizeArgument(width: 1080, height: 1920)

    @Option(help: "none (transparent), a colour (#RRGGBB or #RRGGBBAA), or a PNG image.")
    var background: BackgroundArgument = .none

    @Option(help: .shaping)
    var shaping: TextShaping = .complex

    @Option(name: .shortAndLong, help: "The PNG to write (a folder for a range).")
    var output: String

    @OptionGroup var reading: InputOptions

    @OptionGroup(title: TrackOptions.title)
    var tracks: TrackOptions

    @OptionGroup var styleOptions: StyleOptions

    @OptionGroup(title: PagingFlags.title)
    var paging: PagingFlags

    @Option(help: .secondaryCaptions)
    var secondary: String?

    @Option(name: .customLong("align-audio"), help: "Time the words of captions without word timings from this file's speech (a video or sound file; see `captions align --audio`).")
    var alignAudio: String?

    @Option(name: .customLong("align-voice"), help: "With --align-audio: the espeak-ng voice or language of the captions (default en).")
    var alignVoice: String = SpeechSynthesizer.defaultVoice

    func validate() throws {
        if at.end != nil {
            guard let fps, fps > 0, fps <= 240 else { throw ValidationError("a range of times needs --fps between 0 and 240") }
        }
    }

    func run() throws {
        try CommandFailure.exitOnError {
            let (style, look) = try load(input, alignAudio: alignAudio.map { ($0, alignVoice) })
            let pages = look.events
            let renderer = CaptionFrameRenderer(style: style, width: size.width, height: size.height, shaping: shaping)
            try renderer.stack(pages)
            let base = try backgroundImage()
            let times = frameTimes()
            if case .ownScript(let script) = look {
                try renderOwnScript(ASSScriptLayers(document: script, width: size.width, height: size.height, shaping: shaping),
                                    at: times, base: base)
            } else if at.end == nil {
                try write(frame(pages, at: times[0], renderer: renderer, base: base), to: output)
            } else if case .none = background {
                // Over transparency: the overlay's PNG path (frames straight to libavcodec's PNG encoder on
                // every core, an unchanged frame's file written again rather than drawn and compressed).
                let rate = FrameRate(parsing: String(fps!)) ?? FrameRate(numerator: 30, denominator: 1)!
                let source = try look.layers(width: size.width, height: size.height, shaping: shaping, warn: CommandFailure.printError)
                let options = OverlayOptions(width: size.width, height: size.height, rate: rate, frames: times.count, codec: .png, times: times)
                _ = try OverlayWriter.write(source.layers, options: options, to: output)
                for warning in source.warnings() { CommandFailure.printError("captions: warning: \(warning)") }
            } else {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
                for (n, t) in times.enumerated() {
                    let name = String(format: "%06d.png", n + 1)
                    try write(frame(pages, at: t, renderer: renderer, base: base),
                              to: (output as NSString).appendingPathComponent(name))
                }
            }
            for warning in renderer.warnings { CommandFailure.printError("captions: warning: \(warning)") }
        }
    }

    /// An ASS or SSA input in its own look, drawn by libass: one PNG, or a folder of them.
    func renderOwnScript(_ layers: ASSScriptLayers, at times: [Milliseconds], base: RGBAImage) throws {
        func image(at t: Milliseconds) -> RGBAImage {
            var image = base
            layers.draw(at: t, onto: &image)
            return image
        }
        guard at.end != nil else { return try write(image(at: times[0]), to: output) }
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        for (n, t) in times.enumerated() {
            try write(image(at: t), to: (output as NSString).appendingPathComponent(String(format: "%06d.png", n + 1)))
        }
    }

    /// One time, or every frame start from A while before or at B.
    func frameTimes() -> [Milliseconds] {
        guard let end = at.end, let fps else { return [at.start.milliseconds] }
        let count = Int((Double(end.milliseconds - at.start.milliseconds) * fps / 1000).rounded(.down)) + 1
        return (0..<count).map { at.start.milliseconds + Int((Double($0) * 1000 / fps).rounded()) }
    }

    func frame(_ events: [CaptionEvent], at t: Milliseconds, renderer: CaptionFrameRenderer, base: RGBAImage) throws -> RGBAImage {
        var image = base
        do {
            try renderer.render(events, at: t, onto: &image)
        } catch {
            throw CaptionFormatError(.unreadable, "\(error)")
        }
        return image
    }

    func backgroundImage() throws -> RGBAImage {
        switch background {
        case .none: return RGBAImage(width: size.width, height: size.height)
        case .color(let color): return RGBAImage(width: size.width, height: size.height, filling: color)
        case .image(let path):
            let image: RGBAImage
            do { image = try PNGFile.read(path) } catch { throw CaptionFormatError(.unreadable, "\(error)") }
            return image.resized(width: size.width, height: size.height)
        }
    }

    func write(_ image: RGBAImage, to path: String) throws {
        do { try PNGFile.write(image, to: path) } catch { throw CaptionFormatError(.cannotWrite, "\(error)") }
    }
}
