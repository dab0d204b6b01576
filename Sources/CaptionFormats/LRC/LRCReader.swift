import CaptionModel

/// Reads LRC lyrics: ID tags become document metadata (in file order), `[offset:]` is applied to
/// every time, lyric lines become events through `LRCTimeline`. Lines that cannot be used are
/// reported with their line number and skipped; a file with no usable lyric line is malformed.
///
/// The offset: `[offset:+500]` makes the lyrics come 500 ms *sooner* (the LRC convention: "+ shifts
/// time up", i.e. a positive value makes lyrics appear earlier), so a time tag `t` means `t - offset`.
/// The offset is applied on reading and not kept: the document's times are absolute, and the LRC
/// writer writes them as they are, without an offset.
enum LRCReader {
    static func read(_ text: DecodedText) throws -> ParseResult {
        var diagnostics = text.diagnostics
        var metadata: [MetadataEntry] = []
        var lyrics: [(line: Int, times: [Milliseconds], body: LRCBody)] = []
        var offset = 0
        var length: Milliseconds?
        text.utf8.withUnsafeBufferPointer { b in
            var scanner = LineScanner(b)
            while let range = scanner.next() {
                let number = scanner.lineNumber
                switch LRCLine.parse(b.string(range)) {
                case .blank:
                    continue
                case .idTag(let key, let value):
                    switch key.lowercased() {
                    case "offset":
                        // Within ±10^12 ms (31 years): anything larger is not an offset, and would overflow.
                        if let ms = Int(value.filter { $0 != " " }), ms >= -1_000_000_000_000, ms <= 1_000_000_000_000 {
                            offset = ms
                        } else {
                            diagnostics.append(.warning(line: number, "'[\(key):\(value)]' is not a number of milliseconds; offset ignored"))
                        }
                        continue // applied to the times, not kept (see above)
                    case "length":
                        length = LRCTime.parse(value)
                    default:
                        break
                    }
                    metadata.append(MetadataEntry(key: key, value: value))
                case .lyric(let times, let body):
                    for problem in body.problems { diagnostics.append(.warning(line: number, problem)) }
                    lyrics.append((number, times, body))
                case .skipped(let message):
                    diagnostics.append(.warning(line: number, message))
                }
            }
        }
        guard !lyrics.isEmpty else {
            if let first = diagnostics.first(where: { $0.line != nil }) {
                throw CaptionFormatError(.malformed, "\(text.sourceName): no usable LRC line; \(first)")
            }
            throw CaptionFormatError(.malformed, "\(text.sourceName): no timed LRC line (like '[00:12.00]Lyrics')")
        }
        var entries: [LRCTimeline.Entry] = []
        var clamped: Int?
        for lyric in lyrics {
            for time in lyric.times {
                if time - offset < 0, clamped == nil { clamped = lyric.line }
                entries.append(LRCTimeline.Entry(time: max(0, time - offset), wordShift: time - lyric.times[0] - offset,
                                                 line: lyric.line, body: lyric.body))
            }
        }
        if let clamped {
            diagnostics.append(.warning(line: clamped, "[offset:\(offset)] moves this line before 00:00.00; it starts at 00:00.00"))
        }
        let (events, lines) = LRCTimeline.events(entries, length: length)
        guard !events.isEmpty else {
            throw CaptionFormatError(.malformed, "\(text.sourceName): no LRC line has text (only empty time tags)")
        }
        return ParseResult(document: CaptionDocument(events: events, metadata: metadata), diagnostics: diagnostics,
                           eventLines: lines)
    }
}
