import CaptionModel

/// Letter by letter: within the spoken word each character takes the highlight colour in turn and
/// keeps it, the word's duration shared evenly between its characters (grapheme clusters, so an
/// accented letter or an emoji with modifiers lights up whole). Character k (from 0) lights up when
/// its share of the word begins (`CharacterSteps`), so the first one lights with the word and the
/// last one before the word ends. Spoken words stay highlighted, upcoming ones do not, as in
/// `fill`, whose sweep is continuous where this one steps.
enum LetterMode: KaraokeMode {
    static func appearance(of word: TimedWord, state: WordState, style: CaptionStyle) -> WordAppearance {
        var appearance = WordAppearance(color: style.textColor)
        appearance.sweepColor = style.highlightColor
        appearance.sweepCharacters = CharacterSteps.reached(by: word, in: state) ?? word.text.count
        return appearance
    }

    static func cuts(of word: TimedWord, style: CaptionStyle) -> [Milliseconds] { CharacterSteps.times(of: word) }
}
