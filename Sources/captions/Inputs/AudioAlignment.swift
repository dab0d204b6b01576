import ArgumentParser
import CaptionFormats
import CaptionModel
import CaptionTiming
import CaptionVideo

/// Word timings from a recording's speech for captions that have none: `align --audio`, and
/// `--align-audio` on the commands that draw captions (burn, render, studio).
enum AudioAlignment {
    /// `document` with word timings from the speech in `audio` for its cues without words.
    static func words(for document: CaptionDocument, from audio: String, voice: String) throws -> CaptionDocument {
        guard document.events.contains(where: { $0.words.isEmpty }) else { return document }
        let sound = try AudioSamples.read(audio, sampleRate: 16_000)
        var options = AudioWordAligner.Options()
        options.voice = voice
        let result = try AudioWordAligner.align(captions: document, samples: sound.samples, sampleRate: sound.sampleRate, options: options)
        CommandFailure.printError("captions: word timings from \(audio): " + summary(result))
        return result.document
    }

    static func summary(_ result: AudioWordAligner.Result) -> String {
        let c = result.counts
        var text = "\(c.placed) word\(c.placed == 1 ? "" : "s") timed from the speech"
        if c.acoustic > 0 { text += " (\(c.acoustic) by the speech model)" }
        text += ", \(c.interpolated) interpolated"
        if let unavailable = result.acousticModelUnavailable { text += "; all warped: " + unavailable }
        if result.clamped > 0 { text += "; \(result.clamped) word\(result.clamped == 1 ? "" : "s") heard outside \(result.clamped == 1 ? "its" : "their") caption pulled inside it" }
        return text
    }
}

extension AudioWordAligner.Method: ExpressibleByArgument {}

/// `--align-audio` on commands that have a video (burn, studio): its own speech times the words.
struct AlignAudioFlags: ParsableArguments {
    @Flag(name: .customLong("align-audio"), help: "Time the words of captions without word timings from the video's own speech (see `captions align --audio`).")
    var enabled = false

    @Option(name: .customLong("align-voice"), help: "With --align-audio: the espeak-ng voice or language of the captions (default en).")
    var voice: String = SpeechSynthesizer.defaultVoice
}
