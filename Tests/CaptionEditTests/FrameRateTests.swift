import Testing
import CaptionModel
@testable import CaptionEdit

@Suite struct FrameRateTests {
    @Test func ntscDecimalsAreTheExactFractions() {
        #expect(FrameRate(parsing: "23.976") == FrameRate(numerator: 24000, denominator: 1001))
        #expect(FrameRate(parsing: "23.98") == FrameRate(numerator: 24000, denominator: 1001))
        #expect(FrameRate(parsing: "29.97") == FrameRate(numerator: 30000, denominator: 1001))
        #expect(FrameRate(parsing: "59.94") == FrameRate(numerator: 60000, denominator: 1001))
        #expect(FrameRate(parsing: "30000/1001") == FrameRate(numerator: 30000, denominator: 1001))
    }

    @Test func plainRatesAsWritten() {
        #expect(FrameRate(parsing: "25")?.numerator == 25)
        #expect(FrameRate(parsing: "25")?.denominator == 1)
        #expect(FrameRate(parsing: "12.5") == FrameRate(numerator: 25, denominator: 2))
        #expect(FrameRate(parsing: "0") == nil)
        #expect(FrameRate(parsing: "-25") == nil)
        #expect(FrameRate(parsing: "abc") == nil)
        #expect(FrameRate(parsing: "25/0") == nil)
    }

    @Test func framesToMilliseconds() {
        #expect(FrameRate(parsing: "25")!.milliseconds(frames: 2) == 80)
        #expect(FrameRate(parsing: "23.976")!.milliseconds(frames: 24) == 1001)
        #expect(FrameRate(parsing: "29.97")!.milliseconds(frames: 1) == 33)
    }
}
