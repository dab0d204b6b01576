import CaptionEdit
import CaptionFormats
import CaptionModel
import CaptionPipeline
import CaptionStyles

/// What `retime` and `sync` both do with a map: move the captions and their words, warn (with the
/// input's line) about captions clipped or dropped before zero, page word timings into captions as
/// convert does, and write as convert writes, WebVTT karaoke going out as it came in.
enum RetimedOutput {
    static func write(_ captions: ParseResult, through retimer: Retimer, source: String, to output: String,
                      outputFormat: String?, wordTimestamps: Bool = false, protecting: [String], strict: Bool) throws {
        let moved = retimer.apply(to: captions.document)
        let notes = moved.notes.map { Diagnostic.warning(line: captions.line(ofEvent: $0.caption - 1), $0.description) }
        try Diagnostics.report(notes, source: source, strict: strict)
        // Word timings from a speech-to-text tool become captions as convert makes them.
        let document = CaptionInput(document: moved.document, wordTimed: captions.wordTimedSource != nil).document()
        let format = try DocumentOutput.format(named: outputFormat, path: output, inputFormat: captions.formatName)
        // Karaoke that came in as WebVTT timestamps goes out the same way.
        var options = WriteOptions()
        options.wordTimestamps = wordTimestamps || (captions.formatName == "vtt" && document.events.contains { !$0.words.isEmpty })
        try DocumentOutput.write(document, as: format, to: output, protecting: protecting, strict: strict, options: options)
    }
}
