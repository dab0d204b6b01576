import CaptionModel

/// Reads WebVTT by the W3C file parsing algorithm (https://www.w3.org/TR/webvtt1/#file-parsing):
/// signature, header, then blocks (cues, NOTE, STYLE, REGION) separated by blank lines.
///
/// The spec first rewrites the whole input (NUL to U+FFFD, CR and CRLF to LF); this reader works on
/// the original bytes instead and applies the same rewriting only to the few strings it keeps, so a
/// cue without markup costs one scan of its bytes and one String. Line flags gathered during that
/// scan ("-->" seen, markup seen, NUL seen, CR ending) decide which slower paths a cue needs.
struct WebVTTReader {
    private let b: UnsafeBufferPointer<UInt8>
    /// The input the bytes belong to, so that pages already parsed can be handed back to the kernel
    /// (a mapped file then costs memory only for the captions kept). Released pages stay readable.
    private let input: InputBytes
    private var nextRelease = 1 << 20
    private let sourceName: String
    private var position = 0
    /// The number of the line most recently read (1-based).
    private var lineNumber = 0
    /// The timing line of each cue (for messages that point into the file), 4 bytes an event.
    private var eventLines: [Int32] = []
    private var document = CaptionDocument()
    private var diagnostics: [Diagnostic] = []
    /// The spec's "seen cue": STYLE and REGION blocks only count before the first cue.
    private var seenCue = false
    private var cueText = WebVTTCueTextParser()
    /// Every cue's text goes into shared chunks rather than a String per cue.
    private var arena = TextArenaWriter()
    private var scratch: [UInt8] = []

    private struct Line {
        var range: Range<Int>
        var flags: UInt8
        var isEmpty: Bool { range.isEmpty }
    }

    private enum Flag {
        static let arrow: UInt8 = 1       // the line contains "-->"
        static let markup: UInt8 = 2      // `<` or `&`: the cue text parser is needed
        static let nul: UInt8 = 4         // NUL bytes, to become U+FFFD
        static let cr: UInt8 = 8          // the line ended with CR or CRLF, to become LF inside a block
    }

    static func read(_ text: DecodedText) throws -> ParseResult {
        try text.utf8.withUnsafeBufferPointer { bytes in
            var reader = WebVTTReader(b: bytes, input: text.utf8, sourceName: text.sourceName)
            try reader.checkSignature()
            // Counting arrows first lets the event array be allocated once, at its final size (timing
            // lines are the only lines with "-->" in a well-formed file).
            reader.document.events.reserveCapacity(bytes.countArrows(releasing: text.utf8))
            reader.run()
            return ParseResult(document: reader.document, diagnostics: text.diagnostics + reader.diagnostics, eventLines: reader.eventLines)
        }
    }

    private init(b: UnsafeBufferPointer<UInt8>, input: InputBytes, sourceName: String) {
        self.b = b; self.input = input; self.sourceName = sourceName
    }

    // MARK: - Signature and header

    /// Whether the bytes start with the WebVTT signature: "WEBVTT" then a space, tab or line end.
    static func hasSignature(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard b.count >= 6, b.hasPrefix("WEBVTT", in: 0..<6) else { return false }
        return b.count == 6 || b[6] == 0x20 || b[6] == 0x09 || b[6] == 0x0A || b[6] == 0x0D
    }

    private func checkSignature() throws {
        guard !WebVTTReader.hasSignature(b) else { return }
        let reason: String
        if b.isEmpty {
            reason = "the file is empty; a WebVTT file starts with 'WEBVTT'"
        } else if b.count >= 6, b.hasPrefix("WEBVTT", in: 0..<6) {
            reason = "'WEBVTT' must be followed by a space, a tab or the end of the line, not \(describe(at: 6))"
        } else {
            var end = 0
            while end < b.count, end < 40, b[end] != 0x0A, b[end] != 0x0D { end += 1 }
            reason = "no WebVTT signature: the file must start with 'WEBVTT', but it starts with '\(b.string(0..<end))'"
        }
        throw CaptionFormatError(.malformed, "\(sourceName): line 1: \(reason)")
    }

    private func describe(at i: Int) -> String {
        let scalar = String(decoding: UnsafeBufferPointer(rebasing: b[i..<min(b.count, i + 4)]), as: UTF8.self).unicodeScalars.first
        guard let scalar else { return "byte 0x\(String(b[i], radix: 16, uppercase: true))" }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private mutating func run() {
        _ = nextLine()                                  // line 1: the signature and anything after it
        guard position < b.count else { return }
        if b[position] != 0x0A, b[position] != 0x0D {
            readHeader()
        }
        skipBlankLines()
        while position < b.count {
            collectBlock()
            skipBlankLines()
        }
    }

    /// The header block: lines after the signature line up to a blank line. The spec ignores them;
    /// `Key: value` lines (and HLS's `X-TIMESTAMP-MAP=...`) are kept as metadata. A line with "-->"
    /// ends the header and starts the first cue.
    private mutating func readHeader() {
        while true {
            let saved = (position, lineNumber)
            guard let line = nextLine(), !line.isEmpty else { return }
            if line.flags & Flag.arrow != 0 {
                (position, lineNumber) = saved
                return
            }
            var separator = line.range.lowerBound
            while separator < line.range.upperBound, b[separator] != 0x3A, b[separator] != 0x3D { separator += 1 }
            guard separator < line.range.upperBound else { continue }
            let key = WebVTTBytes.trimmed(b, line.range.lowerBound..<separator)
            guard !key.isEmpty else { continue }
            let value = WebVTTBytes.trimmed(b, (separator + 1)..<line.range.upperBound)
            document.metadata.append(MetadataEntry(key: WebVTTBytes.string(b, key), value: WebVTTBytes.string(b, value)))
        }
    }

    private mutating func skipBlankLines() {
        while position < b.count, b[position] == 0x0A || b[position] == 0x0D { _ = nextLine() }
    }

    // MARK: - Blocks

    private enum BlockKind { case none, stylesheet, region }

    /// The lines gathered so far: always whole consecutive lines of the input, so a byte range.
    private struct Buffer {
        var range: Range<Int>? = nil
        var flags: UInt8 = 0
    }

    private struct Timing {
        var start: Milliseconds
        var end: Milliseconds
        var settings: Range<Int>
    }

    /// The spec's "collect a WebVTT block" (outside the header).
    private mutating func collectBlock() {
        var lineCount = 0
        var seenArrow = false
        var previous = (position, lineNumber)
        var buffer = Buffer()
        var previousLineFlags: UInt8 = 0
        var cue: (timing: Timing, id: Range<Int>?, line: Int)?
        var kind = BlockKind.none
        let firstLineNumber = lineNumber + 1
        var firstLine: Range<Int>?

        while let line = nextLine() {
            lineCount += 1
            if firstLine == nil { firstLine = line.range }
            if line.flags & Flag.arrow != 0 {
                guard lineCount == 1 || (lineCount == 2 && !seenArrow) else {
                    // "-->" further down: this block ends before that line, which starts the next block.
                    (position, lineNumber) = previous
                    break
                }
                seenArrow = true
                previous = (position, lineNumber)
                if let timing = parseTiming(line.range) {
                    cue = (timing, buffer.range, lineNumber)
                    buffer = Buffer()
                    seenCue = true
                } else {
                    cue = nil
                }
            } else if line.isEmpty {
                break
            } else {
                if lineCount == 2, !seenCue, let first = buffer.range {
                    if isKeywordLine(first, "STYLE") { kind = .stylesheet; buffer = Buffer() }
                    else if isKeywordLine(first, "REGION") { kind = .region; buffer = Buffer() }
                }
                if let range = buffer.range {
                    // The previous line's ending is now inside the buffer.
                    buffer.range = range.lowerBound..<line.range.upperBound
                    buffer.flags |= (line.flags & ~Flag.cr) | (previousLineFlags & Flag.cr)
                } else {
                    buffer.range = line.range
                    buffer.flags = line.flags & ~Flag.cr
                }
                previous = (position, lineNumber)
            }
            previousLineFlags = line.flags
        }

        if let cue {
            appendCue(cue.timing, id: cue.id, text: buffer, line: cue.line)
        } else if kind == .stylesheet, let range = buffer.range {
            document.stylesheets.append(stored(range, flags: buffer.flags).string)
        } else if kind == .region, let range = buffer.range {
            document.regions.append(WebVTTRegionSettings.parse(b, range))
        } else if !seenArrow, let first = firstLine, !isNote(first) {
            if seenCue, isKeywordLine(first, "STYLE") || isKeywordLine(first, "REGION") {
                diagnostics.append(.warning(line: firstLineNumber,
                    "\(b.string(WebVTTBytes.trimmed(b, first))) block after the first cue ignored (WebVTT allows them only before cues)"))
            } else {
                diagnostics.append(.warning(line: firstLineNumber,
                    "block without a cue timing ignored: '\(preview(first))'"))
            }
        }
    }

    /// `STYLE` or `REGION` alone on a line (trailing whitespace allowed).
    private func isKeywordLine(_ line: Range<Int>, _ keyword: StaticString) -> Bool {
        let n = keyword.utf8CodeUnitCount
        guard b.hasPrefix(keyword, in: line) else { return false }
        for i in (line.lowerBound + n)..<line.upperBound where !WebVTTBytes.isWhitespace(b[i]) { return false }
        return true
    }

    /// A comment block: "NOTE" followed by a space, tab or the end of the line.
    private func isNote(_ line: Range<Int>) -> Bool {
        guard b.hasPrefix("NOTE", in: line) else { return false }
        return line.count == 4 || b[line.lowerBound + 4] == 0x20 || b[line.lowerBound + 4] == 0x09
    }

    private func preview(_ range: Range<Int>) -> String {
        // Cut at 60 bytes, backing up to a character boundary.
        var end = min(range.upperBound, range.lowerBound + 60)
        while end < range.upperBound, end > range.lowerBound, b[end] & 0xC0 == 0x80 { end -= 1 }
        return WebVTTBytes.string(b, range.lowerBound..<end) + (end < range.upperBound ? "..." : "")
    }

    // MARK: - Cues

    /// The spec's "collect WebVTT cue timings and settings"; on failure a warning says what was wrong.
    private mutating func parseTiming(_ line: Range<Int>) -> Timing? {
        let end = line.upperBound
        var i = line.lowerBound
        func skipWhitespace() { while i < end, WebVTTBytes.isWhitespace(b[i]) { i += 1 } }
        skipWhitespace()
        let problem: String
        parse: do {
            guard let start = WebVTTTimestamp.collect(b, &i, end: end) else {
                problem = "the start time is not a WebVTT timestamp (mm:ss.ttt or hh:mm:ss.ttt)"; break parse
            }
            skipWhitespace()
            guard i + 3 <= end, b[i] == 0x2D, b[i + 1] == 0x2D, b[i + 2] == 0x3E else {
                problem = "expected '-->' after the start time"; break parse
            }
            i += 3
            skipWhitespace()
            guard let stop = WebVTTTimestamp.collect(b, &i, end: end) else {
                problem = "the end time is not a WebVTT timestamp (mm:ss.ttt or hh:mm:ss.ttt)"; break parse
            }
            if stop < start {
                diagnostics.append(.warning(line: lineNumber,
                    "end time \(WebVTTTimestamp.format(stop)) is before start time \(WebVTTTimestamp.format(start)); cue kept, as WebVTT parsers do"))
            }
            return Timing(start: start, end: stop, settings: WebVTTBytes.trimmed(b, i..<end))
        }
        diagnostics.append(.warning(line: lineNumber, "malformed cue timing '\(preview(line))': \(problem); cue skipped"))
        return nil
    }

    private mutating func appendCue(_ timing: Timing, id: Range<Int>?, text: Buffer, line: Int) {
        eventLines.append(Int32(clamping: line))
        var settings: String?
        var placement: CuePlacement?
        if !timing.settings.isEmpty {
            settings = WebVTTBytes.string(b, timing.settings)
            placement = WebVTTCueSettings.parse(b, timing.settings, regions: document.regions)
        }
        let identifier = id.map { WebVTTBytes.string(b, $0) }
        guard let range = text.range else {
            document.events.append(CaptionEvent(start: timing.start, end: timing.end, plain: .empty,
                                                id: identifier, settings: settings, placement: placement))
            return
        }
        let source = stored(range, flags: text.flags)
        // Without markup the plain text is the source text, stored once.
        guard text.flags & Flag.markup != 0 else {
            document.events.append(settings == nil
                ? CaptionEvent(start: timing.start, end: timing.end, plain: source, id: identifier)
                : CaptionEvent(start: timing.start, end: timing.end, plain: source, id: identifier, settings: settings, placement: placement))
            return
        }
        // The parser wants the preprocessed text: the stored source is exactly that.
        let result = source.withUTF8 { cueText.parse($0, start: timing.start, end: timing.end) }
        let plain = cueText.plain.withUnsafeBufferPointer { arena.append($0) }
        document.events.append(CaptionEvent(start: timing.start, end: timing.end, plain: plain, spans: result.spans,
                                            source: source, words: result.words, id: identifier,
                                            settings: settings, placement: placement))
    }

    /// A block's lines with the spec's preprocessing (CR and CRLF to LF, NUL to U+FFFD), stored in the
    /// arena; the bytes are copied as they are when the flags say there is nothing to rewrite.
    private mutating func stored(_ range: Range<Int>, flags: UInt8) -> StoredText {
        if flags & (Flag.nul | Flag.cr) == 0 { return arena.append(UnsafeBufferPointer(rebasing: b[range])) }
        scratch.removeAll(keepingCapacity: true)
        WebVTTBytes.appendNormalized(b, range, to: &scratch)
        return arena.append(scratch)
    }

    // MARK: - Lines

    /// The next line (terminator excluded, LF, CR or CRLF consumed) and its flags; nil at the end.
    @inline(__always)
    private mutating func nextLine() -> Line? {
        let count = b.count
        guard position < count else { return nil }
        if position >= nextRelease {
            // Keep the last 64 KiB: a block's lines are read again when it ends.
            input.releasePages(before: position - (64 << 10))
            nextRelease += 1 << 20
        }
        let start = position
        var i = start
        var flags: UInt8 = 0
        while i < count {
            let c = b[i]
            // Letters, most punctuation and every non-ASCII byte are above '>': one comparison.
            if c > 0x3E { i += 1; continue }
            if c == 0x0A || c == 0x0D { break }
            if c == 0x3E {
                if i - start >= 2, b[i - 1] == 0x2D, b[i - 2] == 0x2D { flags |= Flag.arrow }
            } else if c == 0x3C || c == 0x26 {
                flags |= Flag.markup
            } else if c == 0 {
                flags |= Flag.nul
            }
            i += 1
        }
        let end = i
        if i < count {
            if b[i] == 0x0D {
                flags |= Flag.cr
                i += (i + 1 < count && b[i + 1] == 0x0A) ? 2 : 1
            } else {
                i += 1
            }
        }
        position = i
        lineNumber += 1
        return Line(range: start..<end, flags: flags)
    }
}
