/// whisper.cpp (`whisper-cli -oj`, and `-ojf` for tokens): `transcription[]` segments with `offsets`
/// {from, to} in milliseconds (and `timestamps` as "HH:MM:SS,mmm"), and with `-ojf` `tokens[]`
/// {text, offsets, id, p, t_dtw}. Tokens are BPE pieces: special ones (`[_BEG_]`, `[_TT_120]`) are
/// dropped and the rest joined into words (`TokenMerger`). Without tokens, or without token times,
/// a segment's words are spread over the segment. `t_dtw` (-1 unless `--dtw`) is not used.
enum WhisperCppJSON: WordTimedFormat {
    static let name = "whisper-cpp"
    static let title = "whisper.cpp"

    static func matches(_ root: JSONValue) -> Bool {
        guard let object = root.object, let transcription = object["transcription"]?.array else { return false }
        guard let first = transcription.first else { return object.has("model") || object.has("systeminfo") }
        return first["offsets"]?.object != nil || first["timestamps"]?.object != nil
    }

    static func transcript(_ root: JSONValue, issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript {
        guard let transcription = root["transcription"]?.array else {
            throw TranscriptError(path: "top level", message: "no \"transcription\" array: found \(WordJSON.describe(root))")
        }
        var transcript = Transcript(segments: [])
        for (i, value) in transcription.enumerated() {
            let path = "transcription[\(i)]"
            guard let segment = WordJSON.object(value, path, noun: "segment", &issues) else { continue }
            let (start, end) = times(segment, path, &issues)
            // `--diarize` on stereo input writes a speaker per segment.
            let speaker = WordJSON.speaker(segment["speaker"])
            var merger = TokenMerger()
            let tokens = segment["tokens"]?.array ?? []
            for (j, item) in tokens.enumerated() {
                let tokenPath = "\(path).tokens[\(j)]"
                guard let token = WordJSON.object(item, tokenPath, noun: "token", &issues),
                      let text = WordJSON.text(token, "text", tokenPath, noun: "token", &issues), !isSpecial(text) else { continue }
                let (from, to) = times(token, tokenPath, &issues)
                merger.add(text, start: from, end: to, speaker: speaker, path: tokenPath)
            }
            let words = tokens.isEmpty ? WordJSON.textWords(segment["text"]?.string, "\(path).text", speaker: speaker) : merger.words
            transcript.segments.append(.init(words: words, start: start, end: end))
        }
        return try WordJSON.usable(transcript, "transcription", issues)
    }

    /// `[_BEG_]`, `[_TT_120]`, `[_SOT_]`...: whisper.cpp's names for special tokens (and `<|...|>` as
    /// other builds print them).
    static func isSpecial(_ text: String) -> Bool {
        (text.hasPrefix("[_") && text.hasSuffix("]")) || (text.hasPrefix("<|") && text.hasSuffix("|>"))
    }

    /// `offsets` {from, to} in milliseconds, or else `timestamps` {from, to} as "HH:MM:SS,mmm".
    static func times(_ object: JSONObject, _ path: String, _ issues: inout TranscriptIssues) -> (Double?, Double?) {
        if let offsets = object["offsets"]?.object {
            return (WordJSON.time(offsets, "from", .milliseconds, "\(path).offsets", &issues),
                    WordJSON.time(offsets, "to", .milliseconds, "\(path).offsets", &issues))
        }
        if let stamps = object["timestamps"]?.object {
            return (stamps["from"]?.string.flatMap(clock), stamps["to"]?.string.flatMap(clock))
        }
        return (nil, nil)
    }

    /// "00:01:02,345" (or with a dot) in milliseconds.
    static func clock(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let h = Double(parts[0]), let m = Double(parts[1]),
              let s = Double(String(parts[2].map { $0 == "," ? "." : $0 })) else { return nil }
        return ((h * 60 + m) * 60 + s) * 1000
    }
}
