import CaptionFormats
import CaptionModel
import CaptionStyles
import CaptionVideo
import Foundation

/// `convert -o out.sup` and `mux --bitmap`: the captions drawn frame by frame as an animated PGS
/// (Blu-ray bitmap subtitle) track of a WIDTHxHEIGHT video at the given frame rate: a styled look by the
/// native renderer, a script that keeps its own look (`CaptionInput.look`) by libass.
public enum PGSOutput {
    /// The default frame rate when none is given (the presets' portrait videos are mostly 30 fps).
    public static let defaultFrameRate = FrameRate(numerator: 30, denominator: 1)!
    /// The default size of a script's own look when no --size is given: the Blu-ray frame (PGS is
    /// Blu-ray's format), which libass fits the script's PlayRes into as a player would. The presets'
    /// default (`CompiledASS.defaultSize`) is portrait, for their short videos.
    public static let ownScriptSize = FrameSize(width: 1920, height: 1080)!

    public static func isPGS(output: String?, to: String?) -> Bool {
        if let to { return ["sup", "pgs"].contains(to.lowercased()) }
        return output.map { $0.lowercased().hasSuffix(".sup") } ?? false
    }

    /// The frame size when none was asked for: the Blu-ray frame for a script's own look, else the presets'.
    public static func defaultSize(for look: CaptionLook) -> FrameSize {
        if case .ownScript = look { return ownScriptSize }
        return CompiledASS.defaultSize
    }

    /// The track: `look` drawn at every frame of a WIDTHxHEIGHT video at `frameRate`, handed to `put` a
    /// piece at a time as its display sets become final (as segments, for a muxer, and as the `.sup`
    /// file's bytes), so that a long track is never held whole; warnings (merged changes, late display
    /// sets, colour emoji, any decoder-model problem) go to `emit`.
    public static func track(_ look: CaptionLook, width: Int, height: Int, frameRate: FrameRate,
                             emit: (String) -> Void, put: (_ segments: [PGSSegment], _ bytes: [UInt8]) -> Void) throws {
        let looks: PGSCaptionLooks
        switch look {
        case .ownScript(let script):
            looks = ASSScriptLooks.looks(script, width: width, height: height, frameRate: frameRate)
        case .styled(let drawn):
            if let warning = ColorEmojiWarning.message(drawn.pages, style: drawn.style) { emit(warning) }
            looks = PGSCaptionLooks(style: drawn.style, pages: drawn.pages, width: width, height: height, frameRate: frameRate)
        }
        let writer = PGSTrackWriter(width: width, height: height, frameRate: frameRate)
        // The writer schedules within the decoder model by construction; the replay is its proof, and
        // says so if a track ever needs more than the model allows (the coded data buffer, say). Each
        // piece starts with an epoch start, so it reads back on its own.
        var replay = PGSDecoderCheck.Replay(PGSDecoderCheck(width: width, height: height))
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
    public static func segments(_ look: CaptionLook, width: Int, height: Int, frameRate: FrameRate, emit: (String) -> Void) throws -> [PGSSegment] {
        var all: [PGSSegment] = []
        try track(look, width: width, height: height, frameRate: frameRate, emit: emit) { segments, _ in all += segments }
        return all
    }

    /// Writes the track to `output` (`-`: standard output), never onto `input`: into a temporary file
    /// beside it a piece at a time, renamed into place at the end (removed if drawing fails).
    public static func write(_ look: CaptionLook, width: Int, height: Int, frameRate: FrameRate, to output: String, protecting input: String,
                             emit: (String) -> Void) throws {
        if output == "-" {
            // Standard output gets the track only once it is whole: a failure leaves nothing half-written there either.
            var bytes: [UInt8] = []
            try track(look, width: width, height: height, frameRate: frameRate, emit: emit) { bytes += $1 }
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        try OutputFile.write(to: output, protecting: [input]) { write in
            try track(look, width: width, height: height, frameRate: frameRate, emit: emit) { write($1) }
        }
    }
}
