import CaptionModel

/// How typewriter and letter step through a word's characters: evenly across the word, character
/// k + 1 of n at start + k × duration / n, each step put on the 10 ms grid that ASS event times are
/// written on (rounded half up, as `ASSTime` rounds). The compiled ASS changes its events at
/// centiseconds, so with the steps on that grid it shows each character at the same millisecond as
/// the native renderer; a step moves by at most 5 ms, less than a frame.
public enum CharacterSteps {
    /// The times at which characters 2, 3, … of the word appear (or light up).
    public static func times(of word: TimedWord) -> [Milliseconds] {
        let count = word.text.count, duration = word.end - word.start
        guard count > 1, duration > 0 else { return [] }
        return (1..<count).map { k in
            let exact = word.start + (k * duration + count - 1) / count
            return MotionKeys.grid(exact)
        }
    }

    /// How many characters the word has reached in `state`: none before it starts, the first from its
    /// start and one more at each step reached, nil (all of them) once it has ended.
    static func reached(by word: TimedWord, in state: WordState) -> Int? {
        switch state {
        case .upcoming: return 0
        case .active(let progress):
            let t = word.start + Int((progress * Double(max(word.end - word.start, 1))).rounded())
            return min(word.text.count, 1 + times(of: word).filter { $0 <= t }.count)
        case .past: return nil
        }
    }
}
