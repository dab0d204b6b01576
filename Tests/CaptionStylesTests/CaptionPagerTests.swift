import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionStyles
import CaptionTestSupport

@Suite struct CaptionPagerTests {
    /// The corpus sentence: "So today we're testing 3 caption styles. Let's go!"
    static let corpus: [Word] = [
        Word(text: "So", start: 0, end: 180), Word(text: "today", start: 180, end: 520),
        Word(text: "we're", start: 520, end: 700), Word(text: "testing", start: 700, end: 1100),
        Word(text: "3", start: 1160, end: 1400), Word(text: "caption", start: 1400, end: 1820),
        Word(text: "styles.", start: 1820, end: 2400), Word(text: "Let's", start: 3100, end: 3300),
        Word(text: "go!", start: 3300, end: 3620),
    ]

    static func texts(_ events: [CaptionEvent]) -> [String] { events.map(\.text.plain) }

    static func options(_ change: (inout PagingOptions) -> Void) -> PagingOptions {
        var options = PagingOptions()
        change(&options)
        return options
    }

    /// Words at 1 s intervals, each 500 ms long.
    static func words(_ texts: [String], speakers: [String?]? = nil) -> [Word] {
        texts.enumerated().map { i, text in
            Word(text: text, start: i * 1000, end: i * 1000 + 500, speaker: speakers?[i])
        }
    }

    @Test func corpusSentenceWithDefaults() {
        let events = CaptionPager.page(Self.corpus, options: PagingOptions())
        expectEqual(Self.texts(events), ["So today we're testing 3 caption styles.", "Let's go!"])
        expectEqual(events.map(\.start), [0, 3100])
        expectEqual(events.map(\.end), [2400, 3620])
        expectEqual(events[0].words, Array(Self.corpus[0..<7]))
        expectEqual(events[1].words, Array(Self.corpus[7...]))
        expectTrue(events.allSatisfy { $0.text.spans.isEmpty })
        expectEqual(CaptionPager.pageRanges(Self.corpus, options: PagingOptions()), [0..<7, 7..<9])
    }

    @Test func corpusLinesAreBalanced() {
        // Three lines of 16 hold the sentence on one page; the longest line is as short as it can be.
        let three = CaptionPager.page(Self.corpus, options: Self.options { $0.maxCharsPerLine = 16; $0.maxLines = 3 })
        expectEqual(Self.texts(three), ["So today we're\ntesting 3\ncaption styles.", "Let's go!"])
        // Two lines of 16 hold 32 of its 40 characters: two evenly full pages, each balanced, and
        // the second keeps "styles." off a line of its own.
        let two = CaptionPager.page(Self.corpus, options: Self.options { $0.maxCharsPerLine = 16 })
        expectEqual(Self.texts(two), ["So today\nwe're testing", "3\ncaption styles.", "Let's go!"])
        let greedy = CaptionPager.page(Self.corpus, options: Self.options { $0.maxCharsPerLine = 16; $0.balanceLines = false })
        expectEqual(Self.texts(greedy), ["So today we're\ntesting", "3 caption\nstyles.", "Let's go!"])
        let wide = CaptionPager.page(Self.corpus, options: Self.options { $0.maxCharsPerLine = 24 })
        expectEqual(Self.texts(wide), ["So today we're testing\n3 caption styles.", "Let's go!"])
    }

    @Test func maxWordsPerPageMakesEvenPages() {
        // Seven words at three per page: 3 + 2 + 2, not 3 + 3 + 1.
        let events = CaptionPager.page(Self.corpus, options: Self.options { $0.maxWordsPerPage = 3 })
        expectEqual(Self.texts(events), ["So today we're", "testing 3", "caption styles.", "Let's go!"])
        expectEqual(events.map(\.start), [0, 700, 1400, 3100])
        expectEqual(events.map(\.end), [700, 1400, 2400, 3620])
        let one = CaptionPager.page(Self.corpus, options: Self.options { $0.maxWordsPerPage = 1 })
        expectEqual(Self.texts(one), Self.corpus.map(\.text))
    }

    @Test func pausesEndPages() {
        let noSentences = Self.options { $0.breakAfterSentence = false }
        expectEqual(Self.texts(CaptionPager.page(Self.corpus, options: noSentences)), ["So today we're testing 3\ncaption styles. Let's go!"])
        var options = noSentences
        options.maxGap = 700  // the pause after "styles." is exactly 700: not longer
        expectEqual(CaptionPager.page(Self.corpus, options: options).count, 1)
        options.maxGap = 699
        expectEqual(Self.texts(CaptionPager.page(Self.corpus, options: options)), ["So today we're testing 3 caption styles.", "Let's go!"])
        options.maxGap = 50  // and the 60 ms before "3"
        expectEqual(Self.texts(CaptionPager.page(Self.corpus, options: options)), ["So today we're testing", "3 caption styles.", "Let's go!"])
    }

    @Test func maxDurationEndsPages() {
        // The sentence lasts 2400 ms: two pages cannot hold it ("3 caption styles." alone lasts 1240).
        let events = CaptionPager.page(Self.corpus, options: Self.options { $0.maxDuration = 1200 })
        expectEqual(Self.texts(events), ["So today we're", "testing 3", "caption styles.", "Let's go!"])
        expectEqual(events.map(\.end), [700, 1400, 2400, 3620])
    }

    @Test func speakerChangesEndPages() {
        let words = Self.words(["Hi", "there.", "Hello", "back", "again", "friend"],
                               speakers: ["A", "A", "B", "B", nil, "A"])
        let options = Self.options { $0.breakAfterSentence = false }
        // A word without a speaker never forces a break, either side.
        expectEqual(Self.texts(CaptionPager.page(words, options: options)), ["Hi there.", "Hello back again friend"])
        let strict = Self.words(["Hi", "there", "Hello", "back"], speakers: ["A", "A", "B", "A"])
        expectEqual(Self.texts(CaptionPager.page(strict, options: options)), ["Hi there", "Hello", "back"])
        var ignore = options
        ignore.breakOnSpeakerChange = false
        expectEqual(Self.texts(CaptionPager.page(strict, options: ignore)), ["Hi there Hello back"])
    }

    @Test func sentenceEndsEndPages() {
        let words = Self.words(["“Wait!”", "she", "said.", "本当？」", "はい。", "OK"])
        expectEqual(Self.texts(CaptionPager.page(words, options: PagingOptions())), ["“Wait!”", "she said.", "本当？」", "はい。", "OK"])
    }

    @Test func cjkWordsJoinWithoutSpaces() {
        let words = Self.words(["今日は", "字幕の", "テスト"])
        expectEqual(Self.texts(CaptionPager.page(words, options: PagingOptions())), ["今日は字幕のテスト"])
        let narrow = CaptionPager.page(words, options: Self.options { $0.maxCharsPerLine = 6 })
        expectEqual(Self.texts(narrow), ["今日は\n字幕のテスト"])
        let korean = Self.words(["안녕하세요", "여러분", "자막", "테스트", "OK", "。"])
        expectEqual(Self.texts(CaptionPager.page(korean, options: PagingOptions())), ["안녕하세요 여러분 자막 테스트 OK。"])
    }

    @Test func minDurationExtendsWithoutOverlap() {
        let words = [Word(text: "Hi.", start: 0, end: 200), Word(text: "Yes.", start: 1000, end: 1100),
                     Word(text: "Go.", start: 1300, end: 1400), Word(text: "Now.", start: 5000, end: 5100)]
        let events = CaptionPager.page(words, options: Self.options { $0.minDuration = 800 })
        expectEqual(events.map(\.start), [0, 1000, 1300, 5000])
        // 0-800 fits before 1000; "Yes." would run to 1800 but stops at 1300; the last one is free.
        expectEqual(events.map(\.end), [800, 1300, 2100, 5800])
    }

    @Test func holdGapKeepsPagesUpUntilTheNext() {
        let words = [Word(text: "Hi.", start: 0, end: 200), Word(text: "Yes.", start: 1000, end: 1100),
                     Word(text: "Go.", start: 1300, end: 1400), Word(text: "Now.", start: 5000, end: 5100)]
        let events = CaptionPager.page(words, options: Self.options { $0.holdGap = 800 })
        // Gaps 800 (held: at most), 200 (held), 3600 (not held); nothing after the last page.
        expectEqual(events.map(\.end), [1000, 1300, 1400, 5100])
        let both = CaptionPager.page(words, options: Self.options { $0.holdGap = 500; $0.minDuration = 300 })
        expectEqual(both.map(\.end), [300, 1300, 1600, 5300])
    }

    @Test func overlappingAndZeroLengthTimesNeverOverlapEvents() {
        let words = [Word(text: "a.", start: 100, end: 900), Word(text: "b.", start: 100, end: 100),
                     Word(text: "c.", start: 500, end: 400), Word(text: "d", start: 500, end: 500)]
        let events = CaptionPager.page(words, options: Self.options { $0.minDuration = 1000 })
        expectEqual(Self.texts(events), ["a.", "b.", "c.", "d"])
        expectEqual(events.map(\.start), [100, 100, 500, 500])
        expectEqual(events.map(\.end), [100, 500, 500, 1500])
    }

    @Test func longWordStandsAlone() {
        let words = Self.words(["a", "supercalifragilistic", "b", "c"])
        let options = Self.options { $0.maxCharsPerLine = 10; $0.breakAfterSentence = false }
        expectEqual(Self.texts(CaptionPager.page(words, options: options)), ["a\nsupercalifragilistic", "b c"])
        var three = options
        three.maxLines = 3
        expectEqual(Self.texts(CaptionPager.page(words, options: three)), ["a\nsupercalifragilistic\nb c"])
        var one = options
        one.maxLines = 1
        expectEqual(Self.texts(CaptionPager.page(words, options: one)), ["a", "supercalifragilistic", "b c"])
    }

    @Test func pagesEndAfterPunctuationWhenPagesStayFull() {
        let words = Self.words("When the rain stopped, we all went outside to play".split(separator: " ").map(String.init))
        // Greedy filling would end the first page at "we all" (29 of 30 characters).
        let options = Self.options { $0.maxCharsPerLine = 30; $0.maxLines = 1; $0.maxDuration = 60_000 }
        expectEqual(Self.texts(CaptionPager.page(words, options: options)), ["When the rain stopped,", "we all went outside to play"])
        // Without a comma: before a preposition, not after an article.
        let plain = Self.words("I walked all the way home from the old station".split(separator: " ").map(String.init))
        func paged(_ maxChars: Int) -> [String] {
            Self.texts(CaptionPager.page(plain, options: Self.options { $0.maxCharsPerLine = maxChars; $0.maxLines = 1; $0.maxDuration = 60_000 }))
        }
        expectEqual(paged(25), ["I walked all the way home", "from the old station"])
        expectEqual(paged(24), ["I walked all", "the way home", "from the old station"])
    }

    @Test func emptyInputMakesNoPages() {
        expectTrue(CaptionPager.page([], options: PagingOptions()).isEmpty)
        expectTrue(CaptionPager.pageRanges([], options: PagingOptions()).isEmpty)
    }

    @Test func pagesHoldAtMostFiveHundredWords() {
        let words = (0..<1200).map { Word(text: "a", start: $0, end: $0) }
        let options = Self.options { $0.maxCharsPerLine = 10_000; $0.maxLines = 10; $0.maxDuration = 1_000_000 }
        let events = CaptionPager.page(words, options: options)
        // Three pages, each within the cap (their fills differ by too little to pin the split).
        expectEqual(events.count, 3)
        expectTrue(events.allSatisfy { $0.words.count <= 500 })
    }

    /// Realistic English, and per-character CJK words (what WhisperX gives for Japanese and Chinese),
    /// whose pages hold the most words, at the default options. Speed is not asserted here (shared
    /// machines make timed tests flaky); a quadratic slip would show as a test that takes minutes.
    @Test(arguments: ["english", "cjk"])
    func pagesAHundredThousandWords(_ language: String) {
        var g = SplitMix64(seed: 42)
        var words: [Word] = []
        var t = 0
        let vocabulary = language == "cjk"
            ? "今日は字幕のテストです日本語中文漢字ひらがなカタカナ".map(String.init)
            : ["the", "caption", "and", "we're", "testing", "styles,", "today", "of", "karaoke", "words",
               "really", "quickly", "video", "go", "so", "it", "is", "a", "great", "subtitle"]
        for i in 0..<100_000 {
            var text = g.pick(vocabulary)
            // Sentences of 13 English words; of 60 CJK characters, longer than a page.
            if language == "cjk" ? i % 60 == 59 : i % 13 == 12 { text += language == "cjk" ? "。" : "." }
            t += g.chance(0.02) ? 2000 : g.int(0...120)
            let length = language == "cjk" ? g.int(40...150) : g.int(80...500)
            words.append(Word(text: text, start: t, end: t + length, speaker: i % 400 < 200 ? "A" : "B"))
            t += length
        }
        let events = CaptionPager.page(words, options: PagingOptions())
        expectEqual(events.reduce(0) { $0 + $1.words.count }, words.count)
        expectTrue(zip(events, events.dropFirst()).allSatisfy { $0.end <= $1.start })
    }
}
