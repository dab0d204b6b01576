/// Rev.ai's transcript JSON: `monologues[]`, one per speaker turn ({speaker, elements[]}), whose
/// elements are `text` (a word, `ts`/`end_ts` in seconds), `punct` (spaces, commas, periods: no
/// times) or `unknown` (a word Rev.ai could not make out, `<unknown>`). Each monologue is a segment;
/// punctuation joins the word before it; spaces and unknown words are not words.
enum RevAIJSON: WordTimedFormat {
    static let name = "revai"
    static let title = "Rev.ai"

    /// A `monologues` array whose entries hold `elements`.
    static func matches(_ root: JSONValue) -> Bool {
        guard let monologues = root["monologues"]?.array else { return false }
        guard let first = monologues.first else { return root.object?.members.count == 1 }
        return first["elements"] != nil
    }

    static func transcript(_ root: JSONValue, issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript {
        guard let monologues = root["monologues"]?.array else {
            throw TranscriptError(path: "monologues", message: "missing or not an array: not a Rev.ai transcript")
        }
        var reading = CloudReading()
        var segments: [Transcript.Segment] = []
        for (m, value) in monologues.enumerated() {
            let base = "monologues[\(m)]"
            guard let monologue = reading.object(value, base, &issues, what: "a monologue object") else { continue }
            guard let elements = monologue["elements"]?.array else {
                reading.skip(base + ".elements", "is missing or not an array", &issues)
                continue
            }
            let speaker = CloudReading.speaker(monologue["speaker"]) ?? CloudReading.speaker(monologue["speaker_name"])
            var collected = PunctuatedWords()
            for (n, item) in elements.enumerated() {
                let path = "\(base).elements[\(n)]"
                guard let element = reading.object(item, path, &issues, what: "an element object") else { continue }
                let type = element["type"]?.string
                if type == "unknown" { continue }
                guard let text = reading.text(element, ["value"], path, &issues) else { continue }
                switch type {
                case "punct":
                    collected.punctuation(text)
                case "text", nil:
                    collected.append(RawWord(
                        text: text,
                        start: CloudReading.time(element, "ts", path, unit: "a number of seconds", TimeValue.seconds, &issues),
                        end: CloudReading.time(element, "end_ts", path, unit: "a number of seconds", TimeValue.seconds, &issues),
                        speaker: speaker, path: path))
                case let other?:
                    reading.skip(path, "has type '\(other)', not 'text', 'punct' or 'unknown'", &issues)
                }
            }
            // A monologue of punctuation only (a closing quote) finishes the turn before it.
            let leftover = collected.leftover
            let words = collected.finish()
            if words.isEmpty {
                if !leftover.isEmpty, let s = segments.indices.last, let w = segments[s].words.indices.last {
                    segments[s].words[w].text += leftover
                }
                continue
            }
            segments.append(Transcript.Segment(words: words))
        }
        return try reading.finish(Transcript(segments: segments), wordsPath: "monologues")
    }
}
