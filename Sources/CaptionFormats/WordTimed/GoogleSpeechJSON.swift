/// Google Cloud Speech-to-Text v1: `results[].alternatives[0].words[]` {startTime, endTime, word} with
/// protobuf Durations ("1.300s"), one result per stretch of speech. Also read inside a long-running
/// operation (`response.results`).
enum GoogleSpeechJSON: WordTimedFormat {
    static let name = "google"
    static let title = "Google Speech-to-Text"

    /// A `results` array whose entries hold `alternatives`, without v2's `startOffset` names.
    static func matches(_ root: JSONValue) -> Bool {
        guard let results = GoogleSpeech.results(root) else { return false }
        return GoogleSpeech.hasAlternatives(results) && !GoogleSpeech.isV2(results)
    }

    static func transcript(_ root: JSONValue, issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript {
        try GoogleSpeech.transcript(root, start: "startTime", end: "endTime", resultEnd: "resultEndTime", issues: &issues)
    }
}

/// Google Cloud Speech-to-Text v2: the same shape with `startOffset`/`endOffset` and `resultEndOffset`.
enum GoogleSpeechV2JSON: WordTimedFormat {
    static let name = "google-v2"
    static let title = "Google Speech-to-Text v2"

    static func matches(_ root: JSONValue) -> Bool {
        guard let results = GoogleSpeech.results(root) else { return false }
        return GoogleSpeech.hasAlternatives(results) && GoogleSpeech.isV2(results)
    }

    static func transcript(_ root: JSONValue, issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript {
        try GoogleSpeech.transcript(root, start: "startOffset", end: "endOffset", resultEnd: "resultEndOffset", issues: &issues)
    }
}

/// What both versions share.
///
/// - proto3 JSON leaves out fields at their default, so a word without a start time starts at 0 s.
/// - With speaker diarization the LAST result repeats every word of the file, now with `speakerTag`
///   (v1) or `speakerLabel` (v2). When it does, its words are used, cut into the earlier results'
///   segments, instead of reading every word twice.
enum GoogleSpeech {
    static func results(_ root: JSONValue) -> [JSONValue]? {
        root["results"]?.array ?? root["response"]?["results"]?.array
    }

    static func resultsPath(_ root: JSONValue) -> String {
        root["results"]?.array != nil ? "results" : "response.results"
    }

    static func hasAlternatives(_ results: [JSONValue]) -> Bool {
        results.contains { $0["alternatives"]?.array != nil }
    }

    static func isV2(_ results: [JSONValue]) -> Bool {
        for result in results {
            if result.object?.has("resultEndOffset") == true { return true }
            if result.object?.has("resultEndTime") == true { return false }
            for word in result["alternatives"]?.array?.first?["words"]?.array ?? [] {
                guard let word = word.object else { continue }
                if word.has("startOffset") || word.has("endOffset") { return true }
                if word.has("startTime") || word.has("endTime") { return false }
            }
        }
        return false
    }

    private struct Result {
        var words: [RawWord]
        var end: Double?
    }

    static func transcript(_ root: JSONValue, start: String, end: String, resultEnd: String,
                           issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript {
        guard let results = results(root) else {
            throw TranscriptError(path: "results", message: "missing or not an array: not a Google Speech-to-Text response")
        }
        let base = resultsPath(root)
        var reading = CloudReading()
        var parsed: [Result] = []
        var sawWordList = false
        let unit = "a Duration such as \"1.300s\""
        for (r, value) in results.enumerated() {
            guard let result = value.object else {
                reading.skip("\(base)[\(r)]", "is \(value.kindDescription), not a result object", &issues)
                continue
            }
            // A result without words (no speech, or word time offsets not requested) adds nothing.
            guard let words = result["alternatives"]?.array?.first?["words"]?.array else { continue }
            sawWordList = true
            var list: [RawWord] = []
            for (n, item) in words.enumerated() {
                let path = "\(base)[\(r)].alternatives[0].words[\(n)]"
                guard let word = reading.object(item, path, &issues),
                      let text = reading.text(word, ["word"], path, &issues) else { continue }
                let startValue = word.has(start) ? CloudReading.time(word, start, path, unit: unit, TimeValue.duration, &issues) : 0
                list.append(RawWord(text: text, start: startValue,
                                    end: CloudReading.time(word, end, path, unit: unit, TimeValue.duration, &issues),
                                    speaker: CloudReading.speaker(word["speakerLabel"]) ?? CloudReading.speaker(word["speakerTag"]),
                                    path: path))
            }
            parsed.append(Result(words: list, end: TimeValue.duration(result[resultEnd])))
        }
        guard sawWordList || reading.firstProblem != nil else {
            throw TranscriptError(path: "\(base)[0].alternatives[0].words",
                                  message: "missing: the response has no word times (request them with enableWordTimeOffsets)")
        }
        let segments = withoutDiarizationRepeat(parsed).map { Transcript.Segment(words: $0.words, end: $0.end) }
        return try reading.finish(Transcript(segments: segments), wordsPath: "\(base)[0].alternatives[0].words")
    }

    /// When the last result repeats the words of all the results before it (diarization), those
    /// words, which carry the speakers, replace the earlier ones, keeping the earlier segments.
    private static func withoutDiarizationRepeat(_ results: [Result]) -> [Result] {
        guard results.count >= 2, let last = results.last else { return results }
        let earlier = results.dropLast()
        let earlierWords = earlier.flatMap(\.words)
        guard !earlierWords.isEmpty, last.words.count >= earlierWords.count,
              last.words.contains(where: { $0.speaker != nil }) else { return results }
        // The repeat has the same words at the same times; a later result that merely says the same
        // thing again is speech, not a repeat.
        func same(_ a: RawWord, _ b: RawWord) -> Bool {
            a.text.trimmingWhitespace.lowercased() == b.text.trimmingWhitespace.lowercased()
                && close(a.start, b.start) && close(a.end, b.end)
        }
        func close(_ x: Double?, _ y: Double?) -> Bool {
            guard let x, let y else { return x == nil && y == nil }
            return abs(x - y) < 1
        }
        guard zip(earlierWords, last.words).allSatisfy(same) else { return results }
        var remaining = last.words[...]
        var merged: [Result] = []
        for result in earlier {
            merged.append(Result(words: Array(remaining.prefix(result.words.count)), end: result.end))
            remaining = remaining.dropFirst(result.words.count)
        }
        // Words the earlier results did not have (the last stretch of speech) end the list.
        if !remaining.isEmpty { merged.append(Result(words: Array(remaining), end: last.end)) }
        return merged
    }
}
