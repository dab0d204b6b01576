import ArgumentParser
import CaptionEdit
import CaptionFormats
import CaptionModel
import CaptionPipeline
import CaptionStyles
import CaptionTiming
import CaptionVideo
import Foundation

/// `captions align`: a corrected transcript put back onto speech-to-text word timings, or words timed
/// from the speech itself (`--audio`).
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

        With --audio FILE (a video or any sound file) instead of WORDS, the words get their times from \
        the speech: each caption's text is spoken by espeak-ng (--voice, default English) and warped \
        onto the recording inside the caption's time, and a word starts where its synthesized start \
        lands; for English, pocketsphinx's US English model is also forced to the caption's words, \
        and a word starts at the mean of the two where they agree within 80 ms, at the model's \
        otherwise (--aligner picks one method). Captions that already have word timings keep them. Plain text (no times) is warped onto \
        the whole recording, each line then placed as a caption where the warping put it (so English \
        gets the model too), and paged. Words it cannot place are interpolated and marked so. See \
        docs/audio-alignment.md.
        """
    )

    @Argument(help: "The corrected transcript: plain text, or captions a person edited.")
    var transcript: String

    @Argument(help: "The speech-to-text output with word timings (not with --audio).")
    var words: String?

    @Option(help: "Time the words from this file's speech (a video or sound file) instead of WORDS.")
    var audio: String?

    @Option(help: "With --audio: the espeak-ng voice or language the text is in (en, en-us, de, fr, es, …; `espeak-ng --voices` lists them).")
    var voice: String = SpeechSynthesizer.defaultVoice

    @Option(help: "With --audio: automatic (the speech model for English voices, warping otherwise), acoustic, or warping.")
    var aligner: AudioWordAligner.Method = .automatic

    @Option(name: .shortAndLong, help: "Where to write; - for stdout. Format from the extension or --to.")
    var output: String

    @Option(name: .customLong("transcript-format"), help: "The transcript's format: text, or a caption format (default: detected; .txt is text).")
    var transcriptFormat: String?

    @Option(name: .customLong("words-format"), help: "The word timings' format, overriding detection.")
    var wordsFormat: String?

    @OptionGroup var writing: OutputFormatOptions

    @OptionGroup(title: "Paging (a plain-text transcript's words into captions)")
    var paging: PagingFlags

    func validate() throws {
        writing.warnRenamed(command: "align")
        if audio != nil, words != nil { throw ValidationError("give either WORDS or --audio, not both") }
        if audio == nil, words == nil { throw ValidationError("give WORDS (speech-to-text word timings) or --audio FILE") }
    }

    func run() throws {
        if let audio { return try alignToAudio(audio) }
        guard let words else { return }
        try CommandFailure.exitOnError {
            let timing = try CaptionFileReader.read(path: words, format: wordsFormat)
            try Diagnostics.report(timing.diagnostics, source: words, strict: false)
            let timed = timing.document.events.flatMap(\.words)
            guard !timed.isEmpty else {
                throw CaptionFormatError(.malformed, "\(words): no word timings to align onto (give a speech-to-text tool's output, or captions with word timings)")
            }

            let result = try alignAndWrite(protecting: [transcript, words],
                                           plain: { TranscriptAlignment.align(text: $0, onto: timed) }, document: \.document,
                                           captions: { TranscriptAlignment.align(captions: $0, onto: timed) })

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

    /// `--audio`: the transcript's words timed from the speech in `audio`.
    private func alignToAudio(_ audio: String) throws {
        try CommandFailure.exitOnError {
            let sound = try AudioSamples.read(audio, sampleRate: 16_000)
            var options = AudioWordAligner.Options()
            options.voice = voice
            options.method = aligner
            let result = try alignAndWrite(protecting: [transcript, audio], plain: { text in
                try AudioWordAligner.align(text: text, samples: sound.samples, sampleRate: sound.sampleRate, options: options)
            }, document: \.document, captions: { captions in
                try AudioWordAligner.align(captions: captions, samples: sound.samples, sampleRate: sound.sampleRate, options: options)
            })
            let report = "captions: align: " + AudioAlignment.summary(result)
            if output == "-" { CommandFailure.printError(report) } else { print(report) }
        }
    }

    /// Reads the transcript, aligns it with `plain` (plain text) or `captions` (captions a person
    /// edited), pages plain text (or anything, with a paging flag) and writes the result.
    private func alignAndWrite<R>(protecting inputs: [String], plain: (String) throws -> R, document: KeyPath<R, CaptionDocument>,
                                  captions: (CaptionDocument) throws -> R) throws -> R {
        let text = try CaptionFileReader.readText(path: transcript)
        let result: R
        var inputFormat: String?
        if isPlainText(text) {
            let string = text.utf8.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
            result = try plain(string)
            guard !result[keyPath: document].events.isEmpty else {
                throw CaptionFormatError(.malformed, "\(transcript): the transcript has no words")
            }
        } else {
            let read = try CaptionFileReader.read(text, path: transcript, format: transcriptFormat)
            try Diagnostics.report(read.diagnostics, source: transcript, strict: false)
            inputFormat = read.formatName
            result = try captions(read.document)
        }
        // Words aligned onto plain text are paged into captions; a caption file's captions only when asked.
        let aligned = CaptionInput(document: result[keyPath: document], wordTimed: inputFormat == nil).document(overrides: paging.overrides)
        let format = try DocumentOutput.format(named: writing.format, path: output, inputFormat: inputFormat)
        // The point is the karaoke: WebVTT output carries the words as inline timestamps.
        var options = WriteOptions()
        options.wordTimestamps = true
        try DocumentOutput.write(aligned, as: format, to: output, protecting: inputs, strict: false, options: options)
        return result
    }
}
