import CaptionModel

/// The words of one caption with their times, as karaoke modes see them.
///
/// A caption with word timings uses them. A caption without (plain SRT or WebVTT) gets its words from
/// its text, split at whitespace (in text without any space, such as Chinese or Japanese, each
/// character is a word), and the event's time spread over them in proportion to their character
/// counts: karaoke presets then still move word by word. Those estimated times are put on the 10 ms
/// grid ASS event times are written on (`MotionKeys.grid`), so the compiled ASS changes a word's
/// state at the very millisecond the native renderer does; given word timings are kept as they are.
public struct TimedWord: Sendable, Hashable {
    public var text: String
    public var start: Milliseconds
    public var end: Milliseconds
    /// The speaker's label: the word's own (speech-to-text diarization) or its WebVTT `<v>` voice.
    public var speaker: String?
    /// Marked for emphasis in the captions: inside a bold span (`<b>`, or `*word*` once
    /// `StyledPages.prepare` has read the markup).
    public var marked = false
    /// Italic, bold, underline, strikeout and colour from the caption's markup.
    public var markup = WordMarkup()
    public init(text: String, start: Milliseconds, end: Milliseconds, speaker: String? = nil, marked: Bool = false) {
        self.text = text; self.start = start; self.end = end; self.speaker = speaker; self.marked = marked
    }
}

public enum WordTimeline {
    public static func words(of event: CaptionEvent) -> [TimedWord] {
        let words = event.words
        var timed: [TimedWord]
        if !words.isEmpty {
            timed = words.map { TimedWord(text: $0.text, start: $0.start, end: $0.end, speaker: $0.speaker) }
        } else {
            var texts = event.text.plain.split(whereSeparator: { $0.isWhitespace }).map(String.init)
            if texts.count == 1, texts[0].count > 1, texts[0].unicodeScalars.contains(where: isCJK) { texts = texts[0].map { String($0) } }
            timed = spread(texts, start: event.start, end: event.end).map { word in
                var word = word
                (word.start, word.end) = (MotionKeys.grid(word.start), MotionKeys.grid(word.end))
                return word
            }
        }
        let spans = event.spans
        if !spans.isEmpty { mark(&timed, spans: spans, plain: event.text.plain) }
        return timed
    }

    /// Spans give the words they overlap their look (`WordMarkup`); bold spans also mark them (for
    /// `emphasis.markup`); voice spans name their words' speaker. Words are found in the text in order
    /// (UTF-8 offsets, as spans count).
    static func mark(_ words: inout [TimedWord], spans: [TextSpan], plain: String) {
        let utf8 = plain.utf8
        var from = utf8.startIndex
        for i in words.indices {
            guard let range = plain[from...].range(of: words[i].text) else { continue }
            let (a, b) = (utf8.distance(from: utf8.startIndex, to: range.lowerBound), utf8.distance(from: utf8.startIndex, to: range.upperBound))
            from = range.upperBound
            for span in spans where span.start < b && a < span.end {
                words[i].markup.add(span.kind)
                switch span.kind {
                case .bold: words[i].marked = true
                case .voice(let name) where words[i].speaker == nil: words[i].speaker = name
                default: break
                }
            }
        }
    }

    /// Han, kana and CJK punctuation: scripts written without spaces between words.
    static func isCJK(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FFFF: true
        default: false
        }
    }

    /// The interval shared in proportion to character counts; times rounded, the last word ends at `end`.
    public static func spread(_ texts: [String], start: Milliseconds, end: Milliseconds) -> [TimedWord] {
        let total = texts.reduce(0) { $0 + max($1.count, 1) }
        guard total > 0 else { return [] }
        let span = Double(max(end - start, 0))
        var result: [TimedWord] = []
        var done = 0
        for text in texts {
            let a = start + Int((span * Double(done) / Double(total)).rounded())
            done += max(text.count, 1)
            let b = start + Int((span * Double(done) / Double(total)).rounded())
            result.append(TimedWord(text: text, start: a, end: b))
        }
        return result
    }
}

/// Where one word stands at a time.
public enum WordState: Sendable, Hashable {
    case upcoming
    /// Being spoken; `progress` runs from 0 at its start to 1 at its end.
    case active(progress: Double)
    /// Over; `sinceEnd` ms ago (for transitions that run out after the word).
    case past(sinceEnd: Milliseconds)

    public static func of(_ word: TimedWord, at t: Milliseconds) -> WordState {
        if t < word.start { return .upcoming }
        if t >= word.end { return .past(sinceEnd: t - word.end) }
        return .active(progress: Double(t - word.start) / Double(max(word.end - word.start, 1)))
    }
}
