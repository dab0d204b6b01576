import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionStyles
import CaptionTestSupport

/// Paging invariants over a few hundred generated word lists (seeded, so a failure names its seed):
/// long and CJK words, punctuation, pauses, speakers, equal and zero-length times, random options.
@Suite struct CaptionPagerPropertyTests {
    static let seeds: [UInt64] = Array(1...400)

    @Test func pagingInvariantsHold() {
        for seed in Self.seeds {
            var g = SplitMix64(seed: seed)
            let words = WordListGenerator.words(&g)
            let options = WordListGenerator.options(&g)
            let events = CaptionPager.page(words, options: options)
            check(events, words: words, options: options, seed: seed)
        }
    }

    /// The greedy line filling and the look-back cap are exercised too: pages of up to 300 words.
    @Test func hugePagesKeepInvariants() {
        for seed in UInt64(1000)...UInt64(1010) {
            var g = SplitMix64(seed: seed)
            let words = WordListGenerator.words(&g)
            var options = WordListGenerator.options(&g)
            options.maxLines = 50
            options.maxCharsPerLine = 80
            options.maxDuration = 1_000_000
            options.maxGap = 1_000_000
            options.maxWordsPerPage = nil
            options.breakAfterSentence = false
            options.breakOnSpeakerChange = false
            check(CaptionPager.page(words, options: options), words: words, options: options, seed: seed)
        }
    }

    private func check(_ events: [CaptionEvent], words: [Word], options: PagingOptions, seed: UInt64) {
        let context = Comment(rawValue: "seed \(seed), \(words.count) words, \(options)")
        // Every word exactly once, in order, unchanged.
        expectEqual(events.flatMap(\.words), words, context)
        expectTrue(events.allSatisfy { !$0.words.isEmpty }, context)
        expectEqual(CaptionPager.pageRanges(words, options: options).map(\.count), events.map(\.words.count), context)

        for (index, event) in events.enumerated() {
            let page = event.words
            let lines = Self.lines(of: event.text.plain, words: page)
            expectTrue(lines != nil, "text \(event.text.plain.debugDescription) does not join \(page.map(\.text)); \(context)")
            guard let lines else { continue }

            // Lines: at most maxLines, each fitting unless it is a single word; as few as greedy needs.
            expectTrue(lines.count <= max(1, options.maxLines), context)
            for line in lines where line.count > 1 {
                let text = WordJoining.join(line.map { page[$0].text })
                expectTrue(text.count <= options.maxCharsPerLine, "line \(text.debugDescription); \(context)")
            }
            let greedy = LineBreaker.lineStarts(page.map(\.text), maxCharsPerLine: options.maxCharsPerLine, balance: false)
            expectEqual(lines.count, greedy.count, context)
            if options.balanceLines, lines.count > 1, lines.last!.count == 1 {
                expectTrue(!Self.orphanFreeLayoutExists(page.map(\.text), lineCount: lines.count, maxChars: options.maxCharsPerLine),
                        "lone last word in \(event.text.plain.debugDescription); \(context)")
            }

            // Page limits and forced breaks.
            if let maxWords = options.maxWordsPerPage { expectTrue(page.count <= max(1, maxWords), context) }
            if page.count > 1 { expectTrue(page.last!.end - page[0].start <= options.maxDuration, context) }
            for (a, b) in zip(page, page.dropFirst()) {
                expectTrue(b.start - a.end <= options.maxGap, context)
                if options.breakAfterSentence { expectTrue(!WordJoining.endsSentence(a.text), "\(a.text) inside a page; \(context)") }
                if options.breakOnSpeakerChange, let sa = a.speaker, let sb = b.speaker { expectEqual(sa, sb, context) }
            }

            // Timing: in order, never overlapping, and exactly the extension rule.
            let next = index + 1 < events.count ? events[index + 1] : nil
            expectEqual(event.start, page[0].start, context)
            expectTrue(event.start <= event.end, context)
            if let next { expectTrue(event.end <= next.start && event.start <= next.start, context) }
            expectEqual(event.end, Self.expectedEnd(page: page, nextStart: next?.start, options: options), context)
        }
    }

    /// The words of each line (indices into `words`) when `text` is `words` joined by
    /// `WordJoining`'s separators or `\n`; nil when it is not.
    static func lines(of text: String, words: [Word]) -> [[Int]]? {
        var rest = Substring(text).unicodeScalars
        var lines: [[Int]] = [[]]
        for (k, word) in words.enumerated() {
            if k > 0 {
                if rest.first == "\n" {
                    rest.removeFirst()
                    lines.append([])
                } else {
                    let separator = WordJoining.separator(between: words[k - 1].text, and: word.text).unicodeScalars
                    guard rest.starts(with: separator) else { return nil }
                    rest.removeFirst(separator.count)
                }
            }
            guard rest.starts(with: word.text.unicodeScalars) else { return nil }
            rest.removeFirst(word.text.unicodeScalars.count)
            lines[lines.count - 1].append(k)
        }
        return rest.isEmpty ? lines : nil
    }

    /// Whether some layout of `lineCount` lines puts two or more words on the last line: a last line
    /// of words a..<n that fits, after words 0..<a that fit in one line fewer.
    static func orphanFreeLayoutExists(_ words: [String], lineCount: Int, maxChars: Int) -> Bool {
        guard words.count >= 2 else { return false }
        for a in 0...(words.count - 2) where WordJoining.join(words[a...]).count <= maxChars {
            let before = a == 0 ? 0 : LineBreaker.lineStarts(Array(words[..<a]), maxCharsPerLine: maxChars, balance: false).count
            if before > 0 && before <= lineCount - 1 { return true }
        }
        return false
    }

    static func expectedEnd(page: [Word], nextStart: Milliseconds?, options: PagingOptions) -> Milliseconds {
        let start = page[0].start
        let spoken = max(start, page.last!.end)
        var end = max(spoken, start + options.minDuration)
        if let nextStart, let hold = options.holdGap, nextStart - spoken <= hold { end = max(end, nextStart) }
        if let nextStart { end = max(start, min(end, nextStart)) }
        return end
    }
}

/// Random word lists and options for the property tests.
enum WordListGenerator {
    static let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    static let cjk = Array("今日字幕テストのはを見るです日本語中文漢字ひらがなカタカナ")
    static let trailing = [",", ".", "!", "?", ";", ":", "…", ".\"", "?)", "—", "。", "、", "」", "！"]
    static let punctuation = [",", ".", "!", "?", ")", "」", "…", "—", "-", "\"", "(", "「", "?!", "。"]
    static let special = ["안녕하세요", "여러분", "café", "naïve", "👍🏽", "🎬", "ß", "Ünïcödé", "🇯🇵", "and", "the", "of",
                          "to", "with", "But", "Mr.", "3.5", "e-mail", "(yes)", "字幕OK", "OK字幕"]

    static func words(_ g: inout SplitMix64) -> [Word] {
        let count = g.chance(0.05) ? 0 : g.int(0...300)
        var words: [Word] = []
        var time = g.int(0...5000)
        var speaker: String? = g.pick([nil, "A", "B"])
        for _ in 0..<count {
            let text = word(&g)
            // Mostly short pauses; some long ones, some words starting where the last one did.
            var start = time + (g.chance(0.1) ? g.int(1000...6000) : g.int(0...300))
            if let last = words.last, g.chance(0.05) { start = last.start }
            let end = g.chance(0.1) ? start : start + g.int(30...900)
            if g.chance(0.05) { speaker = g.pick([nil, "A", "B", "C"]) }
            words.append(Word(text: text, start: start, end: end, interpolated: g.chance(0.1), speaker: speaker))
            time = max(time, end)
        }
        return words
    }

    static func word(_ g: inout SplitMix64) -> String {
        switch g.int(0...99) {
        case 0..<55:
            var text = String((0..<g.int(1...10)).map { _ in g.pick(letters) })
            if g.chance(0.2) { text += g.pick(trailing) }
            return text
        case 55..<62: return String((0..<g.int(15...70)).map { _ in g.pick(letters) })
        case 62..<80:
            var text = String((0..<g.int(1...5)).map { _ in g.pick(cjk) })
            if g.chance(0.2) { text += g.pick(["。", "、", "！", "」", "？」"]) }
            return text
        case 80..<90: return g.pick(punctuation)
        default: return g.pick(special)
        }
    }

    static func options(_ g: inout SplitMix64) -> PagingOptions {
        var options = PagingOptions()
        options.maxCharsPerLine = g.chance(0.03) ? 0 : g.chance(0.2) ? g.int(1...8) : g.int(8...60)
        options.maxLines = g.int(1...4)
        options.maxWordsPerPage = g.chance(0.4) ? nil : g.int(1...12)
        options.maxDuration = g.chance(0.05) ? 0 : g.int(500...10_000)
        options.minDuration = g.chance(0.5) ? 0 : g.int(0...3000)
        options.maxGap = g.int(0...3000)
        options.breakAfterSentence = g.chance(0.5)
        options.balanceLines = g.chance(0.7)
        options.breakOnSpeakerChange = g.chance(0.7)
        options.holdGap = g.chance(0.5) ? nil : g.int(0...2000)
        return options
    }
}
