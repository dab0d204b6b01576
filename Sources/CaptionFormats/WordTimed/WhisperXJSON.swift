/// WhisperX (`whisperx --output_format json`): `segments[].words[]` {word, start, end, score, speaker}
/// plus a flat `word_segments`. Words it could not align (numerals: whisperX #409, #443, #1115) have
/// no start, end or score; they are left for the builder to interpolate.
enum WhisperXJSON: WordTimedFormat {
    static let name = "whisperx"
    static let title = "WhisperX"

    static func matches(_ root: JSONValue) -> Bool {
        guard root.object != nil, !WhisperSegments.hasAny(root, WhisperSegments.stableTSKeys) else { return false }
        if root["word_segments"]?.array != nil { return true }
        guard let segments = root["segments"]?.array else { return false }
        return WhisperSegments.wordStyle(segments) == .score
    }

    /// The segments' own words when there are any (they keep the segmentation); otherwise
    /// `word_segments`, put into the segments by time.
    static func transcript(_ root: JSONValue, issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript {
        let segments = root["segments"]?.array
        let segmentsHaveWords = segments?.contains { !($0["words"]?.array?.isEmpty ?? true) } ?? false
        if !segmentsHaveWords, let flat = root["word_segments"]?.array {
            let words = flat.enumerated().compactMap {
                WhisperSegments.word($1, "word_segments[\($0)]", textKey: "word", speaker: nil, &issues)
            }
            return try WordJSON.usable(Transcript(segments: WhisperSegments.group(words, by: segments)), "word_segments", issues)
        }
        return try WhisperSegments.transcript(root, textKey: "word", issues: &issues)
    }
}
