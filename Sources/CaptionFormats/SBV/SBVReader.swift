import CaptionModel

/// Reads SBV. A cue is a block: its timing line, then text lines up to a blank line. Leniency where
/// files go wrong: a timing line right after text (the blank line forgotten) still starts a new cue;
/// a block that does not start with a timing line is reported with its line and skipped up to the
/// next blank line, as is a cue that ends before it starts. Text is kept as written (SBV has no markup).
struct SBVReader {
    private let b: UnsafeBufferPointer<UInt8>
    private var scanner: LineScanner
    private var events: [CaptionEvent] = []
    private var eventLines: [Int32] = []
    private var diagnostics: [Diagnostic] = []
    private var arena = TextArenaWriter()
    /// The cue being read: its timing, the line it is on and its text lines so far.
    private var cue: (timing: SBVTiming, line: Int, text: [Range<Int>])?
    /// True after a bad block's first line, until the next blank line.
    private var skipping = false
    private var sawTiming = false

    static func read(_ text: DecodedText) throws -> ParseResult {
        try text.utf8.withUnsafeBufferPointer { bytes in
            var reader = SBVReader(b: bytes, scanner: LineScanner(bytes, releasing: text.utf8))
            reader.diagnostics = text.diagnostics
            reader.run()
            guard !reader.events.isEmpty else {
                if let first = reader.diagnostics.first(where: { $0.line != nil }) {
                    throw CaptionFormatError(.malformed, "\(text.sourceName): no usable SBV cue; \(first)")
                }
                throw CaptionFormatError(.malformed, "\(text.sourceName): no SBV cue found (no line like '0:00:01.000,0:00:02.500')")
            }
            return ParseResult(document: CaptionDocument(events: reader.events), diagnostics: reader.diagnostics,
                               eventLines: reader.eventLines)
        }
    }

    private init(b: UnsafeBufferPointer<UInt8>, scanner: LineScanner) {
        self.b = b
        self.scanner = scanner
    }

    private mutating func run() {
        while let line = scanner.next() {
            if b.isBlank(line) {
                finish()
                skipping = false
                continue
            }
            if let timing = SBVTiming.parse(b, line) {
                finish()
                skipping = false
                sawTiming = true
                cue = (timing, scanner.lineNumber, [])
            } else if cue != nil {
                cue!.text.append(line)
            } else if !skipping {
                // The first line of a block must be its timing.
                let shown = String(b.string(line).prefix(60))
                let what = looksLikeTiming(line) ? "is not an SBV timing (H:MM:SS.mmm,H:MM:SS.mmm)" : "is text without a timing line before it"
                diagnostics.append(.warning(line: scanner.lineNumber, "'\(shown)' \(what); cue skipped"))
                skipping = true
            }
        }
        finish()
    }

    private mutating func finish() {
        guard let pending = cue else { return }
        cue = nil
        guard pending.timing.end >= pending.timing.start else {
            diagnostics.append(.warning(line: pending.line,
                "end time \(SBVTiming.format(pending.timing.end)) is before start time \(SBVTiming.format(pending.timing.start)); cue skipped"))
            return
        }
        var bytes: [UInt8] = []
        for (k, range) in pending.text.enumerated() {
            if k > 0 { bytes.append(0x0A) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: b[range]))
        }
        events.append(CaptionEvent(start: pending.timing.start, end: pending.timing.end, plain: arena.append(bytes)))
        eventLines.append(Int32(clamping: pending.line))
    }

    /// A digit first and a `:` in it: meant as a timing, so the message says what a timing looks like.
    private func looksLikeTiming(_ line: Range<Int>) -> Bool {
        var i = line.lowerBound
        SRTTiming.skipSpaces(b, &i, line.upperBound)
        guard i < line.upperBound, b[i] >= 0x30, b[i] <= 0x39 else { return false }
        return b[line].contains(0x3A)
    }
}
