/// ElevenLabs Scribe speech-to-text: `language_code`, `language_probability`, `text` and `words[]`
/// {text, start, end, type, speaker_id, logprob} where `type` is `word`, `spacing` or `audio_event`;
/// only words are words. With `use_multi_channel` the same objects come as `transcripts[]`, one per
/// channel. A new segment starts where the speaker changes.
enum ElevenLabsScribeJSON: WordTimedFormat {
    static let name = "elevenlabs"
    static let title = "ElevenLabs Scribe"

    static func matches(_ root: JSONValue) -> Bool {
        if let channels = root["transcripts"]?.array, root["words"] == nil {
            return channels.first.map(isTranscript) ?? false
        }
        return isTranscript(root)
    }

    private static func isTranscript(_ value: JSONValue) -> Bool {
        guard let object = value.object, let words = object["words"]?.array else { return false }
        if object["language_probability"]?.number != nil { return true }
        guard let first = words.first?.object else { return false }
        return first["text"]?.string != nil && ["word", "spacing", "audio_event"].contains(first["type"]?.string ?? "")
    }

    static func transcript(_ root: JSONValue, issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript {
        if let channels = root["transcripts"]?.array, root["words"] == nil {
            var segments: [Transcript.Segment] = []
            for (k, channel) in channels.enumerated() {
                segments += words(channel["words"]?.array ?? [], "transcripts[\(k)].words", &issues)
            }
            // Channels overlap in time; their segments are put in order of their first word.
            let ordered = segments.enumerated().sorted {
                let a = $0.element.words.first?.start ?? .infinity, b = $1.element.words.first?.start ?? .infinity
                return a != b ? a < b : $0.offset < $1.offset
            }.map(\.element)
            return try WordJSON.usable(Transcript(segments: ordered), "transcripts", issues)
        }
        guard let items = root["words"]?.array else {
            throw TranscriptError(path: "top level", message: "no \"words\" array: found \(WordJSON.describe(root))")
        }
        return try WordJSON.usable(Transcript(segments: words(items, "words", &issues)), "words", issues)
    }

    private static func words(_ items: [JSONValue], _ base: String, _ issues: inout TranscriptIssues) -> [Transcript.Segment] {
        var segments: [Transcript.Segment] = []
        var current: [RawWord] = []
        for (i, item) in items.enumerated() {
            let path = "\(base)[\(i)]"
            guard let object = WordJSON.object(item, path, &issues) else { continue }
            // Spacing and audio events ("(laughs)") are not words; an item without a type is taken as one.
            guard (object["type"]?.string ?? "word") == "word",
                  let text = WordJSON.text(object, "text", path, &issues) else { continue }
            let speaker = WordJSON.speaker(object["speaker_id"])
            if let previous = current.last?.speaker, let speaker, previous != speaker {
                segments.append(.init(words: current))
                current = []
            }
            current.append(RawWord(text: text,
                                   start: WordJSON.time(object, "start", .seconds, path, &issues),
                                   end: WordJSON.time(object, "end", .seconds, path, &issues),
                                   speaker: speaker, path: path))
        }
        if !current.isEmpty { segments.append(.init(words: current)) }
        return segments
    }
}
