import CaptionEdit
import CaptionModel
import CaptionTestSupport
@testable import CaptionTiming
import Foundation
import CaptionExpectations
import Testing

/// `--splits`: captions 4 s further off after a 90 s ad break than before it come back on both sides;
/// a file with no break stays one segment.
@Suite struct SyncSplitTests {
    static let adBreak = Result { try SpokenCaptions.make(gaps: [13: 90_000]) }

    @Test(arguments: [nil, SpokenCaptions.Noise.pink, .music])
    func bothSidesOfAnAdBreakComeBack(noise: SpokenCaptions.Noise?) throws {
        var spoken = try Self.adBreak.get()
        if let noise { spoken = spoken.mixed(with: noise) }
        let truth = spoken.document
        var input = truth
        for i in input.events.indices {
            let off = i < 13 ? 3_000 : 7_000
            input.events[i].start -= off
            input.events[i].end -= off
        }
        var search = SyncSearch()
        search.maxOffset = 20_000
        search.splits = true
        let result = search.run(input, to: SyncReference(speech: SpeechActivity.detect(samples: spoken.samples)))
        let synced = Retimer(map: result.timeMap).apply(to: input).document
        let errors = zip(synced.events, truth.events).map { abs($0.start - $1.start) }
        expectEqual(result.segments.count, 2, "\(result.summary)")
        expectTrue(result.isConfident, "\(result.summary)")
        expectEqual(errors.filter { $0 <= 100 }.count, errors.count, "errors \(errors) ms; \(result.summary)")
    }

    @Test func withoutABreakThereIsOneSegment() throws {
        let spoken = try SpokenCaptions.make().mixed(with: .pink)
        var input = spoken.document
        for i in input.events.indices { input.events[i].start += 1_234; input.events[i].end += 1_234 }
        var search = SyncSearch()
        search.maxOffset = 20_000
        search.splits = true
        let result = search.run(input, to: SyncReference(speech: SpeechActivity.detect(samples: spoken.samples)))
        expectEqual(result.segments.count, 1, "\(result.summary)")
        expectTrue(abs(result.segments[0].offset + 1_234) <= 40)
    }
}
