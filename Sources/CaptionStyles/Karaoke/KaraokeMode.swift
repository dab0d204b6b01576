import CaptionModel

/// A karaoke mode: the appearance of a word from its state.
public protocol KaraokeMode: Sendable {
    static func appearance(of word: TimedWord, state: WordState, style: CaptionStyle) -> WordAppearance
    /// Times (besides the word's start and end) at which the word's drawn state can change in a way
    /// that is not animated: where the compiled ASS must start new events.
    static func cuts(of word: TimedWord, style: CaptionStyle) -> [Milliseconds]
}

extension KaraokeMode {
    static func cuts(of word: TimedWord, style: CaptionStyle) -> [Milliseconds] { [] }
}
