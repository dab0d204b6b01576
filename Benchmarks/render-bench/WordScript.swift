import CaptionModel
import CaptionTestSupport

/// A deterministic word-timed transcript: what a speech-to-text service returns for `seconds` of
/// talk at about `wordsPerMinute`. Words come from a list of common English words (realistic lengths,
/// a few long ones), sentences end every 6 to 15 words with a short pause after them, and now and then
/// a longer pause (over the presets' 0.8 s `max_gap`) forces a page break. A fixed-seed generator makes
/// every run, and every machine, see the same words and times.
enum WordScript {
    static let vocabulary = [
        "the", "and", "you", "that", "was", "for", "are", "with", "his", "they", "this", "have", "from",
        "one", "had", "word", "but", "not", "what", "all", "were", "when", "your", "can", "said", "there",
        "use", "each", "which", "she", "how", "their", "will", "other", "about", "out", "many", "then",
        "them", "these", "some", "her", "would", "make", "like", "into", "time", "has", "look", "two",
        "more", "write", "see", "number", "way", "could", "people", "than", "first", "water", "been",
        "call", "who", "now", "find", "long", "down", "day", "did", "get", "come", "made", "may", "part",
        "actually", "something", "everyone", "remember", "beautiful", "important", "together", "probably",
        "camera", "video", "today", "really", "because", "little", "different", "thought", "morning",
        "understand", "absolutely", "subscribe", "recording", "microphone", "everything", "yesterday",
    ]

    /// Words with times in ms, in order, without overlap, ending before `seconds`.
    static func words(seconds: Int = 60, wordsPerMinute: Int = 170) -> [Word] {
        var random = SplitMix64(seed: 0x5EED_CAB1)
        let end = seconds * 1000
        // The mean slot per word, less what the gaps and pauses below take (about 20% of the time);
        // a word's share grows with its length, so long words take longer.
        let slot = 0.8 * 60_000.0 / Double(wordsPerMinute)
        var words: [Word] = []
        var t = 250
        var sentenceLeft = 6 + random.below(10)
        var capitalise = true
        while true {
            var text = vocabulary[random.below(vocabulary.count)]
            if capitalise, let first = text.first { text = first.uppercased() + text.dropFirst() }
            capitalise = false
            sentenceLeft -= 1
            var pause = 0
            if sentenceLeft == 0 {
                text += random.below(4) == 0 ? "?" : "."
                sentenceLeft = 6 + random.below(10)
                capitalise = true
                pause = random.below(3) == 0 ? 900 + random.below(500) : 250 + random.below(300)
            } else if random.below(12) == 0 {
                text += ","
                pause = 120
            }
            // Spoken length: 55% to 135% of the slot, scaled by the word's length against a 5-letter mean.
            let share = 0.55 + 0.8 * Double(min(text.count, 10)) / 10.0
            let duration = Int(slot * share * (0.85 + 0.3 * random.unit()))
            guard t + duration <= end else { break }
            words.append(Word(text: text, start: t, end: t + duration))
            // A small gap between words (0 to 40 ms), as aligners report them.
            t += duration + random.below(41) + pause
        }
        return words
    }
}
