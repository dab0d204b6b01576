import CaptionModel

/// One speech-to-text tool's output, as an adapter from its own shape to a `Transcript`.
///
/// Adapters only read: they find the words, their text and their times (converted to milliseconds
/// as `Double`, with nil where the tool gave none), speakers and segments. Everything common (trimming,
/// validation, interpolation of missing times, ends from the next start, building events) happens once
/// in `TranscriptBuilder`.
protocol WordTimedFormat: SubtitleFormat {
    /// The `--from` name (`whisperx`, `deepgram`...).
    static var name: String { get }
    /// The name people know it by, for messages and the README (`WhisperX`).
    static var title: String { get }
    /// True when the JSON has this tool's signature (see Corpus/word-timed/README.md).
    static func matches(_ root: JSONValue) -> Bool
    /// The words, grouped in the tool's own segments (or one segment when it has none).
    static func transcript(_ root: JSONValue, issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript
    /// For a shape that holds either word timings or finished captions (YouTube json3): the captions,
    /// read as their author cut them, when the file has no word times; nil to read it as words.
    static func captions(_ root: JSONValue, issues: inout TranscriptIssues) -> [CaptionEvent]?
}

extension WordTimedFormat {
    static func captions(_ root: JSONValue, issues: inout TranscriptIssues) -> [CaptionEvent]? { nil }
}

/// What an adapter found.
struct Transcript: Sendable {
    var segments: [Segment]
    /// Formats that give only word starts (YouTube): a word ends at the next word's start or at its
    /// segment's end.
    var startsOnly = false

    struct Segment: Sendable {
        var words: [RawWord]
        /// The segment's own bounds when the tool gives them (milliseconds).
        var start: Double?
        var end: Double?
        init(words: [RawWord], start: Double? = nil, end: Double? = nil) {
            self.words = words; self.start = start; self.end = end
        }
    }
}

/// A word as the tool wrote it. Times are milliseconds; nil when absent.
struct RawWord: Sendable {
    var text: String
    var start: Double?
    var end: Double?
    var speaker: String?
    /// Where it is in the file (`segments[0].words[4]`), for messages.
    var path: String

    init(text: String, start: Double?, end: Double?, speaker: String? = nil, path: String) {
        self.text = text; self.start = start; self.end = end; self.speaker = speaker; self.path = path
    }
}

/// An adapter's refusal: the shape matched but the content cannot be used.
struct TranscriptError: Error, Sendable {
    var path: String
    var message: String
}

/// Warnings an adapter or the builder has about single words; each names the word.
struct TranscriptIssues: Sendable {
    var warnings: [String] = []
    mutating func warn(_ path: String, _ message: String) { warnings.append("\(path): \(message)") }
}

/// Reading time values the ways the tools write them.
enum TimeValue {
    /// A number of seconds (or a numeric string: AWS writes "1.30").
    static func seconds(_ value: JSONValue?) -> Double? {
        switch value {
        case .number(let n)?: return n * 1000
        case .string(let s)?: return Double(s).map { $0 * 1000 }
        default: return nil
        }
    }

    /// A number of milliseconds.
    static func milliseconds(_ value: JSONValue?) -> Double? {
        switch value {
        case .number(let n)?: return n
        case .string(let s)?: return Double(s)
        default: return nil
        }
    }

    /// A protobuf Duration as Google writes it in JSON: `"1.300s"` (or `{"seconds":1,"nanos":300000000}`).
    static func duration(_ value: JSONValue?) -> Double? {
        switch value {
        case .string(let s)?:
            guard s.hasSuffix("s"), let v = Double(s.dropLast()) else { return nil }
            return v * 1000
        case .object(let o)?:
            let seconds = TimeValue.milliseconds(o["seconds"]) ?? 0
            let nanos = TimeValue.milliseconds(o["nanos"]) ?? 0
            return seconds * 1000 + nanos / 1_000_000
        default: return nil
        }
    }
}
