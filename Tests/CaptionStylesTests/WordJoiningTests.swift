import Testing
@testable import CaptionStyles

@Suite struct WordJoiningTests {
    @Test func spacesBetweenWordsButNotBetweenCJKWords() {
        #expect(WordJoining.join(["So", "today"]) == "So today")
        #expect(WordJoining.join(["今日は", "字幕の", "テスト"]) == "今日は字幕のテスト")
        #expect(WordJoining.join(["中文", "字幕"]) == "中文字幕")
        #expect(WordJoining.join(["テスト", "「字幕」"]) == "テスト「字幕」")
        // Mixed seams keep their space; Korean separates words with spaces.
        #expect(WordJoining.join(["字幕", "OK"]) == "字幕 OK")
        #expect(WordJoining.join(["OK", "字幕"]) == "OK 字幕")
        #expect(WordJoining.join(["안녕하세요", "여러분"]) == "안녕하세요 여러분")
        #expect(WordJoining.join(["ＡＢＣ", "テスト"]) == "ＡＢＣテスト")
    }

    @Test func noSpaceBeforeClosingPunctuation() {
        #expect(WordJoining.join(["Hello", ",", "world", "!"]) == "Hello, world!")
        #expect(WordJoining.join(["(yes", ")"]) == "(yes)")
        #expect(WordJoining.join(["wait", "..."]) == "wait...")
        #expect(WordJoining.join(["really", "?!"]) == "really?!")
        #expect(WordJoining.join(["OK", "。"]) == "OK。")
        #expect(WordJoining.join(["she said", "”"]) == "she said”")
        // Dashes and opening punctuation are not closing punctuation.
        #expect(WordJoining.join(["well", "—", "no"]) == "well — no")
        #expect(WordJoining.join(["so", "(", "x"]) == "so ( x")
        #expect(WordJoining.join(["so", "“quoted"]) == "so “quoted")
    }

    @Test func sentenceEnds() {
        for word in ["styles.", "go!", "why?", "end…", "wait...", "go!\"", "why?)", "yes.”", "終わり。", "本当？」", "ok！", "no?!"] {
            #expect(WordJoining.endsSentence(word), "\(word)")
        }
        for word in ["So", "3.5", "wait,", "(yes)", "well—", "「字幕」", "\"", ".x"] {
            #expect(!WordJoining.endsSentence(word), "\(word)")
        }
    }

    @Test func clauseEnds() {
        for word in ["wait,", "so;", "note:", "well—", "well–", "cut-", "これ、", "yes,”", "done."] {
            #expect(WordJoining.endsClause(word), "\(word)")
        }
        for word in ["wait", "e-mail", "(yes)", "“so"] {
            #expect(!WordJoining.endsClause(word), "\(word)")
        }
    }

    @Test func hangulIsNotCJKButKanaAndHanAre() {
        #expect(WordJoining.isCJK("字"))
        #expect(WordJoining.isCJK("の"))
        #expect(WordJoining.isCJK("テ"))
        #expect(WordJoining.isCJK("。"))
        #expect(WordJoining.isCJK("𠀋"))
        #expect(!WordJoining.isCJK("한"))
        #expect(!WordJoining.isCJK("ㅎ"))
        #expect(!WordJoining.isCJK("a"))
    }

    @Test func linkWordsAndSeamPenalties() {
        #expect(PageBreakPenalty.isLinkWord("And"))
        #expect(PageBreakPenalty.isLinkWord("(the"))
        #expect(!PageBreakPenalty.isLinkWord("andes"))
        #expect(PageBreakPenalty.between("rain,", and: "we") == PageBreakPenalty.afterPunctuation)
        #expect(PageBreakPenalty.between("rain", and: "and") == PageBreakPenalty.beforeLinkWord)
        #expect(PageBreakPenalty.between("of", and: "rain") == PageBreakPenalty.afterLinkWord)
        #expect(PageBreakPenalty.between("rain", and: "falls") == PageBreakPenalty.plain)
    }
}
