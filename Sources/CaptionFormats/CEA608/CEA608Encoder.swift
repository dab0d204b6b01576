import CaptionModel
import Dispatch

/// CEA-608 byte pairs scheduled on the frames of a caption stream: what an SCC file lists and what
/// a video's caption track carries, one pair per frame.
public struct CEA608Schedule: Sendable {
    /// One byte pair (parity bits set) and the frame that carries it.
    public struct Pair: Sendable, Hashable {
        public var frame: Int
        public var first: UInt8
        public var second: UInt8
        public init(frame: Int, first: UInt8, second: UInt8) { self.frame = frame; self.first = first; self.second = second }
    }
    /// Sorted by frame, at most one pair a frame.
    public var pairs: [Pair]
    /// What could not be sent as asked: characters 608 lacks, cues split or shown late.
    public var diagnostics: [Diagnostic]

    public init(pairs: [Pair] = [], diagnostics: [Diagnostic] = []) { self.pairs = pairs; self.diagnostics = diagnostics }
}

/// Turns a caption document into CEA-608 byte pairs (CTA-608-E), in pop-on, roll-up or paint-on.
///
/// - Pop-on: each caption is loaded off screen (RCL, ENM, its rows) while the caption before it is
///   still showing, and swapped in by EOC on the frame its start falls on (the first frame at or after
///   it), so it is on screen at its start, not a load time later. EDM erases it at its end unless the
///   next caption's EOC replaces it first. When captions are too close to load one in the time
///   between two EOCs, the load starts right after the previous EOC and the EOC is late (warned).
/// - Roll-up: each row is a carriage return and the row's text on the base row (15), starting on the
///   caption's start frame; RU3 (RU4 when a caption needs 4 rows) is sent before each caption.
/// - Paint-on: RDC, then the rows written straight to the screen so that the last pair lands on the
///   start frame; the previous caption is erased at its end, or when painting begins if that is first.
///
/// Control codes (and special, extended and mid-row codes, which share their two-byte form) are
/// sent twice on consecutive frames, as broadcast encoders do: a decoder executes the pair once and
/// ignores the repeat, and a pair damaged on the way still arrives once.
public enum CEA608Encoder {
    typealias Bytes = (UInt8, UInt8)

    public static func encode(_ document: CaptionDocument, mode: CEA608Mode, channel: CEA608Channel, clock: SCCClock) -> CEA608Schedule {
        if mode == .popOn, let schedule = pipelinedPopOn(document, channel: channel, clock: clock) { return schedule }
        let captions = captions(of: document, mode: mode, clock: clock)
        var schedule = CEA608Schedule(diagnostics: captions.diagnostics)
        switch mode {
        case .popOn: popOn(captions.list, channel: channel, clock: clock, into: &schedule)
        case .rollUp: rollUp(captions.list, depth: captions.depth, channel: channel, clock: clock, into: &schedule)
        case .paintOn: paintOn(captions.list, channel: channel, clock: clock, into: &schedule)
        }
        return schedule
    }

    /// One screen to show: its rows, its start and end frames, and the cue it came from (1-based, as
    /// messages name it) with the cue's start time.
    struct Caption {
        var screen: CEA608LaidOutCaption
        var start: Int
        var end: Int
        var cue: Int
        var time: Milliseconds
    }

    /// The document's cues in start order, laid out, each split into screens of at most 4 rows; the
    /// roll-up depth the tallest caption needs.
    static func captions(of document: CaptionDocument, mode: CEA608Mode, clock: SCCClock) -> (list: [Caption], depth: Int, diagnostics: [Diagnostic]) {
        let events = document.events
        let order = isInOrder(events) ? Array(events.indices) : events.indices.sorted { (events[$0].start, $0) < (events[$1].start, $1) }
        let layouts = Self.layouts(of: events, mode: mode)
        var collector = CaptionCollector(mode: mode, clock: clock)
        var list: [Caption] = []
        for index in order {
            // Captions shown together on rows of their own (two speakers placed on one screen, as an
            // SCC file's far-apart rows read back) go out as one screen.
            if let merged = collector.merge(events[index], layout: layouts[index], into: list.last) {
                list[list.count - 1] = merged
                continue
            }
            list += collector.add(events[index], index: index, layout: layouts[index])
        }
        return (list, collector.depth, collector.diagnostics)
    }

    /// Most documents are in order already: checking costs a pass, sorting much more.
    static func isInOrder(_ events: [CaptionEvent]) -> Bool {
        zip(events, events.dropFirst()).allSatisfy { $0.start <= $1.start }
    }

    /// Turns cues, taken in start order, into the captions to show: timed on the caption stream's
    /// frames and split into screens of at most 4 rows, with the warnings that go with them.
    struct CaptionCollector {
        let mode: CEA608Mode
        let clock: SCCClock
        private(set) var diagnostics: [Diagnostic] = []
        private var tallest = 0
        private var last: Caption?

        init(mode: CEA608Mode, clock: SCCClock) { self.mode = mode; self.clock = clock }

        /// The roll-up depth the tallest caption so far needs (3 or 4).
        var depth: Int { min(4, max(3, tallest)) }

        /// `previous` with the cue's rows added, when the cue is shown exactly when `previous` is (the
        /// same frames), fits one screen, and its rows are all free in `previous`'s (pop-on and
        /// paint-on: roll-up has one window); nil otherwise.
        mutating func merge(_ event: CaptionEvent, layout: CEA608Layout.Result, into previous: Caption?) -> Caption? {
            guard mode != .rollUp, var previous, layout.unmapped.isEmpty, layout.screens.count == 1, event.end > event.start,
                  clock.frame(containing: max(0, event.start)) == previous.start,
                  max(previous.start + 1, clock.frame(atOrAfter: event.end)) == previous.end else { return nil }
            let rows = layout.screens[0].rows
            let taken = Set(previous.screen.rows.map(\.row))
            guard !rows.contains(where: { taken.contains($0.row) }) else { return nil }
            previous.screen.rows = (previous.screen.rows + rows).sorted { $0.row < $1.row }
            last = previous
            return previous
        }

        /// The captions cue `index` (0-based) becomes: none, one, or one per screen.
        mutating func add(_ event: CaptionEvent, index: Int, layout: CEA608Layout.Result) -> [Caption] {
            // Made only for a message: most cues have none.
            var name: String { "cue \(index + 1) (\(CaptionTime.clock(event.start)))" }
            if !layout.unmapped.isEmpty {
                let pairs = zip(layout.unmapped, layout.replacements).map { "\($0.0) as \($0.1)" }.joined(separator: ", ")
                diagnostics.append(.warning(line: nil, "\(name): CEA-608 has no code for \(pairs)"))
            }
            guard !layout.screens.isEmpty else { return [] }
            guard event.end > event.start else {
                diagnostics.append(.warning(line: nil, "\(name): ends before it starts; not written"))
                return []
            }
            // Shown from the frame on screen at its start (EOC there), so never late; gone from the first
            // frame at or after its end.
            let start = clock.frame(containing: max(0, event.start))
            let end = max(start + 1, clock.frame(atOrAfter: event.end))
            // Pop-on and paint-on show one caption at a time: an overlapping cue cuts the one before
            // it short (two frames of overlap, from rounding starts down and ends up, are not worth a
            // message). Roll-up rows roll.
            if mode != .rollUp, let previous = last, start + 2 < previous.end {
                diagnostics.append(.warning(line: nil, "\(name): overlaps cue \(previous.cue), which CEA-608 \(mode.rawValue) ends when this one starts (one caption at a time)"))
            }
            for screen in layout.screens { tallest = max(tallest, screen.rows.count) }
            var captions: [Caption] = []
            if layout.screens.count == 1 {
                captions = [Caption(screen: layout.screens[0], start: start, end: end, cue: index + 1, time: event.start)]
            } else {
                // More than 4 rows: the screens follow one another, each given time in proportion to its text.
                let rows = layout.screens.reduce(0) { $0 + $1.rows.count }
                diagnostics.append(.warning(line: nil, "\(name): \(rows) rows do not fit CEA-608's 4; shown as \(layout.screens.count) captions in turn"))
                let weights = layout.screens.map { $0.rows.reduce(0) { $0 + $1.tokens.count } }
                let total = max(1, weights.reduce(0, +))
                var done = 0
                for (n, screen) in layout.screens.enumerated() {
                    let from = start + (end - start) * done / total
                    done += weights[n]
                    let to = n == layout.screens.count - 1 ? end : start + (end - start) * done / total
                    captions.append(Caption(screen: screen, start: from, end: max(from + 1, to), cue: index + 1, time: event.start))
                }
            }
            last = captions.last
            return captions
        }
    }

    /// Every event laid out, in the document's order. Each cue's layout is its own (wrapping, character
    /// codes, placement), and it is most of the encoder's work, so a long document is laid out on every
    /// core, in chunks.
    static func layouts(of events: [CaptionEvent], mode: CEA608Mode) -> [CEA608Layout.Result] {
        @Sendable func layout(_ event: CaptionEvent) -> CEA608Layout.Result {
            mode == .rollUp ? CEA608Layout.layout(event, horizontal: .left, vertical: .bottom) : CEA608Layout.layout(event)
        }
        let chunk = 512
        guard events.count > 2 * chunk else { return events.map(layout) }
        return ParallelSlots.map((events.count + chunk - 1) / chunk) { k in
            events[k * chunk..<min(events.count, (k + 1) * chunk)].map(layout)
        }.flatMap { $0 }
    }

    /// Layouts made ahead, chunk by chunk, on a background queue (all cores), for a consumer that
    /// takes the chunks in order, each as soon as it is ready. Each chunk's slot is written by one
    /// iteration, then its semaphore signalled; `take` waits on it, so no slot is read before it is set.
    final class LayoutPipeline: @unchecked Sendable {
        let count: Int
        private let slots: UnsafeMutableBufferPointer<[CEA608Layout.Result]>
        private let ready: [DispatchSemaphore]

        init(_ events: [CaptionEvent], chunk: Int, mode: CEA608Mode) {
            count = (events.count + chunk - 1) / chunk
            slots = .allocate(capacity: count)
            slots.initialize(repeating: [])
            ready = (0..<count).map { _ in DispatchSemaphore(value: 0) }
            DispatchQueue.global().async { [self] in
                DispatchQueue.concurrentPerform(iterations: count) { k in
                    slots[k] = CEA608Encoder.layouts(of: Array(events[k * chunk..<min(events.count, (k + 1) * chunk)]), mode: mode)
                    ready[k].signal()
                }
            }
        }

        /// Chunk `k`'s layouts, once laid out; each chunk is taken once.
        func take(_ k: Int) -> [CEA608Layout.Result] {
            ready[k].wait()
            defer { slots[k] = [] }
            return slots[k]
        }

        deinit {
            slots.deinitialize()
            slots.deallocate()
        }
    }

    /// Pairs in units that must go out on consecutive frames (a doubled code is one unit, so its
    /// repeat is never separated from it), kept flat: `pairs` and where each unit ends.
    struct Units {
        var pairs: [Bytes] = []
        var ends: [Int] = []
        var frames: Int { pairs.count }
        mutating func add(_ unit: [Bytes]) { pairs += unit; ends.append(pairs.count) }
        mutating func add(_ p: Bytes) { pairs.append(p); ends.append(pairs.count) }
        mutating func add(doubled p: Bytes) { pairs.append(p); pairs.append(p); ends.append(pairs.count) }
        mutating func removeAll() { pairs.removeAll(keepingCapacity: true); ends.removeAll(keepingCapacity: true) }
    }

    /// Adds the pairs that write a screen's rows to `units`; `baseRow` puts every row there (roll-up).
    static func addRows(_ screen: CEA608LaidOutCaption, channel: CEA608Channel, baseRow: Int? = nil, to units: inout Units) {
        for row in screen.rows {
            var tokens = row.tokens[...]
            var attribute = CEA608Command.Attribute.white, underline = row.style.underline
            // At column 0 the preamble itself carries the attribute a leading mid-row code would set.
            if row.column == 0, case .midRow(let style)? = tokens.first {
                attribute = style.attribute; underline = style.underline
                tokens = tokens.dropFirst()
            }
            let indent = row.column / 4 * 4
            units.add(doubled: pair(.preamble(row: baseRow ?? row.row, indent: indent, attribute: attribute, underline: underline), channel))
            if row.column % 4 != 0 { units.add(doubled: pair(.tabOffset(row.column % 4), channel)) }
            var pending: UInt8?
            func flush() {
                if let b = pending { units.add((CEA608Characters.withOddParity(b), 0x80)); pending = nil }
            }
            func standard(_ b: UInt8) {
                if let a = pending {
                    units.add((CEA608Characters.withOddParity(a), CEA608Characters.withOddParity(b))); pending = nil
                } else {
                    pending = b
                }
            }
            for token in tokens {
                switch token {
                case .character(.standard(let b)): standard(b)
                case .character(.special(let b)):
                    flush(); units.add(doubled: pair(.special(b), channel))
                case .character(.extended(let first, let second, let fallback)):
                    // The fallback shows on decoders without the extended set; the code replaces it.
                    standard(fallback); flush()
                    units.add(doubled: pair(.extended(first: first, second: second), channel))
                case .midRow(let style):
                    flush(); units.add(doubled: pair(.midRow(attribute: style.attribute, underline: style.underline), channel))
                }
            }
            flush()
        }
    }

    /// The units of `addRows`, for tests.
    static func rowUnits(_ screen: CEA608LaidOutCaption, channel: CEA608Channel) -> [[Bytes]] {
        var units = Units()
        addRows(screen, channel: channel, to: &units)
        var start = 0
        return units.ends.map { end in defer { start = end }; return Array(units.pairs[start..<end]) }
    }

    static func pair(_ command: CEA608Command, _ channel: CEA608Channel) -> Bytes {
        command.pair(channel: channel) ?? (0x80, 0x80)
    }

    static func doubled(_ command: CEA608Command, _ channel: CEA608Channel) -> [Bytes] {
        let p = pair(command, channel)
        return [p, p]
    }

    static func misc(_ code: CEA608Command.Misc, _ channel: CEA608Channel) -> [Bytes] { doubled(.misc(code), channel) }

    static func late(_ caption: Caption, by frames: Int) -> Diagnostic {
        .warning(line: nil, "cue \(caption.cue) (\(CaptionTime.clock(caption.time))): shown \(frames) frame\(frames == 1 ? "" : "s") late: too little time since the caption before it to send its \(caption.screen.rows.count) row\(caption.screen.rows.count == 1 ? "" : "s")")
    }
}

extension CEA608Schedule {
    /// Appends `pairs` on consecutive frames from `frame`; returns the frame after the last.
    @discardableResult
    mutating func append(_ pairs: [CEA608Encoder.Bytes], from frame: Int) -> Int {
        var f = frame
        for (a, b) in pairs { self.pairs.append(Pair(frame: f, first: a, second: b)); f += 1 }
        return f
    }
}
