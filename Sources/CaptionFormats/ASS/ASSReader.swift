import CaptionModel
#if canImport(Glibc)
import Glibc
#endif

/// Reads ASS (v4.00+) and SSA (v4.00) losslessly: `[Script Info]` into metadata (its comment lines
/// kept beside), style rows into `NamedStyle`s with every field, Dialogue lines into events (their
/// Layer, Name, margins and Effect in `CaptionEvent.ass`, their Text kept as written in `sourceText`),
/// Comment and other `[Events]` lines and every other section into the document's `ASSScript`.
/// Each section's `Format:` line names its columns; files without one get the standard columns.
struct ASSReader {
    enum Section { case scriptInfo, styles, events, other }

    static let defaultEventFormat = ["layer", "start", "end", "style", "name", "marginl", "marginr", "marginv", "effect", "text"]
    static let defaultLegacyEventFormat = ["marked", "start", "end", "style", "name", "marginl", "marginr", "marginv", "effect", "text"]

    var section = Section.other
    private var legacy = false { didSet { columns = nil } }
    private var sawSection = false
    private var styleFormat: [String]?
    var eventFormat: [String]? { didSet { columns = nil } }
    var document = CaptionDocument()
    var script = ASSScript(kind: .ass)
    /// The lines of the verbatim section being read.
    private var verbatimHeader: String?
    private var verbatimLines: [String] = []
    var diagnostics: [Diagnostic] = []
    /// The Dialogue line of each event (for messages that point into the file).
    var eventLines: [Int32] = []
    /// Every event's text goes into shared chunks rather than a String per event.
    var arena = TextArenaWriter()
    var textScanner = ASSTextScanner()
    /// Where the events section's Format line puts each field; nil until the next event line after the
    /// Format line (or the script's kind) changed.
    var columns: EventColumns?
    /// Section headers read so far.
    var headerCount = 0
    /// True once the current `[Events]` section's lines have been handed to `ASSEventParts`.
    var sectionReadInParts = false
    /// Where each field of the line being read starts (the byte after its comma).
    var fieldStarts: [Int] = []
    /// The Dialogue lines, their events made on first use (`ASSEventRows`): the run being read, after
    /// the runs read before it (in parts, `ASSEventParts`).
    var rows: [ASSEventRow] = []
    private var runs: [ASSEventRun] = []
    private var rowsInRuns = 0
    /// The Dialogue lines read so far.
    var rowCount: Int { rowsInRuns + rows.count }
    /// Events made while reading, by row: lines the byte reader leaves to `line`, and rows whose
    /// numbers do not fit a row.
    var made: [Int: CaptionEvent] = [:]
    /// The values of the Style, Name and Effect fields the rows index.
    var fields = ASSRowFields()

    /// `byteEvents: false` reads every line through `line` (the differential tests compare the two);
    /// `parts` (tests) reads each `[Events]` section's lines after its first event in that many parts
    /// whatever its size (`ASSEventParts`).
    static func read(_ text: DecodedText, byteEvents: Bool = true, parts: Int? = nil) throws -> ParseResult {
        var reader = ASSReader()
        reader.diagnostics = text.diagnostics
        // Texts inside a script the reader owns are kept in place (rows detached from it).
        reader.fields.source = text.utf8.owned
        reader.arena = TextArenaWriter(sharing: reader.fields.source)
        text.utf8.withUnsafeBufferPointer { b in
            var scanner = LineScanner(b, releasing: text.utf8)
            while let range = scanner.next() {
                let number = scanner.lineNumber
                guard byteEvents, reader.section == .events, reader.eventLine(b, range, number: number) else {
                    reader.line(b, range, number: number)
                    continue
                }
                // After a section's first event (its Format line read), the rest of the script in parts
                // (cut after LFs, so a bare CR is always inside a part, whose scanner splits there).
                guard !reader.sectionReadInParts else { continue }
                reader.sectionReadInParts = true
                if ASSEventParts.read(b, from: scanner.position, firstLine: number + 1, input: text.utf8, parts: parts, into: &reader) { break }
            }
        }
        guard reader.sawSection else {
            throw CaptionFormatError(.malformed, "\(text.sourceName): no ASS section found (no line like '[Script Info]' or '[Events]')")
        }
        reader.endVerbatimSection()
        reader.script.kind = reader.legacy ? .ssa : .ass
        reader.document.assScript = reader.script
        reader.document.deferEvents(DeferredEvents(ASSEventRows(runs: reader.runs + [ASSEventRun(rows: reader.rows, fields: reader.fields)],
                                                                made: reader.made)))
        return ParseResult(document: reader.document, diagnostics: reader.diagnostics, eventLines: reader.eventLines)
    }

    mutating func line(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, number: Int) {
        var start = range.lowerBound
        while start < range.upperBound, b[start] == 0x20 || b[start] == 0x09 { start += 1 }
        if start < range.upperBound, b[start] == 0x5B, let header = sectionHeader(b.string(start..<range.upperBound)) {
            endVerbatimSection()
            sawSection = true
            headerCount += 1
            sectionReadInParts = false
            switch header.lowercased() {
            case "[script info]": section = .scriptInfo
            case "[v4+ styles]": section = .styles; legacy = false
            case "[v4 styles]", "[v4 styles+]": section = .styles; legacy = header.lowercased() == "[v4 styles]"
            case "[events]": section = .events
            default: section = .other; verbatimHeader = header // [Fonts], [Graphics], [Aegisub Project Garbage], unknown
            }
            // A section the model holds is written once, where it first appeared: a second
            // [Events] or styles section adds to the first.
            let kept: ASSSection? = switch section {
            case .scriptInfo: .scriptInfo
            case .styles: .styles
            case .events: .events
            case .other: nil
            }
            if let kept, !script.sections.contains(kept) { script.sections.append(kept) }
            return
        }
        if section == .other {
            // Kept as written, blank lines and all (an embedded font's lines are its data).
            if verbatimHeader != nil, start < range.upperBound { verbatimLines.append(b.string(range)) }
            return
        }
        guard start < range.upperBound else { return }
        let text = b.string(start..<range.upperBound)
        guard b[start] != 0x3B, let colon = text.firstIndex(of: ":") else { // `;` comments, and lines without a key
            if section == .scriptInfo { script.infoComments.append(.init(position: document.metadata.count, value: text)) }
            return
        }
        let key = text[..<colon].assTrimming(" \t")
        var value = text[text.index(after: colon)...]
        if value.first == " " { value = value.dropFirst() }
        switch section {
        case .scriptInfo:
            if key.lowercased() == "scripttype", value.lowercased().hasPrefix("v4.00"), !value.contains("+") { legacy = true }
            document.metadata.append(MetadataEntry(key: key, value: String(value)))
        case .styles:
            switch key.lowercased() {
            case "format":
                styleFormat = Self.fields(value)
                if styleFormat != (legacy ? ASSStyleRow.ssaFormat : ASSStyleRow.assFormat) { script.customFormat = true }
            case "style": style(value, number: number)
            default: break
            }
        case .events:
            switch key.lowercased() {
            case "format":
                eventFormat = Self.fields(value)
                if eventFormat != (legacy ? Self.defaultLegacyEventFormat : Self.defaultEventFormat) { script.customFormat = true }
            case "dialogue": dialogue(value, number: number)
            case "comment": comment(value, number: number)
            // Picture, Sound, Movie, Command: kept as written. A line whose key is not a word is nothing
            // libass reads, and written back it could read as something else (a `;` comment).
            default:
                guard !key.isEmpty, key.allSatisfy({ $0.isASCII && $0.isLetter }) else { break }
                script.otherEvents.append(.init(position: rowCount, value: ASSOtherEvent(type: key, line: String(value))))
            }
        case .other: break
        }
    }

    /// `[Name]` with what follows the bracket dropped, or nil for a line that is not a section header.
    private func sectionHeader(_ line: String) -> String? {
        let trimmed = line.assTrimming(" \t")
        return trimmed.hasSuffix("]") ? trimmed : nil
    }

    private mutating func endVerbatimSection() {
        guard let header = verbatimHeader else { return }
        script.sections.append(.verbatim(header: header, lines: verbatimLines))
        verbatimHeader = nil
        verbatimLines = []
    }

    /// A Format line's column names, lower case; `Actor` is libass's other name for `Name` (in reading
    /// the column and in telling a standard Format line from a custom one).
    private static func fields(_ value: Substring) -> [String] {
        value.split(separator: ",", omittingEmptySubsequences: false).map {
            let name = $0.assTrimming(" \t").lowercased()
            return name == "actor" ? "name" : name
        }
    }

    /// Splits a row into `count` fields; the last takes the rest of the line (commas and all).
    private static func split(_ value: Substring, count: Int) -> [Substring]? {
        let parts = value.split(separator: ",", maxSplits: max(0, count - 1), omittingEmptySubsequences: false)
        return parts.count == count ? parts : nil
    }

    private mutating func style(_ value: Substring, number: Int) {
        let format = styleFormat ?? (legacy ? ASSStyleRow.ssaFormat : ASSStyleRow.assFormat)
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count >= min(format.count, 2) else {
            diagnostics.append(.warning(line: number, "malformed Style line '\(value.prefix(60))'; skipped"))
            return
        }
        document.styles.append(ASSStyleRow.read(parts, format: format, ssa: legacy))
    }

    /// A Dialogue or Comment line as an event, or nil when its fields are not there (with a warning for a
    /// Dialogue line).
    private mutating func event(_ value: Substring, number: Int, kind: String) -> CaptionEvent? {
        let format = eventFormat ?? (legacy ? Self.defaultLegacyEventFormat : Self.defaultEventFormat)
        let isDialogue = kind == "Dialogue"
        guard let parts = Self.split(value, count: format.count) else {
            if isDialogue {
                diagnostics.append(.warning(line: number, "malformed Dialogue line (expected \(format.count) fields: \(format.joined(separator: ", "))); skipped"))
            }
            return nil
        }
        var field: [String: Substring] = [:]
        for (name, part) in zip(format, parts) { field[name] = part }
        guard let startText = field["start"], let start = Self.time(startText),
              let endText = field["end"], let end = Self.time(endText) else {
            if isDialogue { diagnostics.append(.warning(line: number, "malformed Dialogue line (times must look like 0:00:01.00); skipped")) }
            return nil
        }
        let source = String(field["text"] ?? "")
        let parsed = ASSTextParser.parse(source, eventStart: start)
        var placement = CuePlacement()
        placement.anchor = parsed.anchor
        placement.point = parsed.point
        var ass = ASSEventFields()
        // SSA's Marked column is not a layer: libass reads none from it.
        ass.layer = field["layer"].map(ASSHeaderValues.int) ?? 0
        ass.name = field["name"].map { $0.assTrimming(" \t") } ?? ""
        ass.marginLeft = field["marginl"].map(ASSHeaderValues.int) ?? 0
        ass.marginRight = field["marginr"].map(ASSHeaderValues.int) ?? 0
        ass.marginVertical = field["marginv"].map(ASSHeaderValues.int) ?? 0
        ass.effect = field["effect"].map { $0.assTrimming(" \t") } ?? ""
        let style = field["style"].map { String($0.assTrimming(" \t").drop { $0 == "*" }) }
        var event = CaptionEvent(start: start, end: end, text: CaptionText(plain: parsed.plain, spans: parsed.spans),
                                 sourceText: source, words: parsed.words, placement: placement,
                                 style: style?.isEmpty == false ? style : nil)
        ass.textDigest = event.assTextDigest
        event.ass = ass
        return event
    }

    private mutating func dialogue(_ value: Substring, number: Int) {
        guard let event = event(value, number: number, kind: "Dialogue") else { return }
        eventLines.append(Int32(clamping: number))
        appendMade(event)
    }

    /// A Comment line: an event libass never draws, kept in its place among the Dialogue lines. One
    /// whose fields cannot be read is kept verbatim, without a warning (it is never shown).
    private mutating func comment(_ value: Substring, number: Int) {
        let other = event(value, number: number, kind: "Comment").map { ASSOtherEvent(comment: $0) }
            ?? ASSOtherEvent(type: "Comment", line: String(value))
        script.otherEvents.append(.init(position: rowCount, value: other))
    }

    /// The keys of the lines the byte path reads, as little-endian words of their lower case letters.
    struct EventKey {
        let word: UInt64
        let count: Int
        static let dialogue = EventKey(word: 0x6575_676F_6C61_6964, count: 8)
        static let comment = EventKey(word: 0x0074_6E65_6D6D_6F63, count: 7)
    }

    /// The columns of the events section's Format line the model reads, each the last of its name (as a
    /// dictionary of the line's fields would hold it), -1 when the line has none.
    struct EventColumns {
        let count: Int
        var layer = -1, start = -1, end = -1, style = -1, name = -1, marginL = -1, marginR = -1, marginV = -1, effect = -1, text = -1

        init(_ format: [String]) {
            count = format.count
            for (k, column) in format.enumerated() {
                switch column {
                case "layer": layer = k
                case "start": start = k
                case "end": end = k
                case "style": style = k
                case "name": name = k
                case "marginl": marginL = k
                case "marginr": marginR = k
                case "marginv": marginV = k
                case "effect": effect = k
                case "text": text = k
                default: break
                }
            }
        }
    }

    /// A Dialogue or Comment line read on bytes: the fields split at the commas the Format line's count
    /// asks for, numbers and times read in place, the Text field stored once (and its plain text beside
    /// it only when they differ). What `line` and `event` make of the same line, without a String per
    /// line or per field. False, having changed nothing, for any other line and for one this cannot read
    /// exactly as `line` does (malformed fields, whose warnings `line` gives; a key, colon or comma next
    /// to bytes beyond ASCII where Characters could differ from bytes): `line` then reads it.
    mutating func eventLine(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, number: Int) -> Bool {
        var start = range.lowerBound
        let end = range.upperBound
        while start < end, b[start] == 0x20 || b[start] == 0x09 { start += 1 }
        guard start < end, b[start] != 0x5B else { return false }
        let isDialogue: Bool, colon: Int
        if let found = b.colon(afterKey: .dialogue, from: start, before: end) { (isDialogue, colon) = (true, found) }
        else if let found = b.colon(afterKey: .comment, from: start, before: end) { (isDialogue, colon) = (false, found) }
        else { return false }
        var valueStart = colon + 1
        if valueStart < end, b[valueStart] >= 0x80 { return false }
        if valueStart < end, b[valueStart] == 0x20 {
            if valueStart + 1 < end, b[valueStart + 1] >= 0x80 { return false }
            valueStart += 1
        }

        if columns == nil { columns = EventColumns(eventFormat ?? (legacy ? Self.defaultLegacyEventFormat : Self.defaultEventFormat)) }
        let columns = columns!
        if fieldStarts.count < max(columns.count, 1) { fieldStarts = Array(repeating: 0, count: max(columns.count, 1)) }
        let split = fieldStarts.withUnsafeMutableBufferPointer { starts in
            starts[0] = valueStart
            // The commas of 64 bytes at a time as the bits of a word: the fields before the text are
            // short, and looking for each comma on its own costs a mispredicted branch a field.
            let needed = max(columns.count, 1) - 1
            var found = 0
            var block = valueStart
            while found < needed {
                guard block < end else { return false }
                var commas = b.commaBits(from: block, before: end)
                while commas != 0, found < needed {
                    let comma = block + commas.trailingZeroBitCount
                    commas &= commas &- 1
                    guard b.isCharacter(at: comma, in: start..<end) else { return false }
                    found += 1
                    starts[found] = comma + 1
                }
                block += 64
            }
            return true
        }
        guard split else { return false }
        func field(_ k: Int) -> Range<Int>? {
            guard k >= 0 else { return nil }
            return fieldStarts[k]..<(k + 1 < columns.count ? fieldStarts[k + 1] - 1 : end)
        }
        guard let startField = field(columns.start), let eventStart = ASSTime.milliseconds(b, startField),
              let endField = field(columns.end), let eventEnd = ASSTime.milliseconds(b, endField) else { return false }

        let textRange = field(columns.text) ?? end..<end
        func int32(_ k: Int) -> Int32? {
            guard let r = field(k) else { return 0 }
            return Int32(exactly: ASSHeaderValues.int(b, r))
        }
        // SSA's Marked column is not a layer: libass reads none from it.
        guard let layer = int32(columns.layer), let marginL = int32(columns.marginL), let marginR = int32(columns.marginR),
              let marginV = int32(columns.marginV), let start32 = Int32(exactly: eventStart), let end32 = Int32(exactly: eventEnd) else {
            return false
        }
        let row = ASSEventRow(start: start32, end: end32, layer: layer, marginLeft: marginL, marginRight: marginR,
                              marginVertical: marginV, text: arena.appendDetached(UnsafeBufferPointer(rebasing: b[textRange])),
                              style: fields.styles.index(b, field(columns.style) ?? end..<end) { b, range in
                                  let name = b.assStyleName(range)
                                  return name.isEmpty ? nil : name
                              },
                              name: fields.names.index(b, field(columns.name) ?? end..<end) { $0.assTrimmedString($1) },
                              effect: fields.effects.index(b, field(columns.effect) ?? end..<end) { $0.assTrimmedString($1) })
        if isDialogue {
            eventLines.append(Int32(clamping: number))
            rows.append(row)
        } else {
            var whole = row
            whole.text = fields.text(row)
            let comment = ASSCommentRow(whole, style: fields.style(row), name: fields.name(row), effect: fields.effect(row))
            script.otherEvents.append(.init(position: rowCount, value: ASSOtherEvent(deferred: comment)))
        }
        return true
    }

    /// Rows another reader read (a part of the section) after the ones read so far, kept as they are.
    mutating func appendRun(_ run: ASSEventRun) {
        if !rows.isEmpty {
            runs.append(ASSEventRun(rows: rows, fields: fields))
            rowsInRuns += rows.count
            rows = []
        }
        runs.append(run)
        rowsInRuns += run.rows.count
    }

    /// An event made while reading, kept in its place among the rows.
    private mutating func appendMade(_ event: CaptionEvent) {
        made[rowCount] = event
        rows.append(ASSEventRow(start: 0, end: 0, layer: 0, marginLeft: 0, marginRight: 0, marginVertical: 0, text: .empty,
                                style: 0, name: 0, effect: 0))
    }

    /// `h:mm:ss.cc` to milliseconds (`ASSTime.milliseconds`).
    static func time(_ text: Substring) -> Milliseconds? { ASSTime.milliseconds(text) }
}

extension UnsafeBufferPointer<UInt8> {
    /// Where the line's colon is when its key, from `start`, is `key` (lower case ASCII letters, as a
    /// little-endian word) in any case, then blanks, then the colon: what finding the first colon and
    /// comparing the trimmed bytes before it finds (`key` holds no colon), with one load for the key.
    /// Nil otherwise.
    fileprivate func colon(afterKey key: ASSReader.EventKey, from start: Int, before end: Int) -> Int? {
        // A key and its colon: at least eight bytes to load.
        guard end - start > key.count, let base = baseAddress else { return nil }
        let mask: UInt64 = key.count == 8 ? ~0 : (1 << (8 * UInt64(key.count))) - 1
        // `| 0x20` lowers the letters, and no other byte lowers to one.
        let word = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self) | 0x2020_2020_2020_2020
        guard word & mask == key.word else { return nil }
        var p = start + key.count
        while p < end, self[p] == 0x20 || self[p] == 0x09 { p += 1 }
        return p < end && self[p] == 0x3A ? p : nil
    }

    /// The commas of the 64 bytes from `start` (fewer before `end`) as bits, the lowest for `start`:
    /// eight bytes at a time, where a zero byte in `word ^ commas` (found exactly, not just detected)
    /// marks one, its high bit gathered into the word's byte of the result by one multiplication.
    @inline(__always)
    fileprivate func commaBits(from start: Int, before end: Int) -> UInt64 {
        guard let base = baseAddress else { return 0 }
        let commas: UInt64 = 0x2C2C_2C2C_2C2C_2C2C, lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var bits: UInt64 = 0, p = start, shift: UInt64 = 0
        while shift < 64, p + 8 <= end {
            let v = UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self) ^ commas
            let zeros = ~(((v & lows) &+ lows) | v | lows)
            bits |= (((zeros >> 7) &* 0x0102_0408_1020_4080) >> 56) << shift
            p += 8
            shift += 8
        }
        while shift < 64, p < end {
            if base[p] == 0x2C { bits |= 1 << shift }
            p += 1
            shift += 1
        }
        return bits
    }

    /// True when the ASCII byte at `index` is a Character of its own in the String of `bounds`' bytes (as
    /// `split` on Characters needs a separator to be): always beside ASCII; beside other bytes, unless a
    /// combining mark (or another extender) follows it or a prepended mark precedes it.
    @inline(__always)
    fileprivate func isCharacter(at index: Int, in bounds: Range<Int>) -> Bool {
        let before = index > bounds.lowerBound && self[index - 1] >= 0x80
        let after = index + 1 < bounds.upperBound && self[index + 1] >= 0x80
        guard before || after else { return true }
        return isCharacterBesideNonASCII(at: index, in: bounds, before: before, after: after)
    }

    @inline(never)
    private func isCharacterBesideNonASCII(at index: Int, in bounds: Range<Int>, before: Bool, after: Bool) -> Bool {
        var a = index
        if before { a -= 1; while a > bounds.lowerBound, self[a] & 0xC0 == 0x80 { a -= 1 } }
        var z = index + 1
        if after { z += 1; while z < bounds.upperBound, self[z] & 0xC0 == 0x80 { z += 1 } }
        let window = String(decoding: UnsafeBufferPointer(rebasing: self[a..<z]), as: UTF8.self)
        return window.count == 1 + (before ? 1 : 0) + (after ? 1 : 0)
    }

    /// `assTrimming(" \t")` of the bytes in `range`.
    fileprivate func assTrimmedString(_ range: Range<Int>) -> String {
        var a = range.lowerBound, z = range.upperBound
        for k in a..<z where self[k] >= 0x80 { return string(range).assTrimming(" \t") }
        while a < z, self[a] == 0x20 || self[a] == 0x09 { a += 1 }
        while z > a, self[z - 1] == 0x20 || self[z - 1] == 0x09 { z -= 1 }
        return a < z ? string(a..<z) : ""
    }

    /// A Style field as the style's name: trimmed, leading `*` dropped.
    fileprivate func assStyleName(_ range: Range<Int>) -> String {
        var a = range.lowerBound, z = range.upperBound
        for k in a..<z where self[k] >= 0x80 { return String(string(range).assTrimming(" \t").drop { $0 == "*" }) }
        while a < z, self[a] == 0x20 || self[a] == 0x09 { a += 1 }
        while z > a, self[z - 1] == 0x20 || self[z - 1] == 0x09 { z -= 1 }
        while a < z, self[a] == 0x2A { a += 1 }
        return a < z ? string(a..<z) : ""
    }
}
