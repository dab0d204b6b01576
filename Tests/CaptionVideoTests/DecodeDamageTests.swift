import CaptionVideo
import CaptionExpectations
import Testing

/// `DecodeDamage` by value: ranges merged as frames arrive (in any order), the counts, and the one
/// sentence the commands print.
@Suite struct DecodeDamageTests {
    @Test func neighbouringAndOverlappingRangesMergeAndOthersStaySorted() {
        var damage = DecodeDamage()
        // 25 fps frames: 1200-1240 and 1240-1280 touch; 3000 comes early, 1100 late (frame threads,
        // B-frames); a refused packet's point at 1280 touches the range before it.
        damage.record(frames: 1, in: 1200...1240)
        damage.record(frames: 1, in: 3000...3040)
        damage.record(frames: 1, in: 1240...1280)
        damage.record(frames: 1, in: 1100...1140)
        damage.record(packets: 1, in: 1280...1280)
        expectEqual(damage.ranges, [1100...1140, 1200...1280, 3000...3040])
        expectTrue(damage.concealedFrames == 4 && damage.refusedPackets == 1)

        // A range spanning several joins them all into one.
        damage.record(frames: 1, in: 1000...3020)
        expectEqual(damage.ranges, [1000...3040])
        expectTrue(!damage.isEmpty && DecodeDamage().isEmpty)
    }

    @Test func theSentenceNamesCountsAndTimes() {
        var damage = DecodeDamage()
        for start in stride(from: 1200, to: 1680, by: 40) { damage.record(frames: 1, in: start...(start + 40)) }
        damage.record(frames: 1, in: 3000...3040)
        expectEqual(damage.description, "the video is damaged: 13 frames concealed in 0:01.200–0:01.680 and 0:03.000–0:03.040")

        var refused = DecodeDamage()
        refused.record(packets: 1, in: 1560...1600)
        expectEqual(refused.description, "the video is damaged: 1 packet undecodable in 0:01.560–0:01.600")

        var both = DecodeDamage()
        both.record(frames: 1, in: 3_723_450...3_723_490)
        both.record(packets: 2, in: 61_000...61_000)
        expectEqual(both.description, "the video is damaged: 1 frame concealed and 2 packets undecodable in 1:01.000 and 1:02:03.450–1:02:03.490")
    }

    /// However damaged the video, the sentence lists five ranges and says how many more, up to where.
    @Test func manyRangesAreCountedNotListed() {
        var damage = DecodeDamage()
        for second in 1...9 { damage.record(frames: 1, in: (second * 1000)...(second * 1000 + 40)) }
        expectEqual(damage.ranges.count, 9)
        expectEqual(damage.description, "the video is damaged: 9 frames concealed in 0:01.000–0:01.040, 0:02.000–0:02.040, "
                + "0:03.000–0:03.040, 0:04.000–0:04.040, 0:05.000–0:05.040 and 4 more ranges up to 0:09.040")
    }
}
