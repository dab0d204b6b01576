import CaptionModel

/// The words of one caption with their times, as karaoke modes see them.
///
/// A caption with word timings uses them. A caption without (plain SRT or WebVTT) gets its words from
/// its text, split at whitespace (in text without any space, such as Chinese or Japanese, each
/// character is a word), and the event's time spread over them in proportion to their character
/// counts: karaoke presets then still move word by word.
public struct TimedWord: Sendable, Hashable {
    public var text: String
    public var start: Milliseconds
    public var end: Milliseconds
    public init(text: String, start: Milliseconds, end: Milliseconds) { self.text = text; self.start = start; self.end = end }
}

public enum WordTimeline {
    public static func words(of event: CaptionEvent) -> [TimedWord] {
        let words = event.words
        if !words.isEmpty { return words.map { TimedWord(text: $0.text, start: $0.start, end: $0.end) } }
        var texts = event.text.plain.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        if texts.count == 1, texts[0].count > 1, texts[0].unicodeScalars.contains(where: isCJK) { texts = texts[0].map { String($0) } }
        return spread(texts, start: event.start, end: event.end)
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
