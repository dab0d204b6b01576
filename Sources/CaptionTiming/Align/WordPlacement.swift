import CaptionModel

/// From a warping path to word times: where each synthesized word start lands in the recording, which
/// of those to trust, and the times of the rest.
enum WordPlacement {
    /// The recording's millisecond (plus `offset`) for each word's synthesized start, and for the end of
    /// the synthesized speech; nil for a word the path cannot place.
    static func starts(of speech: SynthesizedSpeech, along path: WarpingPath, offset: Int, rowOffset: Int = 0) -> ([Int?], Int?) {
        let hop = MelCepstrum.hopMilliseconds
        let rows = path.first.count
        func at(_ ms: Int) -> Int { offset + path.first[min(max(ms / hop - rowOffset, 0), rows - 1)] * hop }
        // The first frame the speech's last sound meets, not the last: the path runs along that row
        // through whatever follows (silence, or noise that looks like the fading sound).
        let end = lastSound(speech).map { ms in offset + path.first[min(max(ms / hop - rowOffset, 0), rows - 1)] * hop }
        var starts = speech.wordStarts.map { $0.map(at) }
        // A word the path squeezed to under a quarter of its synthesized length, or stretched past four
        // times it, matched nothing like itself (silence, noise, other words): not placed.
        let synthesized = speech.wordStarts
        for k in starts.indices {
            guard let a = synthesized[k], let placed = starts[k] else { continue }
            let following = synthesized[(k + 1)...].lazy.compactMap({ $0 }).first
            guard let b = following ?? lastSound(speech),
                  let next = starts[(k + 1)...].lazy.compactMap({ $0 }).first ?? end, b > a else { continue }
            let ratio = Double(next - placed) / Double(b - a)
            if ratio < 0.25 || ratio > 4 { starts[k] = nil }
        }
        return (starts, end)
    }

    /// The millisecond after the synthesized speech's last audible sample.
    static func lastSound(_ speech: SynthesizedSpeech) -> Int? {
        guard let last = speech.samples.lastIndex(where: { abs($0) > 0.01 }) else { return nil }
        return (last + 1) * 1000 / speech.sampleRate
    }

    /// Words with their times: a placed word runs to the next word's start (the last to `end`); a run of
    /// unplaced words shares evenly, with the placed word before it, the time up to the next placed word
    /// (from the start of `within` when none is before it) and is marked interpolated. Starts are kept
    /// in order.
    static func words(_ texts: [String], starts: [Int?], end: Int?, within bounds: ClosedRange<Int>, counts: inout AudioWordAligner.Counts) -> [Word] {
        var starts = starts
        // A start before an earlier placed word's start is out of order: not placed.
        var latest = Int.min
        for k in starts.indices {
            guard let s = starts[k] else { continue }
            if s < latest { starts[k] = nil } else { latest = s }
        }
        let finish = max(end ?? bounds.upperBound, latest == Int.min ? bounds.lowerBound : latest)
        var words: [Word] = []
        var k = 0
        while k < texts.count {
            if let s = starts[k] {
                let e = starts[(k + 1)...].lazy.compactMap({ $0 }).first ?? finish
                words.append(Word(text: texts[k], start: s, end: max(e, s)))
                counts.placed += 1
                k += 1
                continue
            }
            var run = k
            while run < texts.count, starts[run] == nil { run += 1 }
            let to = run < texts.count ? starts[run]! : finish
            let n = run - k
            if let previous = words.indices.last {
                // The placed word before the run keeps the first of n + 1 equal shares of the gap.
                let from = words[previous].start, span = max(to - from, 0)
                words[previous].end = from + span / (n + 1)
                for i in 1...n {
                    words.append(Word(text: texts[k + i - 1], start: from + span * i / (n + 1), end: from + span * (i + 1) / (n + 1), interpolated: true))
                }
            } else {
                let from = min(bounds.lowerBound, to), span = max(to - from, 0)
                for i in 0..<n {
                    words.append(Word(text: texts[k + i], start: from + span * i / n, end: from + span * (i + 1) / n, interpolated: true))
                }
            }
            counts.interpolated += n
            k = run
        }
        return words
    }
}
