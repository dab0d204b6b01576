import CaptionFormats
import CaptionModel
import CaptionStyles
import CaptionVideo
import Foundation

/// `convert -o out.sup` and `mux --bitmap`: the captions drawn by the native renderer in their style, frame by frame, as
/// an animated PGS (Blu-ray bitmap subtitle) track of a WIDTHxHEIGHT video at the given frame rate. An ASS
/// or SSA script that keeps its own look (`StyledInputOptions.ownScript`) is drawn by libass instead.
enum PGSOutput {
    /// The default frame rate when none is given (the presets' portrait videos are mostly 30 fps).
    static let defaultFrameRate = FrameRate(numerator: 30, denominator: 1)!
    /// The default size of a script's own look when no --size is given: the Blu-ray frame (PGS is
    /// Blu-ray's format), which libass fits the script's PlayRes into as a player would. The presets'
    /// default (`CompiledASS.defaultSize`) is portrait, for their short videos.
    static let ownScriptSize = SizeArgument(width: 1920, height: 1080)

    static func isPGS(output: String?, to: String?) -> Bool {
        if let to { return ["sup", "pgs"].contains(to.lowercased()) }
        return output.map { $0.lowercased().hasSuffix(".sup") } ?? false
    }

    /// The track: `pages` in `style` drawn at every frame of a WIDTHxHEIGHT video at `frameRate`, handed
    /// to `put` a piece at a time as its display sets become final (as segments, for a muxer, and as the
    /// `.sup` file's bytes), so that a long track is never held whole; warnings (merged changes, late
    /// display sets, colour emoji, any decoder-model problem) go to `emit`.
    /// With `ownScript` the script is drawn by libass and `pages`, `style` and `secondary` are not used.
    static func track(_ pages: [CaptionEvent], style: CaptionStyle, size: SizeArgument, frameRate: FrameRate, secondary: [CaptionEvent] = [],
                      stylesheets: [String] = [], ownScript: CaptionDocument? = nil,
                      emit: (String) -> Void, put: (_ segments: [PGSSegment], _ bytes: [UInt8]) -> Void) throws {
        let looks: PGSCaptionLooks
        if let ownScript {
            looks = ASSScriptLooks.looks(ownScript, width: size.width, height: size.height, frameRate: frameRate)
        } else {
            let (pages, style) = StyledPages.prepare(pages, style: style, secondary: secondary, stylesheets: stylesheets)
            ColorEmojiWarning.check(pages, style: style)
            looks = PGSCaptionLooks(style: style, pages: pages, width: size.width, height: size.height, frameRate: frameRate)
        }
        let writer = PGSTrackWriter(width: size.width, height: size.height, frameRate: frameRate)
        // The writer schedules within the decoder model by construction; the replay is its proof, and
        // says so if a track ever needs more than the model allows (the coded data buffer, say). Each
        // piece starts with an epoch start, so it reads back on its own.
        var replay = PGSDecoderCheck.Replay(PGSDecoderCheck(width: size.width, height: size.height))
        var unreadable: (any Error)?
        let report = try writer.write(looks) { segments in
            let bytes = PGSSegment.file(segments)
            do { try replay.add(piece: bytes) } catch { unreadable = unreadable ?? error }
            put(segments, bytes)
        }
        for warning in report.warnings { emit("captions: warning: \(warning)") }
        if let unreadable { emit("captions: warning: PGS decoder model: the track does not read back: \(unreadable)") }
        let check = replay.result
        for problem in check.problems.prefix(5) { emit("captions: warning: PGS decoder model: \(problem)") }
        if check.problems.count > 5 { emit("captions: warning: PGS decoder model: \(check.problems.count - 5) more") }
    }

    /// The whole track's segments (for a muxer).
    static func segments(_ pages: [CaptionEvent], style: CaptionStyle, size: SizeArgument, frameRate: FrameRate, stylesheets: [String] = [],
                         ownScript: CaptionDocument? = nil, emit: (String) -> Void) throws -> [PGSSegment] {
        var all: [PGSSegment] = []
        try track(pages, style: style, size: size, frameRate: frameRate, stylesheets: stylesheets, ownScript: ownScript, emit: emit) { segments, _ in all += segments }
        return all
    }

    /// Writes the track to `output` (`-`: standard output), never onto `input`: into a temporary file
    /// beside it a piece at a time, renamed into place at the end (removed if drawing fails).
    static func write(_ pages: [CaptionEvent], style: CaptionStyle, size: SizeArgument, frameRate: FrameRate, secondary: [CaptionEvent],
                      stylesheets: [String] = [], ownScript: CaptionDocument? = nil, to output: String, protecting input: String,
                      emit: (String) -> Void) throws {
        if output == "-" {
            // Standard output gets the track only once it is whole: a failure leaves nothing half-written there either.
            var bytes: [UInt8] = []
            try track(pages, style: style, size: size, frameRate: frameRate, secondary: secondary, stylesheets: stylesheets, ownScript: ownScript, emit: emit) { bytes += $1 }
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        try OutputFile.write(to: output, protecting: [input]) { write in
            try track(pages, style: style, size: size, frameRate: frameRate, secondary: secondary, stylesheets: stylesheets, ownScript: ownScript, emit: emit) { write($1) }
        }
    }
}
