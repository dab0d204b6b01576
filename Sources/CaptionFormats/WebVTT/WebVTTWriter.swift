import CaptionModel

/// Writes WebVTT: the signature, metadata as header lines, STYLE and REGION blocks, then the cues.
///
/// The rule is that reading the output back gives the same document: times, ids, plain text, spans,
/// settings and (with `wordTimestamps`) words. Where the document holds something WebVTT cannot say,
/// the writer changes as little as possible and reports it once per kind:
/// - cue text: `&`, `<` and `>` are escaped, so no text line can contain "-->"; an empty line inside a
///   cue (which would end the cue) is written as `<>`, an empty start tag that parsers ignore, so it
///   reads back as an empty line; a CR is written as `&#13;`. (Not for events read from ASS: there an
///   empty line is spacing, `\N\N`, and is dropped, since readers that skip WebVTT's tag tokenizer show `<>`.)
/// - ids and settings cannot be escaped: line breaks become spaces, and in an id "-->" becomes "->" (reported).
/// - STYLE blocks cannot hold blank lines or "-->": blank lines are dropped, "-->" becomes "-- >".
/// - `\an`, `\pos` (ASS, and SRT's `{\an8}`) become `line`, `position` and `align` settings
///   (`settings(anchor:point:playRes:)`) when the cue has no WebVTT settings of its own.
///
/// A document read from ASS keeps what WebVTT can say (`ASSFeatureLoss`): the Name field as a voice
/// span `<v Name>` around the cue text, the style's bold, italic and underline as tags, its Alignment
/// as settings, and of `[Script Info]` only Title and Language, as header lines like other inputs'
/// metadata; empty lines inside an event are dropped. What it cannot hold is reported per kind with the
/// number of events that lost it.
enum WebVTTWriter {
    /// Header keys kept from an ASS script's `[Script Info]`: the ones other inputs give too (TTML,
    /// SAMI, EBU STL). ScriptType, PlayRes, WrapStyle and the rest describe ASS rendering, not the captions.
    static let assHeaderKeys: Set<String> = ["title", "language"]

    static func holds(_ options: WriteOptions) -> ASSFeatureLoss.Holds {
        options.wordTimestamps ? [.placement, .styleLooks, .speakerNames, .wordTimes] : [.placement, .styleLooks, .speakerNames]
    }

    static func write(_ document: CaptionDocument, options: WriteOptions, into sink: ByteSink) -> [Diagnostic] {
        var w = WebVTTOutput(sink: sink)
        w.put("WEBVTT\n")
        let fromASS = document.assScript != nil
        for entry in document.metadata where !fromASS || assHeaderKeys.contains(entry.key.lowercased()) { writeMetadata(entry, &w) }
        w.put("\n")
        ASSFeatureLoss.noteScript(document, keptKeys: assHeaderKeys, holds: holds(options), into: &w.lost)
        for sheet in document.stylesheets { writeStylesheet(sheet, &w) }
        for region in document.regions { writeRegion(region, &w) }
        let ass = ASSFeatureLoss(document)
        let cues = document.events.withUnsafeBufferPointer { events in
            EventChunks.write(count: events.count, into: w.sink, options: options, merge: { $0.merge($1) }) { range, sink in
                writeCues(events, range, ass, options: options, into: sink)
            }
        }
        w.merge(cues)
        return w.diagnostics
    }

    /// The cues in `range`, with what they could not carry.
    private static func writeCues(_ events: UnsafeBufferPointer<CaptionEvent>, _ range: Range<Int>, _ ass: ASSFeatureLoss,
                                  options: WriteOptions, into sink: ByteSink) -> WebVTTOutput {
        var w = WebVTTOutput(sink: sink)
        for n in range {
            // Most cues (only text, or one <i> line, without an id) take the short path.
            let short = events[n].id == nil && events[n].start >= 0 && events[n].end >= 0 && writeShortCue(events[n], w.sink)
            if short { continue }
            if let fields = events[n].ass {
                w.lost.event = n
                writeASSCue(events[n], fields, ass, options: options, &w)
            } else {
                writeCue(events[n], options: options, &w)
            }
        }
        return w
    }

    /// A cue that is only its times and text, or its text with one bold, italic or underline span, when
    /// the text needs no escaping: the bytes `writeCue` would give, without its bookkeeping (fields read
    /// in place, no String made). False, with nothing written, for any other cue.
    private static func writeShortCue(_ event: CaptionEvent, _ sink: ByteSink) -> Bool {
        var tags: (span: TextSpan, open: StaticString, close: StaticString)?
        if !event.isPlain {
            guard let span = event.singleSimpleSpan else { return false }
            switch span.kind {
            case .bold: tags = (span, "<b>", "</b>")
            case .italic: tags = (span, "<i>", "</i>")
            case .underline: tags = (span, "<u>", "</u>")
            default: return false  // strikethrough: WebVTT has no tag, and the full path reports it
            }
        }
        return event.plainText.withUTF8 { text in
            guard WebVTTCueTextWriter.isSafe(text) else { return false }
            // A span's ends on character starts, as the full path moves them.
            if let span = tags?.span, text[span.start] & 0xC0 == 0x80 || (span.end < text.count && text[span.end] & 0xC0 == 0x80) {
                return false
            }
            sink.appendTimestamp(event.start, separator: 0x2E)
            sink.append(" --> ")
            sink.appendTimestamp(event.end, separator: 0x2E)
            sink.append(0x0A)
            if let (span, open, close) = tags {
                sink.append(UnsafeBufferPointer(rebasing: text[..<span.start]))
                sink.append(open)
                sink.append(UnsafeBufferPointer(rebasing: text[span.start..<span.end]))
                sink.append(close)
                sink.append(UnsafeBufferPointer(rebasing: text[span.end...]))
                sink.append(0x0A)
            } else if !text.isEmpty {
                sink.append(text)
                sink.append(0x0A)
            }
            sink.append(0x0A)
            return true
        }
    }

    // MARK: - Header and blocks

    private static func writeMetadata(_ entry: MetadataEntry, _ w: inout WebVTTOutput) {
        let key = entry.key.trimmedWhitespace()
        let value = entry.value.trimmedWhitespace()
        // The reader splits a header line at its first ':' or '=', and a header line cannot be blank,
        // hold a line break, or contain "-->" (which starts the first cue).
        guard !key.isEmpty, !key.utf8.contains(where: { $0 == 0x3A || $0 == 0x3D || $0 == 0x0A || $0 == 0x0D }),
              !value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }),
              !containsArrow(key), !containsArrow(value) else {
            w.note("metadata whose key or value cannot be a WebVTT header line (\(entry.key))", lost: true)
            return
        }
        // HLS's timestamp map is written the way HLS requires; every other entry as `Key: value`.
        w.put(key)
        w.put(key == "X-TIMESTAMP-MAP" ? "=" : ": ")
        w.put(value)
        w.put("\n")
    }

    private static func writeStylesheet(_ sheet: String, _ w: inout WebVTTOutput) {
        let isBreak: (Character) -> Bool = { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        let lines = sheet.split(omittingEmptySubsequences: true, whereSeparator: isBreak)
        guard !lines.isEmpty else {
            w.note("empty STYLE blocks (dropped)", lost: false)
            return
        }
        if lines.count != sheet.split(omittingEmptySubsequences: false, whereSeparator: isBreak).count {
            w.note("blank lines inside STYLE blocks (dropped; CSS does not need them)", lost: false)
        }
        w.put("STYLE\n")
        for line in lines {
            if containsArrow(line) {
                w.note("'-->' inside a STYLE block (written as '-- >')", lost: false)
                w.put(String(line).replacingArrows(with: "-- >"))
            } else {
                w.put(String(line))
            }
            w.put("\n")
        }
        w.put("\n")
    }

    private static func writeRegion(_ region: CaptionRegion, _ w: inout WebVTTOutput) {
        w.put("REGION\n")
        if !region.id.isEmpty {
            var id = region.id
            if id.utf8.contains(where: WebVTTBytes.isWhitespace) || containsArrow(id) {
                w.note("region ids with spaces or '-->' (spaces written as '_')", lost: true)
                id = String(id.map { $0.isWhitespace ? "_" : $0 }).replacingArrows(with: "->")
            }
            w.put("id:"); w.put(id); w.put("\n")
        }
        // Always at least one setting line: "REGION" followed by a blank line would not be a region.
        w.put("width:"); w.put(percent(region.width)); w.put("\n")
        w.put("lines:"); w.put(String(max(0, region.lines))); w.put("\n")
        w.put("regionanchor:"); w.put(percent(region.regionAnchor.x)); w.put(","); w.put(percent(region.regionAnchor.y)); w.put("\n")
        w.put("viewportanchor:"); w.put(percent(region.viewportAnchor.x)); w.put(","); w.put(percent(region.viewportAnchor.y)); w.put("\n")
        if region.scrollUp { w.put("scroll:up\n") }
        w.put("\n")
    }

    private static func percent(_ value: Double) -> String {
        WebVTTNumber.format(WebVTTCueSettings.clampPercent(value)) + "%"
    }

    // MARK: - Cues

    private static func writeCue(_ event: CaptionEvent, options: WriteOptions, _ w: inout WebVTTOutput) {
        writeTiming(event, &w)
        if let settings = event.settings.map({ singleLine($0, what: "cue settings", arrows: false, &w).trimmedWhitespace() }),
           !settings.isEmpty {
            w.put(" "); w.put(settings)
        } else if var placement = event.placement {
            // SRT's `{\an8}`, `{\pos(x,y)}` (at the 384x288 players read them in), JSON's anchor: as
            // settings, unless WebVTT settings are there already.
            let asASS = placement.anchor != nil || placement.point != nil
            var webVTTPart = placement
            (webVTTPart.anchor, webVTTPart.point, webVTTPart.rect, webVTTPart.area) = (nil, nil, nil, nil)
            if let area = placement.area, placement.point == nil, webVTTPart == CuePlacement() {
                // A TTML region's or 608 rows' box (a WebVTT region's own cues keep `region:`).
                placement = settings(area: area, anchor: placement.anchor)
            } else if asASS, webVTTPart == CuePlacement() {
                placement = settings(anchor: placement.anchor, point: placement.point, playRes: ASSWriter.libassPlayRes) ?? CuePlacement()
            } else if asASS {
                w.note("ASS/SRT positions (\\an, \\pos) beside WebVTT settings", lost: true)
            }
            if let settings = WebVTTCueSettings.format(placement) { w.put(" "); w.put(settings) }
            if event.placement?.rect != nil { w.note("SRT coordinates (X1..Y2)", lost: true) }
        }
        w.put("\n")
        if !event.words.isEmpty && !options.wordTimestamps {
            w.note("word timings (enable word timestamps to write them as inline timestamps)", lost: true)
        }
        WebVTTCueTextWriter.write(event, wordTimestamps: options.wordTimestamps, &w)
        w.put("\n")
    }

    /// The id line, if any, and the times.
    private static func writeTiming(_ event: CaptionEvent, _ w: inout WebVTTOutput) {
        if let id = event.id, !id.isEmpty {
            w.put(singleLine(id, what: "cue ids", arrows: true, &w))
            w.put("\n")
        }
        if event.start < 0 || event.end < 0 { w.note("negative times (written as 00:00:00.000)", lost: true) }
        w.sink.appendTimestamp(event.start, separator: 0x2E)
        w.put(" --> ")
        w.sink.appendTimestamp(event.end, separator: 0x2E)
    }

    /// A cue read from ASS: the alignment (its own or its style's) and `\pos` as settings, the Name
    /// field as a voice span, the style's looks as tags, empty lines dropped; the rest reported.
    private static func writeASSCue(_ event: CaptionEvent, _ fields: ASSEventFields, _ ass: ASSFeatureLoss,
                                    options: WriteOptions, _ w: inout WebVTTOutput) {
        writeTiming(event, &w)
        let placement = settings(anchor: ass.anchor(of: event), point: event.placement?.point, playRes: (ass.playResX, ass.playResY))
        if let settings = placement.flatMap(WebVTTCueSettings.format) { w.put(" "); w.put(settings) }
        w.put("\n")
        if !event.words.isEmpty && !options.wordTimestamps {
            w.note("word timings (enable word timestamps to write them as inline timestamps)", lost: true)
        }
        var shown = event
        if let text = ass.convert(event, fields, holds: holds(options), emptyLines: .dropEmpty, lost: &w.lost) { shown.text = text }
        WebVTTCueTextWriter.write(shown, wordTimestamps: options.wordTimestamps, voice: fields.name.isEmpty ? nil : fields.name, &w)
        w.put("\n")
    }

    /// ASS placement as WebVTT settings. `anchor` is the numeric keypad (1 bottom left ... 9 top right;
    /// nil is 2); `point` is `\pos(x,y)` in script pixels of `playRes`, the point the anchor is put on.
    /// - With a point: `position` is x in percent with the anchor's column as its alignment
    ///   (`line-left`, `center`, `line-right`) and `align` to match; `line` is y in percent (snap-to-lines
    ///   off) with the anchor's row as its alignment (`end` for the bottom row: the cue ends there).
    /// - Without: the top row is `line:0` (the first line from the top), the middle row
    ///   `line:50%,center`; the bottom row is WebVTT's default; the column is `align:left` or `right`.
    /// Nil for bottom centre without a point: WebVTT's default.
    /// A box (`CuePlacement.area`) as settings: the text's edge or centre on the box's as the anchor
    /// says (the bottom centre without one), as a percentage line; across, the box as position and
    /// size unless it is centred.
    static func settings(area: CuePlacement.Area, anchor: Int?) -> CuePlacement {
        let (column, row) = ASSFeatureLoss.grid(anchor)
        var p = CuePlacement()
        // To the thousandth of a percent: 608's rows are fifteenths.
        func r(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
        p.align = [.left, .center, .right][column]
        p.line = .percent(r([area.y + area.height, area.y + area.height / 2, area.y][row]))
        p.lineAlign = [.end, .center, .start][row]
        if column != 1 || abs(area.x + area.width / 2 - 50) > 0.005 {
            p.size = r(area.width)
            p.position = r([area.x, area.x + area.width / 2, area.x + area.width][column])
            p.positionAlign = [.lineLeft, .center, .lineRight][column]
        }
        return p
    }

    static func settings(anchor: Int?, point: CuePlacement.Point?, playRes: (x: Int, y: Int)) -> CuePlacement? {
        let (column, row) = ASSFeatureLoss.grid(anchor)
        var p = CuePlacement()
        p.align = [.left, .center, .right][column]
        if let point {
            p.position = ASSFeatureLoss.percent(point.x, of: playRes.x)
            p.positionAlign = [.lineLeft, .center, .lineRight][column]
            p.line = .percent(ASSFeatureLoss.percent(point.y, of: playRes.y))
            p.lineAlign = [.end, .center, .start][row]
        } else if row == 2 {
            p.line = .number(0)
        } else if row == 1 {
            p.line = .percent(50)
            p.lineAlign = .center
        }
        return p == CuePlacement() ? nil : p
    }

    /// Ids and settings are raw text on one line: line breaks become spaces. An id must not contain
    /// "-->" either (the line would read as a timing line), so there it becomes "->"; after a timing it is harmless.
    private static func singleLine(_ text: String, what: String, arrows: Bool, _ w: inout WebVTTOutput) -> String {
        let hasArrow = arrows && containsArrow(text)
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) || hasArrow else { return text }
        w.note(arrows ? "\(what) with line breaks or '-->' (line breaks written as spaces, '-->' as '->')"
                      : "\(what) with line breaks (written as spaces)", lost: true)
        var clean = ""
        for scalar in text.unicodeScalars {
            clean.unicodeScalars.append(scalar == "\n" || scalar == "\r" ? " " : scalar)
        }
        return hasArrow ? clean.replacingArrows(with: "->") : clean
    }

    static func containsArrow<S: StringProtocol>(_ text: S) -> Bool {
        var dashes = 0
        for c in text.utf8 {
            if c == 0x3E, dashes >= 2 { return true }
            dashes = c == 0x2D ? dashes + 1 : 0
        }
        return false
    }
}

extension String {
    /// Without leading and trailing ASCII whitespace, as the reader trims header values and settings.
    fileprivate func trimmedWhitespace() -> String {
        var utf8 = Substring(self).utf8
        while let c = utf8.first, WebVTTBytes.isWhitespace(c) { utf8 = utf8.dropFirst() }
        while let c = utf8.last, WebVTTBytes.isWhitespace(c) { utf8 = utf8.dropLast() }
        return String(Substring(utf8))
    }

    /// Every "-->" replaced; repeated until none is left ("--->" would otherwise leave one).
    fileprivate func replacingArrows(with replacement: String) -> String {
        var text = self
        while WebVTTWriter.containsArrow(text) {
            var out = ""
            var rest = Substring(text)
            while let range = rest.firstRange(of: "-->") {
                out += rest[..<range.lowerBound]
                out += replacement
                rest = rest[range.upperBound...]
            }
            out += rest
            text = out
        }
        return text
    }
}

/// The output bytes and what could not be written, each kind reported once with a count.
struct WebVTTOutput {
    let sink: ByteSink
    private var notes: [(message: String, lost: Bool, count: Int)] = []
    /// What of an ASS script WebVTT cannot hold (`ASSFeatureLoss`), counted in events.
    var lost = LostFeatures()

    init(sink: ByteSink = ByteSink()) { self.sink = sink }

    mutating func put(_ text: String) { sink.appendString(text) }
    mutating func put(_ byte: UInt8) { sink.append(byte) }
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) { sink.append(bytes) }

    /// A later chunk's notes, counted together with these.
    mutating func merge(_ other: WebVTTOutput) {
        lost.merge(other.lost)
        for note in other.notes {
            if let k = notes.firstIndex(where: { $0.message == note.message }) { notes[k].count += note.count }
            else { notes.append(note) }
        }
    }

    mutating func note(_ message: String, lost: Bool) {
        if let k = notes.firstIndex(where: { $0.message == message }) { notes[k].count += 1 }
        else { notes.append((message, lost, 1)) }
    }

    var diagnostics: [Diagnostic] {
        notes.map { note in
            let times = note.count > 1 ? " (\(note.count) times)" : ""
            return .warning(line: nil, note.lost ? "WebVTT cannot carry \(note.message)\(times)" : "WebVTT: \(note.message)\(times)")
        } + lost.diagnostics(format: "WebVTT")
    }
}
