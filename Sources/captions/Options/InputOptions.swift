import ArgumentParser
import CaptionFormats
import CaptionVideo

/// How every command reads its captions: the format (`--from`), the track of a video file, the text
/// encoding. The old spelling `--input-format` is kept hidden for a release (`RenamedOptions`).
struct InputOptions: ParsableArguments {
    @Option(help: "Input format, overriding detection (\(FormatRegistry.inputNames.joined(separator: ", "))).")
    var from: String?

    @Option(name: .customLong("input-format"), help: .hidden)
    var inputFormat: String?

    @Option(help: "Input encoding, overriding detection (utf-8, utf-16, windows-1252, or any name iconv knows).")
    var encoding: String?

    @OptionGroup(title: "Captions inside a video file")
    var tracks: TrackOptions

    /// The format asked for, `--input-format` taken with a warning naming `command`.
    func format(command: String) -> String? {
        RenamedOptions.value(from, inputFormat, command: command, oldName: "--input-format", newName: "--from")
    }
}

/// `--to`: the output format of a command that writes a caption file (`retime`, `sync`, `check --fix`;
/// `convert` has its own), its old spelling `--output-format` kept hidden for a release.
struct OutputFormatOptions: ParsableArguments {
    @Option(help: "Output format; defaults to the output's extension, else the input's format.")
    var to: String?

    @Option(name: .customLong("output-format"), help: .hidden)
    var outputFormat: String?

    func format(command: String) -> String? {
        RenamedOptions.value(to, outputFormat, command: command, oldName: "--output-format", newName: "--to")
    }
}
