/// whisper-timestamped (linto-ai): `segments[].words[]` {text, start, end, confidence}, with a
/// `confidence` per segment too. Its words name their text `text`, not `word`.
enum WhisperTimestampedJSON: WordTimedFormat {
    static let name = "whisper-timestamped"
    static let title = "whisper-timestamped"

    static func matches(_ root: JSONValue) -> Bool {
        guard root.object != nil, let segments = root["segments"]?.array,
              !WhisperSegments.hasAny(root, WhisperSegments.stableTSKeys + ["word_segments", "task"]) else { return false }
        return WhisperSegments.wordStyle(segments) == .text
    }

    static func transcript(_ root: JSONValue, issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript {
        try WhisperSegments.transcript(root, textKey: "text", issues: &issues)
    }
}
