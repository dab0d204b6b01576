import CaptionFormats
import CaptionModel
import Foundation

/// Writing a document the way `convert` writes it, for the commands that edit captions (retime,
/// align, check --fix): the format from a name, the output's extension or the input's own format;
/// what the format cannot carry reported; a temporary file renamed into place, never onto the input.
enum DocumentOutput {
    static func format(named name: String?, path: String, inputFormat: String?) throws -> any SubtitleFormat.Type {
        if let name { return try FormatRegistry.outputFormat(named: name) }
        if path != "-", let byExtension = FormatRegistry.format(forPath: path) { return byExtension }
        if let inputFormat, let same = try? FormatRegistry.format(named: inputFormat), same.canWrite { return same }
        throw CaptionFormatError(.usage, "cannot tell the output format: give --output-format (\(FormatRegistry.outputNames.joined(separator: ", "))) or an -o file with a known extension")
    }

    /// A file gets the bytes streamed into its temporary file (the output is never held whole); what
    /// the format could not carry is reported before the rename, and under `strict` stops it. Standard
    /// output gets the whole text once the warnings are known, so `--strict` prints nothing either.
    /// `source` names the input in those warnings (a run over many files); `emit` takes their lines.
    static func write(_ document: CaptionDocument, as format: any SubtitleFormat.Type, to path: String,
                      protecting inputs: [String], strict: Bool, options: WriteOptions = WriteOptions(),
                      source: String? = nil, emit: (String) -> Void = CommandFailure.printError) throws {
        if path == "-" {
            // The format's bytes, as a file gets them: a binary format (EBU STL) has no text to print.
            let sink = ByteSink()
            let diagnostics = format.write(document, options: options, into: sink)
            try Diagnostics.report(diagnostics, source: source, strict: strict, emit: emit)
            FileHandle.standardOutput.write(sink.withBytes { Data(buffer: $0) })
        } else {
            try OutputFile.write(document, as: format, options: options, to: path, protecting: inputs) { diagnostics in
                try Diagnostics.report(diagnostics, source: source, strict: strict, emit: emit)
            }
        }
    }
}
