@testable import CaptionVideo
import Testing

/// Track language tags in the three forms files carry them, as one code, and as Tesseract's model.
@Suite struct LanguageCodeTests {
    @Test func everyFormIsTheTerminologicalCode() {
        #expect(["eng", "en", "EN", "Eng"].map(LanguageCode.terminological) == ["eng", "eng", "eng", "eng"])
        #expect(["fre", "fra", "fr"].map(LanguageCode.terminological) == ["fra", "fra", "fra"])
        #expect(["ger", "de", "deu"].map(LanguageCode.terminological) == ["deu", "deu", "deu"])
        #expect(LanguageCode.terminological("und") == "und")
        #expect(TrackSelection.sameLanguage("eng", "en") && TrackSelection.sameLanguage("fr", "fre"))
        #expect(!TrackSelection.sameLanguage("en", "de"))
        // Every two-letter code maps to a distinct three-letter one.
        #expect(Set(LanguageCode.twoLetter.values).count == LanguageCode.twoLetter.count)
    }

    @Test func tesseractModelsAreByCodeAndChineseByScript() {
        #expect(["en", "eng", "fre", "fr", "pt"].map(LanguageCode.tesseractModel) == ["eng", "eng", "fra", "fra", "por"])
        #expect(["zh", "chi", "zho", "zh-Hans", "zh-CN"].map(LanguageCode.tesseractModel) == Array(repeating: "chi_sim", count: 5))
        #expect(["zh-Hant", "zh-TW", "zh-HK"].map(LanguageCode.tesseractModel) == Array(repeating: "chi_tra", count: 3))
    }
}
