import ArgumentParser
import CaptionEdit
import CaptionFormats
import CaptionModel
import CaptionPipeline
import CaptionTiming
import CaptionVideo
import Foundation

/// `captions sync`: retimes a whole caption file to the speech in a recording (or to another caption
/// file's timing): the offset, a frame-rate factor, and with --splits a few segments of their own.
struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Retime captions to the speech in a video's sound, or to another caption file's timing.",
        discussion: """
        Finds speech in the sound of --reference (any video or audio file; a caption file is used as a timing \
        reference instead), then the offset that puts the captions on it, within --max-offset, and the \
        frame-rate factor among 23.976/24/25/29.97/30 pairs unless --no-fps. --splits allows a few \
        segments each with its own offset (a cut, an ad break). Words and karaoke move with their \
        captions, as retime moves them. What was found is printed (offset, factor, segments, confidence); \
        when the match is not clear (confidence under 1.45, or 1.40 when every other caption alone finds \
        the same offset; higher for files of fewer than 26 captions; never when the halves, or from 12 \
        captions every third caption, find another offset), nothing is written and the exit \
        status is 65, unless --force. Without -o, only the report is printed.
        """
    )

    @Argument(help: "The captions to retime (any format convert reads, or a video's subtitle track).")
    var input: String

    @Option(help: "A video or audio file whose speech the captions should follow, or a caption file with the right timing.")
    var reference: String?

    @Option(name: .shortAndLong, help: "Where to write the synced captions; - for stdout. Without it, only report.")
    var output: String?

    @Option(name: .customLong("max-offset"), help: "The largest offset to look for, in seconds (default 60).")
    var maxOffset: Double = 60

    @Flag(name: .customLong("no-fps"), help: "Do not look for a frame-rate change.")
    var noFps = false

    @Flag(help: "Allow segments with their own offsets (cuts, ad breaks).")
    var splits = false

    @Flag(help: "Write the result even when the match is not clear.")
    var force = false

    @OptionGroup var reading: InputOptions

    @OptionGroup(title: TrackOptions.title)
    var tracks: TrackOptions

    @OptionGroup var writing: OutputFormatOptions

    @Flag(help: "Treat every warning (the input's, or a clipped or dropped caption) as an error (exit 65); nothing written.")
    var strict = false

    func validate() throws {
        guard reference != nil || writing.to.map({ !RenamedOptions.isFormatName($0) }) == true else {
            throw ValidationError("give the recording or reference captions to sync to: --reference FILE")
        }
        guard maxOffset > 0, maxOffset <= 3600 else { throw ValidationError("--max-offset must be between 0 and 3600 seconds") }
    }

    func run() throws {
        try CommandFailure.exitOnError {
            let options = spelled()
            let captions = try CaptionSource.read(path: input, format: options.from, encoding: reading.encoding, track: tracks.selection)
            try Diagnostics.report(captions.diagnostics, source: input, strict: strict)
            guard !captions.document.events.isEmpty else { throw CaptionFormatError(.malformed, "\(input): no captions to sync") }

            let target = options.reference
            let reference = try Self.reference(target)
            var search = SyncSearch()
            search.maxOffset = Int(maxOffset * 1000)
            search.tryFrameRates = !noFps
            search.splits = splits
            let result = search.run(captions.document, to: reference)
            let report = result.summary.split(separator: "\n").map { "captions: sync: \($0)" }
            for line in report { CommandFailure.printError(line) }
            guard result.isConfident || force else {
                throw CaptionFormatError(.malformed, "\(input): no clear match with \(target) (confidence \(String(format: "%.2f", result.confidence)), needs \(String(format: "%.2f", result.neededConfidence))\(result.partsDisagree ? " and halves and thirds that agree" : "")); nothing written (--force writes it anyway)")
            }
            guard let output else { return }

            try RetimedOutput.write(captions, through: Retimer(map: result.timeMap), source: input, to: output,
                                    outputFormat: options.to, protecting: [input, target], strict: strict)
        }
    }

    /// The formats and the reference as given, the old spellings (`--to FILE` for the reference,
    /// `--input-format`, `--output-format`) taken with a warning (`RenamedOptions`).
    private func spelled() -> (from: String?, to: String?, reference: String) {
        var writing = writing
        var reference = reference
        if let old = writing.to, reference == nil, !RenamedOptions.isFormatName(old) {
            RenamedOptions.warn("sync", old: "--to FILE", new: "--reference FILE (--to names the output format)")
            (reference, writing.to) = (old, nil)
        }
        reading.warnRenamed(command: "sync")
        writing.warnRenamed(command: "sync")
        return (reading.format, writing.format, reference ?? "-")
    }

    /// A caption file (by its extension, and not a container) is a timing reference; anything else is
    /// a recording whose speech is found.
    static func reference(_ path: String) throws -> SyncReference {
        if path != "-", FormatRegistry.format(forPath: path) != nil, !CaptionSource.isContainer(path) {
            let captions = try CaptionSource.read(path: path)
            try Diagnostics.report(captions.diagnostics, source: path, strict: false)
            return SyncReference(captions: captions.document)
        }
        let audio = try AudioSamples.read(path, sampleRate: SpeechActivity.sampleRate)
        return SyncReference(speech: SpeechActivity.detect(samples: audio.samples))
    }
}
