/// faster-whisper has no JSON writer; people dump `[asdict(s) for s in segments]`: a top-level ARRAY
/// of segments {id, seek, start, end, text, tokens, ..., words}, where `words` is a list of
/// {start, end, word (leading space), probability}, or null without `word_timestamps=True`.
enum FasterWhisperJSON: WordTimedFormat {
    static let name = "faster-whisper"
    static let title = "faster-whisper"

    static func matches(_ root: JSONValue) -> Bool {
        guard let first = root.array?.first?.object, !first.has("startMs") else { return false }
        return first.has("start") && first.has("end") && first["text"]?.string != nil
            && (first.has("words") || first.has("tokens") || first.has("seek"))
    }

    static func transcript(_ root: JSONValue, issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript {
        try WhisperSegments.transcript(root, textKey: "word", issues: &issues)
    }
}
