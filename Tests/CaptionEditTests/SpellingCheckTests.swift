import CaptionModel
import CaptionSpelling
import CaptionExpectations
import Testing
@testable import CaptionEdit

/// `check --spelling`'s words: what is prose is checked against the dictionary (en_US, installed by
/// `make deps`), what is not is skipped.
@Suite struct SpellingCheckTests {
    @Test func speakersLabelsBracketsNotesAndNumbersAreNotWords() {
        expectEqual(SpellingCheck.words(of: "JOHN: I can't [door slams] believe it"), ["I", "can't", "believe", "it"])
        expectEqual(SpellingCheck.words(of: "- MAN 2: The 3rd time, well-known\n♪ la la ♪"), ["The", "time", "well", "known", "la", "la"])
        expectEqual(SpellingCheck.words(of: "Dr. Who: the \u{2019}90s, it\u{2019}s 9.99 (cheap)"), ["Dr", "Who", "the", "it's", "cheap"])
        expectEqual(SpellingCheck.words(of: "'Quoted' -dash- words--"), ["Quoted", "dash", "words"])
    }

    @Test func unknownWordsAreListedByCaption() throws {
        let dictionary = try #require(SpellingDictionary.forLanguage("en"))
        let document = CaptionDocument(events: [
            CaptionEvent(start: 0, end: 1000, text: CaptionText(plain: "NARRATOR: I beleive it.")),
            CaptionEvent(start: 1000, end: 2000, text: CaptionText(plain: "All spelled right.")),
            CaptionEvent(start: 2000, end: 3000, text: CaptionText(plain: "teh end, teh [SDH: xyzzy]")),
        ])
        let unknown = SpellingCheck.unknownWords(in: document, dictionary: dictionary)
        expectEqual(unknown, [UnknownWord(caption: 1, word: "beleive"), UnknownWord(caption: 3, word: "teh"), UnknownWord(caption: 3, word: "teh")])
    }

    @Test func dictionariesAreFoundByLanguage() {
        expectEqual(SpellingDictionary.forLanguage("eng")?.name, "en_US")
        expectEqual(SpellingDictionary.forLanguage("en_US")?.name, "en_US")
        expectNil(SpellingDictionary.forLanguage("xx"))
        expectNil(SpellingDictionary.forLanguage("en", folder: "/nonexistent"))
    }
}
