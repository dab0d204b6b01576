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
        let lengths = lengths(of: speech)
        for k in starts.indices {
            guard let length = lengths[k], let placed = starts[k],
                  let next = starts[(k + 1)...].lazy.compactMap({ $0 }).first ?? end else { continue }
            let ratio = Double(next - placed) / Double(length)
            if ratio < 0.25 || ratio > 4 { starts[k] = nil }
        }
        return (starts, end)
    }

    /// How long each word lasts in the synthesized speech: from its start to the next word's (or to the
    /// last sound); nil for a word without a start.
    static func lengths(of speech: SynthesizedSpeech) -> [Int?] {
        let starts = speech.wordStarts
        return starts.indices.map { k in
            guard let a = starts[k], let b = starts[(k + 1)...].lazy.compactMap({ $0 }).first ?? lastSound(speech), b > a else { return nil }
            return b - a
        }
    }

    /// The millisecond after the synthesized speech's last audible sample.
    static func lastSound(_ speech: SynthesizedSpeech) -> Int? {
        guard let last = speech.samples.lastIndex(where: { abs($0) > 0.01 }) else { return nil }
        return (last + 1) * 1000 / speech.sampleRate
    }

    /// Words with their times: a placed word runs to the next word's start (the last to `end`); a run of
    /// unplaced words is marked interpolated and timed from its placed neighbours. With the synthesized
    /// starts (`synthesized`, one per word, in the synthesized speech's milliseconds) the run keeps the
    /// synthesized speech's proportions: between two placed words it shares their gap as the
    /// synthesized words share theirs, and at either end of the cue it runs on from its one placed
    /// neighbour at the pace the cue's placed words were spoken against the synthesized ones. Without
    /// them (or where they would leave the cue), the run shares evenly, with the placed word before it,
    /// the time up to the next placed word (from the start of `within` when none is before it).
    /// Starts are kept in order.
    ///
    /// (Measured with `make align-bench`: most words left unplaced are a cue's last word, and shared
    /// evenly up to the end of the speech they started 350-700 ms late.)
    static func words(_ texts: [String], starts: [Int?], end: Int?, within bounds: ClosedRange<Int>,
                      synthesized: [Int?]? = nil, counts: inout AudioWordAligner.Counts) -> [Word] {
        var starts = starts
        // A start before an earlier placed word's start is out of order: not placed.
        var latest = Int.min
        for k in starts.indices {
            guard let s = starts[k] else { continue }
            if s < latest { starts[k] = nil } else { latest = s }
        }
        let finish = max(end ?? bounds.upperBound, latest == Int.min ? bounds.lowerBound : latest)
        let synthesized = synthesized.map(Self.filled)
        let pace = synthesized.flatMap { Self.pace(starts: starts, synthesized: $0) }
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
            // The run's starts from the synthesized speech, where it has them.
            var timed: [Int]?
            if let synthesized, let runStarts = Array(synthesized[k..<run]).allPresent {
                if k > 0, let from = starts[k - 1], let before = synthesized[k - 1] {
                    if run < texts.count, let after = synthesized[run], after > before {
                        timed = runStarts.map { from + (to - from) * ($0 - before) / (after - before) }
                    } else if run == texts.count, let pace {
                        timed = runStarts.map { from + Int((Double($0 - before) * pace).rounded()) }
                    }
                } else if k == 0, run < texts.count, let after = synthesized[run], let pace {
                    timed = runStarts.map { to - Int((Double(after - $0) * pace).rounded()) }
                }
            }
            // Timed from the synthesized speech only where that stays after the word before (or the
            // cue's start) and before the next placed word (or the end).
            if let timed, timed.allSatisfy({ $0 >= (words.last?.start ?? bounds.lowerBound) && $0 <= to }) {
                if let previous = words.indices.last { words[previous].end = timed[0] }
                for i in 0..<n {
                    words.append(Word(text: texts[k + i], start: timed[i], end: i + 1 < n ? timed[i + 1] : to, interpolated: true))
                }
            } else if let previous = words.indices.last {
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

    /// Synthesized starts with the gaps filled: espeak-ng gives no start for some short words (`a`,
    /// `the` run into the next word), so each such word gets an equal share of the time between the
    /// known starts around it; at the end, with none after it, it stays nil.
    static func filled(_ starts: [Int?]) -> [Int?] {
        var out = starts
        var k = 0
        while k < out.count {
            guard out[k] == nil else { k += 1; continue }
            var run = k
            while run < out.count, out[run] == nil { run += 1 }
            if k > 0, run < out.count, let a = out[k - 1], let b = out[run] {
                let n = run - k + 1
                for i in k..<run { out[i] = a + (b - a) * (i - k + 1) / n }
            }
            k = run
        }
        return out
    }

    /// How many recorded milliseconds a synthesized millisecond took, over the cue's placed words (the
    /// first and last with a synthesized start); nil with fewer than two, or a pace no speaker has
    /// against the synthesized voice's (outside 0.5-2).
    static func pace(starts: [Int?], synthesized: [Int?]) -> Double? {
        let pairs = zip(starts, synthesized).compactMap { a, b in a.flatMap { a in b.map { (a, $0) } } }
        guard let first = pairs.first, let last = pairs.last, last.1 > first.1 else { return nil }
        let pace = Double(last.0 - first.0) / Double(last.1 - first.1)
        return (0.5...2).contains(pace) ? pace : nil
    }
}

extension Array where Element == Int? {
    /// The elements unwrapped, when none is nil.
    fileprivate var allPresent: [Int]? {
        let present = compactMap { $0 }
        return present.count == count ? present : nil
    }
}
