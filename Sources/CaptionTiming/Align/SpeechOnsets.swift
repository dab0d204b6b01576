/// Word starts the warping put in the noise before a word, moved to where the word's sound begins.
///
/// Under noise the synthesized speech's silence (before a cue's first word, or at a comma) matches
/// the recording's noise no better than the start of a word does, so a word after a pause can start
/// a quarter second early, in the noise (`make align-bench`: most of the words off by more than
/// 150 ms under pink noise at 10 dB were such words, placed 150-540 ms early). A start is moved only
/// when the recording right after it is as quiet as the window's quietest frames, and then to the
/// first frames clearly louder than those. A reader's pause where the text has no punctuation is
/// `pastPauses`'s.
enum SpeechOnsets {
    /// A frame's loudness: the mean of its log mel energies (natural log of power: 1 is 4.3 dB).
    static func loudness(_ energies: MelEnergies) -> [Float] {
        let n = MelEnergies.filters
        return (0..<energies.count).map { f in energies.values[(f * n)..<((f + 1) * n)].reduce(0, +) / Float(n) }
    }

    /// How far above the window's floor (about 1.3 dB) the recording's next 80 ms after a start may be
    /// for the start to be in the noise, not the word.
    static let quiet: Float = 0.3
    /// How far above the floor (about 5.2 dB) three frames in a row must be to be the word's sound.
    static let onset: Float = 1.2
    /// How long after a start the recording is heard to tell noise from word (frames of 10 ms).
    static let heard = 8
    /// How far a start is moved at most.
    static let reach = 400

    /// For each of a cue's `texts`, whether the one before it ends in punctuation a reader pauses at.
    static func afterPunctuation(_ texts: [String]) -> [Bool] {
        texts.indices.map { $0 > 0 && texts[$0 - 1].last.map { ",.;:?!".contains($0) } == true }
    }

    /// `starts` (milliseconds, the window's frame 0 at `offset`) with each start that follows a pause
    /// (`afterPause`) and lies in the noise (near the window's `floor`) moved to the sound that follows it.
    static func refined(_ starts: [Int?], afterPause: [Bool], loudness: [Float], offset: Int) -> [Int?] {
        guard loudness.count > 10 else { return starts }
        let hop = MelEnergies.hopMilliseconds
        let floor = Self.floor(of: loudness)
        func level(_ frames: Range<Int>) -> Float? {
            let r = max(frames.lowerBound, 0)..<min(frames.upperBound, loudness.count)
            return r.isEmpty ? nil : loudness[r].reduce(0, +) / Float(r.count)
        }
        var out = starts
        for k in starts.indices {
            guard let start = out[k], afterPause[k] else { continue }
            let first = (start - offset) / hop
            let last = min(first + reach / hop, loudness.count - 3)
            guard first >= 0, first + 1 <= last, let here = level(first..<(first + heard)),
                  let f = firstSound(in: (first + 1)...last, loudness: loudness, floor: floor) else { continue }
            // In the noise: the 80 ms after the start as quiet as the floor, or, for a start less than
            // 80 ms before the word (the model's /f/ of "four" 70 ms early in real speech), every frame
            // up to the sound.
            guard here < floor + quiet || loudness[first..<f].allSatisfy({ $0 < floor + quiet }) else { continue }
            out[k] = offset + f * hop
            // Words after it that the warping put in the same noise (a real reader under noise: the
            // first two words of a line) are left to be timed from their neighbours.
            for j in (k + 1)..<out.count { if let later = out[j], later <= out[k]! { out[j] = nil } }
        }
        return out
    }

    /// `starts` with each start after a pause (`afterPause`) that lies inside a sound already going
    /// moved back to where that sound rose out of the quiet, if it did so within `reach` and after
    /// `earliest` (the word before's end, or nil): the model, hearing noise where it expects silence,
    /// can start a caption's first word late, in its vowel (real speech under pink noise at 10 dB: a
    /// file's first "rear" or "side" 70-260 ms late). The start is in sound when it and the two frames
    /// before it are `onset` above the floor; the sound rose where a frame is below that again.
    static func backToOnsets(_ starts: [Int?], afterPause: [Bool], earliest: [Int?], loudness: [Float], offset: Int) -> [Int?] {
        guard loudness.count > 10 else { return starts }
        let hop = MelEnergies.hopMilliseconds
        let floor = Self.floor(of: loudness)
        let sounding = { (f: Int) in loudness[f] > floor + onset }
        var out = starts
        for k in starts.indices where afterPause[k] {
            guard let start = starts[k] else { continue }
            let first = (start - offset) / hop
            let limit = max(first - reach / hop, earliest[k].map { ($0 - offset) / hop } ?? 0, 0)
            guard first - 2 >= limit, first < loudness.count, (first - 2...first).allSatisfy(sounding),
                  let quiet = stride(from: first - 3, through: limit, by: -1).first(where: { !sounding($0) }) else { continue }
            out[k] = offset + (quiet + 1) * hop
        }
        return out
    }

    /// The first frame of `frames` that starts three in a row `onset` above `floor`: a word's sound.
    static func firstSound(in frames: ClosedRange<Int>, loudness: [Float], floor: Float) -> Int? {
        frames.first { f in (f..<(f + 3)).allSatisfy { loudness[$0] > floor + onset } }
    }

    /// The window's floor: the loudness of its quietest fifth (the window is the cue and a second either
    /// side, so with any pause in it, the noise).
    static func floor(of loudness: [Float]) -> Float { floor(sorted: loudness.sorted()) }
    private static func floor(sorted: [Float]) -> Float { sorted[sorted.count / 5] }

    /// How far a window's loud frames (its 90th percentile: speech) stand above its floor (`floor`).
    static func aboveFloor(_ loudness: [Float]) -> Float {
        guard !loudness.isEmpty else { return 0 }
        let sorted = loudness.sorted()
        return sorted[sorted.count * 9 / 10] - floor(sorted: sorted)
    }

    /// How long a quiet stretch lasts at least to be a pause (frames): a stop's closure inside speech
    /// (`t`, `k` before their burst) is as quiet but lasts under about 100 ms.
    static let pause = 12
    /// The share of a word's synthesized length it cannot be said in.
    static let tooShort = 0.4

    /// `starts` with each start that a pause follows too soon for the word to have been said before it
    /// moved to the first sound after the pause. A reader's pause inside a line (no comma there, so the
    /// synthesized speech has none) leaves the warping to share the silence out: the word after it then
    /// starts in the tail of the word before (real speech: `rather [180 ms] cold` put `cold` 260 ms
    /// early). A start counts as too soon when the sound from it to the pause lasts under 40 % of the
    /// word's synthesized length (`lengths`); a pause is `pause` frames in a row as quiet as the
    /// window's floor (as for `refined`). The pause must begin before the next word's start, and the
    /// sound after it (as for `refined`) come within `reach` of its end.
    static func pastPauses(_ starts: [Int?], lengths: [Int?], loudness: [Float], offset: Int) -> [Int?] {
        guard loudness.count > pause else { return starts }
        let hop = MelEnergies.hopMilliseconds
        let floor = Self.floor(of: loudness)
        var out = starts
        for k in starts.indices {
            guard let start = starts[k], let length = lengths[k] else { continue }
            let first = max((start - offset) / hop, 0)
            let next = starts[(k + 1)...].lazy.compactMap({ $0 }).first.map { ($0 - offset) / hop } ?? loudness.count
            let latest = min(first + Int(Double(length) * tooShort) / hop, next - 1, loudness.count - pause)
            guard first <= latest,
                  let quiet = (first...latest).first(where: { f in loudness[f..<(f + pause)].allSatisfy { $0 < floor + Self.quiet } })
            else { continue }
            var end = quiet + pause
            while end < loudness.count, loudness[end] < floor + Self.quiet { end += 1 }
            let last = min(end + reach / hop, next - 1, loudness.count - 3)
            guard end <= last, let f = firstSound(in: end...last, loudness: loudness, floor: floor) else { continue }
            out[k] = offset + f * hop
        }
        return out
    }
}
