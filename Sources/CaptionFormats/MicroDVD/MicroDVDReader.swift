import CaptionModel

/// Reads MicroDVD: one cue per line, `{start frame}{end frame}text`. Frames become milliseconds at the
/// frame rate chosen in this order: the caller's (`--fps`), the file's own first line `{1}{1}23.976`
/// (a cue of one frame whose text is a number, read as the rate and not shown), else 23.976 with a
/// warning that says so. An empty end frame (`{100}{}Text`) ends the cue where the next starts.
/// Lines that are not cues are reported with their line number and skipped.
struct MicroDVDReader {
    struct RawCue {
        var line: Int
        var start: Int
        var end: Int?
        var text: Substring
    }

    static func read(_ text: DecodedText, options: ReadOptions) throws -> ParseResult {
        var diagnostics = text.diagnostics
        var cues: [RawCue] = []
        var header: (rate: FrameRate, line: Int, written: String)?
        text.utf8.withUnsafeBufferPointer { b in
            var scanner = LineScanner(b)
            while let range = scanner.next() {
                guard !b.isBlank(range) else { continue }
                let line = b.string(range)
                guard let cue = parse(line, number: scanner.lineNumber) else {
                    let shown = line.count > 60 ? String(line.prefix(60)) + "…" : line
                    let message = line.uppercased().hasPrefix("{DEFAULT}")
                        ? "'\(shown)': {DEFAULT} lines (a style for every cue) are not supported; line skipped"
                        : "'\(shown)' is not a MicroDVD line ({start frame}{end frame}text); line skipped"
                    diagnostics.append(.warning(line: scanner.lineNumber, message))
                    continue
                }
                // `{1}{1}23.976` as the first cue: the frame rate the file was made for.
                if cues.isEmpty, header == nil, cue.end == cue.start, cue.start <= 1,
                   let rate = FrameRate(parsing: String(cue.text)) {
                    header = (rate, cue.line, String(cue.text).trimmingWhitespace)
                    continue
                }
                cues.append(cue)
            }
        }
        let rate = try frameRate(options, header: header.map { ($0.rate, $0.line, $0.written) }, &diagnostics)
        let (events, lines) = events(cues, rate: rate, &diagnostics)
        guard !events.isEmpty else {
            if let first = diagnostics.first(where: { $0.line != nil }) {
                throw CaptionFormatError(.malformed, "\(text.sourceName): no usable MicroDVD cue; \(first)")
            }
            throw CaptionFormatError(.malformed, "\(text.sourceName): no MicroDVD cue found (no line like '{25}{50}Text')")
        }
        return ParseResult(document: CaptionDocument(events: events), diagnostics: diagnostics, eventLines: lines)
    }

    /// `{25}{50}Text` or `{25}{}Text`; frames of at most nine digits.
    static func parse(_ line: String, number: Int) -> RawCue? {
        var rest = Substring(line)
        while rest.first == " " || rest.first == "\t" { rest = rest.dropFirst() }
        func frame(optional: Bool) -> Int?? {
            guard rest.first == "{" else { return nil }
            let digits = rest.dropFirst().prefix { $0.isASCIIDigit }
            guard digits.count <= 9, rest.dropFirst(1 + digits.count).first == "}" else { return nil }
            rest = rest.dropFirst(2 + digits.count)
            if digits.isEmpty { return optional ? .some(nil) : nil }
            return .some(Int(digits)!)
        }
        guard let start = frame(optional: false), let start, let end = frame(optional: true) else { return nil }
        return RawCue(line: number, start: start, end: end, text: rest)
    }

    private static func frameRate(_ options: ReadOptions, header: (FrameRate, Int, String)?,
                                  _ diagnostics: inout [Diagnostic]) throws -> FrameRate {
        if let given = options.frameRate {
            let rate = given
            if let (own, line, written) = header, own != rate {
                diagnostics.append(.warning(line: line, "the file says \(written) fps; the frame rate given (\(rate) fps) is used"))
            }
            return rate
        }
        if let (own, _, _) = header { return own }
        diagnostics.append(.warning(line: nil, "no frame rate given (--fps) and no {1}{1}FPS first line; 23.976 fps assumed, so times are right only for 23.976 fps video"))
        return .ntscFilm
    }

    private static func events(_ cues: [RawCue], rate: FrameRate,
                               _ diagnostics: inout [Diagnostic]) -> ([CaptionEvent], [Int32]) {
        var events: [CaptionEvent] = []
        var lines: [Int32] = []
        var reported = Set<String>()
        var reportedOpenEnd = false
        for (k, cue) in cues.enumerated() {
            let endFrame: Int
            if let end = cue.end {
                endFrame = end
            } else {
                let next = cues[(k + 1)...].first { $0.start >= cue.start }?.start
                if !reportedOpenEnd {
                    diagnostics.append(.warning(line: cue.line, "no end frame; the cue ends where the next one starts (5 s when none follows; reported once)"))
                    reportedOpenEnd = true
                }
                endFrame = next ?? (cue.start + rate.numerator * 5 / rate.denominator)
            }
            guard endFrame >= cue.start else {
                diagnostics.append(.warning(line: cue.line, "end frame \(endFrame) is before start frame \(cue.start); cue skipped"))
                continue
            }
            let text = MicroDVDText.parse(cue.text)
            for code in text.unsupported where reported.insert(code.kind).inserted {
                diagnostics.append(.warning(line: cue.line, "MicroDVD control code \(code.code) (\(code.kind)) is not supported; ignored (reported once per kind)"))
            }
            events.append(CaptionEvent(start: rate.milliseconds(frames: cue.start), end: rate.milliseconds(frames: endFrame),
                                       text: CaptionText(plain: text.plain, spans: text.spans), sourceText: String(cue.text)))
            lines.append(Int32(clamping: cue.line))
        }
        return (events, lines)
    }
}
