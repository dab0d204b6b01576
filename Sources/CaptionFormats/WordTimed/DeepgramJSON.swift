/// Deepgram's pre-recorded response: `results.channels[].alternatives[].words[]` with times in seconds,
/// `punctuated_word` (when punctuation was asked for) beside the lower-case `word`, and `speaker` as a
/// number with diarization. Optional `results.utterances[]` split the words into segments.
enum DeepgramJSON: WordTimedFormat {
    static let name = "deepgram"
    static let title = "Deepgram"

    /// `results` is an object holding a `channels` array (Google's `results` is an array).
    static func matches(_ root: JSONValue) -> Bool {
        root["results"]?.object?["channels"]?.array != nil
    }

    static func transcript(_ root: JSONValue, issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript {
        guard let channels = root["results"]?["channels"]?.array else {
            throw TranscriptError(path: "results.channels", message: "missing: not a Deepgram response")
        }
        // The first channel's first alternative; another channel only when that one has no words.
        let candidates = channels.indices.compactMap { c -> (Int, [JSONValue])? in
            guard let words = channels[c]["alternatives"]?.array?.first?["words"]?.array else { return nil }
            return (c, words)
        }
        guard let (channel, words) = candidates.first(where: { !$0.1.isEmpty }) ?? candidates.first else {
            throw TranscriptError(path: "results.channels[0].alternatives[0].words",
                                  message: "missing: the response has no word list")
        }
        let base = "results.channels[\(channel)].alternatives[0].words"
        var reading = CloudReading()
        var list: [RawWord] = []
        list.reserveCapacity(words.count)
        for (n, value) in words.enumerated() {
            let path = "\(base)[\(n)]"
            guard let word = reading.object(value, path, &issues),
                  let text = reading.text(word, ["punctuated_word", "word"], path, &issues) else { continue }
            list.append(RawWord(text: text,
                                start: CloudReading.time(word, "start", path, unit: "a number of seconds", TimeValue.seconds, &issues),
                                end: CloudReading.time(word, "end", path, unit: "a number of seconds", TimeValue.seconds, &issues),
                                speaker: CloudReading.speaker(word["speaker"]), path: path))
        }
        // Utterances (utterances=true) are Deepgram's own segments; those of other channels do not count.
        let utteranceStarts = (root["results"]?["utterances"]?.array ?? []).compactMap { u -> Double? in
            if let c = u["channel"]?.number, c != Double(channel) { return nil }
            return TimeValue.seconds(u["start"])
        }
        return try reading.finish(Transcript(segments: Transcript.Segment.split(list, atStarts: utteranceStarts)),
                                  wordsPath: base)
    }
}
