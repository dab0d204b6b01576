import CaptionModel

/// YouTube's srv3 timed text (`fmt=srv3`): XML `<timedtext format="3">` whose `<body>` holds lines
/// `<p t="start ms" d="duration ms">` of words `<s t="offset ms">` (automatic captions) or plain text
/// (uploaded captions). Read-only: written as the toolkit's JSON.
///
/// Only word timings are re-paged. A file with word times (an `<s>` with a `t` offset or YouTube's
/// `ac` recognition confidence) is read as words, like json3: starts only, `wordTimedSource` set so
/// callers page them. A file without them was written by a person: each `<p>` is one caption as its
/// author cut it, its text as written (line breaks kept), from `t` to `t + d`. (`<s>` without times,
/// pen styling in uploaded captions, is text.)
///
/// A small hand parser: srv3 uses a handful of elements and no namespaces, and this keeps Foundation's
/// libxml2-backed XMLParser out of the library. Entities (`&amp;`, `&#39;`) are decoded.
public enum YouTubeSRV3Format: SubtitleFormat {
    public static let name = "srv3"
    public static let title = "YouTube srv3"
    public static let fileExtensions = ["srv3"]
    public static let canWrite = false

    /// Certain when a `<timedtext` element with `format="3"` opens the document.
    public static func detect(_ text: DecodedText) -> DetectionScore {
        text.utf8.withUnsafeBufferPointer { b in SRV3Scanner.rootTag(b) != nil } ? .certain : .no
    }

    public static func read(_ text: DecodedText) throws -> ParseResult {
        var issues = TranscriptIssues()
        let scanner = try text.utf8.withUnsafeBufferPointer { b throws -> SRV3Scanner in
            guard let root = SRV3Scanner.rootTag(b) else {
                throw CaptionFormatError(.malformed, "\(text.sourceName): not YouTube srv3: no <timedtext format=\"3\"> element near the start")
            }
            var scanner = SRV3Scanner(b: b, i: root)
            scanner.scan(&issues)
            return scanner
        }
        guard scanner.sawWordTimes else { return try captions(scanner, text: text) }
        return try WordTimedReader.result(scanner.words, issues: issues, text: text, name: name, title: title)
    }

    /// Uploaded captions: one event per `<p>` with text, as the author timed it.
    static func captions(_ scanner: SRV3Scanner, text: DecodedText) throws -> ParseResult {
        var diagnostics = text.diagnostics + scanner.captionWarnings.map { Diagnostic.warning(line: $0.line, $0.message) }
        var events: [CaptionEvent] = []
        var lines: [Int32] = []
        let captions = scanner.captions
        for (k, caption) in captions.enumerated() {
            guard let start = caption.start else {
                diagnostics.append(.warning(line: caption.line, "<p> has no usable start (t=\"\(caption.rawStart ?? "")\"); line skipped"))
                continue
            }
            let end: Milliseconds
            if let duration = caption.duration {
                end = start + duration
            } else {
                let next = captions[(k + 1)...].lazy.compactMap(\.start).first { $0 >= start }
                end = next ?? start + LRCTimeline.lastLineDuration
                diagnostics.append(.warning(line: caption.line, "<p> has no usable duration (d=\"\(caption.rawDuration ?? "")\"); it ends \(next == nil ? "5 s after it starts" : "where the next line starts")"))
            }
            events.append(CaptionEvent(start: start, end: end, text: CaptionText(plain: caption.text)))
            lines.append(Int32(clamping: caption.line))
        }
        guard !events.isEmpty else {
            throw CaptionFormatError(.malformed, "\(text.sourceName): \(title) without any caption text")
        }
        return ParseResult(document: CaptionDocument(events: events), diagnostics: diagnostics, eventLines: lines)
    }

    public static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
        CaptionJSONFormat.write(document, options: options)
    }
}

/// Walks the XML's tags and text once, collecting `<p>` lines and their `<s>` pieces.
struct SRV3Scanner {
    let b: UnsafeBufferPointer<UInt8>
    var i: Int
    private var line = 1
    private var lineCountedTo = 0

    init(b: UnsafeBufferPointer<UInt8>, i: Int) { self.b = b; self.i = i }

    /// True when an `<s>` carries a time (`t`) or a recognition confidence (`ac`): word timings.
    private(set) var sawWordTimes = false
    /// The words, when `sawWordTimes`.
    private(set) var words = Transcript(segments: [], startsOnly: true)
    /// Every `<p>` with text, as a caption, for files without word times.
    private(set) var captions: [Caption] = []
    /// Problems with the file's structure, by line, for reading it as captions.
    private(set) var captionWarnings: [(line: Int, message: String)] = []

    struct Caption {
        var start: Milliseconds?
        var duration: Milliseconds?
        var rawStart: String?
        var rawDuration: String?
        var text: String
        var line: Int
    }

    /// The index just after `<timedtext ...>` when it is within the first 1 KB and says `format="3"`.
    static func rootTag(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
        let limit = min(b.count, 1024)
        var k = 0
        while k + 10 <= limit {
            if b[k] == 0x3C, b.hasPrefix("<timedtext", in: k..<b.count) {
                var end = k + 10
                while end < b.count, b[end] != 0x3E { end += 1 }
                guard end < b.count else { return nil }
                let attributes = SRV3Scanner.attributes(b, (k + 10)..<end)
                return attributes["format"] == "3" ? end + 1 : nil
            }
            k += 1
        }
        return nil
    }

    private struct Line {
        var index: Int
        var line: Int
        var start: Double?
        var duration: Double?
        var pieces: [YouTubeText.Piece] = []
        /// The `<s>` being read, if any.
        var open: YouTubeText.Piece?
        var sCount = 0
        /// Everything the line says as text, `<s>` or not, `<br>` as a line break.
        var text = ""
        var rawStart: String?
        var rawDuration: String?
    }

    mutating func scan(_ issues: inout TranscriptIssues) {
        words = transcript(&issues)
    }

    mutating func transcript(_ issues: inout TranscriptIssues) -> Transcript {
        var segments: [Transcript.Segment] = []
        var current: Line?
        var pCount = 0
        while i < b.count {
            if b[i] != 0x3C {
                let start = i
                while i < b.count, b[i] != 0x3C { i += 1 }
                guard current != nil else { continue }
                let text = Self.decode(b, start..<i)
                current!.text += text
                if current!.open != nil {
                    current!.open!.text += text
                } else {
                    // Text straight in `<p>` (uploaded captions) starts at the line's start when it comes first.
                    let first = current!.pieces.allSatisfy { $0.text.allSatisfy(\.isWhitespace) }
                    current!.pieces.append(YouTubeText.Piece(text: text, start: first ? current!.start : nil,
                                                             path: "body.p[\(current!.index)] (line \(lineNumber(at: start)))"))
                }
                continue
            }
            let tagStart = i
            if b.hasPrefix("<!--", in: i..<b.count) {
                i = Self.find(b, "-->", from: i + 4).map { $0 + 3 } ?? b.count
                continue
            }
            guard let close = Self.find(b, ">", from: i + 1) else {
                issues.warn("line \(lineNumber(at: tagStart))", "a tag is not closed before the end of the file; reading stops there")
                captionWarnings.append((lineNumber(at: tagStart), "a tag is not closed before the end of the file; reading stops there"))
                i = b.count
                break
            }
            i = close + 1
            let tag = Self.tag(b, (tagStart + 1)..<close)
            switch (tag.name, tag.isEnd) {
            case ("p", false):
                if let open = current { finish(open, into: &segments) }
                let path = "body.p[\(pCount)] (line \(lineNumber(at: tagStart)))"
                var p = Line(index: pCount, line: lineNumber(at: tagStart))
                p.rawStart = tag.attributes["t"]
                p.rawDuration = tag.attributes["d"]
                p.start = time(tag.attributes["t"], "t", path, &issues)
                p.duration = time(tag.attributes["d"], "d", path, &issues)
                if p.start == nil, tag.attributes["t"] == nil {
                    issues.warn(path, "has no start (t); its words' times are interpolated")
                }
                pCount += 1
                current = tag.selfClosing ? nil : p
                if tag.selfClosing { finish(p, into: &segments) }
            case ("p", true):
                if let open = current { finish(open, into: &segments) }
                current = nil
            case ("s", false) where current != nil:
                closePiece(&current!)
                let path = "body.p[\(current!.index)].s[\(current!.sCount)] (line \(lineNumber(at: tagStart)))"
                current!.sCount += 1
                if tag.attributes["t"] != nil || tag.attributes["ac"] != nil { sawWordTimes = true }
                let offset = time(tag.attributes["t"], "t", path, &issues) ?? 0
                let piece = YouTubeText.Piece(text: "", start: current!.start.map { $0 + offset }, path: path)
                if tag.selfClosing { current!.pieces.append(piece) } else { current!.open = piece }
            case ("s", true) where current != nil:
                closePiece(&current!)
            case ("br", _) where current != nil:
                current!.text += "\n"
                if current!.open != nil { current!.open!.text += "\n" } else {
                    current!.pieces.append(YouTubeText.Piece(text: "\n", start: nil, path: ""))
                }
            default:
                break // head, body, window and pen definitions
            }
        }
        if let open = current {
            issues.warn("body.p[\(open.index)] (line \(open.line))", "is not closed before the end of the file")
            captionWarnings.append((open.line, "<p> is not closed before the end of the file"))
            finish(open, into: &segments)
        }
        YouTubeText.endLinesAtNextLine(&segments)
        return Transcript(segments: segments, startsOnly: true)
    }

    private func closePiece(_ p: inout Line) {
        if let piece = p.open { p.pieces.append(piece); p.open = nil }
    }

    private mutating func finish(_ p: Line, into segments: inout [Transcript.Segment]) {
        var p = p
        closePiece(&p)
        let caption = Self.captionText(p.text)
        if !caption.isEmpty {
            captions.append(Caption(start: p.start.flatMap(Self.milliseconds), duration: p.duration.flatMap(Self.milliseconds),
                                    rawStart: p.rawStart, rawDuration: p.rawDuration, text: caption, line: p.line))
        }
        let words = YouTubeText.words(p.pieces)
        guard !words.isEmpty else { return } // `a="1"` line breaks
        segments.append(Transcript.Segment(words: words, start: p.start,
                                           end: p.start.flatMap { s in p.duration.map { s + $0 } }))
    }

    private func time(_ value: String?, _ name: String, _ path: String, _ issues: inout TranscriptIssues) -> Double? {
        guard let value else { return nil }
        if let ms = Double(value.trimmingWhitespace), ms.isFinite { return ms }
        issues.warn(path, "\(name)=\"\(value)\" is not a number of milliseconds; treated as missing and interpolated")
        return nil
    }

    /// The 1-based line of byte `offset`, counting forward from the last question (offsets only grow).
    private mutating func lineNumber(at offset: Int) -> Int {
        if offset < lineCountedTo { return line }
        for k in lineCountedTo..<min(offset, b.count) where b[k] == 0x0A { line += 1 }
        lineCountedTo = offset
        return line
    }

    /// A caption's text: line ends as `\n`, spaces around each line and blank lines at both ends trimmed.
    static func captionText(_ text: String) -> String {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { String($0).trimmingWhitespace }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// A time attribute in whole milliseconds; nil when it is not a usable time.
    static func milliseconds(_ value: Double) -> Milliseconds? {
        guard value.isFinite, value >= 0, value < 1e13 else { return nil }
        return CaptionTime.milliseconds(fromSeconds: value / 1000)
    }

    // MARK: - Tags and text

    struct Tag {
        var name: String
        var isEnd: Bool
        var selfClosing: Bool
        var attributes: [String: String]
    }

    /// The tag between `<` and `>`: `p t="0" d="3100"`, `/s`, `br/`.
    static func tag(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Tag {
        var k = range.lowerBound
        let isEnd = k < range.upperBound && b[k] == 0x2F
        if isEnd { k += 1 }
        let nameStart = k
        while k < range.upperBound, !isSpace(b[k]), b[k] != 0x2F { k += 1 }
        let name = b.string(nameStart..<k)
        var end = range.upperBound
        let selfClosing = end > k && b[end - 1] == 0x2F
        if selfClosing { end -= 1 }
        return Tag(name: name, isEnd: isEnd, selfClosing: selfClosing, attributes: attributes(b, k..<end))
    }

    /// `name="value"` (or single quotes) pairs, values with entities decoded.
    static func attributes(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [String: String] {
        var result: [String: String] = [:]
        var k = range.lowerBound
        while k < range.upperBound {
            while k < range.upperBound, isSpace(b[k]) { k += 1 }
            let nameStart = k
            while k < range.upperBound, b[k] != 0x3D, !isSpace(b[k]) { k += 1 }
            let name = b.string(nameStart..<k)
            while k < range.upperBound, isSpace(b[k]) { k += 1 }
            guard k < range.upperBound, b[k] == 0x3D else { if name.isEmpty { k += 1 }; continue }
            k += 1
            while k < range.upperBound, isSpace(b[k]) { k += 1 }
            guard k < range.upperBound else { break }
            let quote = b[k]
            if quote == 0x22 || quote == 0x27 {
                let valueStart = k + 1
                k = valueStart
                while k < range.upperBound, b[k] != quote { k += 1 }
                result[name] = decode(b, valueStart..<k)
                k += 1
            } else {
                let valueStart = k
                while k < range.upperBound, !isSpace(b[k]) { k += 1 }
                result[name] = decode(b, valueStart..<k)
            }
        }
        return result
    }

    /// Text with XML and HTML character references decoded; an unknown one stays as written.
    static func decode(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        guard b[range].contains(0x26) else { return b.string(range) }
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var k = range.lowerBound
        while k < range.upperBound {
            if b[k] == 0x26, let (text, consumed) = CharacterReferences.decode(b, at: k, end: range.upperBound) {
                out.append(contentsOf: text.utf8)
                k += consumed
            } else {
                out.append(b[k])
                k += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `decode` for a string (the auto-caption WebVTT's cue text).
    static func decode(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { decode($0, 0..<$0.count) }
    }

    private static func find(_ b: UnsafeBufferPointer<UInt8>, _ needle: StaticString, from start: Int) -> Int? {
        let n = needle.utf8CodeUnitCount
        var k = start
        while k + n <= b.count {
            if b.hasPrefix(needle, in: k..<b.count) { return k }
            k += 1
        }
        return nil
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
}
