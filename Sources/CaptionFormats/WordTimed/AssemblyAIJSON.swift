/// AssemblyAI's transcript object: top-level `words[]` {text, start, end, confidence, speaker} with
/// times in MILLISECONDS (while `audio_duration` is in seconds, and not needed), `speaker` "A", "B"...
/// with speaker labels, and a `status` that is "completed" once the words are there. `utterances[]`,
/// when present, split the words into segments.
enum AssemblyAIJSON: WordTimedFormat {
    static let name = "assemblyai"
    static let title = "AssemblyAI"

    /// `status` (a string) beside a top-level `words` array; a transcript still queued or failed has
    /// `words: null` and is claimed too when it carries AssemblyAI's `audio_url`, so the error can say why.
    static func matches(_ root: JSONValue) -> Bool {
        guard let object = root.object, object["status"]?.string != nil, let words = object["words"] else { return false }
        if words.array != nil { return true }
        return words.isNull && object.has("audio_url")
    }

    static func transcript(_ root: JSONValue, issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript {
        guard let words = root["words"]?.array else {
            let status = root["status"]?.string
            if let status, status != "completed" {
                let reason = root["error"]?.string.map { ": \($0)" } ?? ""
                throw TranscriptError(path: "words", message: "none: the transcript's status is '\(status)'\(reason) (AssemblyAI gives words once it is 'completed')")
            }
            throw TranscriptError(path: "words", message: "missing or not an array: not an AssemblyAI transcript")
        }
        var reading = CloudReading()
        var list: [RawWord] = []
        list.reserveCapacity(words.count)
        for (n, value) in words.enumerated() {
            let path = "words[\(n)]"
            guard let word = reading.object(value, path, &issues),
                  let text = reading.text(word, ["text"], path, &issues) else { continue }
            list.append(RawWord(text: text,
                                start: CloudReading.time(word, "start", path, unit: "a number of milliseconds", TimeValue.milliseconds, &issues),
                                end: CloudReading.time(word, "end", path, unit: "a number of milliseconds", TimeValue.milliseconds, &issues),
                                speaker: CloudReading.speaker(word["speaker"]), path: path))
        }
        let utteranceStarts = (root["utterances"]?.array ?? []).compactMap { TimeValue.milliseconds($0["start"]) }
        return try reading.finish(Transcript(segments: Transcript.Segment.split(list, atStarts: utteranceStarts)),
                                  wordsPath: "words")
    }
}
