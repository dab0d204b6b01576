import CaptionModel
import CaptionTestSupport
import CaptionExpectations
import Testing
@testable import CaptionEdit

/// Retime's laws on seeded random documents with word timings (a failure names its seed).
@Suite struct RetimePropertyTests {
    /// Captions in order, each with 1-6 words inside it, starting at or after `from`.
    static func document(seed: UInt64, from: Milliseconds = 0, count: Int = 60) -> CaptionDocument {
        var random = SplitMix64(seed: seed)
        var t = from + random.int(0...3000)
        var events: [CaptionEvent] = []
        for i in 0..<count {
            var words: [Word] = []
            let start = t
            for k in 0..<random.int(1...6) {
                let ws = t, we = t + random.int(1...900)
                words.append(Word(text: "w\(i)-\(k)", start: ws, end: we))
                t = we + random.int(0...200)
            }
            let end = t + random.int(0...500)
            events.append(CaptionEvent(start: start, end: end, text: CaptionText(plain: words.map(\.text).joined(separator: " ")), words: words))
            t = end + random.int(0...4000)
        }
        return CaptionDocument(events: events)
    }

    static func wordsInside(_ document: CaptionDocument) -> Bool {
        document.events.allSatisfy { e in e.start <= e.end && e.words.allSatisfy { e.start <= $0.start && $0.start <= $0.end && $0.end <= e.end } }
    }

    @Test(arguments: 0..<20)
    func shiftThenUnshiftIsTheIdentity(seed: UInt64) {
        var random = SplitMix64(seed: seed &* 7919)
        let shift = random.int(-500_000...500_000)
        // Nothing may be clipped: the document starts after any negative shift.
        let doc = Self.document(seed: seed, from: max(0, -shift))
        let there = Retimer(map: .shift(shift)).apply(to: doc)
        expectTrue(there.notes.isEmpty)
        expectTrue(Self.wordsInside(there.document))
        let back = Retimer(map: .shift(-shift)).apply(to: there.document)
        expectEqual(back.document, doc, "seed \(seed), shift \(shift)")
    }

    @Test(arguments: 0..<20)
    func twoPointSyncMapsItsPointsExactlyAndIsLinearBetween(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &+ 101)
        let a = random.int(0...600_000), c = a + random.int(1...3_600_000)
        let b = random.int(0...600_000), d = b + random.int(1...3_600_000)
        let map = try TimeMap.sync(points: [.init(c, d), .init(a, b)])
        expectEqual(map.apply(a), b)
        expectEqual(map.apply(c), d)
        var previous = Int.min
        for _ in 0..<500 {
            let t = random.int(0...(c + 600_000))
            let exact = Double(b) + Double(t - a) * Double(d - b) / Double(c - a)
            expectTrue(abs(Double(map.apply(t)) - exact) <= 0.5 + 1e-9, "seed \(seed) t \(t)")
        }
        for t in stride(from: a, through: c, by: max(1, (c - a) / 997)) {
            let value = map.apply(t)
            expectTrue(value >= previous)
            previous = value
        }
        let moved = Retimer(map: map).apply(to: Self.document(seed: seed))
        expectTrue(Self.wordsInside(moved.document))
    }

    @Test func piecewiseSyncHitsEveryPointAndStaysMonotonic() throws {
        let points: [TimeMap.SyncPoint] = [.init(0, 500), .init(60_000, 61_000), .init(120_000, 119_000), .init(600_000, 603_003)]
        let map = try TimeMap.sync(points: points)
        for p in points { expectEqual(map.apply(p.input), p.output) }
        var previous = map.apply(0)
        for t in stride(from: 0, through: 700_000, by: 37) {
            let v = map.apply(t)
            expectTrue(v >= previous)
            previous = v
        }
        // Between the second and third points the slope is (119000 - 61000) / 60000.
        expectEqual(map.apply(90_000), 90_000)
        expectEqual(Retimer(map: map).apply(to: Self.document(seed: 3)).document.events.count, 60)
    }

    static let commonRates = ["23.976", "24", "25", "29.97", "30", "48", "50", "59.94", "60"]

    @Test func frameRateRoundTripsThroughEveryPairToTheMillisecond() {
        let doc = Self.document(seed: 42, count: 200)
        for from in Self.commonRates {
            for to in Self.commonRates where to != from {
                let f = FrameRate(parsing: from)!, g = FrameRate(parsing: to)!
                let there = Retimer(map: .frameRate(from: f, to: g)).apply(to: doc)
                expectTrue(Self.wordsInside(there.document), "\(from) -> \(to)")
                let back = Retimer(map: .frameRate(from: g, to: f)).apply(to: there.document).document
                var worst = 0
                for (x, y) in zip(doc.events, back.events) {
                    worst = max(worst, abs(x.start - y.start), abs(x.end - y.end))
                    for (u, v) in zip(x.words, y.words) { worst = max(worst, abs(u.start - v.start), abs(u.end - v.end)) }
                }
                // A faster rate has fewer milliseconds a frame than the slower one has times: within 1 ms
                // for every speed change up to 2x (23.976/24/25, 29.97/30, 50/59.94/60, 24/48...); 2 ms for
                // the 2.5x pairs 24 <-> 60, which are pulldown, not a speed change, in practice.
                let ratio = max(f.framesPerSecond, g.framesPerSecond) / min(f.framesPerSecond, g.framesPerSecond)
                expectTrue(worst <= (ratio <= 2.01 ? 1 : 2), "\(from) -> \(to) -> \(from): off by \(worst) ms")
            }
        }
    }

    @Test func frameTimedCaptionsRoundTripExactlyThroughEveryPair() {
        for from in Self.commonRates {
            let rate = FrameRate(parsing: from)!
            // Every time on a frame of the source rate, as subtitle editors time them.
            let doc = Self.document(seed: 7, count: 200)
            var framed = doc
            framed.events = doc.events.map { e in
                var e = e
                e.start = rate.milliseconds(frames: rate.frame(at: e.start))
                e.end = rate.milliseconds(frames: rate.frame(at: e.end))
                e.words = []
                return e
            }
            for to in Self.commonRates where to != from {
                let g = FrameRate(parsing: to)!
                let there = Retimer(map: .frameRate(from: rate, to: g)).apply(to: framed).document
                // Frame n at the source rate is frame n at the target rate.
                expectTrue(zip(framed.events, there.events).allSatisfy { g.milliseconds(frames: rate.frame(at: $0.start)) == $1.start })
                let back = Retimer(map: .frameRate(from: g, to: rate)).apply(to: there).document
                expectEqual(back, framed, "\(from) -> \(to) -> \(from)")
            }
        }
    }

    @Test func ntscRoundTripOverTwoHoursDoesNotDrift() {
        let ntsc = FrameRate(parsing: "23.976")!, pal = FrameRate(parsing: "25")!
        let map = TimeMap.frameRate(from: ntsc, to: pal), back = TimeMap.frameRate(from: pal, to: ntsc)
        for t in stride(from: 0, through: 7_200_000, by: 1009) {
            expectTrue(abs(back.apply(map.apply(t)) - t) <= 1)
            let frameTime = ntsc.milliseconds(frames: ntsc.frame(at: t))
            expectEqual(back.apply(map.apply(frameTime)), frameTime)
        }
        // 25 fps material slowed to 24000/1001: two hours become exactly 2 h 5 min 7.5 s (7,200,000 x 25 x
        // 1001 / 24000). Taking 23.976 at face value would give 7,507,507.5 ms: 7.5 ms of drift.
        expectEqual(TimeMap.frameRate(from: pal, to: ntsc).apply(7_200_000), 7_507_500)
    }
}
