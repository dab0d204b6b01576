import CaptionModel
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// A Dialogue or Comment line as read: every field but the Text field's meaning. The Text field is
/// kept as written; what it says (plain text, spans, karaoke words, placement) is read from it when
/// the event is made (`event`), which is most of the work of reading a script.
struct ASSEventRow: Sendable {
    // Int32 keeps a row small (a script of 100,000 events holds 100,000 rows); a line whose numbers do
    // not fit is made into its event while reading instead (`ASSEventRows.made`).
    var start: Int32
    var end: Int32
    var layer: Int32
    var marginLeft: Int32
    var marginRight: Int32
    var marginVertical: Int32
    /// Detached when the run's fields hold the script's bytes (`ASSRowFields.text` gives it whole).
    var text: StoredText
    /// The Style field trimmed, `*` dropped (nil when that leaves nothing), the Name and Effect fields
    /// trimmed: indices into the run's `ASSRowFields`.
    var style: UInt32
    var name: UInt32
    var effect: UInt32

    /// The event this line says, exactly as the reader made it before rows existed: the Text field
    /// stored once (its plain text beside it only when they differ), the fields in `CaptionEvent.ass`.
    func event(fields: ASSRowFields, scanner: inout ASSTextScanner, arena: inout TextArenaWriter) -> CaptionEvent {
        let start = Milliseconds(self.start)
        let text = fields.text(self)
        var plain = text
        var spans: [TextSpan] = []
        var words: [Word] = []
        var placement: CuePlacement?
        // Without a brace or backslash the Text field is its own plain text.
        if text.withUTF8({ $0.containsAny(0x7B, 0x5C, 0x5C, in: 0..<$0.count) }) {
            text.withUTF8 { bytes in
                scanner.parse(bytes, eventStart: start)
                let same = scanner.out.count == bytes.count
                    && scanner.out.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
                if !same { plain = scanner.out.withUnsafeBufferPointer { arena.append($0) } }
            }
            spans = scanner.spans
            words = scanner.words
            if scanner.anchor != nil || scanner.point != nil {
                placement = CuePlacement()
                placement!.anchor = scanner.anchor
                placement!.point = scanner.point
            }
        }
        var ass = ASSEventFields()
        ass.layer = Int(layer)
        ass.name = fields.name(self)
        ass.marginLeft = Int(marginLeft)
        ass.marginRight = Int(marginRight)
        ass.marginVertical = Int(marginVertical)
        ass.effect = fields.effect(self)
        ass.textDigest = CaptionEvent.assTextDigest(plain: plain, spans: spans, placement: placement, words: words, start: start)
        return CaptionEvent(start: start, end: Milliseconds(end), plain: plain, spans: spans, source: text, words: words,
                            placement: placement, style: fields.style(self), ass: ass)
    }
}

/// A Comment line as read, its event made when asked for (`ASSOtherEvent.deferred`); the ASS writer
/// writes it back from the row and its three text fields. (The fields are kept as Strings, not as a
/// table of their own: a karaoke script has thousands of Comment lines, and a table per line cost more
/// than the line.)
final class ASSCommentRow: DeferredComment {
    /// The row; its field indices are unused (the values are below).
    let row: ASSEventRow
    let style: String?
    let name: String
    let effect: String

    init(_ row: ASSEventRow, style: String?, name: String, effect: String) {
        self.row = row
        self.style = style
        self.name = name
        self.effect = effect
    }

    func event() -> CaptionEvent {
        var scanner = ASSTextScanner()
        var arena = TextArenaWriter(chunkSize: 0)
        var fields = ASSRowFields()
        var row = row
        row.style = fields.styles.add(style)
        row.name = fields.names.add(name)
        row.effect = fields.effects.add(effect)
        return row.event(fields: fields, scanner: &scanner, arena: &arena)
    }
}

/// Rows read in one go (a part, or the lines one reader read between parts), with the field values
/// their indices point into.
struct ASSEventRun: Sendable {
    var rows: [ASSEventRow]
    var fields: ASSRowFields
}

/// A script's Dialogue lines as rows, its events made on first use (`DeferredEvents`), and written back
/// by the ASS writer straight from the rows while nobody has changed them.
struct ASSEventRows: DeferredEventSource {
    /// The rows in order, in the runs they were read in (one per part of a section read in parts):
    /// joining them would copy every row once more.
    let runs: [ASSEventRun]
    /// Events the reader made while reading (lines the rows cannot hold), by index; their rows are
    /// placeholders.
    let made: [Int: CaptionEvent]
    let count: Int

    init(runs: [ASSEventRun], made: [Int: CaptionEvent]) {
        self.runs = runs.filter { !$0.rows.isEmpty }
        self.made = made
        count = runs.reduce(0) { $0 + $1.rows.count }
    }

    /// Calls `body` with each run's rows in `range` (the index of the first, the rows, the values
    /// their fields index), in order. The rows are lent, not copied: a copy retains its text's chunk,
    /// and writers on every core retaining the chunks they share cost more than writing the rows.
    func forEachRun(in range: Range<Int>, _ body: (Int, UnsafeBufferPointer<ASSEventRow>, ASSRowFields) -> Void) {
        var first = 0
        for run in runs {
            let here = first..<(first + run.rows.count)
            first += run.rows.count
            let wanted = here.clamped(to: range)
            guard !wanted.isEmpty else { continue }
            run.rows.withUnsafeBufferPointer { rows in
                body(wanted.lowerBound, UnsafeBufferPointer(rebasing: rows[(wanted.lowerBound - here.lowerBound)..<(wanted.upperBound - here.lowerBound)]),
                     run.fields)
            }
        }
    }

    /// Made in parts on every core: each part has its own scanner and its own text chunks.
    func makeEvents() -> [CaptionEvent] {
        let partSize = 8192
        let parts = (count + partSize - 1) / partSize
        let rows = self
        let madeParts = ParallelSlots.map(parts) { k in
            var scanner = ASSTextScanner()
            var arena = TextArenaWriter()
            var events: [CaptionEvent] = []
            let range = k * partSize..<min(rows.count, (k + 1) * partSize)
            events.reserveCapacity(range.count)
            rows.forEachRun(in: range) { first, run, fields in
                for (k, row) in run.enumerated() {
                    events.append(rows.made[first + k] ?? row.event(fields: fields, scanner: &scanner, arena: &arena))
                }
            }
            return events
        }
        var events: [CaptionEvent] = []
        events.reserveCapacity(count)
        for part in madeParts { events.append(contentsOf: part) }
        return events
    }
}
