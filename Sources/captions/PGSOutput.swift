import CaptionFormats
import CaptionModel
import CaptionStyles
import CaptionVideo
import Foundation

/// `convert -o out.sup` and `mux --bitmap`: the captions drawn by the native renderer in their style, frame by frame, as
/// an animated PGS (Blu-ray bitmap subtitle) track of a WIDTHxHEIGHT video at the given frame rate.
enum PGSOutput {
    /// The default frame rate when none is given (the presets' portrait videos are mostly 30 fps).
    static let defaultFrameRate = FrameRate(numerator: 30, denominator: 1)!

    static func isPGS(output: String?, to: String?) -> Bool {
        if let to { return ["sup", "pgs"].contains(to.lowercased()) }
        return output.map { $0.lowercased().hasSuffix(".sup") } ?? false
    }

    /// The track: `pages` in `style` drawn at every frame of a WIDTHxHEIGHT video at `frameRate`, as
    /// segments (for a muxer) and as a `.sup` file's bytes; warnings (merged changes, late display sets,
    /// colour emoji, any decoder-model problem) go to `emit`.
    static func track(_ pages: [CaptionEvent], style: CaptionStyle, size: SizeArgument, frameRate: FrameRate, secondary: [CaptionEvent] = [],
                      emit: (String) -> Void) throws -> (segments: [PGSSegment], bytes: [UInt8]) {
        let (pages, style) = StyledPages.prepare(pages, style: style, secondary: secondary)
        ColorEmojiWarning.check(pages, style: style)
        let looks = PGSCaptionLooks(style: style, pages: pages, width: size.width, height: size.height, frameRate: frameRate)
        let writer = PGSTrackWriter(width: size.width, height: size.height, frameRate: frameRate)
        let (segments, report) = try writer.segments(looks)
        for warning in report.warnings { emit("captions: warning: \(warning)") }
        // The writer schedules within the decoder model by construction; the replay is its proof, and
        // says so if a track ever needs more than the model allows (the coded data buffer, say).
        let bytes = PGSSegment.file(segments)
        let check = PGSDecoderCheck(width: size.width, height: size.height).check(try PGSReader(decodesObjects: false).read(bytes))
        for problem in check.problems.prefix(5) { emit("captions: warning: PGS decoder model: \(problem)") }
        if check.problems.count > 5 { emit("captions: warning: PGS decoder model: \(check.problems.count - 5) more") }
        return (segments, bytes)
    }

    /// Writes the track to `output` (`-`: standard output), never onto `input`.
    static func write(_ pages: [CaptionEvent], style: CaptionStyle, size: SizeArgument, frameRate: FrameRate, secondary: [CaptionEvent],
                      to output: String, protecting input: String, emit: (String) -> Void) throws {
        let bytes = try track(pages, style: style, size: size, frameRate: frameRate, secondary: secondary, emit: emit).bytes
        if output == "-" {
            FileHandle.standardOutput.write(Data(bytes))
        } else {
            try OutputFile.write(Data(bytes), to: output, protecting: [input])
        }
    }
}
