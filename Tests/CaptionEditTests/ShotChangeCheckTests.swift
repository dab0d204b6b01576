import CaptionModel
import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing
@testable import CaptionEdit

/// The shot-change rules on captions with one seeded problem of each kind against known shot changes,
/// and `--fix` on them. Everything at 25 fps, so a frame is 40 ms and the numbers can be read.
@Suite struct ShotChangeCheckTests {
    static let fps25 = FrameRate(numerator: 25, denominator: 1)!
    static func cue(_ start: Int, _ end: Int, _ text: String = "A caption of a few words.") -> CaptionEvent {
        CaptionEvent(start: start, end: end, text: CaptionText(plain: text))
    }
    static func frameTime(_ frame: Int) -> Int { frame * 40 }

    /// Changes at frames 100, 300, 500, 700, 900, 1100, 1300 (4 s, 12 s, ...).
    static let shots = ShotChanges(frameRate: fps25, frames: [100, 300, 500, 700, 900, 1100, 1300])

    /// 1 starts 7 frames after 100; 2 ends 5 frames before 300; 3 is clean (on 300); 4 starts 4 frames
    /// before 500 and crosses it; 5 ends 10 frames after 700, crossing it; 6 ends on 900; 7 starts 10
    /// frames before 1100 and crosses it; 8 ends 1 frame before 1300, on which 9 starts (a 1-frame gap).
    static let seeded = CaptionDocument(events: [
        cue(frameTime(107), frameTime(175)),
        cue(frameTime(200), frameTime(295)),
        cue(frameTime(300), frameTime(375)),
        cue(frameTime(496), frameTime(550)),
        cue(frameTime(650), frameTime(710)),
        cue(frameTime(825), frameTime(900)),
        cue(frameTime(1090), frameTime(1150)),
        cue(frameTime(1200), frameTime(1299)),
        cue(frameTime(1300), frameTime(1350)),
    ])

    static var checker: Checker { Checker(profile: .netflix, frameRate: fps25, shotChanges: shots) }

    @Test func everySeededProblemIsReportedWithItsFrameCounts() {
        let found = Self.checker.check(Self.seeded)
        expectEqual(found.map { "\($0.caption) \($0.description)" }, [
            "1 shot-change-start: starts 7 frames after the shot change at 00:00:04.000 (frame 100) (limit 12 frames: a start fewer than 12 frames from a shot change goes on it)",
            "2 shot-change-end: ends 5 frames before the shot change at 00:00:12.000 (frame 300) (limit 12 frames: an end fewer than 12 frames from a shot change goes 2 frames before it)",
            "4 shot-change-crossing: starts 4 frames before the shot change at 00:00:20.000 (frame 500) and crosses it (limit 12 frames: a caption crossing a shot change shows at least 12 frames on each side)",
            "5 shot-change-crossing: ends 10 frames after the shot change at 00:00:28.000 (frame 700) (limit 12 frames: a caption crossing a shot change shows at least 12 frames on each side)",
            "6 shot-change-end: ends on the shot change at 00:00:36.000 (frame 900) (limit 12 frames: an end fewer than 12 frames from a shot change goes 2 frames before it)",
            "7 shot-change-crossing: starts 10 frames before the shot change at 00:00:44.000 (frame 1100) and crosses it (limit 12 frames: a caption crossing a shot change shows at least 12 frames on each side)",
            "8 shot-change-end: ends 1 frame before the shot change at 00:00:52.000 (frame 1300) (limit 12 frames: an end fewer than 12 frames from a shot change goes 2 frames before it)",
            "9 min-gap: 1 frame (limit 2 frames)",
        ])
        let first = found[0]
        expectTrue(first.value == 7 && first.limit == 12 && first.unit == "frames")
        expectEqual(first.shotChange, ShotChangeDistance(frame: 100, time: 4000, edge: .start, offset: 7, crosses: false, endGapFrames: 2))
    }

    @Test func fixSnapsAsTheRulesSayAndTheResultPassesTheCheck() {
        let checker = Self.checker
        let (fixed, fixes) = Fixer(checker: checker).fix(Self.seeded)
        expectTrue(checker.check(fixed).isEmpty)
        let frames = fixed.events.map { [$0.start / 40, $0.end / 40] }
        expectEqual(frames, [
            [100, 175],   // back onto the change
            [200, 298],   // 2 frames before 300
            [300, 375],
            [500, 550],   // 4 frames before: onto the change (Netflix's red zone)
            [650, 712],   // 10 frames after: out to 12 frames after (green zone)
            [825, 898],
            [1088, 1150], // 10 frames before: out to 12 frames before
            [1200, 1298],
            [1300, 1350],
        ])
        // The gap before 9 is mended first (8's end 2 frames before 9), which also puts 8 where the
        // shot-change rule wants it; then the edges move one caption at a time.
        expectEqual(fixes.map { "\($0.caption) \($0.rule.rawValue)" }, [
            "8 min-gap", "1 shot-change-start", "2 shot-change-end", "4 shot-change-crossing", "5 shot-change-crossing",
            "6 shot-change-end", "7 shot-change-crossing",
        ])
        expectEqual(fixes[1].description, "shot-change-start: start moved from 00:00:04.280 to 00:00:04.000 (onto the shot change at 00:00:04.000, frame 100)")
        expectEqual(fixes[2].description, "shot-change-end: end moved from 00:00:11.800 to 00:00:11.920 (2 frames before the shot change at 00:00:12.000, frame 300)")
        expectEqual(fixes[4].description, "shot-change-crossing: end moved from 00:00:28.400 to 00:00:28.480 (12 frames after the shot change at 00:00:28.000, frame 700)")
    }

    @Test func aMoveThatWouldBreakAnotherRuleIsTriedTheOtherWayOrLeft() {
        let checker = Self.checker
        // Starts 5 frames before 100 and crosses it: onto the change would leave 720 ms (< 5/6 s), so the
        // start goes out to 12 frames before the change instead.
        let short = CaptionDocument(events: [Self.cue(Self.frameTime(95), Self.frameTime(118), "Hi there.")])
        let (fixed, _) = Fixer(checker: checker).fix(short)
        expectEqual(fixed.events[0].start, Self.frameTime(88))
        expectTrue(checker.check(fixed).isEmpty)
        // With a caption ending at frame 87 before it, neither place is free (a 1-frame gap, or a caption
        // too short): the problem stays, and nothing else is made worse.
        let boxed = CaptionDocument(events: [Self.cue(Self.frameTime(40), Self.frameTime(87), "Hi there."),
                                             Self.cue(Self.frameTime(95), Self.frameTime(118), "Hi there.")])
        let (kept, fixes) = Fixer(checker: checker).fix(boxed)
        expectTrue(fixes.isEmpty)
        expectTrue(kept.events.map(\.start) == boxed.events.map(\.start) && kept.events.map(\.end) == boxed.events.map(\.end))
        expectEqual(checker.check(kept).map(\.rule), [.shotChangeCrossing])
    }

    @Test func aMoveWaitsForTheNextCaptionToMakeRoom() {
        // 1 ends 10 frames before the cut at 100; 2 starts 3 frames before it and crosses it. 1's end
        // cannot go 2 frames before the cut while 2 starts there; once 2 starts on the cut it can.
        let document = CaptionDocument(events: [Self.cue(Self.frameTime(40), Self.frameTime(90), "Hi there."),
                                                Self.cue(Self.frameTime(97), Self.frameTime(150), "Hi there.")])
        let checker = Self.checker
        expectEqual(checker.check(document).map(\.rule), [.shotChangeEnd, .shotChangeCrossing])
        let (fixed, fixes) = Fixer(checker: checker).fix(document)
        expectEqual(fixes.map(\.caption), [2, 1])
        expectEqual(fixed.events.map { [$0.start / 40, $0.end / 40] }, [[40, 98], [100, 150]])
        expectTrue(checker.check(fixed).isEmpty)
    }

    @Test func captionsWithinAShotsFirstOrLastFrames() {
        let checker = Self.checker
        // Ends 6 frames before 300 without crossing it, and starts 8 frames before it: both edges are
        // in the last frames of the shot (the end rule wants it 2 frames before, the start rule a full
        // 12 frames before the cut).
        let late = checker.check(CaptionDocument(events: [Self.cue(Self.frameTime(292), Self.frameTime(294))])).filter { $0.shotChange != nil }
        expectEqual(late.map(\.rule), [.shotChangeStart, .shotChangeEnd])
        expectEqual(late.map { $0.shotChange?.offset }, [-8, -6])
        // Starts on 300 and ends 5 frames later: the end goes out to 12 frames after the cut.
        let early = checker.check(CaptionDocument(events: [Self.cue(Self.frameTime(300), Self.frameTime(305))])).filter { $0.shotChange != nil }
        expectEqual(early.map(\.rule), [.shotChangeEnd])
        expectTrue(early[0].description.hasPrefix("shot-change-end: ends 5 frames after the shot change at 00:00:12.000 (frame 300)"))
    }

    @Test func wordsStayInsideAMovedCaption() {
        var event = Self.cue(Self.frameTime(95), Self.frameTime(140), "two words")
        event.words = [Word(text: "two", start: Self.frameTime(95), end: Self.frameTime(110)),
                       Word(text: "words", start: Self.frameTime(110), end: Self.frameTime(140))]
        let (fixed, _) = Fixer(checker: Self.checker).fix(CaptionDocument(events: [event]))
        expectEqual(fixed.events[0].start, Self.frameTime(100))
        expectEqual(fixed.events[0].words.map(\.start), [Self.frameTime(100), Self.frameTime(110)])
    }

    @Test func profilesWithoutTheFieldsSkipTheRules() throws {
        expectTrue(Checker(profile: .youtube, frameRate: Self.fps25, shotChanges: Self.shots).check(Self.seeded).isEmpty)
        expectEqual(Checker(profile: .netflix, frameRate: Self.fps25).check(Self.seeded).map(\.rule), [.minGap])
        // BBC: ends 1 frame before a change (its gap), the same 12 frames.
        let bbc = Checker(profile: .bbc, frameRate: Self.fps25, shotChanges: Self.shots).check(Self.seeded).filter { $0.shotChange != nil }
        expectEqual(bbc.map(\.caption), [1, 2, 4, 5, 6, 7])
        let file = #"{"extends": "netflix", "shot-change-snap": null, "shot-change-crossing": 24, "shot-change-end-gap": 0}"#
        let own = try CheckProfileFile.parse(Data(file.utf8), name: "own.json")
        expectTrue(own.shotChangeSnapFrames == nil && own.shotChangeCrossingFrames == 24 && own.shotChangeEndGapFrames == 0)
        let crossing = Checker(profile: own, frameRate: Self.fps25, shotChanges: Self.shots).check(Self.seeded)
        // Only crossings now, against 24 frames: 4 (4 before), 5 (10 after), 7 (10 before).
        expectEqual(crossing.filter { $0.shotChange != nil }.map { "\($0.caption) \(Int($0.value))/\(Int($0.limit))" }, ["4 4/24", "5 10/24", "7 10/24"])
        do {
            _ = try CheckProfileFile.parse(Data(#"{"shot-change-end-gap": null}"#.utf8), name: "bad.json")
            Issue.record("accepted a null end gap")
        } catch {
            expectTrue(error.message.hasPrefix("bad.json: shot-change-end-gap: must be a number of frames"))
        }
    }
}

/// Random captions (some overlapping, some too short or too fast) against random shot changes: the
/// shot-change moves never leave a caption with a problem (an overlap among them) that the fixer
/// without shot changes would not have left, and leave no more shot-change problems than there were.
@Suite struct ShotChangeFixPropertyTests {
    static func document(_ random: inout SplitMix64, count: Int) -> CaptionDocument {
        var t = random.int(0...2000)
        var events: [CaptionEvent] = []
        for _ in 0..<count {
            let start = t + random.int(0...600)
            let end = start + random.int(300...4000)
            events.append(CaptionEvent(start: start, end: end, text: CaptionText(plain: random.chance(0.2) ? "A much longer caption that reads fast." : "Short one.")))
            t = end + (random.chance(0.3) ? -random.int(0...200) : random.int(0...1200))
        }
        return CaptionDocument(events: events)
    }

    @Test(arguments: UInt64(1)...40) func shotMovesAddNoOtherProblem(seed: UInt64) {
        var random = SplitMix64(seed: seed &* 104_729)
        let document = Self.document(&random, count: 40)
        let last = document.events.map { $0.end }.max()! / 40
        let shots = ShotChanges(frameRate: ShotChangeCheckTests.fps25, frames: (0..<random.int(5...40)).map { _ in random.int(1...last) })
        let with = Checker(profile: .netflix, frameRate: ShotChangeCheckTests.fps25, shotChanges: shots)
        let without = Checker(profile: .netflix, frameRate: ShotChangeCheckTests.fps25)
        let (fixed, _) = Fixer(checker: with).fix(document)
        let (plain, _) = Fixer(checker: without).fix(document)
        struct Key: Hashable { var caption: Int; var rule: CheckRule }
        func counts(_ problems: [CheckProblem]) -> [Key: Int] {
            problems.reduce(into: [:]) { $0[Key(caption: $1.caption, rule: $1.rule), default: 0] += 1 }
        }
        // Shot-change problems are fewer than before the fix, and every other one was there without shots.
        let before = with.check(document).filter { $0.shotChange != nil }.count
        let after = with.check(fixed)
        expectTrue(after.filter { $0.shotChange != nil }.count <= before)
        let others = counts(after.filter { $0.shotChange == nil }), plainOthers = counts(without.check(plain))
        let added = others.filter { key, n in n > plainOthers[key, default: 0] }
        let described: [String] = added.keys.map { key in "\(key.caption) \(key.rule.rawValue)" }
        expectTrue(added.isEmpty, "seed \(seed): new problems \(described)")
        expectTrue(fixed.events.allSatisfy { $0.start < $0.end })
    }
}
