import ArgumentParser
import CaptionEdit
import CaptionFormats
import CaptionModel
import CaptionPipeline
import CaptionStyles
import CaptionVideo
import Foundation

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert captions: SRT, WebVTT, ASS, SBV, LRC, JSON; read MicroDVD, SAMI and word timings from speech-to-text tools.",
        discussion: """
        The input format is detected from the content (the extension only breaks ties); the output format \
        comes from --to or the output's extension. Without -o, or with -o -, the result goes to stdout. \
        Warnings go to stderr with the input's line number. Word timings from a speech-to-text tool are \
        grouped into captions by the paging options; any paging option re-pages other input that has \
        word timings. With --preset or --style, ASS output is the preset compiled for a WIDTHxHEIGHT \
        frame (--size, default 1080x1920): every word positioned as the renderer places it and the \
        karaoke effect as events, so players draw what `captions render` draws; the style's paging \
        then sets the paging defaults for every output format.

        -o OUT.sup (or --to sup) writes a PGS track, the Blu-ray bitmap subtitles that TVs, Blu-ray and \
        hardware players, Plex and every software player draw the same way: the captions as the native \
        renderer draws them in --preset/--style (default plain), on a WIDTHxHEIGHT video \
        (--size, default 1080x1920) at --fps (default 30; give the video's), a display set at every \
        frame where the picture changes (palette updates for colour changes, new objects for new \
        shapes), within the Blu-ray decoder model. An ASS or SSA script with no --preset/--style is drawn \
        by libass as its own script says, 1920x1080 unless --size. `captions mux VIDEO CAPTIONS --bitmap` \
        adds one to a video without re-encoding. See docs/pgs.md.

        Several inputs (or -d DIR) convert every file in one run, spread over the cores, with the same \
        options: --to is required, each output is the input's name with the format's extension, in DIR or \
        beside its input (-o is refused). An output that would overwrite an input, or one that two inputs \
        would both write, is refused before anything is written (64). A failed file is one line naming \
        it and does not stop the others; the exit status is the worst file's: 73, then 66, then 65.
        """
    )

    @Argument(help: "The caption files to read, or - for stdin (alone).")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "Where to write; - or nothing for stdout. One input only.")
    var output: String?

    @Option(name: [.customShort("d"), .customLong("output-dir")],
            help: ArgumentHelp("The folder to write into (made if missing): each output is the input's name with the --to format's extension. Without it, several inputs are each written beside their input.", valueName: "dir"))
    var directory: String?

    @Option(help: "Output format (\(FormatRegistry.outputNames.joined(separator: ", "))); defaults to the output's extension.")
    var to: String?

    @OptionGroup var reading: InputOptions

    @OptionGroup(title: TrackOptions.title)
    var tracks: TrackOptions
    var from: String? { reading.format }
    var encoding: String? { reading.encoding }

    @Option(help: "Frames per second of frame-based input and output: 25, 23.976 (24000/1001 exactly), 29.97 (30000/1001), 30. MicroDVD input: without it, the file's {1}{1}FPS line, else 23.976 with a warning. SCC: the rate its time codes count (default 29.97, drop-frame; 30 writes non-drop). EBU STL output: 25 (default), 30 or 29.97. Other formats ignore it.")
    var fps: String?

    @Option(help: ArgumentHelp("SCC: the CEA-608 channel written (CC1-CC4, default CC1), and read when --cc does not say.", valueName: "channel"))
    var channel: ClosedCaptionChannel?

    @Flag(name: .customLong("non-drop"), help: "SCC output at 29.97: non-drop time codes (HH:MM:SS:FF, which run 3.6 s an hour behind the clock) instead of drop-frame (HH:MM:SS;FF).")
    var nonDrop = false

    @Option(name: .customLong("cc-mode"), help: ArgumentHelp("SCC output: pop-on (default: each caption appears whole at its start), roll-up (rows scroll up from the bottom, as live captions do) or paint-on (characters appear as they are sent).", valueName: "mode"))
    var ccMode: CEA608ModeArgument?

    @Flag(help: "Treat every warning as an error (exit 65).")
    var strict = false

    @Flag(help: "List what a warning counts (each word OCR fixed in a bitmap track, with its time) instead of the count alone.")
    var verbose = false

    @Flag(name: .customLong("word-timestamps"), help: "WebVTT output: write word timings as inline timestamps.")
    var wordTimestamps = false

    @OptionGroup(title: PagingFlags.title)
    var paging: PagingFlags

    @OptionGroup(title: "Style (ASS output drawn like `captions render`)")
    var styleOptions: StyleOptions

    @Option(help: "ASS output with --preset or --style: the frame size, WIDTHxHEIGHT (default \(CompiledASS.defaultSize.width)x\(CompiledASS.defaultSize.height)).")
    var size: SizeArgument?

    @Option(help: "ASS output with --preset or --style: a second caption file (a translation, say) shown as its own block.")
    var secondary: String?

    /// A preset or a style file was given: style the captions.
    var isStyled: Bool { styleOptions.preset != nil || styleOptions.style != nil }

    func validate() throws {
        let pgs = PGSOutput.isPGS(output: output, to: to)
        if size != nil && !isStyled && !pgs { throw ValidationError("--size applies to ASS output with --preset or --style, and to .sup output") }
        if secondary != nil && !isStyled && !pgs { throw ValidationError("--secondary applies to ASS output with --preset or --style, and to .sup output") }
        if let fps, FrameRate(parsing: fps) == nil {
            throw ValidationError("--fps '\(fps)' is not a frame rate (e.g. 25, 23.976 or 24000/1001; at most 1000)")
        }
    }

    /// What the reader needs besides the file: the frame rate of frame-based input.
    var readOptions: ReadOptions {
        ReadOptions(frameRate: fps.flatMap { FrameRate(parsing: $0) }, channel: tracks.closedCaptions?.channel ?? channel?.channel ?? .cc1)
    }

    /// What the writer needs besides the document.
    var writeOptions: WriteOptions {
        var options = WriteOptions()
        options.wordTimestamps = wordTimestamps
        options.frameRate = fps.flatMap { FrameRate(parsing: $0) }
        options.ccMode = ccMode?.mode
        if nonDrop { options.dropFrame = false }
        options.channel = channel?.channel ?? .cc1
        return options
    }

    func run() throws {
        try CommandFailure.exitOnError {
            if inputs.count > 1 || directory != nil { return try convertFiles() }
            let input = inputs[0]
            let writingToStdout = output == nil || output == "-"
            if PGSOutput.isPGS(output: output, to: to) {
                let style = try styleOptions.resolve()
                return try convertToPGS(input, to: writingToStdout ? "-" : output!, style: style)
            }
            let outputFormat: any SubtitleFormat.Type
            if let to {
                outputFormat = try FormatRegistry.outputFormat(named: to)
            } else if !writingToStdout, let byExtension = FormatRegistry.format(forPath: output!) {
                outputFormat = byExtension
            } else {
                throw CaptionFormatError(.usage, "cannot tell the output format: give --to (\(FormatRegistry.names.joined(separator: ", "))) or an -o file with a known extension")
            }
            // The style first: a bad preset or style file fails before the input is read.
            let style = isStyled ? try styleOptions.resolve() : nil
            try convert(input, to: writingToStdout ? "-" : output!, as: outputFormat, style: style)
        }
    }

    /// One file converted: read (its warnings reported), paged, written to `output` (`-`: stdout). A run
    /// over many files names the file in the write's warnings (`source`) and collects the lines (`emit`).
    func convert(_ input: String, to output: String, as outputFormat: any SubtitleFormat.Type, style: CaptionStyle?,
                 source: String? = nil, emit: (String) -> Void = CommandFailure.printError) throws {
        let result = try CaptionSource.read(path: input, format: from, encoding: encoding, options: readOptions, track: tracks.selection)
        try Diagnostics.report(result.diagnostics, source: input, strict: strict, verbose: verbose, emit: emit)
        let captions = CaptionInput(result)

        if let style, outputFormat.name == ASSFormat.name {
            let drawn = captions.drawn(in: style, overrides: paging.overrides, secondary: try SecondaryInput.events(secondary, style: style))
            let text = try CompiledASS.script(drawn, width: size?.width ?? CompiledASS.defaultSize.width,
                                              height: size?.height ?? CompiledASS.defaultSize.height, warn: CommandFailure.printError)
            if output == "-" {
                FileHandle.standardOutput.write(Data(text.utf8))
            } else {
                try OutputFile.write(Data(text.utf8), to: output, protecting: [input])
            }
            return
        }
        if size != nil { throw CaptionFormatError(.usage, "--size applies to ASS output only") }
        if secondary != nil { throw CaptionFormatError(.usage, "--secondary applies to ASS output only") }
        let document = captions.document(paging: style?.paging ?? PagingOptions(), overrides: paging.overrides)
        try DocumentOutput.write(document, as: outputFormat, to: output, protecting: [input], strict: strict,
                                 options: writeOptions, source: source, emit: emit)
    }

    /// A `.sup` (PGS) track: read and paged as for ASS, drawn by the native renderer at every frame; an
    /// ASS or SSA script with no preset, style, paging or secondary captions drawn by libass as its own
    /// script says (1920x1080 unless --size).
    func convertToPGS(_ input: String, to output: String, style: CaptionStyle) throws {
        let result = try CaptionSource.read(path: input, format: from, encoding: encoding, options: readOptions, track: tracks.selection)
        try Diagnostics.report(result.diagnostics, source: input, strict: strict, verbose: verbose)
        let captions = CaptionInput(result)
        let look = captions.look(in: style, restyled: isStyled, overrides: paging.overrides,
                                 secondary: try SecondaryInput.events(secondary, style: style))
        let frame = PGSOutput.defaultSize(for: look)
        try PGSOutput.write(look, width: size?.width ?? frame.width, height: size?.height ?? frame.height,
                            frameRate: fps.flatMap { FrameRate(parsing: $0) } ?? PGSOutput.defaultFrameRate,
                            to: output, protecting: input, emit: CommandFailure.printError)
    }

    /// Several inputs (or -d): what holds for every file is settled first (the format, the style, the
    /// options, the output names), so a usage error stops the run before any file is read; then every
    /// file is converted across the cores into its own output.
    private func convertFiles() throws {
        if inputs.contains("-") { throw CaptionFormatError(.usage, "- (standard input) can only be converted alone") }
        if output != nil {
            throw CaptionFormatError(.usage, inputs.count > 1
                ? "-o names one output: with several inputs give -d DIR (or neither, to write each output beside its input)"
                : "give -o OUTPUT or -d DIR, not both")
        }
        guard let to else {
            throw CaptionFormatError(.usage, "--to is required with several inputs or -d (it gives each output its extension): \(FormatRegistry.outputNames.joined(separator: ", "))")
        }
        let outputFormat = try FormatRegistry.outputFormat(named: to)
        if secondary != nil { throw CaptionFormatError(.usage, "--secondary pairs one file with its translation: convert such files one at a time") }
        let style = isStyled ? try styleOptions.resolve() : nil
        if size != nil && !(style != nil && outputFormat.name == ASSFormat.name) {
            throw CaptionFormatError(.usage, "--size applies to ASS output only")
        }
        if let from { _ = try FormatRegistry.format(named: from) }
        // An unknown encoding name fails here once, not once a file.
        if let encoding { _ = try TextDecoding.decode([], sourceName: "--encoding", encoding: encoding) }
        let outputs = BatchFiles.outputs(for: inputs, directory: directory, extension: outputFormat.fileExtensions.first ?? outputFormat.name)
        try BatchFiles.refuseCollisions(inputs: inputs, outputs: outputs)
        if let directory { try BatchFiles.makeDirectory(directory) }

        let results = BatchFiles.run(inputs) { k, log in
            try convert(inputs[k], to: outputs[k], as: outputFormat, style: style, source: inputs[k], emit: log.warn)
            return (0, ())
        }
        let failed = results.filter { $0.code != 0 }.count
        if failed > 0 {
            let written = inputs.count - failed
            CommandFailure.printError("captions: convert: \(failed) of \(inputs.count) file\(inputs.count == 1 ? "" : "s") failed"
                                      + (written > 0 ? "; the other \(written) written" : ""))
            throw ExitCode(BatchFiles.worst(results.map(\.code)))
        }
    }
}
