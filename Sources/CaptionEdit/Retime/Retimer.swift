import CaptionModel
import CaptionFormats

/// Moves a document's captions, and their words, through a `TimeMap`.
///
/// A caption moves when its start lies in `range` (all captions when nil); its words move with it, so
/// karaoke stays on the words. A caption the map pushes partly before zero is clipped at zero (its
/// words too); one pushed wholly before zero is dropped. Each such caption gets one note.
/// An event read from ASS has the times inside its override tags (`\k`, `\t`, `\move`, `\fad`) moved
/// too (relative to the event, so a shift leaves them alone), and a script's Comment lines move as its
/// Dialogue lines do.
public struct Retimer: Sendable {
    public var map: TimeMap
    /// Input times: only captions starting inside (both ends included) move.
    public var range: ClosedRange<Milliseconds>?

    public init(map: TimeMap, range: ClosedRange<Milliseconds>? = nil) {
        self.map = map; self.range = range
    }

    public struct Note: Sendable, Hashable, CustomStringConvertible {
        public enum Kind: String, Sendable { case clipped, dropped }
        public var kind: Kind
        /// 1-based, in the input's file order.
        public var caption: Int
        /// The caption's times after the map, before clipping.
        public var start: Milliseconds
        public var end: Milliseconds

        public var description: String {
            switch kind {
            case .clipped: "caption \(caption) would start at \(Timecode.format(start)), before zero; clipped to start at 00:00:00.000"
            case .dropped: "caption \(caption) would end at \(Timecode.format(end)), before zero; dropped"
            }
        }
    }

    public struct Result: Sendable {
        public var document: CaptionDocument
        /// For each output event, the index of the input event it came from (for line numbers).
        public var sources: [Int]
        public var notes: [Note]
        /// How many captions the map moved.
        public var moved: Int
    }

    public func apply(to document: CaptionDocument) -> Result {
        var out = document
        out.events = []
        out.events.reserveCapacity(document.events.count)
        var sources: [Int] = []
        sources.reserveCapacity(document.events.count)
        var notes: [Note] = []
        var moved = 0
        for (index, event) in document.events.enumerated() {
            guard range.map({ $0.contains(event.start) }) ?? true else {
                out.events.append(event); sources.append(index); continue
            }
            moved += 1
            let start = map.apply(event.start), end = map.apply(event.end)
            if end <= 0 {
                notes.append(Note(kind: .dropped, caption: index + 1, start: start, end: end))
                continue
            }
            if start < 0 { notes.append(Note(kind: .clipped, caption: index + 1, start: start, end: end)) }
            out.events.append(move(event, to: start, end))
            sources.append(index)
        }
        if var script = out.assScript {
            script.otherEvents = script.otherEvents.compactMap { other in
                guard let comment = other.value.comment, range.map({ $0.contains(comment.start) }) ?? true else { return other }
                let start = map.apply(comment.start), end = map.apply(comment.end)
                guard end > 0 else { return nil }
                return .init(position: other.position, value: ASSOtherEvent(comment: move(comment, to: start, end)))
            }
            out.assScript = script
        }
        return Result(document: out, sources: sources, notes: notes, moved: moved)
    }

    /// The event at its mapped times (`start` clipped at zero), its words and tag times with it.
    private func move(_ event: CaptionEvent, to start: Milliseconds, _ end: Milliseconds) -> CaptionEvent {
        var event = event
        let (oldStart, oldEnd) = (event.start, event.end)
        let keepsASSText = event.keepsASSText
        event.start = max(0, start)
        event.end = end
        // A shift moves the words and leaves the tags (relative to the event) as they are; any other map
        // rewrites the tags' times and reads the words again from them.
        if case .shift = map {} else if keepsASSText {
            event.retimeASSTags(from: oldStart, oldEnd, map: map.apply)
            return event
        }
        if !event.words.isEmpty { event.words = moveWords(event.words) }
        return event
    }

    /// Each word through the map, clipped at zero (a word wholly before zero goes). Every map is
    /// monotonic after rounding (each segment's rounded line never decreases, and segments meet
    /// exactly at the sync points), so a word inside its caption stays inside it.
    private func moveWords(_ words: [Word]) -> [Word] {
        var result: [Word] = []
        result.reserveCapacity(words.count)
        for var word in words {
            let start = map.apply(word.start), end = map.apply(word.end)
            if end < 0 || (end == 0 && start < 0) { continue }
            word.start = max(0, start)
            word.end = max(0, end)
            result.append(word)
        }
        return result
    }
}
