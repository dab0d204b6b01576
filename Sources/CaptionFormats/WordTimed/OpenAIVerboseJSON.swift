/// OpenAI's transcription API, `response_format=verbose_json` with word timestamps: `task`,
/// `language` (a name), `duration`, a top-level `words[]` {word, start, end} and `segments[]`
/// without words. The words are put into the segments by time; without `words` (segment
/// granularity only) the segments' text is used.
enum OpenAIVerboseJSON: WordTimedFormat {
    static let name = "openai"
    static let title = "OpenAI API"

    static func matches(_ root: JSONValue) -> Bool {
        guard root["task"]?.string != nil, root["duration"]?.number != nil else { return false }
        return root["words"]?.array != nil || root["segments"]?.array != nil
    }

    static func transcript(_ root: JSONValue, issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript {
        guard let flat = root["words"]?.array, !flat.isEmpty else {
            return try WhisperSegments.transcript(root, textKey: "word", issues: &issues)
        }
        let words = flat.enumerated().compactMap {
            WhisperSegments.word($1, "words[\($0)]", textKey: "word", speaker: nil, &issues)
        }
        return try WordJSON.usable(Transcript(segments: WhisperSegments.group(words, by: root["segments"]?.array)), "words", issues)
    }
}
