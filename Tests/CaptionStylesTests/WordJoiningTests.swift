import CaptionExpectations
import Testing
@testable import CaptionStyles

@Suite struct WordJoiningTests {
    @Test func spacesBetweenWordsButNotBetweenCJKWords() {
        expectEqual(WordJoining.join(["So", "today"]), "So today")
        expectEqual(WordJoining.join(["今日は", "字幕の", "テスト"]), "今日は字幕のテスト")
        expectEqual(WordJoining.join(["中文", "字幕"]), "中文字幕")
        expectEqual(WordJoining.join(["テスト", "「字幕」"]), "テスト「字幕」")
        // Mixed seams keep their space; Korean separates words with spaces.
        expectEqual(WordJoining.join(["字幕", "OK"]), "字幕 OK")
        expectEqual(WordJoining.join(["OK", "字幕"]), "OK 字幕")
        expectEqual(WordJoining.join(["안녕하세요", "여러분"]), "안녕하세요 여러분")
        expectEqual(WordJoining.join(["ＡＢＣ", "テスト"]), "ＡＢＣテスト")
    }

    @Test func noSpaceBeforeClosingPunctuation() {
        expectEqual(WordJoining.join(["Hello", ",", "world", "!"]), "Hello, world!")
        expectEqual(WordJoining.join(["(yes", ")"]), "(yes)")
        expectEqual(WordJoining.join(["wait", "..."]), "wait...")
        expectEqual(WordJoining.join(["really", "?!"]), "really?!")
        expectEqual(WordJoining.join(["OK", "。"]), "OK。")
        expectEqual(WordJoining.join(["she said", "”"]), "she said”")
        // Dashes and opening punctuation are not closing punctuation.
        expectEqual(WordJoining.join(["well", "—", "no"]), "well — no")
        expectEqual(WordJoining.join(["so", "(", "x"]), "so ( x")
        expectEqual(WordJoining.join(["so", "“quoted"]), "so “quoted")
    }

    @Test func sentenceEnds() {
        for word in ["styles.", "go!", "why?", "end…", "wait...", "go!\"", "why?)", "yes.”", "終わり。", "本当？」", "ok！", "no?!"] {
            expectTrue(WordJoining.endsSentence(word), "\(word)")
        }
        for word in ["So", "3.5", "wait,", "(yes)", "well—", "「字幕」", "\"", ".x"] {
            expectTrue(!WordJoining.endsSentence(word), "\(word)")
        }
    }

    @Test func clauseEnds() {
        for word in ["wait,", "so;", "note:", "well—", "well–", "cut-", "これ、", "yes,”", "done."] {
            expectTrue(WordJoining.endsClause(word), "\(word)")
        }
        for word in ["wait", "e-mail", "(yes)", "“so"] {
            expectTrue(!WordJoining.endsClause(word), "\(word)")
        }
    }

    @Test func hangulIsNotCJKButKanaAndHanAre() {
        expectTrue(WordJoining.isCJK("字"))
        expectTrue(WordJoining.isCJK("の"))
        expectTrue(WordJoining.isCJK("テ"))
        expectTrue(WordJoining.isCJK("。"))
        expectTrue(WordJoining.isCJK("𠀋"))
        expectTrue(!WordJoining.isCJK("한"))
        expectTrue(!WordJoining.isCJK("ㅎ"))
        expectTrue(!WordJoining.isCJK("a"))
    }

    @Test func linkWordsAndSeamPenalties() {
        expectTrue(PageBreakPenalty.isLinkWord("And"))
        expectTrue(PageBreakPenalty.isLinkWord("(the"))
        expectTrue(!PageBreakPenalty.isLinkWord("andes"))
        expectEqual(PageBreakPenalty.between("rain,", and: "we"), PageBreakPenalty.afterPunctuation)
        expectEqual(PageBreakPenalty.between("rain", and: "and"), PageBreakPenalty.beforeLinkWord)
        expectEqual(PageBreakPenalty.between("of", and: "rain"), PageBreakPenalty.afterLinkWord)
        expectEqual(PageBreakPenalty.between("rain", and: "falls"), PageBreakPenalty.plain)
    }
}
