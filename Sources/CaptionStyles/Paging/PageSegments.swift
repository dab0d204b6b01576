import CaptionModel

/// Splits the words into segments at the breaks that are not a choice: a pause longer than
/// `maxGap`, a sentence end (`breakAfterSentence`) and a change of speaker (`breakOnSpeakerChange`,
/// only when both words name one). No page crosses a segment boundary; inside a segment the
/// page breaker chooses.
enum PageSegments {
    static func segments(_ words: [Word], options: PagingOptions) -> [Range<Int>] {
        guard !words.isEmpty else { return [] }
        var segments: [Range<Int>] = []
        var start = 0
        for j in 1..<words.count where mustBreak(after: words[j - 1], before: words[j], options: options) {
            segments.append(start..<j)
            start = j
        }
        segments.append(start..<words.count)
        return segments
    }

    static func mustBreak(after previous: Word, before next: Word, options: PagingOptions) -> Bool {
        // Absurd times must not trap: a gap too large to represent is a long pause when positive.
        let (gap, overflow) = next.start.subtractingReportingOverflow(previous.end)
        if overflow ? next.start > previous.end : gap > options.maxGap { return true }
        if options.breakOnSpeakerChange, let a = previous.speaker, let b = next.speaker, a != b { return true }
        return options.breakAfterSentence && WordJoining.endsSentence(previous.text)
    }
}
