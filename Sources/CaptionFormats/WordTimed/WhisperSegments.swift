import CaptionModel

/// Reading the pieces the word-list shapes share: a word object, its text, its times, its speaker.
/// Each problem is reported naming the item's path and the item is skipped; nothing here throws.
enum WordJSON {
    enum Unit { case seconds, milliseconds }

    /// `item` as an object, or nil with a warning (`segments[0].words[2]: a number, not a word object; skipped`).
    static func object(_ item: JSONValue, _ path: String, noun: String = "word", _ issues: inout TranscriptIssues) -> JSONObject? {
        if let object = item.object { return object }
        issues.warn(path, "\(item.kindDescription), not a \(noun) object; skipped")
        return nil
    }

    /// The string under `key`, or nil with a warning.
    static func text(_ object: JSONObject, _ key: String, _ path: String, noun: String = "word", _ issues: inout TranscriptIssues) -> String? {
        switch object[key] {
        case .string(let text)?: return text
        case nil, .null?: issues.warn(path, "\(noun) without \"\(key)\" text; skipped")
        case let other?: issues.warn(path, "\"\(key)\" is \(other.kindDescription), not text; skipped")
        }
        return nil
    }

    /// A time in milliseconds; nil when absent or null, and nil with a warning when it is not a time.
    static func time(_ object: JSONObject, _ key: String, _ unit: Unit, _ path: String, _ issues: inout TranscriptIssues) -> Double? {
        guard let value = object[key], !value.isNull else { return nil }
        let ms = unit == .seconds ? TimeValue.seconds(value) : TimeValue.milliseconds(value)
        if ms == nil {
            let what = value.string.map { "the string \"\($0)\"" } ?? value.kindDescription
            issues.warn(path, "\"\(key)\" is \(what), not a number of \(unit == .seconds ? "seconds" : "milliseconds"); interpolated instead")
        }
        return ms
    }

    /// Speakers are kept as strings: `"SPEAKER_00"`, `"speaker_1"`, and numbers as `"2"`.
    static func speaker(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s)?: return s.isEmpty ? nil : s
        case .number(let n)? where n.isFinite:
            return NumberText.plain(n)
        default: return nil
        }
    }

    /// A segment's text split at whitespace into words without times, for tools that wrote no word
    /// timings: the builder spreads them evenly over the segment and marks them interpolated.
    static func textWords(_ text: String?, _ path: String, speaker: String?) -> [RawWord] {
        guard let text else { return [] }
        return text.split(whereSeparator: \.isWhitespace).map {
            RawWord(text: String($0), start: nil, end: nil, speaker: speaker, path: path)
        }
    }

    /// "top level (an object with keys a, b, c)" for messages when a forced format finds the wrong shape.
    static func describe(_ root: JSONValue) -> String {
        guard let object = root.object else { return root.kindDescription }
        let keys = object.keys.prefix(6).map { "\"\($0)\"" }.joined(separator: ", ")
        return object.keys.isEmpty ? "an empty object" : "an object with \(keys)\(object.keys.count > 6 ? "..." : "")"
    }
}

/// The `segments[].words[]` shape that openai-whisper, faster-whisper, whisper-timestamped, WhisperX
/// and stable-ts share (times in seconds), and what tells them apart.
enum WhisperSegments {
    /// Keys only stable-ts writes at the top level.
    static let stableTSKeys = ["ori_dict", "regroup_history", "nonspeech_sections"]

    /// The segment list: `root["segments"]`, or the root itself for faster-whisper's list of segments.
    static func list(_ root: JSONValue) -> (segments: [JSONValue], path: String)? {
        if let array = root.array { return (array, "") }
        if let array = root["segments"]?.array { return (array, "segments") }
        return nil
    }

    /// How the words in `segments` name their fields.
    enum WordStyle {
        /// No segment has a word.
        case none
        /// `word` (+ `probability`): openai-whisper, faster-whisper, stable-ts.
        case word
        /// `word` + `score`: WhisperX.
        case score
        /// `text` (+ `confidence`): whisper-timestamped.
        case text
    }

    static func wordStyle(_ segments: [JSONValue]) -> WordStyle {
        var word = false, text = false
        for segment in segments {
            for item in segment["words"]?.array ?? [] {
                guard let object = item.object else { continue }
                if object.has("score") { return .score }
                if object.has("word") { word = true } else if object.has("text") { text = true }
            }
        }
        return word ? .word : text ? .text : .none
    }

    /// True when the first segment looks like a whisper segment (`start`, `end`, `text`), or there is
    /// none and the root has whisper's `text`.
    static func looksLikeSegments(_ root: JSONValue, _ segments: [JSONValue]) -> Bool {
        guard let first = segments.first else { return root["text"]?.string != nil }
        guard let object = first.object else { return false }
        return object.has("start") && object.has("end") && object["text"]?.string != nil
    }

    static func hasAny(_ root: JSONValue, _ keys: [String]) -> Bool {
        guard let object = root.object else { return false }
        return keys.contains { object.has($0) }
    }

    /// `read`, refusing a file in which nothing usable is left.
    static func transcript(_ root: JSONValue, textKey: String, issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript {
        let transcript = try read(root, textKey: textKey, issues: &issues)
        return try WordJSON.usable(transcript, root.array != nil ? "top level" : "segments", issues)
    }

    /// Reads every segment's words. A segment whose `words` is missing, null or empty gives its text's
    /// words without times (spread over the segment by the builder), reported once per file.
    static func read(_ root: JSONValue, textKey: String, issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript {
        guard let (segments, base) = list(root) else {
            throw TranscriptError(path: "top level", message: "no \"segments\" array: found \(WordJSON.describe(root))")
        }
        var transcript = Transcript(segments: [])
        var untimed: (path: String, count: Int)?
        for (i, value) in segments.enumerated() {
            let path = "\(base)[\(i)]"
            guard let segment = WordJSON.object(value, path, noun: "segment", &issues) else { continue }
            let speaker = WordJSON.speaker(segment["speaker"])
            var words: [RawWord] = []
            let items = segment["words"]?.array ?? []
            for (j, item) in items.enumerated() {
                if let word = word(item, "\(path).words[\(j)]", textKey: textKey, speaker: speaker, &issues) { words.append(word) }
            }
            if items.isEmpty {
                if let other = segment["words"], !other.isNull, other.array == nil {
                    issues.warn("\(path).words", "\(other.kindDescription), not an array of words; the segment's text is used")
                }
                words = WordJSON.textWords(segment["text"]?.string, "\(path).text", speaker: speaker)
                if !words.isEmpty { untimed = (untimed?.path ?? path, (untimed?.count ?? 0) + 1) }
            }
            transcript.segments.append(.init(words: words,
                                             start: WordJSON.time(segment, "start", .seconds, path, &issues),
                                             end: WordJSON.time(segment, "end", .seconds, path, &issues)))
        }
        if let untimed {
            let others = untimed.count > 1 ? " (nor do \(untimed.count - 1) later segments)" : ""
            issues.warn(untimed.path, "no word timings\(others); the segment's words are spread evenly over its time")
        }
        return transcript
    }

    /// One word object with `textKey`, `start` and `end` in seconds, and an optional `speaker`.
    static func word(_ item: JSONValue, _ path: String, textKey: String, speaker: String?, _ issues: inout TranscriptIssues) -> RawWord? {
        guard let object = WordJSON.object(item, path, &issues), let text = WordJSON.text(object, textKey, path, &issues) else { return nil }
        return RawWord(text: text,
                       start: WordJSON.time(object, "start", .seconds, path, &issues),
                       end: WordJSON.time(object, "end", .seconds, path, &issues),
                       speaker: WordJSON.speaker(object["speaker"]) ?? speaker, path: path)
    }

    /// Puts a flat word list (OpenAI's top-level `words`, WhisperX's `word_segments`) into the tool's
    /// segments by time: a word joins the latest segment that starts at or before its middle. Words
    /// without a time, or starting more than a second after the last segment ends (a damaged time,
    /// which must not drag the words after it along), stay with the word before. Without segment
    /// times, one segment holds them all.
    static func group(_ words: [RawWord], by segments: [JSONValue]?) -> [Transcript.Segment] {
        var groups: [Transcript.Segment] = (segments ?? []).compactMap { value in
            guard let start = TimeValue.seconds(value["start"]), start.isFinite else { return nil }
            return Transcript.Segment(words: [], start: start, end: TimeValue.seconds(value["end"]))
        }
        guard !groups.isEmpty else { return [Transcript.Segment(words: words)] }
        let limit = groups.last?.end.map { $0 + 1000 } ?? .infinity
        var current = 0
        for word in words {
            if let start = word.start, start <= limit {
                let middle = word.end.map { $0 > start ? (start + $0) / 2 : start } ?? start
                while current + 1 < groups.count, let next = groups[current + 1].start, next <= middle { current += 1 }
            }
            groups[current].words.append(word)
        }
        return groups.filter { !$0.words.isEmpty }
    }
}

/// Joins sub-word tokens into words (whisper.cpp's BPE tokens, Remotion's token captions): a token
/// with a leading space starts a word, one without continues the word before ("we" + "'re"), and a
/// punctuation-only token joins the word before even after a space (" -"), unless it opens something
/// (" (", " \"", " ¿"), in which case it starts the next word. A word runs from its first token's start
/// to its last token's end.
struct TokenMerger {
    private(set) var words: [RawWord] = []
    /// False at the start and after a break or a whitespace-only token: the next token starts a word.
    private var open = false

    mutating func add(_ text: String, start: Double?, end: Double?, speaker: String?, path: String) {
        guard let first = text.first else { return }
        let core = text.trimmingWhitespace
        guard !core.isEmpty else { open = false; return }
        let spaced = first.isWhitespace
        if open, let last = words.indices.last, !spaced || (Self.isPunctuation(core) && !Self.opens(core)) {
            words[last].text += text
            if words[last].start == nil { words[last].start = start }
            if let end { words[last].end = end }
            return
        }
        words.append(RawWord(text: text, start: start, end: end, speaker: speaker, path: path))
        open = true
    }

    /// The next token starts a new word (a new segment or caption page).
    mutating func breakWord() { open = false }

    static func isPunctuation(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.properties.generalCategory.isPunctuation }
    }

    /// Opening brackets and quotes, and the quotes and marks that open when they follow a space.
    static func opens(_ text: String) -> Bool {
        guard let scalar = text.unicodeScalars.first else { return false }
        switch scalar.properties.generalCategory {
        case .openPunctuation, .initialPunctuation: return true
        default: return ["\"", "'", "¿", "¡"].contains(scalar)
        }
    }
}

private extension Unicode.GeneralCategory {
    var isPunctuation: Bool {
        switch self {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation: return true
        default: return false
        }
    }
}

extension WordJSON {
    /// The transcript, or an error naming `path` when nothing usable is left: no word with text, or
    /// words of which not one (nor any segment) has a time. The first warning says why words were skipped.
    static func usable(_ transcript: Transcript, _ path: String, _ issues: TranscriptIssues) throws(TranscriptError) -> Transcript {
        let segments = transcript.segments
        let words = segments.flatMap { $0.words.filter { !$0.text.trimmingWhitespace.isEmpty } }
        guard !words.isEmpty else {
            let why = issues.warnings.first.map { " (\(issues.warnings.count) skipped; the first: \($0))" } ?? ""
            throw TranscriptError(path: path, message: "no usable word\(why)")
        }
        let timed = words.contains { $0.start != nil || $0.end != nil }
            || segments.contains { !$0.words.isEmpty && ($0.start != nil || $0.end != nil) }
        guard timed else {
            throw TranscriptError(path: path, message: "none of the \(words.count) words has a start or end time")
        }
        return transcript
    }
}
