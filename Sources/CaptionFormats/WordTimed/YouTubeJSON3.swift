import CaptionModel

/// YouTube's json3 timed text (`fmt=json3`): `wireMagic: "pb3"` and `events[]` {tStartMs, dDurationMs,
/// segs[{utf8, tOffsetMs}]}. Automatic captions give one seg per word: the word starts at the event's
/// start plus its offset (0 when absent) and a leading space begins a new word. Only starts are given;
/// a word ends where the next starts, the last at its line's end. `aAppend` events carry only a line
/// break; window events have no segs. YouTube spells numbers out ("three"); the text is kept as written.
///
/// Uploaded captions come in the same shape without word times: no seg has a `tOffsetMs` (or the
/// recognizer's `acAsrConf`). Such a file is read as captions, not words: each event with text is one
/// caption, its segs' text joined (line breaks kept), from `tStartMs` to `tStartMs + dDurationMs`.
enum YouTubeJSON3: WordTimedFormat {
    static let name = "youtube-json3"
    static let title = "YouTube json3"

    static func captions(_ root: JSONValue, issues: inout TranscriptIssues) -> [CaptionEvent]? {
        guard let events = root["events"]?.array else { return nil }
        let segs = events.compactMap { $0.object?["segs"]?.array }.joined().compactMap(\.object)
        guard !segs.isEmpty, !segs.contains(where: { $0.has("tOffsetMs") || $0.has("acAsrConf") }) else { return nil }
        var captions: [CaptionEvent] = []
        for (e, value) in events.enumerated() {
            let path = "events[\(e)]"
            guard let event = value.object, let list = event["segs"]?.array else { continue }
            let text = SRV3Scanner.captionText(list.compactMap { $0.object?["utf8"]?.string }.joined())
            guard !text.isEmpty else { continue } // aAppend line breaks
            guard let start = TimeValue.milliseconds(event["tStartMs"]).flatMap(SRV3Scanner.milliseconds) else {
                issues.warn(path, "has no usable \"tStartMs\"; skipped")
                continue
            }
            guard let duration = TimeValue.milliseconds(event["dDurationMs"]).flatMap(SRV3Scanner.milliseconds) else {
                issues.warn(path, "has no usable \"dDurationMs\"; skipped")
                continue
            }
            captions.append(CaptionEvent(start: start, end: start + duration, text: CaptionText(plain: text)))
        }
        return captions
    }

    /// `wireMagic: "pb3"`, or an `events` array whose first entry has YouTube's `tStartMs`.
    static func matches(_ root: JSONValue) -> Bool {
        guard let object = root.object, let events = object["events"]?.array else { return false }
        if object["wireMagic"]?.string == "pb3" { return true }
        return events.first?.object?.has("tStartMs") == true
    }

    static func transcript(_ root: JSONValue, issues: inout TranscriptIssues) throws(TranscriptError) -> Transcript {
        guard let events = root["events"]?.array else {
            throw TranscriptError(path: "events", message: "missing or not an array: not YouTube json3")
        }
        var reading = CloudReading()
        var segments: [Transcript.Segment] = []
        for (e, value) in events.enumerated() {
            let base = "events[\(e)]"
            guard let event = reading.object(value, base, &issues, what: "an event object") else { continue }
            guard let segs = event["segs"] else { continue } // a window definition
            guard let segList = segs.array else {
                reading.skip(base + ".segs", "is \(segs.kindDescription), not an array", &issues)
                continue
            }
            let eventStart = CloudReading.time(event, "tStartMs", base, unit: "a number of milliseconds", TimeValue.milliseconds, &issues)
            if eventStart == nil, !event.has("tStartMs") {
                issues.warn(base, "has no \"tStartMs\"; its words' times are interpolated")
            }
            let duration = CloudReading.time(event, "dDurationMs", base, unit: "a number of milliseconds", TimeValue.milliseconds, &issues)
            var pieces: [YouTubeText.Piece] = []
            for (s, item) in segList.enumerated() {
                let path = "\(base).segs[\(s)]"
                guard let seg = reading.object(item, path, &issues, what: "a seg object"),
                      let text = reading.text(seg, ["utf8"], path, &issues) else { continue }
                let offset = CloudReading.time(seg, "tOffsetMs", path, unit: "a number of milliseconds", TimeValue.milliseconds, &issues) ?? 0
                pieces.append(YouTubeText.Piece(text: text, start: eventStart.map { $0 + offset }, path: path))
            }
            let words = YouTubeText.words(pieces)
            guard !words.isEmpty else { continue } // aAppend line breaks
            segments.append(Transcript.Segment(words: words, start: eventStart,
                                               end: eventStart.flatMap { start in duration.map { start + $0 } }))
        }
        YouTubeText.endLinesAtNextLine(&segments)
        return try reading.finish(Transcript(segments: segments, startsOnly: true), wordsPath: "events")
    }
}

/// Word lists from YouTube's timed pieces, shared by json3, srv3 and the auto-caption WebVTT.
enum YouTubeText {
    /// A piece of a line (a json3 seg, an srv3 `<s>`, the text after a WebVTT inline timestamp) and
    /// when it starts.
    struct Piece {
        var text: String
        var start: Double?
        var path: String
    }

    /// Whitespace (spaces, line breaks) separates words; a piece that starts without a space goes on
    /// the word before it ("we" + "'re"). The first word a piece begins takes the piece's start; further
    /// words in the same piece (manual captions give a whole line in one) have none, to be interpolated.
    static func words(_ pieces: [Piece], speaker: String? = nil) -> [RawWord] {
        var words: [RawWord] = []
        var open = false
        for piece in pieces {
            var timeUsed = false
            for character in piece.text {
                if character.isWhitespace { open = false; continue }
                if open {
                    words[words.count - 1].text.append(character)
                } else {
                    words.append(RawWord(text: String(character), start: timeUsed ? nil : piece.start, end: nil,
                                         speaker: speaker, path: piece.path))
                    open = true
                }
                timeUsed = true
            }
        }
        return words
    }

    /// YouTube keeps a line on screen while the next one is spoken (its duration overlaps the next
    /// line), so a line's words end no later than the next line's first word starts.
    static func endLinesAtNextLine(_ segments: inout [Transcript.Segment]) {
        var nextStart: Double?
        for k in segments.indices.reversed() {
            let ownLast = segments[k].words.lazy.compactMap(\.start).reduce(-Double.infinity, max)
            if let next = nextStart, let end = segments[k].end, next < end {
                segments[k].end = max(next, ownLast)
            }
            if let first = segments[k].words.lazy.compactMap(\.start).first { nextStart = first }
        }
    }
}
