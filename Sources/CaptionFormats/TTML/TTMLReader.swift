import CaptionModel

/// Reads TTML 1 / DFXP / IMSC 1 text: one caption per `p` and per stretch of time in which what it
/// shows stays the same (a `p` whose spans have times of their own becomes several captions),
/// with TTML's timing model, styles (referenced, chained, inline, inherited) as spans, `<br/>` as line
/// breaks, XML whitespace collapsed, and regions as placement where they map to a screen position.
/// What does not map (sizes, fonts, backgrounds, animation, images...) is reported once per kind.
enum TTMLReader {
    /// Where content that never ends stops: a day, longer than any media captions go with.
    static let openEnd: Milliseconds = 86_400_000

    static func read(_ text: DecodedText) throws -> ParseResult {
        let name = text.sourceName
        let root = try text.utf8.withUnsafeBufferPointer { try XMLTree.root($0, name: name) }
        guard root.name == "tt" else {
            throw CaptionFormatError(.malformed, "\(name): line \(root.line): the root element is <\(root.name)>, not TTML's <tt>")
        }
        var reader = Reader(root: root)
        reader.run()
        if reader.events.isEmpty, let image = reader.firstImage {
            throw CaptionFormatError(.malformed, "\(name): line \(image): the captions are images (<image>, IMSC's image profile); only text captions can be read")
        }
        return ParseResult(document: CaptionDocument(events: reader.events, metadata: reader.metadata),
                           diagnostics: text.diagnostics + reader.diagnostics, eventLines: reader.lines)
    }

    private struct Reader {
        let root: XMLElement
        var events: [CaptionEvent] = []
        var lines: [Int32] = []
        var metadata: [MetadataEntry] = []
        var diagnostics: [Diagnostic] = []
        var styles: [String: [String: String]] = [:]
        var regions: [String: [String: String]] = [:]
        var unmapped: Set<String> = []
        var timing: TTMLTiming
        /// Apple's lyric TTML with `itunes:timing="Word"`: a paragraph's timed spans are its words.
        var wordTimedSpans = false
        /// The line of the first `<image>`, for a document of image captions.
        var firstImage: Int?

        init(root: XMLElement) {
            self.root = root
            var warnings: [Diagnostic] = []
            timing = TTMLTiming(timeBase: TTMLTimeBase(root) { warnings.append(.warning(line: root.line, $0)) })
            diagnostics = warnings
        }

        mutating func run() {
            if let language = root["xml:lang"], !language.isEmpty { metadata.append(MetadataEntry(key: "Language", value: language)) }
            if let head = root.first("head") { readHead(head) }
            guard let body = root.first("body") else { return }
            let appleTiming = root.attributes.first { $0.key.hasSuffix(":timing") && !$0.key.hasPrefix("tt") }?.value
            timing.absolute = appleTiming != nil
            wordTimedSpans = appleTiming == "Word"
            timing.resolve(body)
            for problem in timing.problems { diagnostics.append(.warning(line: problem.line, problem.message)) }
            walk(body, style: TTMLStyle(pixelsPerCell: pixelsPerCell), region: nil, preserve: root["xml:space"] == "preserve")
        }

        /// One cell's height in the root's pixels: its pixel `tts:extent`'s height over the rows of
        /// `ttp:cellResolution` (15 by default). Sizes in pixels are measured against it, as 1c is the
        /// style's own size; nil without a pixel extent (the pixels then have nothing to be of).
        private var pixelsPerCell: Double? {
            guard let extent = root["tts:extent"]?.split(whereSeparator: { $0 == " " || $0 == "\t" }), extent.count == 2,
                  extent[1].hasSuffix("px"), let height = Double(extent[1].dropLast(2)), height.isFinite, height > 0 else { return nil }
            var rows = 15.0
            if let cells = root["ttp:cellResolution"]?.split(whereSeparator: { $0 == " " || $0 == "\t" }), cells.count == 2,
               let value = Double(cells[1]), value.isFinite, value >= 1 { rows = value }
            return height / rows
        }

        // MARK: - Head

        private mutating func readHead(_ head: XMLElement) {
            if let title = head.first("metadata")?.first("title") {
                let text = title.children.compactMap { if case .text(let t) = $0 { t } else { nil } }.joined().trimmingWhitespace
                if !text.isEmpty { metadata.append(MetadataEntry(key: "Title", value: text)) }
            }
            let styleElements = (head.first("styling")?.elements ?? []).filter { $0.name == "style" }
            var raw: [String: XMLElement] = [:]
            for style in styleElements { if let id = style["xml:id"] { raw[id] = style } }
            // Chained styles: a style's `style` attribute names others, applied first.
            func resolved(_ id: String, _ seen: Set<String>) -> [String: String] {
                guard let element = raw[id], !seen.contains(id) else { return [:] }
                var attributes: [String: String] = [:]
                for other in (element["style"] ?? "").split(separator: " ") {
                    for (k, v) in resolved(String(other), seen.union([id])) { attributes[k] = v }
                }
                for (k, v) in element.attributes where k.hasPrefix("tts:") { attributes[k] = v }
                return attributes
            }
            for id in raw.keys { styles[id] = resolved(id, []) }
            for region in head.first("layout")?.elements ?? [] where region.name == "region" {
                guard let id = region["xml:id"] else { continue }
                var attributes = TTMLStyle().applying(region, styles: styles).attributes
                for inner in region.elements where inner.name == "style" {
                    for (k, v) in inner.attributes where k.hasPrefix("tts:") { attributes[k] = v }
                }
                regions[id] = attributes
            }
        }

        // MARK: - Body

        private mutating func note(_ element: XMLElement, style: TTMLStyle? = nil) {
            let keys = Set(element.attributes.keys).union(style?.attributes.keys ?? [:].keys)
            for key in keys.sorted() where key.hasPrefix("tts:") && !TTMLStyle.mapped.contains(key) {
                report("\(key) (ignored)", line: element.line)
            }
            if element.name == "image", firstImage == nil { firstImage = element.line }
            let onlyDisplay = element.name == "set" && element.attributes.keys.filter { $0.hasPrefix("tts:") } == ["tts:display"]
            if ["set", "image", "animate", "audio"].contains(element.name), !onlyDisplay { report("<\(element.name)> elements (ignored)", line: element.line) }
        }

        /// Once per kind, at the first element that has it.
        private mutating func report(_ kind: String, line: Int) {
            guard unmapped.insert(kind).inserted else { return }
            diagnostics.append(.warning(line: line, "TTML \(kind): not carried into captions (reported once)"))
        }

        /// Down to every `p`, carrying the style and region its ancestors give it.
        private mutating func walk(_ element: XMLElement, style: TTMLStyle, region: String?, preserve: Bool) {
            guard timing.interval(element) != nil else { return }
            let style = style.applying(element, styles: styles)
            note(element, style: style)
            let region = element["region"] ?? region
            let preserve = element["xml:space"].map { $0 == "preserve" } ?? preserve
            if element.name == "p" {
                paragraph(element, style: style, region: region, preserve: preserve)
                return
            }
            for child in element.elements { walk(child, style: style, region: region, preserve: preserve) }
        }

        /// A piece of a paragraph's content: text (or a line break) with its style and active interval.
        private struct Piece {
            var text: String
            var isBreak: Bool
            var style: TTMLStyle
            var begin: Milliseconds
            var end: Milliseconds
            var preserve: Bool
        }

        private mutating func paragraph(_ p: XMLElement, style: TTMLStyle, region: String?, preserve: Bool) {
            guard let (begin, end) = timing.interval(p), begin < end, begin != TTMLTiming.indefinite else { return }
            var pieces: [Piece] = []
            for shown in visible(p, during: (begin, end)) {
                collect(p, style: style, interval: shown, preserve: preserve, into: &pieces)
            }
            if wordTimedSpans, karaoke(p, pieces, begin: begin, end: end, placement: placement(region: region, style: style, line: p.line)) { return }
            // Instants inside the paragraph where a piece starts or stops.
            var cuts = Set([begin, end])
            for piece in pieces {
                if piece.begin > begin && piece.begin < end { cuts.insert(piece.begin) }
                if piece.end > begin && piece.end < end { cuts.insert(piece.end) }
            }
            let placement = self.placement(region: region, style: style, line: p.line)
            let instants = cuts.sorted()
            for (a, b) in zip(instants, instants.dropFirst()) {
                let shown = pieces.filter { $0.begin <= a && $0.end >= b && $0.begin < $0.end }
                let text = Self.compose(shown)
                guard !text.plain.trimmingWhitespace.isEmpty else { continue }
                let stop = b == TTMLTiming.indefinite ? openEnd(after: a, line: p.line) : b
                guard stop > a else { continue }
                // Each stretch between two element boundaries is its own caption, even when its text
                // is the same as the one before (two timed spans of the same words stay two captions).
                var event = CaptionEvent(start: a, end: stop, text: text)
                event.placement = placement
                events.append(event)
                lines.append(Int32(clamping: p.line))
            }
        }

        /// Where content that nothing ends stops: at the latest time the document names, or, in a
        /// document that names none after it (a test card, an untimed file), at 24:00:00 (with one warning).
        private mutating func openEnd(after start: Milliseconds, line: Int) -> Milliseconds {
            if timing.latestResolved > start { return timing.latestResolved }
            report("content without an end (kept until \(TTMLReader.openEnd / 3_600_000):00:00)", line: line)
            return TTMLReader.openEnd
        }

        /// The whole paragraph as one caption whose words are its timed pieces (lyrics shown line by
        /// line, word by word). False when its text is not all in timed pieces.
        private mutating func karaoke(_ p: XMLElement, _ pieces: [Piece], begin: Milliseconds, end: Milliseconds, placement: CuePlacement?) -> Bool {
            let spoken = pieces.filter { !$0.isBreak && !$0.text.allSatisfy(\.isWhitespace) }
            guard !spoken.isEmpty, spoken.allSatisfy({ $0.begin > begin || $0.end < end }) else { return false }
            let words = spoken.map { Word(text: $0.text.split(whereSeparator: \.isWhitespace).joined(separator: " "), start: $0.begin, end: $0.end) }
            var event = CaptionEvent(start: begin, end: end, text: Self.compose(pieces), words: words)
            event.placement = placement
            events.append(event)
            lines.append(Int32(clamping: p.line))
            return true
        }

        /// When an element's content is shown within `interval`: all of it, unless the element (or a
        /// style it refers to) says `tts:display="none"`; then only while a `<set tts:display="auto">`
        /// child is active (TTML's way of making text appear on cue). `set` times count from the
        /// element's begin.
        private mutating func visible(_ element: XMLElement, during interval: (Milliseconds, Milliseconds)) -> [(Milliseconds, Milliseconds)] {
            let own = TTMLStyle().applying(element, styles: styles).attributes["tts:display"]
            guard own?.trimmingWhitespace == "none" else { return [interval] }
            let origin = timing.interval(element)?.begin ?? interval.0
            var shown: [(Milliseconds, Milliseconds)] = []
            for set in element.elements where set.name == "set" && set["tts:display"].map({ $0.trimmingWhitespace != "none" }) == true {
                let base = timing.absolute ? 0 : origin
                let begin = set["begin"].flatMap { timing.timeBase.milliseconds($0) }.map { base + $0 } ?? origin
                var end = set["end"].flatMap { timing.timeBase.milliseconds($0) }.map { base + $0 } ?? interval.1
                if let dur = set["dur"].flatMap({ timing.timeBase.milliseconds($0) }) { end = min(end, begin + dur) }
                let clipped = (max(begin, interval.0), min(end, interval.1))
                if clipped.0 < clipped.1 { shown.append(clipped) }
            }
            return shown
        }

        private mutating func collect(_ element: XMLElement, style: TTMLStyle, interval: (Milliseconds, Milliseconds),
                                      preserve: Bool, into pieces: inout [Piece]) {
            // Text directly in a `seq` container is an anonymous span, which TTML gives no duration there.
            let sequential = element["timeContainer"] == "seq"
            for child in element.children {
                switch child {
                case .text(let text):
                    if sequential { continue }
                    pieces.append(Piece(text: text, isBreak: false, style: style, begin: interval.0, end: interval.1, preserve: preserve))
                case .element(let e):
                    // Animation and images take no part in timing; reported (a `set` of display is applied by `visible`).
                    if TTMLTiming.untimed.contains(e.name) || e.name == "image" { note(e); continue }
                    guard let own = timing.interval(e) else { continue }
                    note(e)
                    let span = (max(interval.0, own.begin), min(interval.1, own.end))
                    if e.name == "br" {
                        pieces.append(Piece(text: "\n", isBreak: true, style: style, begin: span.0, end: span.1, preserve: preserve))
                    } else if e.name == "span" {
                        let inner = style.applying(e, styles: styles)
                        note(e, style: inner)
                        for shown in visible(e, during: span) {
                            collect(e, style: inner, interval: shown, preserve: e["xml:space"].map { $0 == "preserve" } ?? preserve, into: &pieces)
                        }
                    } else if e.name != "metadata" {
                        report("<\(e.name)> inside a paragraph (its text kept)", line: e.line)
                        collect(e, style: style, interval: span, preserve: preserve, into: &pieces)
                    }
                }
            }
        }

        /// The shown pieces as plain text and spans, whitespace collapsed as XML's default handling and
        /// TTML's line-breaking rules do: runs of spaces, tabs and newlines become one space, and none
        /// is kept at a line's start or end.
        private static func compose(_ pieces: [Piece]) -> CaptionText {
            var plain: [UInt8] = []
            var spans: [TextSpan] = []
            for piece in pieces {
                if piece.isBreak {
                    while plain.last == 0x20 { plain.removeLast() }
                    plain.append(0x0A)
                    continue
                }
                let start = plain.count
                for byte in piece.text.utf8 {
                    let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
                    if piece.preserve { plain.append(byte == 0x0D ? 0x20 : byte); continue }
                    if isSpace {
                        if plain.isEmpty || plain.last == 0x20 || plain.last == 0x0A { continue }
                        plain.append(0x20)
                    } else {
                        plain.append(byte)
                    }
                }
                let end = plain.count
                guard end > start else { continue }
                if piece.style.isBold { spans.append(TextSpan(start: start, end: end, kind: .bold)) }
                if piece.style.isItalic { spans.append(TextSpan(start: start, end: end, kind: .italic)) }
                if piece.style.isUnderlined { spans.append(TextSpan(start: start, end: end, kind: .underline)) }
                if piece.style.isStruckThrough { spans.append(TextSpan(start: start, end: end, kind: .strikethrough)) }
                if let color = piece.style.color { spans.append(TextSpan(start: start, end: end, kind: .color(color))) }
                if let family = piece.style.fontFamily { spans.append(TextSpan(start: start, end: end, kind: .fontFace(family))) }
                if abs(piece.style.fontScale - 1) > 0.0005 { spans.append(TextSpan(start: start, end: end, kind: .fontScale(piece.style.fontScale))) }
            }
            while plain.last == 0x20 { plain.removeLast() }
            let count = plain.count
            // Merge touching spans of the same kind (a style split across pieces is one span).
            var merged: [TextSpan] = []
            for span in spans.map({ TextSpan(start: min($0.start, count), end: min($0.end, count), kind: $0.kind) }) where span.start < span.end {
                if let k = merged.lastIndex(where: { $0.kind == span.kind && $0.end >= span.start - 1 && $0.end <= span.start }),
                   Self.onlySpaceBetween(plain, merged[k].end, span.start) {
                    merged[k].end = span.end
                } else {
                    merged.append(span)
                }
            }
            return CaptionText(plain: String(decoding: plain, as: UTF8.self), spans: merged)
        }

        private static func onlySpaceBetween(_ bytes: [UInt8], _ a: Int, _ b: Int) -> Bool {
            (a..<b).allSatisfy { bytes[$0] == 0x20 }
        }

        /// A region's place on screen: with `tts:origin` and `tts:extent` in percent (or in pixels of
        /// the root's pixel `tts:extent`), the region's box; the text aligned in it (or, without a box,
        /// in the picture) by `tts:displayAlign` (the row) and `tts:textAlign` (the column), as a
        /// numeric-keypad anchor. Nil for the bottom centre every player uses anyway.
        private mutating func placement(region: String?, style: TTMLStyle, line: Int) -> CuePlacement? {
            var row = 0  // 0 bottom, 1 middle, 2 top
            var area: CuePlacement.Area?
            if let region {
                guard let attributes = regions[region] else {
                    report("references to regions the document does not define", line: line)
                    return nil
                }
                let origin = percentages(attributes["tts:origin"]), extent = percentages(attributes["tts:extent"])
                let align = attributes["tts:displayAlign"] ?? "before"
                // The row within the region, or within the picture for a region with no box.
                row = align == "after" ? 0 : align == "center" ? 1 : 2
                if let origin, let extent { area = CuePlacement.Area(x: origin.0, y: origin.1, width: extent.0, height: extent.1) }
            }
            let column: Int
            switch style.attributes["tts:textAlign"] ?? "center" {
            case "left", "start": column = 1
            case "right", "end": column = 3
            default: column = 2
            }
            let anchor = row * 3 + column
            guard anchor != 2 || area != nil else { return nil }
            var placement = CuePlacement()
            placement.anchor = anchor
            placement.area = area
            return placement
        }

        /// `10% 80%` as (10, 80); `192px 864px` the same against the root's `tts:extent="1920px
        /// 1080px"`; nil for anything else.
        private func percentages(_ text: String?) -> (Double, Double)? {
            func pair(_ text: String?, unit: String) -> (Double, Double)? {
                guard let parts = text?.split(whereSeparator: { $0 == " " || $0 == "\t" }), parts.count == 2,
                      parts.allSatisfy({ $0.hasSuffix(unit) }),
                      let x = Double(parts[0].dropLast(unit.count)), let y = Double(parts[1].dropLast(unit.count)),
                      x.isFinite, y.isFinite else { return nil }
                return (x, y)
            }
            if let p = pair(text, unit: "%") { return p }
            guard let p = pair(text, unit: "px"), let root = pair(root["tts:extent"], unit: "px"), root.0 > 0, root.1 > 0 else { return nil }
            return (p.0 / root.0 * 100, p.1 / root.1 * 100)
        }
    }
}
