import CaptionModel
import CaptionExpectations
import Testing
@testable import CaptionEdit

@Suite struct RetimerTests {
    static func event(_ start: Int, _ end: Int, _ words: [(String, Int, Int)] = []) -> CaptionEvent {
        CaptionEvent(start: start, end: end, text: CaptionText(plain: words.isEmpty ? "x" : words.map(\.0).joined(separator: " ")),
                     words: words.map { Word(text: $0.0, start: $0.1, end: $0.2) })
    }

    @Test func negativeShiftClipsAndDropsWithOneNoteEach() {
        let doc = CaptionDocument(events: [
            Self.event(100, 900), Self.event(1000, 2500, [("a", 1000, 1400), ("b", 1600, 2500)]), Self.event(3000, 4000),
        ])
        let result = Retimer(map: .shift(-1500)).apply(to: doc)
        expectEqual(result.document.events.map(\.start), [0, 1500])
        expectEqual(result.document.events.map(\.end), [1000, 2500])
        // The word wholly before zero goes; the word across zero is clipped.
        expectEqual(result.document.events[0].words, [Word(text: "b", start: 100, end: 1000)])
        expectEqual(result.notes.map(\.kind), [.dropped, .clipped])
        expectEqual(result.notes.map(\.caption), [1, 2])
        expectEqual(result.sources, [1, 2])
        expectEqual(result.notes[1].description, "caption 2 would start at -00:00:00.500, before zero; clipped to start at 00:00:00.000")
    }

    @Test func rangeLimitsTheChangeToCaptionsStartingInside() {
        let doc = CaptionDocument(events: [Self.event(0, 1000), Self.event(5000, 6000), Self.event(9000, 9500), Self.event(10_001, 11_000)])
        let result = Retimer(map: .shift(250), range: 5000...10_000).apply(to: doc)
        expectEqual(result.document.events.map(\.start), [0, 5250, 9250, 10_001])
        expectEqual(result.moved, 2)
    }

    @Test func syncRejectsPointsThatReverseTime() {
        #expect(throws: RetimeError.self) { try TimeMap.sync(points: [.init(0, 1000), .init(5000, 900)]) }
        #expect(throws: RetimeError.self) { try TimeMap.sync(points: [.init(0, 1000), .init(0, 2000)]) }
        #expect(throws: RetimeError.self) { try TimeMap.sync(points: []) }
    }

    @Test func onePointSyncIsAShift() throws {
        let map = try TimeMap.sync(points: [.init(10_000, 12_500)])
        expectEqual(map.apply(0), 2500)
        expectEqual(map.apply(10_000), 12_500)
    }

    @Test func timecodes() {
        expectEqual(Timecode.parse("1.5"), 1500)
        expectEqual(Timecode.parse("-1.5"), -1500)
        expectEqual(Timecode.parse("+2"), 2000)
        expectEqual(Timecode.parse("00:01:02.500"), 62_500)
        expectEqual(Timecode.parse("00:01:02,500"), 62_500)
        expectEqual(Timecode.parse("1:02.5"), 62_500)
        expectEqual(Timecode.parse("90:00"), 5_400_000)
        expectEqual(Timecode.parse("1:00:00"), 3_600_000)
        expectEqual(Timecode.parse("0.0005"), 1)
        expectNil(Timecode.parse("1:60"))
        expectNil(Timecode.parse("1:75:00"))
        expectNil(Timecode.parse("abc"))
        expectNil(Timecode.parse(""))
        expectNil(Timecode.parse("--1"))
        expectNil(Timecode.parse("1."))
        expectEqual(Timecode.format(-1500), "-00:00:01.500")
        expectEqual(Timecode.format(3_723_004), "01:02:03.004")
    }
}
