/// How caption files time their captions, beyond "exactly while the words are spoken": the sync
/// benchmark and tests need captions that stay on screen after their speech ends, as real ones do.
public enum CaptionTimingRule: String, Sendable, CaseIterable {
    /// Start and end where the speech starts and stops.
    case speech
    /// A reading-time rule (Netflix's and the BBC's guides): on screen at least 2 s and long enough to
    /// read at 15 characters a second, never shorter than the speech; a gap under half a second to the
    /// next caption is closed to two frames (83 ms at 24 fps), as those guides ask.
    case reading
    /// Each line held until two frames before the next (at most 7 s on screen, Netflix's limit), and at
    /// least 1.5 s: captions that leave only when the next one comes.
    case held

    /// `cues` (timed to their speech, in order) timed by this rule; starts never move.
    public func apply(to cues: [SpokenCaptions.Cue]) -> [SpokenCaptions.Cue] {
        let gap = 83
        return cues.enumerated().map { i, cue in
            var out = cue
            let next = i + 1 < cues.count ? cues[i + 1].start - gap : Int.max
            switch self {
            case .speech:
                break
            case .reading:
                let reading = max(2_000, cue.text.count * 1_000 / 15)
                out.end = max(cue.end, cue.start + reading)
                if next - out.end < 500 - gap { out.end = next }
            case .held:
                out.end = max(cue.end, cue.start + 1_500, min(next, cue.start + 7_000))
            }
            // Never over the next caption's start (two frames before it), never before the speech ends.
            out.end = max(cue.end, min(out.end, next))
            return out
        }
    }
}

extension SpokenCaptions {
    /// Babble: `talkers` other voices saying the sentences in their own seeded orders and pauses, summed
    /// (a crowd, a restaurant), `count` samples long. Speech-shaped noise is the hardest for a speech
    /// detector: it has syllables and formants.
    public static func babble(count: Int, sampleRate: Int, talkers: Int = 4, seed: UInt64 = 21) throws -> [Float] {
        let voices = ["en-us+m3", "en-gb+f2", "en-us+f4", "en-gb-x-rp+m2", "en-us+m7", "en-gb+f3"]
        var bed = [Float](repeating: 0, count: count)
        for t in 0..<talkers {
            var random = SplitMix64(seed: seed &+ UInt64(t) &* 7919)
            var order: [String] = []
            // Enough sentences to fill the recording (about 3.5 s each with its pause).
            while order.count * 3_500 * sampleRate / 1_000 < count + sampleRate { order.append(sentences[random.below(sentences.count)]) }
            let talker = try make(voice: voices[t % voices.count], wordsPerMinute: 150 + random.below(60),
                                  lead: random.below(1_500), seed: random.next(), sampleRate: sampleRate, tail: 0, sentences: order)
            // Each talker at the same level, so no one voice stands out of the crowd.
            let power = talker.samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(talker.samples.count, 1))
            let gain = Float(1 / max(power, 1e-12).squareRoot())
            for i in 0..<min(count, talker.samples.count) { bed[i] += talker.samples[i] * gain }
        }
        return bed
    }
}
