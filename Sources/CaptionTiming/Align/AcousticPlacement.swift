/// From a cue's tokens to word starts by the acoustic model: each token said as its dictionary words
/// (a number as any of its readings), the window decoded against them, and a token started where its
/// first dictionary word is.
enum AcousticPlacement {
    /// Each token's start (milliseconds, the window's first sample at `offset`; nil for a token with
    /// nothing to say, such as a dash) and the end of the cue's last word; nil when the cue is not the
    /// model's to place: a token its dictionary lacks, or a search that did not find the words.
    /// `around` holds the neighbouring captions' tokens, whose speech the window may hold; `loudness`
    /// is the window's, frame by frame (`SpeechOnsets.loudness`).
    static func starts(of texts: [String], around: (before: [String], after: [String]), in window: ArraySlice<Float>,
                       loudness: [Float], offset: Int, model: AcousticModel) -> ([Int?], Int?)? {
        // Each token's readings, and where the tokens with something to say are among them.
        var said: [[[String]]] = []
        var heard: [Int?] = []
        for text in texts {
            guard let readings = model.pronounced(text) else { return nil }
            heard.append(readings.isEmpty ? nil : said.count)
            if !readings.isEmpty { said.append(readings) }
        }
        guard !said.isEmpty, let placed = model.align(said, before: neighbours(around.before, last: true, model),
                                                       after: neighbours(around.after, last: false, model), in: window) else { return nil }
        var starts = heard.map { $0.map { offset + placed[$0].start } }
        // The model lets a word begin in the silence before it (a soft "the" takes 150-250 ms of it):
        // a word with silence before it (the cue's first, or one the model did not start where the
        // word before ended) is moved to where its sound begins, as the warping's are.
        let punctuated = SpeechOnsets.afterPunctuation(texts)
        let afterPause = texts.indices.map { k in
            guard let t = heard[k] else { return false }
            return t == 0 || placed[t].start > placed[t - 1].end || punctuated[k]
        }
        starts = SpeechOnsets.refined(starts, afterPause: afterPause, loudness: loudness, offset: offset)
        let earliest = texts.indices.map { k in heard[k].flatMap { $0 > 0 ? offset + placed[$0 - 1].end : nil } }
        starts = SpeechOnsets.backToOnsets(starts, afterPause: afterPause, earliest: earliest, loudness: loudness, offset: offset)
        return (starts, offset + placed[placed.count - 1].end)
    }

    /// How many of a neighbouring caption's words the grammar allows: more than a second's worth of
    /// speech at either side of the window is rarely there.
    static let neighbourWords = 4

    /// The dictionary words of the `neighbourWords` of `tokens` nearest this caption (its last when
    /// `last`, the caption before; its first otherwise), stopping at a token the dictionary lacks. A
    /// number is taken as its likeliest reading.
    static func neighbours(_ tokens: [String], last: Bool, _ model: AcousticModel) -> [String] {
        var words: [String] = []
        for token in last ? tokens.reversed() : tokens {
            guard let readings = model.pronounced(token) else { break }
            let said = readings.first ?? []
            words = last ? said + words : words + said
            if words.count >= neighbourWords { break }
        }
        return last ? Array(words.suffix(neighbourWords)) : Array(words.prefix(neighbourWords))
    }
}
