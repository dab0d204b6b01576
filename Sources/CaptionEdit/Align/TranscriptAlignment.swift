import CaptionModel

/// A corrected transcript aligned onto timed words, at the level of documents: captions a person
/// edited keep their cues (text and times as the person left them) and gain the words' timings; plain
/// text becomes one timed word stream, to be paged into captions.
public enum TranscriptAlignment {
    public struct Result: Sendable {
        public var document: CaptionDocument
        public var counts: WordAligner.Counts
        /// Words whose times fell outside the cue the person put them in, pulled inside it.
        public var clamped: Int
    }

    /// Every cue's words (its plain text split at whitespace) aligned, as one sequence, onto `timed`.
    public static func align(captions: CaptionDocument, onto timed: [Word]) -> Result {
        let tokensPerCue = captions.events.map { tokens($0.text.plain) }
        let aligned = WordAligner.align(tokensPerCue.flatMap { $0 }, onto: timed)
        var document = captions
        var next = 0, clamped = 0
        for (index, cueTokens) in tokensPerCue.enumerated() {
            let start = document.events[index].start, end = document.events[index].end
            var words = Array(aligned.words[next..<(next + cueTokens.count)])
            next += cueTokens.count
            for k in words.indices where words[k].start < start || words[k].end > end {
                words[k].start = min(max(words[k].start, start), end)
                words[k].end = min(max(words[k].end, words[k].start), end)
                clamped += 1
            }
            document.events[index].words = words
        }
        return Result(document: document, counts: aligned.counts, clamped: clamped)
    }

    /// Plain text aligned onto `timed`: one event per non-blank line of the text, spanning its words.
    public static func align(text: String, onto timed: [Word]) -> Result {
        let lines = text.split(whereSeparator: \.isNewline).map { tokens(String($0)) }.filter { !$0.isEmpty }
        let aligned = WordAligner.align(lines.flatMap { $0 }, onto: timed)
        var events: [CaptionEvent] = []
        var next = 0
        for line in lines {
            let words = Array(aligned.words[next..<(next + line.count)])
            next += line.count
            events.append(CaptionEvent(start: words.first!.start, end: max(words.first!.start, words.last!.end),
                                       text: CaptionText(plain: line.joined(separator: " ")), words: words))
        }
        return Result(document: CaptionDocument(events: events), counts: aligned.counts, clamped: 0)
    }

    static func tokens(_ text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }
}
