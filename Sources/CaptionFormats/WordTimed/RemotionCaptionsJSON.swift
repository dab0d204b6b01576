/// Remotion's `Caption[]` (@remotion/captions): a top-level array of {text, startMs, endMs,
/// timestampMs, confidence}, usually one per whisper token: a leading space in `text` starts a word,
/// none continues the word before (`TokenMerger`). If no caption after the first has a leading
/// space, each caption is a word of its own. A caption holding several words (from `parseSrt()`) is a
/// segment of its own whose words are spread over its time.
enum RemotionCaptionsJSON: WordTimedFormat {
    static let name = "remotion"
    static let title = "Remotion captions"

    static func matches(_ root: JSONValue) -> Bool {
        guard let first = root.array?.first?.object else { return false }
        return first["text"]?.string != nil && first.has("startMs") && first.has("endMs")
    }

    static func transcript(_ root: JSONValue, issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript {
        guard let captions = root.array else {
            throw TranscriptError(path: "top level", message: "expected an array of captions {text, startMs, endMs}: found \(WordJSON.describe(root))")
        }
        let spaced = captions.dropFirst().contains { $0["text"]?.string?.first?.isWhitespace ?? false }
        var transcript = Transcript(segments: [])
        var merger = TokenMerger()
        func flush() {
            if !merger.words.isEmpty { transcript.segments.append(.init(words: merger.words)) }
            merger = TokenMerger()
        }
        for (i, item) in captions.enumerated() {
            let path = "[\(i)]"
            guard let caption = WordJSON.object(item, path, noun: "caption", &issues),
                  let text = WordJSON.text(caption, "text", path, noun: "caption", &issues) else { continue }
            let start = WordJSON.time(caption, "startMs", .milliseconds, path, &issues)
            let end = WordJSON.time(caption, "endMs", .milliseconds, path, &issues)
            let words = WordJSON.textWords(text, path, speaker: nil)
            if words.count > 1 {
                flush()
                transcript.segments.append(.init(words: words, start: start, end: end))
                continue
            }
            if !spaced { merger.breakWord() }
            merger.add(text, start: start, end: end, speaker: nil, path: path)
        }
        flush()
        return try WordJSON.usable(transcript, "top level", issues)
    }
}
