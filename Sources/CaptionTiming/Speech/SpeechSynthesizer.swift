import CEspeakNG
import CaptionModel
import Foundation

/// Speech synthesized from a caption's words by espeak-ng, with the time each word starts in it: the
/// reference the recording is warped against (`AudioWordAligner`).
public struct SynthesizedSpeech: Sendable {
    /// Mono samples in -1...1 at `sampleRate` (espeak-ng's own rate, 22050 Hz).
    public var samples: [Float]
    public var sampleRate: Int
    /// For each word handed in, the millisecond its first sound starts in `samples`; nil for a word
    /// espeak-ng said nothing for (punctuation alone, a symbol it does not read).
    public var wordStarts: [Int?]

    public var milliseconds: Int { samples.count * 1000 / max(sampleRate, 1) }

    /// The speech with `milliseconds` of silence before and after it. Warping needs it: espeak-ng's
    /// first word starts in its first frame, which otherwise has to stand for all the silence before
    /// the words in the recording, and the word's start is lost in it.
    public func padded(by milliseconds: Int) -> SynthesizedSpeech {
        let silence = [Float](repeating: 0, count: milliseconds * sampleRate / 1000)
        return SynthesizedSpeech(samples: silence + samples + silence, sampleRate: sampleRate,
                                 wordStarts: wordStarts.map { $0.map { $0 + silence.count * 1000 / sampleRate } })
    }
}

/// A failure of espeak-ng itself (its data missing, a voice it does not know): unreadable (66), as for
/// any input that cannot be found.
public struct SpeechSynthesisError: CaptionKitError {
    public var description: String
    public var failure: FailureKind { .unreadable }
}

/// espeak-ng through its C library, synchronously (`AUDIO_OUTPUT_SYNCHRONOUS`): samples and word events
/// come back through one callback.
///
/// espeak-ng keeps its voice, rate and callback in process-wide globals, so every call takes one lock
/// for the whole synthesis: two threads aligning at once take turns here (synthesis is a small part
/// of an alignment's time; the warping runs unlocked).
public enum SpeechSynthesizer {
    /// English (espeak-ng's `en`, British received pronunciation): the default voice.
    public static let defaultVoice = "en"
    /// espeak-ng's default rate, words per minute.
    public static let defaultRate = 175

    private static let lock = NSLock()
    nonisolated(unsafe) private static var sampleRate: Int32 = 0

    /// Speaks `words` (joined by spaces) with `voice` (an espeak-ng voice or language name: `en`,
    /// `en-us`, `de`, `fr`, `en+f3`, …) at `rate` words per minute.
    public static func speak(_ words: [String], voice: String = defaultVoice, rate: Int = defaultRate) throws(SpeechSynthesisError) -> SynthesizedSpeech {
        lock.lock()
        defer { lock.unlock() }
        if sampleRate <= 0 {
            sampleRate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 200, nil, Int32(espeakINITIALIZE_DONT_EXIT))
            guard sampleRate > 0 else { throw SpeechSynthesisError(description: "espeak-ng could not start (is espeak-ng-data installed?)") }
            espeak_SetSynthCallback { samples, count, events in
                guard let events, let sink = events.pointee.user_data else { return 0 }
                let collector = Unmanaged<SynthesisCollector>.fromOpaque(sink).takeUnretainedValue()
                if let samples, count > 0 { collector.append(UnsafeBufferPointer(start: samples, count: Int(count))) }
                var event = events
                while event.pointee.type != espeakEVENT_LIST_TERMINATED {
                    if event.pointee.type == espeakEVENT_WORD {
                        collector.words.append((character: Int(event.pointee.text_position) - 1, milliseconds: Int(event.pointee.audio_position)))
                    }
                    event += 1
                }
                return 0
            }
        }
        guard espeak_SetVoiceByName(voice) == EE_OK else {
            throw SpeechSynthesisError(description: "espeak-ng has no voice '\(voice)' (espeak-ng --voices lists them)")
        }
        espeak_SetParameter(espeakRATE, Int32(min(max(rate, 80), 450)), 0)

        // Each word's first character, counted in Unicode scalars as espeak-ng counts text positions.
        var firsts: [Int] = []
        var text = ""
        var position = 0
        for word in words {
            if !text.isEmpty { text += " "; position += 1 }
            firsts.append(position)
            text += word
            position += word.unicodeScalars.count
        }
        let collector = SynthesisCollector()
        let sink = Unmanaged.passRetained(collector)
        defer { sink.release() }
        let status = text.withCString { pointer in
            espeak_Synth(pointer, strlen(pointer) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, sink.toOpaque())
        }
        guard status == EE_OK else { throw SpeechSynthesisError(description: "espeak-ng failed to speak the text (error \(status.rawValue))") }
        espeak_Synchronize()

        // A word event belongs to the word whose text holds its position; a word read as several
        // (a number, a hyphenated word) starts at its first.
        var starts = [Int?](repeating: nil, count: words.count)
        for event in collector.words {
            guard let index = firsts.lastIndex(where: { $0 <= event.character }) else { continue }
            if starts[index] == nil { starts[index] = event.milliseconds }
        }
        return SynthesizedSpeech(samples: collector.samples, sampleRate: Int(sampleRate), wordStarts: starts)
    }
}

/// What the callback collects during one synthesis (only ever touched under the synthesizer's lock).
private final class SynthesisCollector {
    var samples: [Float] = []
    var words: [(character: Int, milliseconds: Int)] = []

    func append(_ chunk: UnsafeBufferPointer<Int16>) {
        samples.reserveCapacity(samples.count + chunk.count)
        for s in chunk { samples.append(Float(s) / 32768) }
    }
}
