import CaptionModel

/// Reads ASS (v4.00+) and SSA (v4.00) losslessly: `[Script Info]` into metadata (its comment lines
/// kept beside), style rows into `NamedStyle`s with every field, Dialogue lines into events (their
/// Layer, Name, margins and Effect in `CaptionEvent.ass`, their Text kept as written in `sourceText`),
/// Comment and other `[Events]` lines and every other section into the document's `ASSScript`.
/// Each section's `Format:` line names its columns; files without one get the standard columns.
struct ASSReader {
    private enum Section { case scriptInfo, styles, events, other }

    static let defaultEventFormat = ["layer", "start", "end", "style", "name", "marginl", "marginr", "marginv", "effect", "text"]
    static let defaultLegacyEventFormat = ["marked", "start", "end", "style", "name", "marginl", "marginr", "marginv", "effect", "text"]

    private var section = Section.other
    private var legacy = false
    private var sawSection = false
    private var styleFormat: [String]?
    private var eventFormat: [String]?
    private var document = CaptionDocument()
    private var script = ASSScript(kind: .ass)
    /// The lines of the verbatim section being read.
    private var verbatimHeader: String?
    private var verbatimLines: [String] = []
    private var diagnostics: [Diagnostic] = []
    /// The Dialogue line of each event (for messages that point into the file).
    private var eventLines: [Int32] = []

    static func read(_ text: DecodedText) throws -> ParseResult {
        var reader = ASSReader()
        reader.diagnostics = text.diagnostics
        text.utf8.withUnsafeBufferPointer { b in
            var scanner = LineScanner(b)
            while let range = scanner.next() {
                reader.line(b, range, number: scanner.lineNumber)
            }
        }
        guard reader.sawSection else {
            throw CaptionFormatError(.malformed, "\(text.sourceName): no ASS section found (no line like '[Script Info]' or '[Events]')")
        }
        reader.endVerbatimSection()
        reader.script.kind = reader.legacy ? .ssa : .ass
        reader.document.assScript = reader.script
        return ParseResult(document: reader.document, diagnostics: reader.diagnostics, eventLines: reader.eventLines)
    }

    private mutating func line(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, number: Int) {
        var start = range.lowerBound
        while start < range.upperBound, b[start] == 0x20 || b[start] == 0x09 { start += 1 }
        if start < range.upperBound, b[start] == 0x5B, let header = sectionHeader(b.string(start..<range.upperBound)) {
            endVerbatimSection()
            sawSection = true
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
            default: script.otherEvents.append(.init(position: document.events.count, value: ASSOtherEvent(type: key, line: String(value))))
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

    private static func fields(_ value: Substring) -> [String] {
        value.split(separator: ",", omittingEmptySubsequences: false).map { $0.assTrimming(" \t").lowercased() }
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
        document.events.append(event)
    }

    /// A Comment line: an event libass never draws, kept in its place among the Dialogue lines. One
    /// whose fields cannot be read is kept verbatim, without a warning (it is never shown).
    private mutating func comment(_ value: Substring, number: Int) {
        let other = event(value, number: number, kind: "Comment").map { ASSOtherEvent(comment: $0) }
            ?? ASSOtherEvent(type: "Comment", line: String(value))
        script.otherEvents.append(.init(position: document.events.count, value: other))
    }

    /// `h:mm:ss.cc` to milliseconds (`ASSTime.milliseconds`).
    static func time(_ text: Substring) -> Milliseconds? { ASSTime.milliseconds(text) }
}
