import CaptionModel

/// Cloud speech-to-text services and YouTube's JSON (Deepgram, AssemblyAI, AWS Transcribe, Google
/// Speech-to-Text v1 and v2, Rev.ai, YouTube json3), in detection order.
///
/// Their signatures are top-level keys no Whisper-based tool writes (`results`, `monologues`,
/// `jobName`, `wireMagic`, `status`), so asking them first cannot take a Whisper file away.
extension WordTimedFormats {
    static let cloudFamily: [any WordTimedFormat.Type] = [
        DeepgramJSON.self,
        AWSTranscribeJSON.self,
        GoogleSpeechV2JSON.self,
        GoogleSpeechJSON.self,
        RevAIJSON.self,
        YouTubeJSON3.self,
        AssemblyAIJSON.self,
    ]
}

/// What the cloud adapters share: reading a word object, its text and times with a warning that names
/// the member when a value is there but unreadable, and refusing a file only when no usable word is left.
struct CloudReading {
    /// The first word that had to be skipped: the error when nothing usable remains.
    private(set) var firstProblem: TranscriptError?

    /// Reports a word that cannot be used and remembers it.
    mutating func skip(_ path: String, _ message: String, _ issues: inout TranscriptIssues) {
        issues.warn(path, message + "; skipped")
        if firstProblem == nil { firstProblem = TranscriptError(path: path, message: message) }
    }

    /// The entry as an object, or a warning naming it (`words[3] is a string, not a word object`).
    mutating func object(_ value: JSONValue, _ path: String, _ issues: inout TranscriptIssues,
                         what: String = "a word object") -> JSONObject? {
        if let object = value.object { return object }
        skip(path, "is \(value.kindDescription), not \(what)", &issues)
        return nil
    }

    /// A word's text from the first of `keys` that is a string; a warning when there is none.
    mutating func text(_ object: JSONObject, _ keys: [String], _ path: String, _ issues: inout TranscriptIssues) -> String? {
        for key in keys {
            if let text = object[key]?.string { return text }
        }
        let names = keys.map { "\"\($0)\"" }.joined(separator: " or ")
        if let present = keys.lazy.compactMap({ object[$0] }).first {
            skip(path, "its text (\(names)) is \(present.kindDescription), not a string", &issues)
        } else {
            skip(path, "has no text (\(names))", &issues)
        }
        return nil
    }

    /// A time in milliseconds read with `read` (one of `TimeValue`'s), nil when absent or null; a value
    /// that is there but cannot be read is reported and treated as missing (so it gets interpolated).
    static func time(_ object: JSONObject, _ key: String, _ path: String, unit: String,
                     _ read: (JSONValue?) -> Double?, _ issues: inout TranscriptIssues) -> Double? {
        guard let value = object[key], !value.isNull else { return nil }
        if let ms = read(value) { return ms }
        issues.warn(path, "\"\(key)\" \(describe(value)) is not \(unit); treated as missing and interpolated")
        return nil
    }

    /// A speaker as the tools write it: a number (Deepgram, Rev.ai, Google) or a label ("A", "spk_0").
    static func speaker(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s)? where !s.isEmpty: return s
        case .number(let n)? where n.isFinite:
            return NumberText.plain(n)
        default: return nil
        }
    }

    /// A value as it appears in a message: strings quoted, numbers as numbers, anything else by kind.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return "\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .number(let n): return "\(n)"
        default: return "(\(value.kindDescription))"
        }
    }

    /// The transcript, unless every word was skipped or none has any time: then the file matched a
    /// signature but holds nothing to caption, and the first problem (or `wordsPath`) is the error.
    func finish(_ transcript: Transcript, wordsPath: String) throws(TranscriptError) -> Transcript {
        let words = transcript.segments.flatMap(\.words)
        if words.isEmpty, let firstProblem {
            throw TranscriptError(path: firstProblem.path, message: firstProblem.message + ", and no usable word remains")
        }
        if !words.isEmpty, !words.contains(where: { $0.start != nil || $0.end != nil }) {
            throw TranscriptError(path: firstProblem?.path ?? wordsPath,
                                  message: "none of the \(words.count) words has a usable time")
        }
        return transcript
    }
}

/// Words collected in order, with punctuation tokens (AWS `punctuation` items, Rev.ai `punct` elements)
/// glued to the word before them ("styles" + "." is "styles."), or to the word after them when they
/// come first (an opening quote).
struct PunctuatedWords {
    private(set) var words: [RawWord] = []
    private var prefix = ""

    mutating func append(_ word: RawWord) {
        var word = word
        if !prefix.isEmpty { word.text = prefix + word.text; prefix = "" }
        words.append(word)
    }

    /// Whitespace-only punctuation (Rev.ai's " ") is dropped.
    mutating func punctuation(_ mark: String) {
        let mark = mark.trimmingWhitespace
        guard !mark.isEmpty else { return }
        if words.isEmpty { prefix += mark } else { words[words.count - 1].text += mark }
    }

    /// Punctuation still waiting for a word (a list that ends in an opening quote) goes on the last word.
    mutating func finish() -> [RawWord] {
        if !prefix.isEmpty, !words.isEmpty { words[words.count - 1].text += prefix }
        prefix = ""
        return words
    }

    /// What is left when no word came: the caller may glue it to an earlier segment.
    var leftover: String { words.isEmpty ? prefix : "" }
}

extension Transcript.Segment {
    /// One word list split into segments where the tool's own segments (utterances, speaker turns)
    /// start: a word starting at or after the next boundary opens a new segment. Untimed words stay
    /// with the word before them.
    static func split(_ words: [RawWord], atStarts starts: [Double]) -> [Transcript.Segment] {
        let boundaries = starts.filter(\.isFinite).sorted()
        guard boundaries.count > 1 else { return [Transcript.Segment(words: words)] }
        var segments: [Transcript.Segment] = []
        var current: [RawWord] = []
        var next = 1
        for word in words {
            if let start = word.start, next < boundaries.count, start >= boundaries[next] {
                if !current.isEmpty { segments.append(Transcript.Segment(words: current)); current = [] }
                while next < boundaries.count, start >= boundaries[next] { next += 1 }
            }
            current.append(word)
        }
        if !current.isEmpty { segments.append(Transcript.Segment(words: current)) }
        return segments
    }
}

extension WordTimedReader {
    /// The parse result for a transcript that did not come from JSON (YouTube's srv3 XML and
    /// auto-caption WebVTT): the same events, warnings and `wordTimedSource` as the JSON adapters give.
    static func result(_ transcript: Transcript, issues: TranscriptIssues, text: DecodedText,
                       name: String, title: String, diagnostics: [Diagnostic]? = nil,
                       metadata: [MetadataEntry] = []) throws -> ParseResult {
        var issues = issues
        let events = TranscriptBuilder.events(from: transcript, issues: &issues)
        guard !events.isEmpty else {
            throw CaptionFormatError(.malformed, "\(text.sourceName): \(title) without any timed word")
        }
        var all = diagnostics ?? text.diagnostics
        all += issues.warnings.map { Diagnostic.warning(line: nil, "\(text.sourceName): \($0)") }
        var document = CaptionDocument(events: events)
        document.metadata = metadata
        return ParseResult(document: document, diagnostics: all, wordTimedSource: name)
    }
}
