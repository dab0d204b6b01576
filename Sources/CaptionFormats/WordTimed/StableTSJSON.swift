/// stable-ts (`result.save_as_json`, `WhisperResult.to_dict()`): openai-whisper's segments with
/// words {word (leading space), start, end, probability, tokens}, plus `ori_dict`,
/// `regroup_history` and `nonspeech_sections` at the top level.
enum StableTSJSON: WordTimedFormat {
    static let name = "stable-ts"
    static let title = "stable-ts"

    static func matches(_ root: JSONValue) -> Bool {
        guard root.object != nil, root["segments"]?.array != nil, root["word_segments"] == nil else { return false }
        return WhisperSegments.hasAny(root, WhisperSegments.stableTSKeys)
    }

    static func transcript(_ root: JSONValue, issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript {
        try WhisperSegments.transcript(root, textKey: "word", issues: &issues)
    }
}
