import CaptionModel

/// Reads SRT as leniently as the players people use. A cue starts at a timing line, optionally
/// preceded by an index line; its text runs until the next cue start, with trailing blank lines
/// dropped. That one rule covers missing indexes, missing blank lines between cues, text lines that
/// are numbers (an index only counts when a timing line follows it), and empty cues (which end at
/// the next cue start instead of swallowing it).
///
/// A long file is read in parts on every core (`SRTParts`), each part into its own slots of one event
/// array; the parts start at cues, so the events, lines and warnings are those of one reader.
struct SRTReader {
    private let b: UnsafeBufferPointer<UInt8>
    private var scanner: LineScanner
    /// Where this reader's events go: room for one per arrow in its part.
    private let out: UnsafeMutablePointer<CaptionEvent>
    /// The timing line of each event (for messages that point into the file), 4 bytes an event,
    /// numbered from the part's first line.
    private let linesOut: UnsafeMutablePointer<Int32>
    private(set) var produced = 0
    private(set) var diagnostics: [Diagnostic] = []
    private var cue: PendingCue?
    private var skipping = false
    /// Every cue's text goes into shared chunks rather than a String per cue.
    private var arena = TextArenaWriter()

    private struct PendingCue {
        var timing: SRTTiming
        var line: Int
        var textStart: Int?
        var textEnd = 0
    }

    static func read(_ text: DecodedText) throws -> ParseResult {
        try text.utf8.withUnsafeBufferPointer { bytes in
            let read = SRTParts.read(bytes, input: text.utf8)
            guard !read.events.isEmpty else {
                if read.sawCueStart, let first = (text.diagnostics + read.diagnostics).last(where: { $0.line != nil }) {
                    throw CaptionFormatError(.malformed, "\(text.sourceName): no usable SRT cue; \(first)")
                }
                throw CaptionFormatError(.malformed, "\(text.sourceName): no SRT cue found (no line like '00:00:01,000 --> 00:00:02,000')")
            }
            return ParseResult(document: CaptionDocument(events: read.events), diagnostics: text.diagnostics + read.diagnostics,
                               eventLines: read.lines)
        }
    }

    /// A reader of `part` (a whole number of lines, starting at a cue or at the input's start) of the
    /// input, writing at most `capacity` events (one per `-->` in the part) from `out`.
    init(part: UnsafeBufferPointer<UInt8>, input: InputBytes, at offset: Int, out: UnsafeMutablePointer<CaptionEvent>,
         lines: UnsafeMutablePointer<Int32>) {
        b = part
        scanner = LineScanner(part, releasing: input, at: offset)
        self.out = out
        linesOut = lines
    }

    /// Lines read: the part's line count once `run` has returned.
    var lineCount: Int { scanner.lineNumber }

    private(set) var sawCueStart = false

    private mutating func append(_ event: CaptionEvent, line: Int) {
        (out + produced).initialize(to: event)
        (linesOut + produced).initialize(to: Int32(clamping: line))
        produced += 1
    }

    mutating func run() {
        while let line = scanner.next() {
            if b.isBlank(line) {
                skipping = false
                continue
            }
            // Only a line with an arrow can be a timing line: test for that first, it is cheap.
            if b.containsArrow(in: line) {
                timingLine(line)
            } else if isIndex(line), let next = scanner.peek(), b.containsArrow(in: next) {
                // An index: it belongs to the cue whose timing line follows, well-formed or not.
                timingLine(scanner.next()!)
            } else if cue != nil {
                if cue!.textStart == nil { cue!.textStart = line.lowerBound }
                cue!.textEnd = line.upperBound
            } else if !skipping {
                diagnostics.append(.warning(line: scanner.lineNumber, "text outside any cue ignored: '\(b.string(line).prefix(60))'"))
                skipping = true
            }
        }
        finish()
    }

    private mutating func timingLine(_ line: Range<Int>) {
        if let timing = SRTTiming.parse(b, line) {
            begin(timing, line: scanner.lineNumber)
        } else {
            finish()
            diagnostics.append(.warning(line: scanner.lineNumber, "malformed timing '\(b.string(line))'; cue skipped"))
            skipping = true
        }
    }

    private mutating func begin(_ timing: SRTTiming, line: Int) {
        finish()
        sawCueStart = true
        skipping = false
        if let trailing = timing.trailing {
            diagnostics.append(.warning(line: line, "ignored '\(b.string(trailing))' after the timing"))
        }
        cue = PendingCue(timing: timing, line: line)
    }

    private mutating func finish() {
        guard let pending = cue else { return }
        cue = nil
        let timing = pending.timing
        guard timing.end >= timing.start else {
            diagnostics.append(.warning(line: pending.line,
                "end time \(SRTTiming.format(timing.end)) is before start time \(SRTTiming.format(timing.start)); cue skipped"))
            return
        }
        let range = pending.textStart.map { $0..<pending.textEnd } ?? 0..<0
        let source = normalizedText(range)
        var placement: CuePlacement?
        if let rect = timing.rect { placement = CuePlacement(); placement!.rect = rect }
        // Most cues have no markup: their plain text is their source text (stored once, not parsed).
        guard SRTMarkup.mayContainMarkup(b, range) else {
            append(placement == nil ? CaptionEvent(start: timing.start, end: timing.end, plain: source)
                                    : CaptionEvent(start: timing.start, end: timing.end, plain: source, placement: placement), line: pending.line)
            return
        }
        let markup = source.withUTF8 { SRTMarkup.parse($0) }
        if let found = markup.placement {
            var merged = found
            merged.rect = placement?.rect
            placement = merged
        }
        append(CaptionEvent(start: timing.start, end: timing.end, plain: arena.append(markup.plain), spans: markup.spans,
                            source: source, placement: placement), line: pending.line)
    }

    /// The cue's lines joined by `\n` whatever the file's line endings were, stored in the arena.
    private mutating func normalizedText(_ range: Range<Int>) -> StoredText {
        let raw = UnsafeBufferPointer(rebasing: b[range])
        guard !scanner.hasNoCR else { return arena.append(raw) }
        var hasCR = false
        for i in range where b[i] == 0x0D { hasCR = true; break }
        guard hasCR else { return arena.append(raw) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        var i = range.lowerBound
        while i < range.upperBound {
            if b[i] == 0x0D {
                bytes.append(0x0A)
                if i + 1 < range.upperBound, b[i + 1] == 0x0A { i += 1 }
            } else {
                bytes.append(b[i])
            }
            i += 1
        }
        return arena.append(bytes)
    }

    private func isIndex(_ line: Range<Int>) -> Bool { Self.isIndex(b, line) }

    /// Digits with optional surrounding spaces.
    static func isIndex(_ b: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        var i = line.lowerBound, end = line.upperBound
        while i < end, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        while end > i, b[end - 1] == 0x20 || b[end - 1] == 0x09 { end -= 1 }
        guard i < end, end - i <= 12 else { return false }
        for k in i..<end where b[k] < 0x30 || b[k] > 0x39 { return false }
        return true
    }
}
