import Synchronization
import CaptionExpectations
import Testing
@testable import CaptionModel

/// `CaptionDocument` with events a reader left to be made on first use: made once, counted without
/// being made, equal to the same events stored, and stored (the deferral dropped) by any change.
@Suite struct DeferredEventsTests {
    /// Makes three events and counts how often it was asked to.
    final class CountingSource: DeferredEventSource {
        let calls = Mutex(0)
        var count: Int { 3 }
        func makeEvents() -> [CaptionEvent] {
            calls.withLock { $0 += 1 }
            return (0..<3).map { CaptionEvent(start: $0 * 1000, end: $0 * 1000 + 500, text: CaptionText(plain: "cue \($0)")) }
        }
    }

    @Test func eventsAreMadeOnceOnFirstUse() {
        let source = CountingSource()
        var document = CaptionDocument()
        document.deferEvents(DeferredEvents(source))
        expectEqual(document.eventCount, 3)
        expectEqual(source.calls.withLock { $0 }, 0)
        expectEqual(document.events.map(\.text.plain), ["cue 0", "cue 1", "cue 2"])
        expectEqual(document.events.count, 3)
        expectEqual(source.calls.withLock { $0 }, 1)
        expectTrue(document.deferredEvents != nil, "reading the events keeps the reader's record")
    }

    @Test func concurrentFirstUsesMakeThemOnce() async {
        let source = CountingSource()
        var document = CaptionDocument()
        document.deferEvents(DeferredEvents(source))
        let shared = document
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { shared.events.count } }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        expectEqual(counts, Array(repeating: 3, count: 8))
        expectEqual(source.calls.withLock { $0 }, 1)
    }

    @Test func aChangeStoresTheEventsAndDropsTheRecord() {
        var document = CaptionDocument()
        document.deferEvents(DeferredEvents(CountingSource()))
        let untouched = document
        document.events[1].start = 1200
        expectNil(document.deferredEvents)
        expectEqual(document.events.map(\.start), [0, 1200, 2000])
        expectEqual(untouched.events.map(\.start), [0, 1000, 2000], "a copy made before the change keeps its events")
        expectTrue(untouched.deferredEvents != nil)

        var appended = untouched
        appended.events.append(CaptionEvent(start: 3000, end: 3500, text: CaptionText(plain: "cue 3")))
        expectTrue(appended.eventCount == 4 && appended.deferredEvents == nil)
        var replaced = untouched
        replaced.events = []
        expectTrue(replaced.eventCount == 0 && replaced.deferredEvents == nil)
    }

    @Test func deferredAndStoredDocumentsWithTheSameEventsAreEqual() {
        var deferred = CaptionDocument()
        deferred.deferEvents(DeferredEvents(CountingSource()))
        let stored = CaptionDocument(events: CountingSource().makeEvents())
        expectEqual(deferred, stored)
        expectEqual(deferred.hashValue, stored.hashValue)
        var other = stored
        other.events[2].end = 2600
        expectTrue(deferred != other)
    }
}
