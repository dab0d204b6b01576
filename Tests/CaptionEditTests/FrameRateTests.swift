import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionEdit

@Suite struct FrameRateTests {
    @Test func ntscDecimalsAreTheExactFractions() {
        expectEqual(FrameRate(parsing: "23.976"), FrameRate(numerator: 24000, denominator: 1001))
        expectEqual(FrameRate(parsing: "23.98"), FrameRate(numerator: 24000, denominator: 1001))
        expectEqual(FrameRate(parsing: "29.97"), FrameRate(numerator: 30000, denominator: 1001))
        expectEqual(FrameRate(parsing: "59.94"), FrameRate(numerator: 60000, denominator: 1001))
        expectEqual(FrameRate(parsing: "30000/1001"), FrameRate(numerator: 30000, denominator: 1001))
    }

    @Test func plainRatesAsWritten() {
        expectEqual(FrameRate(parsing: "25")?.numerator, 25)
        expectEqual(FrameRate(parsing: "25")?.denominator, 1)
        expectEqual(FrameRate(parsing: "12.5"), FrameRate(numerator: 25, denominator: 2))
        expectNil(FrameRate(parsing: "0"))
        expectNil(FrameRate(parsing: "-25"))
        expectNil(FrameRate(parsing: "abc"))
        expectNil(FrameRate(parsing: "25/0"))
    }

    @Test func framesToMilliseconds() {
        expectEqual(FrameRate(parsing: "25")!.milliseconds(frames: 2), 80)
        expectEqual(FrameRate(parsing: "23.976")!.milliseconds(frames: 24), 1001)
        expectEqual(FrameRate(parsing: "29.97")!.milliseconds(frames: 1), 33)
    }
}
