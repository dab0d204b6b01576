import ArgumentParser
import CaptionFormats
import CaptionVideo

/// How every command reads its captions: the format (`--from`) and the text encoding. The old spelling
/// `--input-format` is kept hidden for a release (`RenamedOptions`). The track of a video file is a
/// group of its own (`TrackOptions`) that each command declares beside this one rather than inside
/// it: a group inside a group is checked again for each check of its parent in debug builds (see
/// `StyledInputOptions`).
struct InputOptions: ParsableArguments {
    @Option(help: "Input format, overriding detection (\(FormatRegistry.inputNames.joined(separator: ", "))).")
    var from: String?

    @Option(name: .customLong("input-format"), help: .hidden)
    var inputFormat: String?

    @Option(help: "Input encoding, overriding detection (utf-8, utf-16, windows-1252, or any name iconv knows).")
    var encoding: String?

    /// The format asked for, in either spelling.
    var format: String? { from ?? inputFormat }

    /// The warning for `--input-format` alone, naming `command` (nil: an option group several commands share).
    func warnRenamed(command: String?) {
        if from == nil, inputFormat != nil { RenamedOptions.warn(command, old: "--input-format", new: "--from") }
    }
}

/// `--to`: the output format of a command that writes a caption file (`retime`, `sync`, `check --fix`,
/// `align`; `convert` has its own), its old spelling `--output-format` kept hidden for a release.
struct OutputFormatOptions: ParsableArguments {
    @Option(help: "Output format; defaults to the output's extension, else the input's format.")
    var to: String?

    @Option(name: .customLong("output-format"), help: .hidden)
    var outputFormat: String?

    /// The format asked for, in either spelling.
    var format: String? { to ?? outputFormat }

    func warnRenamed(command: String?) {
        if to == nil, outputFormat != nil { RenamedOptions.warn(command, old: "--output-format", new: "--to") }
    }
}
