import CaptionModel

/// Turns the lyric lines of an LRC file into caption events. LRC gives starts only, so ends are
/// inferred:
/// - a line ends where the next later line starts (an empty line, an instrumental break, ends the
///   line before it and makes no event; lines sharing one time, such as a lyric and its translation,
///   all last until the next later time);
/// - the last line ends at its closing word tag when it has one, else `lastLineDuration` after its
///   start (but not after the song's `[length:]`, and not before its last word starts);
/// - a word ends where the next word tag is, the last word at the closing tag, else at its line's end.
/// A line with several time tags appears at each; its word times are written for the first tag and
/// move with each repeat.
enum LRCTimeline {
    /// How long the last line stays up when nothing says: long enough to read a line of lyrics.
    static let lastLineDuration: Milliseconds = 5000

    struct Entry {
        /// The line's start, offset applied.
        var time: Milliseconds
        /// Added to the body's word times (the repeat's distance from the first time tag, minus the offset).
        var wordShift: Milliseconds
        var line: Int
        var body: LRCBody
    }

    static func events(_ entries: [Entry], length: Milliseconds?) -> (events: [CaptionEvent], lines: [Int32]) {
        // Stable: lines at the same time keep file order.
        let sorted = entries.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var nextLater = [Milliseconds?](repeating: nil, count: sorted.count)
        for k in sorted.indices.reversed() where k + 1 < sorted.count {
            nextLater[k] = sorted[k + 1].time > sorted[k].time ? sorted[k + 1].time : nextLater[k + 1]
        }
        var events: [CaptionEvent] = []
        var lines: [Int32] = []
        for (k, entry) in sorted.enumerated() {
            let text = entry.body.text
            guard !text.isEmpty else { continue } // an instrumental break: it only ends the line before
            let pieces = entry.body.hasWordTimes
                ? entry.body.pieces.map { LRCBody.Piece(start: $0.start.map { max(0, $0 + entry.wordShift) }, text: $0.text) }
                : []
            let closing = pieces.last.flatMap { $0.text.trimmingWhitespace.isEmpty ? $0.start : nil }
            let end: Milliseconds
            if let next = nextLater[k] {
                end = next
            } else if let closing {
                end = max(closing, entry.time)
            } else {
                var fallback = entry.time + lastLineDuration
                if let length, length > entry.time { fallback = min(fallback, length) }
                end = max(fallback, pieces.last?.start ?? entry.time)
            }
            events.append(CaptionEvent(start: entry.time, end: end, text: CaptionText(plain: text),
                                       sourceText: pieces.isEmpty ? nil : entry.body.raw,
                                       words: words(pieces, lineStart: entry.time, lineEnd: end)))
            lines.append(Int32(clamping: entry.line))
        }
        return (events, lines)
    }

    /// One word per timed piece with text (`<00:01.00>Sing ` is the word "Sing"), untimed text before
    /// the first tag starting with the line. A piece is one word even when it holds a space: the file's
    /// author timed it as one.
    static func words(_ pieces: [LRCBody.Piece], lineStart: Milliseconds, lineEnd: Milliseconds) -> [Word] {
        var words: [Word] = []
        for (i, piece) in pieces.enumerated() {
            let text = piece.text.trimmingWhitespace
            guard !text.isEmpty else { continue }
            let start = piece.start ?? lineStart
            let end = i + 1 < pieces.count ? (pieces[i + 1].start ?? lineEnd) : lineEnd
            words.append(Word(text: text, start: start, end: max(start, end)))
        }
        return words
    }
}
