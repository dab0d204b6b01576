import CaptionModel

/// Reads SAMI: `<SYNC Start=ms>` blocks, each holding `<P Class=...>` paragraphs (usually left
/// unclosed), in the messy HTML real files have (see `SAMITokenizer`, `SAMIParagraph`).
///
/// One language is read. A SAMI file may carry several as classes (`ENUSCC`, `FRFRCC`); the reader
/// takes the class of the first classed `<P>` in the body (what a player shows first by default, and
/// a rule that needs no option) and reports the others once. A `<P>` without a class belongs to every
/// language. Timing: a caption starts at its SYNC and ends at the next SYNC that has something for
/// its language: new text, an empty or `&nbsp;` paragraph, or no paragraph at all. A SYNC holding only
/// other languages' paragraphs does not end it. The last caption, with no SYNC after it, is shown for
/// `lastCaptionDuration` with a warning. Several paragraphs of the language in one SYNC (a speaker
/// line `ID=Source` and the words) are one caption, one line each.
struct SAMIReader {
    static let lastCaptionDuration: Milliseconds = 5000

    private struct Sync {
        var start: Milliseconds
        var line: Int
        var paragraphs: [SAMIParagraph] = []
    }

    static func read(_ text: DecodedText) throws -> ParseResult {
        var diagnostics = text.diagnostics
        var syncs: [Sync] = []
        var styles = SAMIStyleSheet()
        var title = ""
        var sawSAMI = false
        text.utf8.withUnsafeBufferPointer { b in
            var tokens = SAMITokenizer(b)
            var inTitle = false
            /// False after a SYNC without a usable start, until the next SYNC.
            var inSync = false
            func paragraph() -> Int? {
                guard inSync, !syncs.isEmpty else { return nil }
                if syncs[syncs.count - 1].paragraphs.isEmpty { syncs[syncs.count - 1].paragraphs.append(SAMIParagraph(languageClass: nil)) }
                return syncs[syncs.count - 1].paragraphs.count - 1
            }
            while let token = tokens.next() {
                switch token {
                case .styleSheet(let css):
                    styles.add(css)
                case .text(let range):
                    if inTitle {
                        title += SRV3Scanner.decode(b, range)
                    } else if inSync, !b.isWhitespace(range), let p = paragraph() {
                        syncs[syncs.count - 1].paragraphs[p].appendText(b, range)
                    } else if inSync, let last = syncs.last, !last.paragraphs.isEmpty {
                        syncs[syncs.count - 1].paragraphs[last.paragraphs.count - 1].appendText(b, range)
                    }
                case .tag(let tag):
                    switch (tag.name, tag.isEnd) {
                    case ("SAMI", false): sawSAMI = true
                    case ("TITLE", let isEnd): inTitle = !isEnd
                    case ("SYNC", false):
                        if let start = startTime(tag.attributes["start"]) {
                            syncs.append(Sync(start: start, line: tag.line))
                            inSync = true
                        } else {
                            diagnostics.append(.warning(line: tag.line, "'\(shown(tag.written))' has no start time in milliseconds; block skipped"))
                            inSync = false
                        }
                    case ("SYNC", true), ("BODY", true), ("SAMI", true):
                        inSync = false
                    case ("P", false):
                        if inSync, !syncs.isEmpty {
                            let languageClass = tag.attributes["class"].map { $0.trimmingWhitespace.uppercased() }.flatMap { $0.isEmpty ? nil : $0 }
                            syncs[syncs.count - 1].paragraphs.append(SAMIParagraph(languageClass: languageClass))
                        }
                    case ("BR", _):
                        if let p = paragraph() { syncs[syncs.count - 1].paragraphs[p].lineBreak() }
                    default:
                        if inSync, let last = syncs.last, !last.paragraphs.isEmpty {
                            syncs[syncs.count - 1].paragraphs[last.paragraphs.count - 1].formatting(tag)
                        }
                    }
                }
            }
        }
        guard !syncs.isEmpty else {
            if let first = diagnostics.first(where: { $0.line != nil }) {
                throw CaptionFormatError(.malformed, "\(text.sourceName): no usable SAMI caption; \(first)")
            }
            let what = sawSAMI ? "a <SAMI> file without any <SYNC Start=...> block" : "no <SYNC Start=...> block found"
            throw CaptionFormatError(.malformed, "\(text.sourceName): \(what)")
        }

        // The language: the class of the first classed paragraph.
        let classes = syncs.flatMap { $0.paragraphs.compactMap(\.languageClass) }
        var seen = Set<String>()
        let distinct = classes.filter { seen.insert($0).inserted }
        let chosen = distinct.first
        if let chosen, distinct.count > 1 {
            let others = distinct.dropFirst().map { styles.describe($0) }.joined(separator: ", ")
            diagnostics.append(.warning(line: nil, "captions in \(distinct.count) languages; read \(styles.describe(chosen)), the first used; not read: \(others)"))
        }
        var metadata: [MetadataEntry] = []
        let trimmedTitle = title.trimmingWhitespace
        if !trimmedTitle.isEmpty { metadata.append(MetadataEntry(key: "Title", value: trimmedTitle)) }
        if let chosen, let lang = styles.classes[chosen]?.lang, !lang.isEmpty { metadata.append(MetadataEntry(key: "Language", value: lang)) }

        var events: [CaptionEvent] = []
        var lines: [Int32] = []
        var open: (start: Milliseconds, line: Int, plain: [UInt8], spans: [TextSpan])?
        let ordered = syncs.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        for sync in ordered {
            let mine = sync.paragraphs.filter { $0.languageClass == nil || $0.languageClass == chosen }
            // Only other languages changed here: this language's caption stays up.
            if mine.isEmpty, !sync.paragraphs.isEmpty { continue }
            if let caption = open {
                if sync.start > caption.start {
                    events.append(CaptionEvent(start: caption.start, end: sync.start,
                                               text: CaptionText(plain: String(decoding: caption.plain, as: UTF8.self), spans: caption.spans)))
                    lines.append(Int32(clamping: caption.line))
                } else {
                    diagnostics.append(.warning(line: caption.line, "replaced by the <SYNC> at the same time on line \(sync.line) before it was shown; cue skipped"))
                }
            }
            open = nil
            var plain: [UInt8] = [], spans: [TextSpan] = []
            for paragraph in mine {
                let (text, ownSpans) = paragraph.finished()
                guard !text.isEmpty else { continue }
                if !plain.isEmpty { plain.append(0x0A) }
                spans += ownSpans.map { TextSpan(start: $0.start + plain.count, end: $0.end + plain.count, kind: $0.kind) }
                plain += text
            }
            if !plain.isEmpty { open = (sync.start, sync.line, plain, spans) }
        }
        if let caption = open {
            diagnostics.append(.warning(line: caption.line, "the last caption has no end (no <SYNC> after it); shown for \(lastCaptionDuration / 1000) s"))
            events.append(CaptionEvent(start: caption.start, end: caption.start + lastCaptionDuration,
                                       text: CaptionText(plain: String(decoding: caption.plain, as: UTF8.self), spans: caption.spans)))
            lines.append(Int32(clamping: caption.line))
        }
        guard !events.isEmpty else {
            throw CaptionFormatError(.malformed, "\(text.sourceName): SAMI without any caption text (\(syncs.count) <SYNC> block\(syncs.count == 1 ? "" : "s"), all empty)")
        }
        return ParseResult(document: CaptionDocument(events: events, metadata: metadata), diagnostics: diagnostics, eventLines: lines)
    }

    /// `1000`, `"1000"`, `1000ms`: a whole number of milliseconds.
    static func startTime(_ value: String?) -> Milliseconds? {
        guard var v = value?.trimmingWhitespace.lowercased() else { return nil }
        if v.hasSuffix("ms") { v = String(v.dropLast(2)).trimmingWhitespace }
        guard !v.isEmpty, v.count <= 12, v.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(v)
    }

    static func shown(_ text: String) -> String { text.count > 60 ? String(text.prefix(60)) + "…" : text }
}

extension UnsafeBufferPointer<UInt8> {
    /// True when every byte in the range is ASCII whitespace (line ends included).
    func isWhitespace(_ range: Range<Int>) -> Bool {
        for i in range where self[i] != 0x20 && self[i] != 0x09 && self[i] != 0x0A && self[i] != 0x0D { return false }
        return true
    }
}
