import CaptionModel

/// Reads ASS (v4.00+) and SSA (v4.00): `[Script Info]` into metadata, style rows into `NamedStyle`,
/// Dialogue lines into events. Each section's `Format:` line names its columns; files without one
/// get the standard columns. Attached fonts and graphics are skipped.
struct ASSReader {
    private enum Section { case scriptInfo, styles, events, other }

    static let defaultEventFormat = ["layer", "start", "end", "style", "name", "marginl", "marginr", "marginv", "effect", "text"]
    static let defaultLegacyEventFormat = ["marked", "start", "end", "style", "name", "marginl", "marginr", "marginv", "effect", "text"]
    static let defaultStyleFormat = ["name", "fontname", "fontsize", "primarycolour", "secondarycolour", "outlinecolour", "backcolour",
                                     "bold", "italic", "underline", "strikeout", "scalex", "scaley", "spacing", "angle",
                                     "borderstyle", "outline", "shadow", "alignment", "marginl", "marginr", "marginv", "encoding"]
    static let defaultLegacyStyleFormat = ["name", "fontname", "fontsize", "primarycolour", "secondarycolour", "tertiarycolour", "backcolour",
                                           "bold", "italic", "borderstyle", "outline", "shadow", "alignment", "marginl", "marginr", "marginv",
                                           "alphalevel", "encoding"]

    private var section = Section.other
    private var legacy = false
    private var sawSection = false
    private var styleFormat: [String]?
    private var eventFormat: [String]?
    private var document = CaptionDocument()
    private var diagnostics: [Diagnostic] = []
    /// The Dialogue line of each event (for messages that point into the file).
    private var eventLines: [Int32] = []
    private var drawingWarned = false

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
        return ParseResult(document: reader.document, diagnostics: reader.diagnostics, eventLines: reader.eventLines)
    }

    private mutating func line(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, number: Int) {
        var start = range.lowerBound
        while start < range.upperBound, b[start] == 0x20 || b[start] == 0x09 { start += 1 }
        guard start < range.upperBound else { return }
        if b[start] == 0x5B { // [Section]
            let name = b.string(start..<range.upperBound).assTrimming(" \t").lowercased()
            if name.hasSuffix("]") {
                sawSection = true
                switch name {
                case "[script info]": section = .scriptInfo
                case "[v4+ styles]": section = .styles; legacy = false
                case "[v4 styles]", "[v4 styles+]": section = .styles; legacy = name == "[v4 styles]"
                case "[events]": section = .events
                default: section = .other // [Fonts], [Graphics], [Aegisub Project Garbage], unknown
                }
                return
            }
        }
        // Attached fonts and graphics are long; never make strings of them.
        guard section != .other, b[start] != 0x3B else { return } // `;` comments
        let text = b.string(start..<range.upperBound)
        guard let colon = text.firstIndex(of: ":") else { return }
        let key = text[..<colon].assTrimming(" \t")
        var value = text[text.index(after: colon)...]
        if value.first == " " { value = value.dropFirst() }
        switch section {
        case .scriptInfo:
            if key.lowercased() == "scripttype", value.lowercased().hasPrefix("v4.00"), !value.contains("+") { legacy = true }
            document.metadata.append(MetadataEntry(key: key, value: String(value)))
        case .styles:
            switch key.lowercased() {
            case "format": styleFormat = Self.fields(value)
            case "style": style(value, number: number)
            default: break
            }
        case .events:
            switch key.lowercased() {
            case "format": eventFormat = Self.fields(value)
            case "dialogue": dialogue(value, number: number)
            default: break // Comment, Picture, Sound, Movie, Command
            }
        case .other: break
        }
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
        let format = styleFormat ?? (legacy ? Self.defaultLegacyStyleFormat : Self.defaultStyleFormat)
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count >= min(format.count, 2) else {
            diagnostics.append(.warning(line: number, "malformed Style line '\(value.prefix(60))'; skipped"))
            return
        }
        var field: [String: String] = [:]
        for (name, part) in zip(format, parts) { field[name] = part.assTrimming(" \t") }
        var style = NamedStyle(name: field["name"].map { String($0.drop { $0 == "*" }) } ?? "Default")
        func flag(_ v: String?) -> Bool? { v.flatMap(Int.init).map { $0 != 0 } }
        style.fontFamily = field["fontname"].flatMap { $0.isEmpty ? nil : $0 }
        style.fontSize = field["fontsize"].flatMap(Double.init)
        style.bold = flag(field["bold"])
        style.italic = flag(field["italic"])
        style.underline = flag(field["underline"])
        style.primaryColor = field["primarycolour"].flatMap { ASSColor.parse($0) }
        style.outlineColor = (field["outlinecolour"] ?? field["tertiarycolour"]).flatMap { ASSColor.parse($0) }
        style.backColor = field["backcolour"].flatMap { ASSColor.parse($0) }
        style.outlineWidth = field["outline"].flatMap(Double.init)
        style.shadowDepth = field["shadow"].flatMap(Double.init)
        if let a = field["alignment"].flatMap(Int.init) {
            style.anchor = legacy ? numpadAlignment(legacy: a) : ((1...9).contains(a) ? a : nil)
        }
        document.styles.append(style)
    }

    private mutating func dialogue(_ value: Substring, number: Int) {
        let format = eventFormat ?? (legacy ? Self.defaultLegacyEventFormat : Self.defaultEventFormat)
        guard let parts = Self.split(value, count: format.count) else {
            diagnostics.append(.warning(line: number, "malformed Dialogue line (expected \(format.count) fields: \(format.joined(separator: ", "))); skipped"))
            return
        }
        var field: [String: Substring] = [:]
        for (name, part) in zip(format, parts) { field[name] = part }
        guard let startText = field["start"], let start = Self.time(startText),
              let endText = field["end"], let end = Self.time(endText) else {
            diagnostics.append(.warning(line: number, "malformed Dialogue line (times must look like 0:00:01.00); skipped"))
            return
        }
        let source = String(field["text"] ?? "")
        let parsed = ASSTextParser.parse(source, eventStart: start)
        if parsed.hadDrawing && !drawingWarned {
            drawingWarned = true
            diagnostics.append(.warning(line: number, "ASS drawings are not converted (their drawing commands are left out of the text)"))
        }
        var placement = CuePlacement()
        placement.anchor = parsed.anchor
        placement.point = parsed.point
        let name = field["name"].map { $0.assTrimming(" \t") }
        let style = field["style"].map { String($0.assTrimming(" \t").drop { $0 == "*" }) }
        eventLines.append(Int32(clamping: number))
        document.events.append(CaptionEvent(start: start, end: end, text: CaptionText(plain: parsed.plain, spans: parsed.spans),
                                            sourceText: source, words: parsed.words, id: name?.isEmpty == false ? name : nil,
                                            placement: placement, style: style?.isEmpty == false ? style : nil))
    }

    /// `h:mm:ss.cc` to milliseconds (`ASSTime.milliseconds`).
    static func time(_ text: Substring) -> Milliseconds? { ASSTime.milliseconds(text) }
}
