import ArgumentParser

/// `--from` and `--to`: the input and output formats of a command that reads and writes a caption file
/// (`retime`, `sync`, `check --fix`), with their old spellings `--input-format` and `--output-format`
/// kept hidden for a release (`RenamedOptions`).
struct FormatOptions: ParsableArguments {
    @Option(help: "Input format, overriding detection.")
    var from: String?

    @Option(help: "Output format; defaults to the output's extension, else the input's format.")
    var to: String?

    @Option(name: .customLong("input-format"), help: .hidden)
    var inputFormat: String?

    @Option(name: .customLong("output-format"), help: .hidden)
    var outputFormat: String?

    /// The formats asked for, the old spellings taken with a warning naming `command`.
    func resolved(command: String) -> (from: String?, to: String?) {
        (RenamedOptions.value(from, inputFormat, command: command, oldName: "--input-format", newName: "--from"),
         RenamedOptions.value(to, outputFormat, command: command, oldName: "--output-format", newName: "--to"))
    }
}
