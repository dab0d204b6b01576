import ArgumentParser
import CaptionEdit
import CaptionFormats
import CaptionModel
import CaptionStyles
import Foundation

/// `captions align`: a corrected transcript put back onto speech-to-text word timings.
struct Align: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Put a corrected transcript back onto speech-to-text word timings, keeping the karaoke.",
        discussion: """
        TRANSCRIPT is plain text (.txt, or any file that is not a caption format) or captions a person \
        edited (SRT, WebVTT, or anything convert reads); WORDS is the speech-to-text output with word \
        timings (any format convert reads that has words). Words are matched by a global alignment on \
        normalised words (case, punctuation and accents folded): matched words keep their exact times, \
        replaced words take the times of the words they replace, inserted words share the gap their \
        neighbours leave and are marked interpolated, deleted words disappear. Edited captions keep \
        their cues; plain text is paged into captions like speech-to-text output. The counts are \
        printed (to stderr when the captions go to stdout).
        """
    )

    @Argument(help: "The corrected transcript: plain text, or captions a person edited.")
    var transcript: String

    @Argument(help: "The speech-to-text output with word timings.")
    var words: String

    @Option(name: .shortAndLong, help: "Where to write; - for stdout. Format from the extension or --output-format.")
    var output: String

    @Option(name: .customLong("transcript-format"), help: "The transcript's format: text, or a caption format (default: detected; .txt is text).")
    var transcriptFormat: String?

    @Option(name: .customLong("words-format"), help: "The word timings' format, overriding detection.")
    var wordsFormat: String?

    @Option(name: .customLong("output-format"), help: "Output format; defaults to the output's extension.")
    var outputFormat: String?

    @OptionGroup(title: "Paging (a plain-text transcript's words into captions)")
    var paging: PagingFlags

    func run() throws {
        try CommandFailure.exitOnError {
            let timing = try CaptionFileReader.read(path: words, format: wordsFormat)
            try Diagnostics.report(timing.diagnostics, source: words, strict: false)
            let timed = timing.document.events.flatMap(\.words)
            guard !timed.isEmpty else {
                throw CaptionFormatError(.malformed, "\(words): no word timings to align onto (give a speech-to-text tool's output, or captions with word timings)")
            }

            let text = try CaptionFileReader.readText(path: transcript)
            let result: TranscriptAlignment.Result
            var inputFormat: String?
            if isPlainText(text) {
                let plain = text.utf8.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
                result = TranscriptAlignment.align(text: plain, onto: timed)
                guard !result.document.events.isEmpty else {
                    throw CaptionFormatError(.malformed, "\(transcript): the transcript has no words")
                }
            } else {
                let captions = try CaptionFileReader.read(text, path: transcript, format: transcriptFormat)
                try Diagnostics.report(captions.diagnostics, source: transcript, strict: false)
                inputFormat = captions.formatName
                result = TranscriptAlignment.align(captions: captions.document, onto: timed)
            }

            var document = result.document
            if inputFormat == nil || paging.isSet { document = Paging.apply(paging.options(), to: document) }
            let format = try DocumentOutput.format(named: outputFormat, path: output, inputFormat: inputFormat)
            // The point is the karaoke: WebVTT output carries the words as inline timestamps.
            var options = WriteOptions()
            options.wordTimestamps = true
            try DocumentOutput.write(document, as: format, to: output, protecting: [transcript, words], strict: false, options: options)

            let c = result.counts
            var report = "captions: align: \(c.matched) words matched, \(c.changed) changed, \(c.inserted) inserted, \(c.deleted) deleted"
            report += " (\(c.matched + c.changed + c.inserted) transcript words, \(timed.count) timed words)"
            if result.clamped > 0 { report += "; \(result.clamped) word\(result.clamped == 1 ? "" : "s") spoken outside the caption holding \(result.clamped == 1 ? "it" : "them") pulled inside it" }
            if output == "-" { CommandFailure.printError(report) } else { print(report) }
        }
    }

    /// Plain text when asked for, when the file ends in .txt, or when no caption format claims it.
    private func isPlainText(_ text: DecodedText) -> Bool {
        if let transcriptFormat { return ["text", "txt", "plain"].contains(transcriptFormat.lowercased()) }
        if transcript.lowercased().hasSuffix(".txt") { return true }
        return FormatRegistry.detect(text, pathHint: transcript) == nil
    }
}
