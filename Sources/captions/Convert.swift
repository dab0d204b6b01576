import ArgumentParser
import CaptionFormats
import CaptionModel
import CaptionStyles
import Foundation

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert captions: SRT, WebVTT, JSON, and word timings from speech-to-text tools.",
        discussion: """
        The input format is detected from the content (the extension only breaks ties); the output format \
        comes from --to or the output's extension. Without -o, or with -o -, the result goes to stdout. \
        Warnings go to stderr with the input's line number. Word timings from a speech-to-text tool are \
        grouped into captions by the paging options; any paging option re-pages other input that has \
        word timings.
        """
    )

    @Argument(help: "The caption file to read, or - for stdin.")
    var input: String

    @Option(name: .shortAndLong, help: "Where to write; - or nothing for stdout.")
    var output: String?

    @Option(help: "Input format, overriding detection (\(FormatRegistry.inputNames.joined(separator: ", "))).")
    var from: String?

    @Option(help: "Output format (\(FormatRegistry.outputNames.joined(separator: ", "))); defaults to the output's extension.")
    var to: String?

    @Option(help: "Input encoding, overriding detection (utf-8, utf-16, windows-1252, or any name iconv knows).")
    var encoding: String?

    @Flag(help: "Treat every warning as an error (exit 65).")
    var strict = false

    @Flag(name: .customLong("word-timestamps"), help: "WebVTT output: write word timings as inline timestamps.")
    var wordTimestamps = false

    @OptionGroup(title: "Paging (grouping words into captions)")
    var paging: PagingFlags

    func run() throws {
        try CommandFailure.exitOnError {
            let writingToStdout = output == nil || output == "-"
            let outputFormat: any SubtitleFormat.Type
            if let to {
                outputFormat = try FormatRegistry.outputFormat(named: to)
            } else if !writingToStdout, let byExtension = FormatRegistry.format(forPath: output!) {
                outputFormat = byExtension
            } else {
                throw CaptionFormatError(.usage, "cannot tell the output format: give --to (\(FormatRegistry.names.joined(separator: ", "))) or an -o file with a known extension")
            }
            var result = try CaptionFileReader.read(path: input, format: from, encoding: encoding)
            try Diagnostics.report(result.diagnostics, source: input, strict: strict)
            if result.wordTimedSource != nil || paging.isSet {
                result.document = Paging.apply(paging.options(), to: result.document)
            }

            var options = WriteOptions()
            options.wordTimestamps = wordTimestamps
            let written = outputFormat.write(result.document, options: options)
            try Diagnostics.report(written.diagnostics, source: nil, strict: strict)
            if writingToStdout {
                FileHandle.standardOutput.write(Data(written.text.utf8))
            } else {
                try OutputFile.write(Data(written.text.utf8), to: output!, protecting: [input])
            }
        }
    }
}
