import CaptionModel

/// YouTube's automatic captions as WebVTT (`--sub-format vtt` of yt-dlp for auto-subs): a header with
/// `Kind: captions` and cues whose new line carries inline word timestamps
/// (`so<00:00:00.180><c> today</c>`). The cues roll: each repeats the line before it as plain text
/// above its new line, and a 10 ms cue between two lines repeats the finished line alone. Read as
/// WebVTT, that shows every word two or three times; this format reads it as one word list instead,
/// each word once, starting at its inline timestamp (words before a line's first timestamp start at
/// the cue's start). Starts only, like YouTube's other formats. Read-only.
public enum YouTubeAutoVTT: SubtitleFormat {
    public static let name = "youtube-vtt"
    public static let title = "YouTube auto-caption WebVTT"
    public static let fileExtensions: [String] = []
    public static let canWrite = false

    /// Certain for WebVTT with `Kind: captions` in its header and an inline timestamp followed by a
    /// `<c>` span in its first 64 KB: YouTube's auto-caption signature (hand-made WebVTT with karaoke
    /// timestamps rarely has both). Anything else is plain WebVTT's.
    public static func detect(_ text: DecodedText) -> DetectionScore {
        text.utf8.withUnsafeBufferPointer { b in
            WebVTTReader.hasSignature(b) && hasCaptionsKind(b) && hasTimestampedSpan(b)
        } ? .certain : .no
    }

    public static func read(_ text: DecodedText) throws -> ParseResult {
        let parsed = try WebVTTFormat.read(text)
        let transcript = transcript(parsed.document.events)
        return try WordTimedReader.result(transcript, issues: TranscriptIssues(), text: text, name: name, title: title,
                                          diagnostics: parsed.diagnostics, metadata: parsed.document.metadata)
    }

    public static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
        WebVTTFormat.write(document, options: options)
    }

    // MARK: - Rolling cues to words

    /// One segment per cue that brings new text. A line is new when it has inline timestamps (YouTube
    /// times only the line being spoken) or, without timestamps, when it is not one of the last two lines
    /// already read (the rolling repeat); blank lines are nothing.
    static func transcript(_ events: [CaptionEvent]) -> Transcript {
        var segments: [Transcript.Segment] = []
        var recent: [String] = []
        for (e, event) in events.enumerated() {
            var pieces: [YouTubeText.Piece] = []
            var firstNew = true
            for (l, line) in event.sourceText.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let path = "cue \(e + 1) (\(WebVTTTimestamp.format(event.start))) line \(l + 1)"
                let parsed = CueLine(line, leadingStart: firstNew ? Double(event.start) : nil, path: path)
                guard !parsed.plain.isEmpty else { continue }
                guard parsed.timed || !recent.contains(parsed.plain) else { continue }
                pieces.append(YouTubeText.Piece(text: "\n", start: nil, path: path))
                pieces += parsed.pieces
                recent.append(parsed.plain)
                if recent.count > 2 { recent.removeFirst() }
                firstNew = false
            }
            let words = YouTubeText.words(pieces)
            guard !words.isEmpty else { continue }
            segments.append(Transcript.Segment(words: words, start: Double(event.start), end: Double(event.end)))
        }
        YouTubeText.endLinesAtNextLine(&segments)
        return Transcript(segments: segments, startsOnly: true)
    }

    /// One line of cue text: its pieces (split at inline timestamps, other tags dropped, entities
    /// decoded) and its plain text with whitespace collapsed, for recognising repeats.
    struct CueLine {
        var pieces: [YouTubeText.Piece] = []
        var plain = ""
        var timed = false

        init(_ line: Substring, leadingStart: Double?, path: String) {
            let bytes = Array(line.utf8)
            bytes.withUnsafeBufferPointer { b in
                var current = YouTubeText.Piece(text: "", start: leadingStart, path: path)
                var k = 0
                while k < b.count {
                    guard b[k] == 0x3C else {
                        let start = k
                        while k < b.count, b[k] != 0x3C { k += 1 }
                        current.text += SRV3Scanner.decode(b, start..<k)
                        continue
                    }
                    var close = k + 1
                    while close < b.count, b[close] != 0x3E { close += 1 }
                    var t = k + 1
                    if let ms = WebVTTTimestamp.collect(b, &t, end: close), t == close {
                        pieces.append(current)
                        current = YouTubeText.Piece(text: "", start: Double(ms), path: path)
                        timed = true
                    }
                    k = min(close + 1, b.count)
                }
                pieces.append(current)
            }
            plain = pieces.map(\.text).joined().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }

    // MARK: - Signature

    private static func hasCaptionsKind(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = 0
        var first = true
        while k < b.count {
            var end = k
            while end < b.count, b[end] != 0x0A, b[end] != 0x0D { end += 1 }
            if !first {
                if b.isBlank(k..<end) { return false } // the header ends at the first blank line
                if b.string(k..<end).trimmingWhitespace == "Kind: captions" { return true }
            }
            first = false
            k = end
            if k < b.count, b[k] == 0x0D { k += 1 }
            if k < b.count, b[k] == 0x0A { k += 1 }
        }
        return false
    }

    private static func hasTimestampedSpan(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let limit = min(b.count, 65_536)
        var k = 0
        while k + 4 < limit {
            // `><c>` or `><c.` right after `<hh:mm:ss.ttt`.
            if b[k] == 0x3E, b[k + 1] == 0x3C, b[k + 2] == 0x63, b[k + 3] == 0x3E || b[k + 3] == 0x2E {
                var open = k - 1
                while open >= 0, k - open <= 20, b[open] != 0x3C { open -= 1 }
                if open >= 0, b[open] == 0x3C {
                    var t = open + 1
                    if WebVTTTimestamp.collect(b, &t, end: k) != nil, t == k { return true }
                }
            }
            k += 1
        }
        return false
    }
}
