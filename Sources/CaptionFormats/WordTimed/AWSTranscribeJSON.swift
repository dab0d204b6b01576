/// Amazon Transcribe's job output: `jobName` and `results.items[]`, each {type, alternatives[{content}],
/// start_time, end_time} with times as STRINGS of seconds ("1.30"). `punctuation` items have no times and
/// belong to the word before them. Speakers come from each item's `speaker_label` or, in older output,
/// from `results.speaker_labels.segments[].items[]` matched by start time. `results.audio_segments` (or
/// else the speaker segments) split the words into segments.
enum AWSTranscribeJSON: WordTimedFormat {
    static let name = "aws"
    static let title = "AWS Transcribe"

    /// `results.items` is an array, with the job's `jobName`, or items shaped like Transcribe's
    /// (`type` and `alternatives`) when the job fields were stripped.
    static func matches(_ root: JSONValue) -> Bool {
        guard let object = root.object, let items = object["results"]?.object?["items"]?.array else { return false }
        if object.has("jobName") { return true }
        guard let first = items.first?.object else { return false }
        return first.has("type") && first["alternatives"]?.array != nil
    }

    static func transcript(_ root: JSONValue, issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript {
        guard let results = root["results"], let items = results["items"]?.array else {
            throw TranscriptError(path: "results.items", message: "missing or not an array: not an AWS Transcribe result")
        }
        let speakers = speakerLabels(results)
        var reading = CloudReading()
        var collected = PunctuatedWords()
        for (n, value) in items.enumerated() {
            let path = "results.items[\(n)]"
            guard let item = reading.object(value, path, &issues, what: "an item object") else { continue }
            let type = item["type"]?.string
            guard let alternative = item["alternatives"]?.array?.first?.object else {
                reading.skip(path, "has no \"alternatives\"[0] object", &issues)
                continue
            }
            guard let content = reading.text(alternative, ["content"], path + ".alternatives[0]", &issues) else { continue }
            switch type {
            case "punctuation":
                collected.punctuation(content)
            case "pronunciation", nil:
                let start = CloudReading.time(item, "start_time", path, unit: "a number of seconds", TimeValue.seconds, &issues)
                let end = CloudReading.time(item, "end_time", path, unit: "a number of seconds", TimeValue.seconds, &issues)
                let speaker = CloudReading.speaker(item["speaker_label"]) ?? start.flatMap { speakers[key($0)] }
                collected.append(RawWord(text: content, start: start, end: end, speaker: speaker, path: path))
            case let other?:
                reading.skip(path, "has type '\(other)', neither 'pronunciation' nor 'punctuation'", &issues)
            }
        }
        let words = collected.finish()
        // Transcribe's own segments: audio segments in newer output, speaker turns otherwise.
        let audioSegments = results["audio_segments"]?.array ?? []
        let segmentSource = audioSegments.isEmpty ? (results["speaker_labels"]?["segments"]?.array ?? []) : audioSegments
        let starts = segmentSource.compactMap { TimeValue.seconds($0["start_time"]) }
        return try reading.finish(Transcript(segments: Transcript.Segment.split(words, atStarts: starts)),
                                  wordsPath: "results.items")
    }

    /// Speaker of each timed item in `speaker_labels.segments[].items[]`, by start time in whole ms.
    private static func speakerLabels(_ results: JSONValue) -> [Int: String] {
        var labels: [Int: String] = [:]
        for segment in results["speaker_labels"]?["segments"]?.array ?? [] {
            let segmentSpeaker = CloudReading.speaker(segment["speaker_label"])
            for item in segment["items"]?.array ?? [] {
                guard let start = TimeValue.seconds(item["start_time"]), start.isFinite,
                      let speaker = CloudReading.speaker(item["speaker_label"]) ?? segmentSpeaker else { continue }
                labels[key(start)] = speaker
            }
        }
        return labels
    }

    private static func key(_ ms: Double) -> Int {
        guard ms.isFinite, abs(ms) < 1e15 else { return Int.min }
        return Int(ms.rounded())
    }
}
