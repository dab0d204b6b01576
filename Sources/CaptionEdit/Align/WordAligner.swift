import CaptionModel

/// Puts a corrected transcript back onto speech-to-text word timings, so corrections keep the karaoke.
///
/// The transcript's words and the timed words are aligned globally on their `AlignmentKey`s
/// (`SequenceAlignment`). Then, run by run between matches:
/// - a matched word keeps its timed word's exact times (and speaker), with the transcript's spelling;
/// - replaced words (k transcript words where the timing had j words) take the times of the words they
///   replace: one for one when k == j, otherwise spread over those words' span in proportion to their
///   length and marked interpolated;
/// - inserted words share the gap between their neighbours' times, evenly, and are marked interpolated;
/// - deleted words disappear.
/// A token without letters or digits (a dash, an ellipsis) is not aligned: it becomes a word of no
/// duration at its neighbour's edge, marked interpolated, so every transcript token still has a word.
public enum WordAligner {
    public struct Counts: Sendable, Hashable, CustomStringConvertible {
        public var matched = 0, changed = 0, inserted = 0, deleted = 0
        public init() {}
        public var description: String {
            "\(matched) matched, \(changed) changed, \(inserted) inserted, \(deleted) deleted"
        }
    }

    public struct Result: Sendable {
        /// One word per transcript token, in order.
        public var words: [Word]
        public var counts: Counts
    }

    public static func align(_ tokens: [String], onto timed: [Word]) -> Result {
        let keys = tokens.map(AlignmentKey.key)
        let spoken = tokens.indices.filter { !keys[$0].isEmpty }
        var result = alignSpoken(spoken.map { tokens[$0] }, spoken.map { keys[$0] }, onto: timed)
        guard spoken.count < tokens.count else { return result }
        // Marks without letters: at the end of the word before (or the start of the word after).
        var words: [Word] = []
        words.reserveCapacity(tokens.count)
        var next = 0
        for (i, token) in tokens.enumerated() {
            if next < spoken.count, spoken[next] == i {
                words.append(result.words[next]); next += 1
            } else {
                let at = words.last?.end ?? (result.words.first?.start ?? timed.first?.start ?? 0)
                words.append(Word(text: token, start: at, end: at, interpolated: true, speaker: words.last?.speaker))
            }
        }
        result.words = words
        return result
    }

    private static func alignSpoken(_ transcript: [String], _ keys: [String], onto timed: [Word]) -> Result {
        let steps = SequenceAlignment.steps(timed.map { AlignmentKey.key($0.text) }, keys)
        var words: [Word] = []
        words.reserveCapacity(transcript.count)
        var counts = Counts()
        var t = 0, w = 0                      // next transcript token, next timed word
        var runTokens = 0..<0, runTimed = 0..<0
        func flush() {
            place(transcript, runTokens, timed, runTimed, into: &words, counts: &counts)
            runTokens = t..<t; runTimed = w..<w
        }
        for step in steps {
            switch step {
            case .match:
                flush()
                var word = timed[w]
                word.text = transcript[t]
                words.append(word)
                counts.matched += 1
                t += 1; w += 1
                runTokens = t..<t; runTimed = w..<w
            case .substitute:
                t += 1; w += 1
                runTokens = runTokens.lowerBound..<t; runTimed = runTimed.lowerBound..<w
            case .insert:
                t += 1
                runTokens = runTokens.lowerBound..<t
            case .delete:
                w += 1
                runTimed = runTimed.lowerBound..<w
            }
        }
        flush()
        return Result(words: words, counts: counts)
    }

    /// One run of non-matching steps: `tokens` of the transcript in place of `replaced` timed words.
    private static func place(_ transcript: [String], _ tokens: Range<Int>, _ timed: [Word], _ replaced: Range<Int>,
                              into words: inout [Word], counts: inout Counts) {
        guard !tokens.isEmpty else { counts.deleted += replaced.count; return }
        if tokens.count == replaced.count {
            for (k, i) in tokens.enumerated() {
                var word = timed[replaced.lowerBound + k]
                word.text = transcript[i]
                words.append(word)
            }
            counts.changed += tokens.count
            return
        }
        let span: (start: Milliseconds, end: Milliseconds)
        let speaker: String?
        if replaced.isEmpty {
            // Inserted: the gap between the neighbours (a word at either end of the file sits at its one neighbour).
            let before = replaced.lowerBound > 0 ? timed[replaced.lowerBound - 1] : nil
            let after = replaced.lowerBound < timed.count ? timed[replaced.lowerBound] : nil
            let start = before?.end ?? after?.start ?? 0
            span = (start, max(start, after?.start ?? start))
            speaker = before?.speaker ?? after?.speaker
            counts.inserted += tokens.count
        } else {
            span = (timed[replaced.lowerBound].start, timed[replaced.upperBound - 1].end)
            speaker = timed[replaced.lowerBound].speaker
            let paired = min(tokens.count, replaced.count)
            counts.changed += paired
            counts.inserted += tokens.count - paired
            counts.deleted += replaced.count - paired
        }
        // In proportion to length (at least one character each), on integer milliseconds, last end exact.
        let weights = tokens.map { max(1, transcript[$0].count) }
        let total = weights.reduce(0, +)
        var sum = 0
        for (k, i) in tokens.enumerated() {
            let start = span.start + (span.end - span.start) * sum / total
            sum += weights[k]
            let end = span.start + (span.end - span.start) * sum / total
            words.append(Word(text: transcript[i], start: start, end: end, interpolated: true, speaker: speaker))
        }
    }
}
