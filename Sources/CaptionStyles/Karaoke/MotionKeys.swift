import CaptionModel

/// The timing shared by the modes that move or fade words (bounce, slide-up, fade-in): their
/// keyframes sit on the 10 ms grid that ASS event times are written on, and between two keyframes a
/// word moves and fades linearly, as `\move` and `\t` do, so the compiled ASS draws the native
/// frames at every millisecond.
public enum MotionKeys {
    /// `ms` on the 10 ms grid, rounded half up as `ASSTime` rounds event times.
    public static func grid(_ ms: Milliseconds) -> Milliseconds { ms <= 0 ? 0 : (ms + 5) / 10 * 10 }

    /// The instant a word's state was taken at; nil before the word starts.
    static func time(of word: TimedWord, state: WordState) -> Milliseconds? {
        switch state {
        case .upcoming: nil
        case .active(let progress): word.start + Int((progress * Double(max(word.end - word.start, 1))).rounded())
        case .past(let sinceEnd): word.end + sinceEnd
        }
    }

    /// Linear progress from `from` to `to` at `t`, as libass computes `\move`'s and `\t`'s (0 before,
    /// 1 after).
    static func progress(at t: Milliseconds, from: Milliseconds, to: Milliseconds) -> Double {
        if t <= from { return 0 }
        if t >= to { return 1 }
        return Double(t - from) / Double(to - from)
    }

    /// The fade-in from the word's start over the transition; nil once it is over (or with no
    /// transition).
    static func fade(of word: TimedWord, style: CaptionStyle, at t: Milliseconds) -> WordFade? {
        let from = grid(word.start), to = grid(word.start + style.karaoke.transition)
        guard to > from, t < to else { return nil }
        return WordFade(from: from, to: to, progress: progress(at: t, from: from, to: to))
    }

    /// The piece of a path of (time, offset) keyframes that `t` falls in; nil outside the path.
    static func rise(along keys: [(t: Milliseconds, offset: Double)], at t: Milliseconds) -> WordRise? {
        guard let first = keys.first, t >= first.t else { return nil }
        for (a, b) in zip(keys, keys.dropFirst()) where t < b.t {
            return WordRise(from: a.t, to: b.t, fromOffset: a.offset, toOffset: b.offset, progress: progress(at: t, from: a.t, to: b.t))
        }
        return nil
    }

    /// Keyframes at fractions of the transition from the word's start, on the grid; keyframes that
    /// land on the same millisecond keep the last.
    static func path(of word: TimedWord, style: CaptionStyle, _ points: [(at: Double, offset: Double)]) -> [(t: Milliseconds, offset: Double)] {
        var keys: [(t: Milliseconds, offset: Double)] = []
        for point in points {
            let t = grid(word.start + Int((Double(style.karaoke.transition) * point.at).rounded()))
            if keys.last?.t == t { keys[keys.count - 1].offset = point.offset } else { keys.append((t, point.offset)) }
        }
        return keys.count > 1 ? keys : []
    }
}
