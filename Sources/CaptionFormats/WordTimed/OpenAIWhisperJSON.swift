/// openai-whisper run locally (`whisper --output_format json`, `--word_timestamps True`): `text`,
/// `language` and `segments[].words[]` {word (leading space), start, end, probability}. Without word
/// timestamps (the default) segments have no `words`, and their text is spread over their time.
enum OpenAIWhisperJSON: WordTimedFormat {
    static let name = "whisper"
    static let title = "openai-whisper"

    /// Keys that make a whisper-shaped file another tool's (stable-ts, WhisperX, the OpenAI API).
    static let othersKeys = WhisperSegments.stableTSKeys + ["word_segments", "task", "words"]

    static func matches(_ root: JSONValue) -> Bool {
        guard root.object != nil, let segments = root["segments"]?.array,
              !WhisperSegments.hasAny(root, othersKeys) else { return false }
        switch WhisperSegments.wordStyle(segments) {
        case .word: return true
        case .none: return WhisperSegments.looksLikeSegments(root, segments)
        case .score, .text: return false
        }
    }

    static func transcript(_ root: JSONValue, issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript {
        try WhisperSegments.transcript(root, textKey: "word", issues: &issues)
    }
}
