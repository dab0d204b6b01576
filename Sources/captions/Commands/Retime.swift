import ArgumentParser
import CaptionEdit
import CaptionFormats
import CaptionModel
import CaptionPipeline
import CaptionVideo
import Foundation

/// `captions retime`: moves captions and their word timings by a shift, a sync through fixed points, or
/// a frame-rate change, and writes them as convert writes.
struct Retime: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Move captions and their words: shift, sync to points, or convert the frame rate.",
        discussion: """
        Give one of --shift, --sync or --fps. Times are seconds (1.5) or timestamps (00:01:02.500); a \
        negative shift is written --shift=-1.5. --sync A=B[,C=D...] makes input time A output time B: \
        one point shifts, two points stretch linearly (a different cut, a drifting rip), more points \
        map piecewise-linearly. --fps FROM:TO converts frame rates (23.976 is 24000/1001 exactly). \
        --since/--until limit the change to captions starting inside the range (input times). A caption \
        moved partly before zero is clipped, one moved wholly before zero dropped, each with a warning.
        """
    )

    @Argument(help: "The caption file to read (any format convert reads), or - for stdin.")
    var input: String

    @Option(name: .shortAndLong, help: "Where to write; - for stdout. Format from the extension or --to.")
    var output: String

    @Option(help: "Move every caption by this much (seconds or a timestamp; --shift=-1.5 for earlier).")
    var shift: String?

    @Option(help: "Sync points A=B[,C=D...]: input time A becomes output time B.")
    var sync: String?

    @Option(help: "Frame-rate conversion FROM:TO (25:23.976, 23.976:25, 24:25, 30:29.97, 24000/1001:25).")
    var fps: String?

    @Option(help: "Only captions starting at or after this input time move.")
    var since: String?

    @Option(help: "Only captions starting at or before this input time move.")
    var until: String?

    @OptionGroup var reading: InputOptions

    @OptionGroup(title: TrackOptions.title)
    var tracks: TrackOptions

    @OptionGroup var writing: OutputFormatOptions

    @Flag(name: .customLong("word-timestamps"), help: "WebVTT output: write word timings as inline timestamps (the default when the input was WebVTT with them).")
    var wordTimestamps = false

    @Flag(help: "Treat every warning (the input's, or a clipped or dropped caption) as an error (exit 65); nothing written.")
    var strict = false

    func validate() throws {
        let given = [shift, sync, fps].compactMap { $0 }.count
        if given != 1 { throw ValidationError("give exactly one of --shift, --sync or --fps") }
    }

    func run() throws {
        try CommandFailure.exitOnError {
            let options = spelled()
            let retimer = try Retimer(map: map(), range: range(since: options.since, until: options.until))
            let result = try CaptionSource.read(path: input, format: options.from, encoding: reading.encoding, track: tracks.selection)
            try Diagnostics.report(result.diagnostics, source: input, strict: strict)
            try RetimedOutput.write(result, through: retimer, source: input, to: output, outputFormat: options.to,
                                    wordTimestamps: wordTimestamps, protecting: [input], strict: strict)
        }
    }

    private func map() throws -> TimeMap {
        if let shift {
            guard let ms = Timecode.parse(shift) else { throw usage("--shift '\(shift)' is not a time (seconds like -1.5, or 00:00:01.500)") }
            return .shift(ms)
        }
        if let sync {
            var points: [TimeMap.SyncPoint] = []
            for pair in sync.split(separator: ",") {
                let sides = pair.split(separator: "=", omittingEmptySubsequences: false)
                guard sides.count == 2, let a = Timecode.parse(String(sides[0])), let b = Timecode.parse(String(sides[1])) else {
                    throw usage("--sync: '\(pair)' is not a point A=B (two times, e.g. 00:01:00.000=00:01:02.350)")
                }
                points.append(.init(a, b))
            }
            do { return try TimeMap.sync(points: points) } catch { throw usage(error.message) }
        }
        let rates = fps!.split(separator: ":", omittingEmptySubsequences: false)
        guard rates.count == 2, let a = FrameRate(parsing: String(rates[0])), let b = FrameRate(parsing: String(rates[1])) else {
            throw usage("--fps '\(fps!)' is not FROM:TO with two frame rates (e.g. 25:23.976 or 24000/1001:25)")
        }
        return .frameRate(from: a, to: b)
    }

    /// The formats and the range as given, the old spellings (`--input-format`, `--output-format`, and
    /// `--from`/`--to` given a time rather than a format) taken with a warning (`RenamedOptions`).
    private func spelled() -> (from: String?, to: String?, since: String?, until: String?) {
        var (reading, writing) = (reading, writing)
        var (since, until) = (since, until)
        if let old = reading.from, !RenamedOptions.isFormatName(old), Timecode.parse(old) != nil, since == nil {
            RenamedOptions.warn("retime", old: "--from TIME", new: "--since TIME (--from names the input format)")
            (since, reading.from) = (old, nil)
        }
        if let old = writing.to, !RenamedOptions.isFormatName(old), Timecode.parse(old) != nil, until == nil {
            RenamedOptions.warn("retime", old: "--to TIME", new: "--until TIME (--to names the output format)")
            (until, writing.to) = (old, nil)
        }
        reading.warnRenamed(command: "retime")
        writing.warnRenamed(command: "retime")
        return (reading.format, writing.format, since, until)
    }

    private func range(since: String?, until: String?) throws -> ClosedRange<Milliseconds>? {
        guard since != nil || until != nil else { return nil }
        func time(_ text: String?, _ name: String, _ otherwise: Milliseconds) throws -> Milliseconds {
            guard let text else { return otherwise }
            guard let ms = Timecode.parse(text) else { throw usage("\(name) '\(text)' is not a time") }
            return ms
        }
        let a = try time(since, "--since", .min), b = try time(until, "--until", .max)
        guard a <= b else { throw usage("--since is after --until") }
        return a...b
    }

    private func usage(_ message: String) -> CaptionFormatError { CaptionFormatError(.usage, message) }
}
