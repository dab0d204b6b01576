import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// Expected values are computed by hand from the rules in `ASSTagTimes.retimed`, for an event from
/// 10 s to 15 s under `film`: S = map(10000) = 9590, E = map(15000) = 14386.
@Suite struct ASSTagTimesTests {
    /// 23.976 fps media retimed to 25 fps: every absolute time × 24000/25025, to the nearest ms.
    static let film: @Sendable (Milliseconds) -> Milliseconds = { Int((Double($0) * 24000.0 / 25025.0).rounded()) }
    /// Unchanged up to 12 s, twice as fast after: the event's end moves further than its start.
    static let stretchAfter12s: @Sendable (Milliseconds) -> Milliseconds = { $0 < 12_000 ? $0 : 12_000 + 2 * ($0 - 12_000) }

    static func film(_ text: String) -> String {
        ASSTagTimes.retimed(text, start: 10_000, end: 15_000, map: film)
    }

    static let everyKind = #"{\an8\move( 10, 20 , 30,40, 0 ,500)\fad(300,400)}Hi {\t(0.5,1000.7,\fscx120)\t(-100,200,2,\frz30)}"#
        + #"{\fade(255,0,255,0,250,4000,5000)\k12.5}x{\kf50\K20}y{\ko 30}z{\k}w{\kt500\k(40)}v \{\k50\} {\p1}m 0 0 l 500 1000{\p0}"#

    @Test func aShiftLeavesTextIdentical() {
        for offset in [0, 1234, -500, 3_600_000] {
            let moved = ASSTagTimes.retimed(Self.everyKind, start: 10_000, end: 15_000) { $0 + offset }
            expectEqual(moved, Self.everyKind)
        }
        let plain = "no tags at all, 12:00"
        expectEqual(ASSTagTimes.retimed(plain, start: 0, end: 1000, map: Self.film), plain)
    }

    @Test func filmToPALScalesEachTagKind() {
        expectEqual(Self.film(#"{\move(100,200,300,400,500,1500)}a"#), #"{\move(100,200,300,400,480,1439)}a"#)
        expectEqual(Self.film(#"{\move(100,200,300,400)}a"#), #"{\move(100,200,300,400)}a"#)
        expectEqual(Self.film(#"{\fad(300,400)}a"#), #"{\fad(288,384)}a"#)
        expectEqual(Self.film(#"{\fade(255,0,255,0,250,4000,5000)}a"#), #"{\fade(255,0,255,0,240,3837,4796)}a"#)
        expectEqual(Self.film(#"{\t(0,1000,\fscx120)\t(200,800,2,\frz30)}a"#), #"{\t(0,959,\fscx120)\t(192,768,2,\frz30)}a"#)
        expectEqual(Self.film(#"{\t(\fscx120)\t(0.5,\frz30)}a"#), #"{\t(\fscx120)\t(0.5,\frz30)}a"#)
        // Negative times are moved the same way.
        expectEqual(Self.film(#"{\t(-100,200,\b1)}a"#), #"{\t(-95,192,\b1)}a"#)
        // Decimals: three-argument \t reads 0.5 and 1000.7 as libass does (0 and 1000 ms), written whole.
        expectEqual(Self.film(#"{\t(0.5,1000.7,\b1)}a"#), #"{\t(0.5,959,\b1)}a"#)
        // Spaces around the numbers stay where they were.
        expectEqual(Self.film(#"{\move( 10, 20 , 30,40, 0 ,500 )}a"#), #"{\move( 10, 20 , 30,40, 0 ,480 )}a"#)
        // All at once, and karaoke: 12.5 cs ends at 125 ms -> 120 ms = 12 cs; the next boundary (225 ms) lands on
        // 216 ms, 96 ms = 10 cs on: unchanged.
        expectEqual(Self.film(#"{\fad(300,400)\k12.5}a{\k10}b{\t(0,1000,\b1)}c"#), #"{\fad(288,384)\k12}a{\k10}b{\t(0,959,\b1)}c"#)
    }

    @Test func fadeOutIsMeasuredFromTheEventsEnd() {
        // The event ends at 15 s -> 18 s; its last second (14-15 s) becomes 16-18 s, its first half second is kept.
        let retime = { (text: String) in ASSTagTimes.retimed(text, start: 10_000, end: 15_000, map: Self.stretchAfter12s) }
        expectEqual(retime(#"{\fad(500,1000)}a"#), #"{\fad(500,2000)}a"#)
        // libass tells \fad from \fade by count, not name: two arguments are in and out whatever the name.
        expectEqual(retime(#"{\fade(500,1000)}a"#), #"{\fade(500,2000)}a"#)
        // Seven are all from the start: 4000 -> map(14000) - 10000 = 6000, 5000 -> 8000.
        expectEqual(retime(#"{\fade(255,0,255,0,500,4000,5000)}a"#), #"{\fade(255,0,255,0,500,6000,8000)}a"#)
        // ... unless t1 = t4 = -1, libass's \fad in seven arguments.
        expectEqual(retime(#"{\fade(255,0,255,-1,500,1000,-1)}a"#), #"{\fade(255,0,255,-1,500,2000,-1)}a"#)
    }

    @Test func karaokeBoundariesAreScaledWithoutAccumulatedRounding() throws {
        let text = (0..<50).map { "{\\k7}s\($0) " }.joined()
        let moved = Self.film(text)
        let durations = Self.karaokeValues(moved)
        try #require(durations.count == 50)
        // 350 cs end at 13.5 s -> 12947 ms, 3357 ms after S: 336 cs. Scaling each 7 alone gives 7 (6.71), 350 in all.
        expectEqual(durations.reduce(0, +), 336)
        var boundary = 0
        for (j, d) in durations.enumerated() {
            boundary += d
            let expected = Self.roundedTenth(Self.film(10_000 + 70 * (j + 1)) - 9590)
            expectEqual(boundary, expected, "boundary \(j + 1)")
        }
        expectEqual(Set(durations), [6, 7])
        // Only the numbers changed.
        expectEqual(moved.replacing(/\\k\d+/, with: ""), text.replacing(/\\k\d+/, with: ""))
    }

    @Test func karaokeTagsAreToldApart() {
        // Boundaries at 100, 150, 180, 200 cs, then \kt sets the clock to 500 cs and \k40 ends at 540 cs:
        // 959 ms -> 96, 1439 -> 144 (+48), 1727 -> 173 (+29), 1918 -> 192 (+19), 4796 -> 480, 5179 -> 518 (+38).
        let text = #"{\k100}a{\kf50}b{\ko30}c{\K20}d{\kt500}{\k40}e"#
        expectEqual(Self.film(text), #"{\k96}a{\kf48}b{\ko29}c{\K19}d{\kt480}{\k38}e"#)
        // A bare \k is 100 cs to libass: given its new length; the clock runs on from it.
        expectEqual(Self.film(#"{\k}a{\k50}b"#), #"{\k96}a{\k48}b"#)
        // \Kf is \K with an argument libass reads as 0: left, and the clock stands.
        expectEqual(Self.film(#"{\Kf50}a{\k100}b"#), #"{\Kf50}a{\k96}b"#)
        // Karaoke inside \t is applied by libass too, on the same clock.
        expectEqual(Self.film(#"{\k100\t(\k50)}a"#), #"{\k96\t(\k48)}a"#)
    }

    @Test func escapesDrawingsAndTextAreUntouched() {
        let outside = #"\{\move(1,2,3,4,500,1000)\} 500 {not a tag 500} \k100 {\p1}m 0 0 l 500 1000{\p0}"#
        expectEqual(Self.film(outside), outside)
        // In drawing mode libass has no escapes: the drawing runs to the next `{`, which opens a block.
        expectEqual(Self.film(#"{\p1}m 0 0 l 5 5\{\k100}{\p0}a\{\k100}"#), #"{\p1}m 0 0 l 5 5\{\k96}{\p0}a\{\k100}"#)
        // \pos is not \p: it does not end the drawing.
        expectEqual(Self.film(#"{\p1\pos(0,2)}m 0 0\{\k100}"#), #"{\p1\pos(0,2)}m 0 0\{\k96}"#)
        // Tags whose names merely begin like ours are not ours; \pos is not \p.
        expectEqual(Self.film(#"{\pos(500,1000)\fs500\fad(300,400)}a"#), #"{\pos(500,1000)\fs500\fad(288,384)}a"#)
        // A `{` without a later `}` is text.
        expectEqual(Self.film(#"a {\fad(300,400) b"#), #"a {\fad(300,400) b"#)
        expectEqual(Self.film(#"{\fad(300,400)}a {\k100"#), #"{\fad(288,384)}a {\k100"#)
        // Unicode around the tags is kept byte for byte.
        expectEqual(Self.film("日本語{\\fad(300,400)}é🎤"), "日本語{\\fad(288,384)}é🎤")
    }

    @Test func malformedAndHostileInputsDoNotTrap() {
        let unchanged = [
            #"{\k1e300}far"#, #"{\k-1e300}far"#, #"{\kt1e400}x"#, #"{\t(nan,inf,\fs20)}x"#, #"{\kinf}x"#, #"{\knan}x"#,
            #"{\move(1,2,3,4,abc,500)}x"#, #"{\move(1,2,3,4,500)}x"#, #"{\fad(300)}x"#, #"{\fad(.,-)}x"#,
            #"{\t(99999999999999999999,1,\b1)}x"#, #"{\k99999999999999999999999999999999999999}x"#,
            #"{\"#, #"{\}"#, #"{\t("#, #"{\t(}"#, #"{\fad(}"#, #"{\move(,,,,,)}"#, #"{"#, #"}{"#, #"\"#, #"{\k"#,
            #"{\k0.}x"#, #"{\fad(0,0)}x"#, "{\\k" + String(repeating: "9", count: 5000) + "}x",
        ]
        for text in unchanged {
            expectEqual(Self.film(text), text, "\(text.prefix(60))")
        }
        // Hostile event times and maps: clamped, never trapped.
        for text in [Self.everyKind, #"{\k1e300\k5}a"#, #"{\kt1e300\k5}a"#] {
            _ = ASSTagTimes.retimed(text, start: .max, end: .min, map: Self.film)
            _ = ASSTagTimes.retimed(text, start: .min, end: .max) { $0 }
            _ = ASSTagTimes.retimed(text, start: 0, end: 1000) { $0 == 0 ? .min : .max }
            _ = ASSTagTimes.retimed(text, start: 0, end: 1000) { $0 < 500 ? .max : .min }
        }
        // A karaoke length beyond range is left, but the tags around it still move.
        expectEqual(Self.film(#"{\k100\k1e300\kt100}a"#), #"{\k96\k1e300\kt96}a"#)
    }

    // MARK: Helpers

    /// The numbers after each `\k` (not `\kf`, `\ko`, `\kt`) in `text`.
    static func karaokeValues(_ text: String) -> [Int] {
        text.matches(of: /\\k(\d+)/).compactMap { Int($0.1) }
    }

    static func roundedTenth(_ v: Int) -> Int {
        let q = v / 10, r = v % 10
        return r >= 5 ? q + 1 : r <= -5 ? q - 1 : q
    }
}
