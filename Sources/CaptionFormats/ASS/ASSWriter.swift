import CaptionModel

/// Writes ASS syntax: `[Script Info]`, a `[V4+ Styles]` row per named style and a Dialogue line per
/// event, with spans, line breaks, placement and word timings as override tags. What the events
/// should say for a preset is `CaptionASS`'s business; this writes what the document holds.
///
/// Times are rounded to centiseconds from each absolute time, never accumulated: an event's start,
/// and each `\k` is the difference of two rounded absolute times, so reading back gives every word
/// its own rounded time however many words precede it.
package enum ASSWriter {
    /// Script resolution when the document does not give one.
    static let defaultPlayRes = (x: 1920, y: 1080)
    /// libass's resolution for an ASS file without PlayRes lines.
    static let libassPlayRes = (x: 384, y: 288)
    /// Script Info keys this writer sets itself.
    static let ownKeys: Set<String> = ["scripttype", "playresx", "playresy", "scaledborderandshadow", "wrapstyle", "ycbcr matrix"]

    static func write(_ document: CaptionDocument, options: WriteOptions, into sink: ByteSink) -> [Diagnostic] {
        var lost = LostFeatures()
        let script = document.assScript
        let styles = script == nil && document.styles.isEmpty ? [NamedStyle(name: "Default")] : document.styles
        let styleNames = Set(styles.map { fieldSafe($0.name) })
        let defaultStyle = styleNames.contains("Default") || styles.isEmpty ? "Default" : fieldSafe(styles[0].name)
        let context = EventContext(styleNames: styleNames, defaultStyle: defaultStyle, keepsStyleNames: script != nil,
                                   others: script?.otherEvents ?? [])
        // A script read from ASS or SSA goes back in its own order of sections; a document from another
        // format gets the three sections.
        var sections = script?.sections ?? []
        for needed in [ASSSection.scriptInfo, .styles, .events] where !sections.contains(needed) {
            if needed == .scriptInfo { sections.insert(needed, at: 0) } else { sections.append(needed) }
        }
        for (n, section) in sections.enumerated() {
            if n > 0 { sink.append(0x0A) }
            switch section {
            case .scriptInfo: sink.appendString(scriptInfo(document, lost: &lost))
            case .styles: sink.appendString(stylesSection(styles, playResY: playRes(document.metadata).y))
            case .events:
                sink.append("[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n")
                // A script's own events, unchanged since it was read, go back from the reader's rows
                // without being made (their Text fields as read, their other fields from the rows).
                if context.keepsStyleNames, let rows = document.deferredEvents?.source as? ASSEventRows {
                    lost.merge(EventChunks.write(count: rows.count, into: sink, options: options, merge: { $0.merge($1) }) { range, sink in
                        writeRows(rows, range, context, into: sink)
                    })
                } else {
                    let eventsLost = document.events.withUnsafeBufferPointer { events in
                        EventChunks.write(count: events.count, into: sink, options: options, merge: { $0.merge($1) }) { range, sink in
                            writeEvents(events, range, context, into: sink)
                        }
                    }
                    lost.merge(eventsLost)
                }
                // The lines after the last Dialogue line.
                for other in context.others(from: context.firstOther(atOrAfter: document.eventCount)) {
                    writeOther(other.value, context, sink, lost: &lost)
                }
            case .verbatim(let header, let lines):
                sink.appendString(header)
                sink.append(0x0A)
                for line in lines { sink.appendString(line); sink.append(0x0A) }
            }
        }
        if !document.regions.isEmpty { lost.note("WebVTT regions") }
        if !document.stylesheets.isEmpty { lost.note("WebVTT STYLE blocks") }
        return lost.diagnostics(format: "ASS")
    }

    /// `[Script Info]`. From ASS or SSA: every line as read, in order, with ScriptType v4.00+ (the styles
    /// are written as V4+), and ScaledBorderAndShadow: yes where the script's own custom Format lines
    /// made that libass's default. From another format: the keys this writer needs.
    private static func scriptInfo(_ document: CaptionDocument, lost: inout LostFeatures) -> String {
        var out = "[Script Info]\n"
        guard let script = document.assScript else {
            let res = playRes(document.metadata)
            var title = false
            for entry in document.metadata where !ownKeys.contains(entry.key.lowercased()) {
                guard isWritable(entry) else { lost.note("header lines that are not 'Key: value'"); continue }
                if entry.key.lowercased() == "title" { title = true }
                out += "\(entry.key): \(entry.value)\n"
            }
            if !title { out += "Title: CaptionKit\n" }
            out += "ScriptType: v4.00+\n"
            out += "PlayResX: \(res.x)\nPlayResY: \(res.y)\n"
            out += "ScaledBorderAndShadow: yes\nWrapStyle: 2\nYCbCr Matrix: None\n"
            return out
        }
        var scriptType = false
        var comments = script.infoComments[...]
        for (n, entry) in document.metadata.enumerated() {
            while let comment = comments.first, comment.position <= n { out += safeLine(comment.value) + "\n"; comments = comments.dropFirst() }
            guard isWritable(entry) else { lost.note("header lines that are not 'Key: value'"); continue }
            if entry.key.lowercased() == "scripttype" {
                guard !scriptType else { continue }
                scriptType = true
                out += "\(entry.key): v4.00+\n"
            } else {
                out += "\(entry.key): \(entry.value)\n"
            }
        }
        for comment in comments { out += safeLine(comment.value) + "\n" }
        if !scriptType { out += "ScriptType: v4.00+\n" }
        if script.customFormat, !document.metadata.contains(where: { $0.key == "ScaledBorderAndShadow" }) {
            out += "ScaledBorderAndShadow: yes\n"
        }
        return out
    }

    /// `[V4+ Styles]` with a row per style (none for a script that had none: libass then uses its own).
    private static func stylesSection(_ styles: [NamedStyle], playResY: Int) -> String {
        var out = "[V4+ Styles]\n"
        out += "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding\n"
        for style in styles { out += styleRow(style, playResY: playResY) + "\n" }
        return out
    }

    /// A line that stays one line.
    private static func safeLine(_ s: String) -> String { String(s.map { $0 == "\n" || $0 == "\r" ? " " : $0 }) }

    /// What every Dialogue line needs to know of the styles and of the lines between them.
    private struct EventContext {
        let styleNames: Set<String>
        let defaultStyle: String
        let defaultStyleBytes: [UInt8]
        /// A script read from ASS: every event's style name is written as read (libass falls back to
        /// Default for an unknown one, as it did reading the input).
        let keepsStyleNames: Bool
        /// Comment and other `[Events]` lines, by position.
        let others: [ASSScript.Positioned<ASSOtherEvent>]
        init(styleNames: Set<String>, defaultStyle: String, keepsStyleNames: Bool, others: [ASSScript.Positioned<ASSOtherEvent>]) {
            self.styleNames = styleNames
            self.defaultStyle = defaultStyle
            defaultStyleBytes = Array(defaultStyle.utf8)
            self.keepsStyleNames = keepsStyleNames
            self.others = others
        }

        /// The index in `others` of the first line at `position` or later.
        func firstOther(atOrAfter position: Int) -> Int {
            var low = 0, high = others.count
            while low < high {
                let mid = (low + high) / 2
                if others[mid].position < position { low = mid + 1 } else { high = mid }
            }
            return low
        }

        func others(from index: Int) -> ArraySlice<ASSScript.Positioned<ASSOtherEvent>> { others[index...] }
    }

    /// The Dialogue lines of the events in `range`, with what they could not carry, and the Comment
    /// and other lines that stood before them.
    private static func writeEvents(_ events: UnsafeBufferPointer<CaptionEvent>, _ range: Range<Int>, _ context: EventContext,
                                    into sink: ByteSink) -> LostFeatures {
        var lost = LostFeatures()
        var other = context.firstOther(atOrAfter: range.lowerBound)
        for n in range {
            writeOthers(before: n, from: &other, context, sink, lost: &lost)
            writeEvent(events[n], kind: "Dialogue: ", context, sink, lost: &lost)
        }
        return lost
    }

    /// `writeEvents` for the events of a script as read: what `writeEvent` writes for each, from its row.
    private static func writeRows(_ rows: ASSEventRows, _ range: Range<Int>, _ context: EventContext,
                                  into sink: ByteSink) -> LostFeatures {
        var lost = LostFeatures()
        var other = context.firstOther(atOrAfter: range.lowerBound)
        let anyMade = !rows.made.isEmpty
        rows.forEachRun(in: range) { first, run, fields in
            var bytes = RunFieldBytes(fields)
            for k in run.indices {
                let n = first + k
                writeOthers(before: n, from: &other, context, sink, lost: &lost)
                if anyMade, let event = rows.made[n] {
                    writeEvent(event, kind: "Dialogue: ", context, sink, lost: &lost)
                    continue
                }
                writeRow(run.baseAddress! + k, &bytes, kind: "Dialogue: ", sink, lost: &lost)
            }
        }
        return lost
    }

    /// The field-safe bytes of a run's Style, Name and Effect values.
    private struct RunFieldBytes {
        var styles: ASSFieldBytes, names: ASSFieldBytes, effects: ASSFieldBytes
        let source: OwnedBytes?
        init(_ fields: ASSRowFields) {
            styles = ASSFieldBytes(fields.styles)
            names = ASSFieldBytes(fields.names)
            effects = ASSFieldBytes(fields.effects)
            source = fields.source
        }

        /// A row's Text field in place, detached from `source` or not, retaining nothing.
        static func withText<R>(_ row: UnsafePointer<ASSEventRow>, in source: OwnedBytes?, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            let text = row.pointer(to: \.text)!
            if let source { return source.withUTF8(of: text, body) }
            return StoredText.withUTF8(in: text, body)
        }
    }

    /// What `writeEvent` writes for the event of a row read from ASS, from the row.
    private static func writeRow(_ row: UnsafePointer<ASSEventRow>, _ fields: inout RunFieldBytes, kind: StaticString, _ sink: ByteSink,
                                 lost: inout LostFeatures) {
        let source = fields.source
        fields.styles.withBytes(row.pointee.style) { style in
            fields.names.withBytes(row.pointee.name) { name in
                fields.effects.withBytes(row.pointee.effect) { effect in
                    RunFieldBytes.withText(row, in: source) { text in
                        appendLine(kind: kind, row, style: style, name: name, effect: effect, text: text, sink, lost: &lost)
                    }
                }
            }
        }
    }

    /// `Kind: Layer,Start,End,Style,Name,MarginL,MarginR,MarginV,Effect,Text` and a line feed, of a row's
    /// numbers and the given field-safe values, formatted into room reserved once for the whole line.
    @inline(__always)
    private static func appendLine(kind: StaticString, _ row: UnsafePointer<ASSEventRow>, style: UnsafeBufferPointer<UInt8>,
                                   name: UnsafeBufferPointer<UInt8>, effect: UnsafeBufferPointer<UInt8>,
                                   text: UnsafeBufferPointer<UInt8>, _ sink: ByteSink, lost: inout LostFeatures) {
        let start = Milliseconds(row.pointee.start), end = Milliseconds(row.pointee.end)
        if start < 0 || end < 0 { lost.note(negativeTimes) }
        // The kind (10), four Int32 numbers (11 each), two clocks (30 each), nine commas and the line feed.
        let bound = 144 + style.count + name.count + effect.count + text.count
        sink.append(atMost: bound) { line in
            line.put(kind)
            line.putDecimal(Int(row.pointee.layer))
            line.put(0x2C)
            line.putClock(centiseconds: ASSTime.centiseconds(start))
            line.put(0x2C)
            line.putClock(centiseconds: ASSTime.centiseconds(end))
            line.put(0x2C)
            line.put(style)
            line.put(0x2C)
            line.put(name)
            line.put(0x2C)
            line.putDecimal(Int(row.pointee.marginLeft))
            line.put(0x2C)
            line.putDecimal(Int(row.pointee.marginRight))
            line.put(0x2C)
            line.putDecimal(Int(row.pointee.marginVertical))
            line.put(0x2C)
            line.put(effect)
            line.put(0x2C)
            line.put(text)
            line.put(0x0A)
        }
    }

    /// The Comment and other lines that stand before event `n`, from `other` on (moved past them).
    private static func writeOthers(before n: Int, from other: inout Int, _ context: EventContext, _ sink: ByteSink,
                                    lost: inout LostFeatures) {
        while other < context.others.count, context.others[other].position <= n {
            writeOther(context.others[other].value, context, sink, lost: &lost)
            other += 1
        }
    }

    private static let negativeTimes = "negative times (written as 0:00:00.00)"

    /// `Kind: Layer,Start,End,` of a line, noting a negative time.
    private static func appendTimes(kind: StaticString, layer: Int, _ start: Milliseconds, _ end: Milliseconds, _ sink: ByteSink,
                                    lost: inout LostFeatures) {
        if start < 0 || end < 0 { lost.note(negativeTimes) }
        sink.append(kind)
        sink.appendDecimal(layer)
        sink.append(0x2C)
        appendClock(start, sink)
        sink.append(0x2C)
        appendClock(end, sink)
        sink.append(0x2C)
    }

    /// The fields of a line that are text.
    private enum TextField { case style, name, effect }

    /// `Style,Name,MarginL,MarginR,MarginV,Effect,` of a line read from ASS, `field` appending each text
    /// field's bytes (from an event's Strings, or from a row's values made once per run).
    private static func appendASSFields(margins: (left: Int, right: Int, vertical: Int), _ sink: ByteSink, field: (TextField) -> Void) {
        field(.style)
        sink.append(0x2C)
        field(.name)
        sink.append(0x2C)
        sink.appendDecimal(margins.left)
        sink.append(0x2C)
        sink.appendDecimal(margins.right)
        sink.append(0x2C)
        sink.appendDecimal(margins.vertical)
        sink.append(0x2C)
        field(.effect)
        sink.append(0x2C)
    }

    /// A Comment line as an event, any other line as read.
    private static func writeOther(_ other: ASSOtherEvent, _ context: EventContext, _ sink: ByteSink, lost: inout LostFeatures) {
        // A Comment line as read, in a script written with its own style names: the line back as it was.
        if context.keepsStyleNames, let read = other.deferred as? ASSCommentRow {
            withUnsafePointer(to: read.row) { row in
                withFieldSafe(read.style ?? "") { style in
                    withFieldSafe(read.name) { name in
                        withFieldSafe(read.effect) { effect in
                            row.pointee.text.withUTF8 { appendLine(kind: "Comment: ", row, style: style, name: name, effect: effect, text: $0, sink, lost: &lost) }
                        }
                    }
                }
            }
        } else if let comment = other.comment {
            writeEvent(comment, kind: "Comment: ", context, sink, lost: &lost)
        } else {
            sink.appendString("\(fieldSafe(other.type)): \(safeLine(other.line ?? ""))\n")
        }
    }

    /// One Dialogue (or Comment) line. An event read from ASS keeps its fields, and its Text field as
    /// written while the event still says what it said when read.
    private static func writeEvent(_ event: CaptionEvent, kind: StaticString, _ context: EventContext, _ sink: ByteSink,
                                   lost: inout LostFeatures) {
        appendTimes(kind: kind, layer: event.ass?.layer ?? 0, event.start, event.end, sink, lost: &lost)
        if let ass = event.ass {
            // A script's own style names as read; otherwise a style the document defines (already
            // field-safe, so appending it field-safe changes nothing).
            let style = context.keepsStyleNames ? event.style ?? "" : styleName(event, context, lost: &lost)
            appendASSFields(margins: (ass.marginLeft, ass.marginRight, ass.marginVertical), sink) {
                switch $0 {
                case .style: appendFieldSafe(style, sink)
                case .name: appendFieldSafe(ass.name, sink)
                case .effect: appendFieldSafe(ass.effect, sink)
                }
            }
            if ass.textDigest == event.assTextDigest {
                event.sourceStoredText.withUTF8 { sink.append($0) }
            } else {
                if ASSOverrides.hasTagsTheModelLacks(event.sourceText) {
                    lost.note("override tags of edited events beyond bold, italic, underline, strikeout, colour, font, \\an, \\pos and karaoke (the edited text is written without them)")
                }
                writeText(event, sink, lost: &lost)
            }
            sink.append(0x0A)
            return
        }
        let span = event.isPlain ? nil : event.singleSimpleSpan
        if event.isPlain || span != nil {
            // Most cues are only text, or text with one <i>: the default style, the text's bytes
            // escaped where needed, with the span's tags as writeText writes them.
            context.defaultStyleBytes.withUnsafeBufferPointer { sink.append($0) }
            sink.append(0x2C)
            if let id = event.id { sink.appendString(fieldSafe(id)) }
            sink.append(",0,0,0,,")
            event.plainText.withUTF8 { text in
                if let span { writeSimpleSpan(span, text, sink, lost: &lost) } else { appendEscaped(text, sink, lost: &lost, endsEvent: true) }
            }
        } else {
            if event.settings != nil { lost.note("WebVTT cue settings") }
            if event.placement?.rect != nil { lost.note("SRT coordinates") }
            if event.settings == nil, AreaLoss.matters(event.placement) { lost.note("caption rows and region boxes away from their alignment's place (the alignment is kept)") }
            sink.appendString("\(styleName(event, context, lost: &lost)),\(event.id.map(fieldSafe) ?? ""),0,0,0,,")
            writeText(event, sink, lost: &lost)
        }
        sink.append(0x0A)
    }

    /// `fieldSafe(s)`'s bytes.
    private static func appendFieldSafe(_ s: String, _ sink: ByteSink) {
        withFieldSafe(s) { sink.append($0) }
    }

    /// `body` given `fieldSafe(s)`'s bytes: the String's own when it has no comma, LF or CR (then no
    /// Character of it is one), else `fieldSafe`'s.
    private static func withFieldSafe<R>(_ s: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var s = s
        return s.withUTF8 { bytes in
            guard bytes.containsAny(0x2C, 0x0A, 0x0D, in: 0..<bytes.count) else { return body(bytes) }
            return Array(fieldSafe(String(decoding: bytes, as: UTF8.self)).utf8).withUnsafeBufferPointer(body)
        }
    }

    /// The event's style where the document defines it, else the default style.
    private static func styleName(_ event: CaptionEvent, _ context: EventContext, lost: inout LostFeatures) -> String {
        guard let s = event.style else { return context.defaultStyle }
        if context.styleNames.contains(fieldSafe(s)) { return fieldSafe(s) }
        lost.note("references to styles the document does not define")
        return context.defaultStyle
    }

    /// A text with one bold, italic, underline or strikethrough span: the tags writeText gives it (no
    /// closing tag when the span runs to the end), without its bookkeeping.
    private static func writeSimpleSpan(_ span: TextSpan, _ text: UnsafeBufferPointer<UInt8>, _ sink: ByteSink,
                                        lost: inout LostFeatures) {
        let open: StaticString, close: StaticString
        switch span.kind {
        case .bold: (open, close) = ("{\\b1}", "{\\b0}")
        case .italic: (open, close) = ("{\\i1}", "{\\i0}")
        case .underline: (open, close) = ("{\\u1}", "{\\u0}")
        default: (open, close) = ("{\\s1}", "{\\s0}")
        }
        appendEscaped(UnsafeBufferPointer(rebasing: text[..<span.start]), sink, lost: &lost, endsEvent: false)
        sink.append(open)
        appendEscaped(UnsafeBufferPointer(rebasing: text[span.start..<span.end]), sink, lost: &lost, endsEvent: span.end == text.count)
        guard span.end < text.count else { return }
        sink.append(close)
        appendEscaped(UnsafeBufferPointer(rebasing: text[span.end...]), sink, lost: &lost, endsEvent: true)
    }

    /// `h:mm:ss.cc`, rounded to the centisecond as `ASSTime.clock` rounds.
    private static func appendClock(_ ms: Milliseconds, _ sink: ByteSink) {
        let cs = ASSTime.centiseconds(ms)
        let hours = cs / 360_000
        if hours < 10 {
            sink.append(0x30 &+ UInt8(truncatingIfNeeded: hours))
        } else {
            sink.appendDecimal(hours)
        }
        sink.appendClockFields(minutes: cs / 6000 % 60, seconds: cs / 100 % 60, fraction: cs % 100)
    }

    /// `escape` on bytes. ASCII text is escaped byte by byte (there each byte is a character, but for
    /// CR LF); other text goes through `escape`, where a combining mark can make `{` part of another
    /// character. `endsEvent`: no tag follows the text (see `escape` on a last backslash).
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, _ sink: ByteSink, lost: inout LostFeatures, endsEvent: Bool) {
        guard ByteScan.isASCII(bytes) else {
            sink.appendString(escape(String(decoding: bytes, as: UTF8.self), lost: &lost, endsEvent: endsEvent))
            return
        }
        var start = 0
        while let i = ByteScan.firstASSSpecial(bytes, from: start) {
            sink.append(UnsafeBufferPointer(rebasing: bytes[start..<i]))
            var next = i + 1
            switch bytes[i] {
            case 0x0A: sink.append("\\N")
            case 0x0D where next < bytes.count && bytes[next] == 0x0A: sink.append("\\N"); next += 1
            case 0x7B: sink.append("\\{")
            case 0x7D: sink.append("\\}")
            case 0x5C:
                if next < bytes.count ? [0x4E, 0x6E, 0x68].contains(bytes[next]) : !endsEvent {
                    lost.note(Self.backslashNote, instead: Self.backslashOutcome)
                    sink.appendString(Self.backslashLookAlike)
                } else {
                    sink.append(0x5C)
                }
            default: sink.append(bytes[i])  // a CR on its own
            }
            start = next
        }
        sink.append(UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
    }

    /// PlayResX/PlayResY from the metadata; a missing one follows the other at 4:3 as libass does; with
    /// neither, libass's 384x288 for a document read from ASS (so it looks the same), else 1920x1080.
    static func playRes(_ metadata: [MetadataEntry]) -> (x: Int, y: Int) {
        func value(_ key: String) -> Int? {
            metadata.last { $0.key.lowercased() == key }.flatMap { Int($0.value.assTrimming(" \t")) }.flatMap { $0 > 0 ? $0 : nil }
        }
        switch (value("playresx"), value("playresy")) {
        case let (x?, y?): return (x, y)
        case let (x?, nil): return (x, x == 1280 ? 1024 : x * 3 / 4)
        case let (nil, y?): return (y == 1024 ? 1280 : y * 4 / 3, y)
        case (nil, nil):
            let fromASS = metadata.contains { $0.key.lowercased() == "scripttype" }
            return fromASS ? libassPlayRes : defaultPlayRes
        }
    }

    private static func isWritable(_ entry: MetadataEntry) -> Bool {
        !entry.key.isEmpty && !entry.key.contains(":") && !entry.key.hasPrefix("[") && !entry.key.hasPrefix(";")
            && !entry.key.contains("\n") && !entry.value.contains("\n") && !entry.key.contains("\r") && !entry.value.contains("\r")
    }

    /// A value that sits between commas: commas and line ends would break the row.
    static func fieldSafe(_ s: String) -> String {
        String(s.map { $0 == "," ? ";" : ($0 == "\n" || $0 == "\r" ? " " : $0) })
    }

    /// A `Style:` row. Unset fields get this writer's defaults (a style read from ASS has them all).
    static func styleRow(_ s: NamedStyle, playResY: Int) -> String {
        func flag(_ v: Bool?) -> String { v == true ? "-1" : "0" }
        let size = s.fontSize ?? Double(max(8, (playResY + 10) / 20))
        let fields = [
            fieldSafe(s.name), fieldSafe(s.fontFamily ?? "Arial"), NumberText.plain(size),
            ASSColor.string(s.primaryColor ?? .white), ASSColor.string(s.secondaryColor ?? RGBAColor(red: 255, green: 0, blue: 0)),
            ASSColor.string(s.outlineColor ?? .black), ASSColor.string(s.backColor ?? .black),
            flag(s.bold), flag(s.italic), flag(s.underline), flag(s.strikeout),
            NumberText.plain(s.scaleX ?? 100), NumberText.plain(s.scaleY ?? 100), NumberText.plain(s.spacing ?? 0),
            NumberText.plain(s.angle ?? 0), String(s.borderStyle ?? 1),
            NumberText.plain(s.outlineWidth ?? 2), NumberText.plain(s.shadowDepth ?? 2), String(s.anchor ?? 2),
            String(s.marginLeft ?? 10), String(s.marginRight ?? 10), String(s.marginVertical ?? 10), String(s.encoding ?? 1),
        ]
        return "Style: " + fields.joined(separator: ",")
    }

    /// The Text field: placement first, then the text with tags at span and word boundaries.
    static func writeText(_ event: CaptionEvent, _ sink: ByteSink, lost: inout LostFeatures) {
        event.plainText.withUTF8 { utf8 in writeText(event, utf8, sink, lost: &lost) }
    }

    /// A tag to write at a text offset: closing tags first (innermost span first), then karaoke tags,
    /// then opening tags (in span order). Sorted on (offset, group, order), grouped per offset.
    private struct Mark {
        var offset: Int
        var group: Int
        var order: Int
        var tag: String
    }

    private static func writeText(_ event: CaptionEvent, _ utf8: UnsafeBufferPointer<UInt8>, _ sink: ByteSink, lost: inout LostFeatures) {
        var marks: [Mark] = []
        for (n, span) in event.spans.enumerated() {
            let start = max(0, min(span.start, utf8.count)), end = max(0, min(span.end, utf8.count))
            guard start < end else { continue }
            let tags: (String, String)?
            switch span.kind {
            case .bold: tags = ("\\b1", "\\b0")
            case .italic: tags = ("\\i1", "\\i0")
            case .underline: tags = ("\\u1", "\\u0")
            case .strikethrough: tags = ("\\s1", "\\s0")
            case .color(let c):
                tags = c.alpha == 255 ? ("\\c" + ASSColor.string(c, inline: true), "\\c")
                    : ("\\c" + ASSColor.string(c, inline: true) + "\\1a" + ASSColor.transparency(c), "\\c\\1a&H00&")
            case .fontFace(let f): tags = ("\\fn" + f.filter { $0 != "\\" && $0 != "}" && $0 != "{" }, "\\fn")
            case .fontScale(let k):
                // Relative, as the span is: the style's size scaled (this writer's styles scale by 100).
                let percent = NumberText.plain((k * 10_000).rounded() / 100)
                tags = ("\\fscx\(percent)\\fscy\(percent)", "\\fscx100\\fscy100")
            case .voice: lost.note("voice names"); tags = nil
            case .classes: lost.note("WebVTT classes"); tags = nil
            case .language: lost.note("language spans"); tags = nil
            case .ruby, .rubyText: lost.note("ruby (the annotation is kept as plain text)"); tags = nil
            }
            guard let (open, close) = tags else { continue }
            marks.append(Mark(offset: start, group: 2, order: n, tag: open))
            // Closes at one offset go innermost (latest span) first.
            if end < utf8.count { marks.append(Mark(offset: end, group: 0, order: -n, tag: close)) }
        }
        if !event.words.isEmpty {
            if let karaoke = karaokeMarks(event, utf8) {
                for (n, (offset, tag)) in karaoke.enumerated() { marks.append(Mark(offset: offset, group: 1, order: n, tag: tag)) }
            } else {
                lost.note("word timings whose words are not in the text")
            }
        }
        marks.sort { ($0.offset, $0.group, $0.order) < ($1.offset, $1.group, $1.order) }

        let placement = event.placement
        if placement?.anchor.map({ (1...9).contains($0) }) == true || placement?.point != nil {
            sink.append("{")
            if let anchor = placement?.anchor, (1...9).contains(anchor) { sink.append("\\an"); sink.appendDecimal(anchor) }
            if let p = placement?.point { sink.appendString("\\pos(\(NumberText.plain(p.x)),\(NumberText.plain(p.y)))") }
            sink.append("}")
        }

        var cursor = 0, k = 0
        while cursor < utf8.count || k < marks.count {
            let cut = k < marks.count ? marks[k].offset : utf8.count
            if cut > cursor {
                appendEscaped(UnsafeBufferPointer(rebasing: utf8[cursor..<cut]), sink, lost: &lost, endsEvent: k >= marks.count)
                cursor = cut
            }
            guard k < marks.count else { break }
            var group = k
            while group < marks.count, marks[group].offset == cut { group += 1 }
            let here = marks[k..<group]
            let closes = here.filter { $0.group == 0 }, karaoke = here.filter { $0.group == 1 }, opens = here.filter { $0.group == 2 }
            if !closes.isEmpty {
                sink.append("{"); for c in closes { sink.appendString(c.tag) }; sink.append("}")
            }
            for tag in karaoke.dropLast() { sink.append("{"); sink.appendString(tag.tag); sink.append("}") }
            if !karaoke.isEmpty || !opens.isEmpty {
                sink.append("{")
                if let last = karaoke.last { sink.appendString(last.tag) }
                for o in opens { sink.appendString(o.tag) }
                sink.append("}")
            }
            k = group
        }
    }

    /// `\k` tags at each word's offset in the text, with a gap's time as an empty `{\k}` segment.
    /// Nil when a word cannot be found in order in the text.
    private static func karaokeMarks(_ event: CaptionEvent, _ utf8: UnsafeBufferPointer<UInt8>) -> [(Int, String)]? {
        var marks: [(Int, String)] = []
        var cursor = 0
        var previousEnd = ASSTime.centiseconds(event.start)
        for word in event.words {
            let needle = Array(ASSTextParser.trimmed(word.text).utf8)
            guard !needle.isEmpty, let offset = find(needle, in: utf8, from: cursor) else { return nil }
            let start = max(ASSTime.centiseconds(word.start), previousEnd)
            let end = max(ASSTime.centiseconds(word.end), start)
            if start > previousEnd { marks.append((offset, "\\k\(start - previousEnd)")) }
            marks.append((offset, "\\k\(end - start)"))
            previousEnd = end
            cursor = offset + needle.count
        }
        return marks
    }

    private static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var i = from
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// Line breaks as `\N`, no-break spaces as `\h`, braces as `\{` `\}` so they are not read as overrides.
    /// ASS has no escape for a backslash itself, so one that libass would read together with what
    /// follows is written as its look-alike `⧵` (U+29F5): before `N`, `n` or `h` (a line break or space
    /// otherwise), and at the end of text a tag follows (`a\{\i0}` would show the tag as text).
    static func escape(_ s: String, lost: inout LostFeatures, endsEvent: Bool = true) -> String {
        var out = ""
        var pendingBackslash = false
        func flushBackslash(unsafe: Bool) {
            guard pendingBackslash else { return }
            if unsafe { lost.note(backslashNote, instead: backslashOutcome); out += backslashLookAlike } else { out += "\\" }
            pendingBackslash = false
        }
        for c in s {
            flushBackslash(unsafe: c == "N" || c == "n" || c == "h")
            switch c {
            case "\n", "\r\n": out += "\\N"
            case "\u{00A0}": out += "\\h"
            case "{": out += "\\{"
            case "}": out += "\\}"
            case "\\": pendingBackslash = true
            default: out.append(c)
            }
        }
        flushBackslash(unsafe: !endsEvent)
        return out
    }

    /// `escape` for ASS text written elsewhere (the compiled events of `CaptionASS`), whose warnings
    /// are its own to give.
    package static func escape(_ s: String, endsEvent: Bool) -> String {
        var lost = LostFeatures()
        return escape(s, lost: &lost, endsEvent: endsEvent)
    }

    static let backslashLookAlike = "\u{29F5}"
    static let backslashNote = "a backslash before N, n, h or a tag (libass reads the two together)"
    static let backslashOutcome = "written as its look-alike ⧵ (U+29F5)"
}
