@testable import CaptionVideo
import CaptionExpectations
import Testing

/// Track language tags in the three forms files carry them, as one code, and as Tesseract's model.
@Suite struct LanguageCodeTests {
    @Test func everyFormIsTheTerminologicalCode() {
        expectEqual(["eng", "en", "EN", "Eng"].map(LanguageCode.terminological), ["eng", "eng", "eng", "eng"])
        expectEqual(["fre", "fra", "fr"].map(LanguageCode.terminological), ["fra", "fra", "fra"])
        expectEqual(["ger", "de", "deu"].map(LanguageCode.terminological), ["deu", "deu", "deu"])
        expectEqual(LanguageCode.terminological("und"), "und")
        expectTrue(TrackSelection.sameLanguage("eng", "en") && TrackSelection.sameLanguage("fr", "fre"))
        expectTrue(!TrackSelection.sameLanguage("en", "de"))
        // Every two-letter code maps to a distinct three-letter one.
        expectEqual(Set(LanguageCode.twoLetter.values).count, LanguageCode.twoLetter.count)
    }

    @Test func tesseractModelsAreByCodeAndChineseByScript() {
        expectEqual(["en", "eng", "fre", "fr", "pt"].map(LanguageCode.tesseractModel), ["eng", "eng", "fra", "fra", "por"])
        expectEqual(["zh", "chi", "zho", "zh-Hans", "zh-CN"].map(LanguageCode.tesseractModel), Array(repeating: "chi_sim", count: 5))
        expectEqual(["zh-Hant", "zh-TW", "zh-HK"].map(LanguageCode.tesseractModel), Array(repeating: "chi_tra", count: 3))
    }
}
