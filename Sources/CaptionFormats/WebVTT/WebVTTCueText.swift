import CaptionModel

/// Cue text markup into plain text, spans and word timings, by the spec's cue text parsing rules
/// (https://www.w3.org/TR/webvtt1/#cue-text-parsing-rules) and its tokenizer.
///
/// The spec builds a tree of nodes; the model keeps plain text plus spans, so each internal node
/// becomes a span from where its start tag was to where its end tag (or the end of the text) was.
/// Inline timestamps become `Word`s. Scratch buffers live in the parser so that a file's cues reuse
/// them; only cues that contain `<` or `&` come here at all.
struct WebVTTCueTextParser {
    /// The plain text of the last parse, as UTF-8 (scratch reused between cues).
    private(set) var plain: [UInt8] = []
    private var annotation: [UInt8] = []
    private var open: [OpenNode] = []
    private var stamps: [(offset: Int, time: Milliseconds)] = []

    private enum NodeKind { case c, i, b, u, ruby, rt, v, lang }

    private struct OpenNode {
        var kind: NodeKind
        var span: Int
        /// The extra `.classes` span of a non-`c` tag that had classes, or -1.
        var classSpan: Int
    }

    /// Spans and words of one cue; its plain text is left in `plain`.
    struct Result {
        var spans: [TextSpan]
        var words: [Word]
    }

    /// Parses already preprocessed cue text (lines joined by LF, NUL replaced). `start`/`end` are the
    /// cue's times: timestamps outside them are ignored (their text is kept), as the spec's syntax
    /// requires timestamps within the cue; so is one earlier than a previous timestamp.
    mutating func parse(_ b: UnsafeBufferPointer<UInt8>, start cueStart: Milliseconds, end cueEnd: Milliseconds) -> Result {
        plain.removeAll(keepingCapacity: true)
        open.removeAll(keepingCapacity: true)
        stamps.removeAll(keepingCapacity: true)
        var spans: [TextSpan] = []
        let end = b.count
        var i = 0
        while i < end {
            let c = b[i]
            if c == 0x3C {
                i = tag(b, from: i + 1, end: end, spans: &spans, cueStart: cueStart, cueEnd: cueEnd)
            } else if c == 0x26 {
                if let (decoded, consumed) = CharacterReferences.decode(b, at: i, end: end) {
                    plain.append(contentsOf: decoded.utf8)
                    i += consumed
                } else {
                    plain.append(c)
                    i += 1
                }
            } else {
                plain.append(c)
                i += 1
            }
        }
        // Unclosed tags run to the end of the text.
        while !open.isEmpty { closeSpan(&spans) }
        let words = stamps.isEmpty ? [] : makeWords(spans: spans, cueStart: cueStart, cueEnd: cueEnd)
        return Result(spans: spans, words: words)
    }

    // MARK: - Tokenizer

    /// Reads one tag whose `<` was just before `from`; applies it; returns the index after it.
    private mutating func tag(_ b: UnsafeBufferPointer<UInt8>, from start: Int, end: Int, spans: inout [TextSpan],
                              cueStart: Milliseconds, cueEnd: Milliseconds) -> Int {
        var i = start
        guard i < end else { return i }  // "<" at the very end: a start tag with no name, ignored
        let first = b[i]
        if first == 0x2F {
            // End tag: everything up to `>` is the name (`</c.x>` names "c.x" and so matches nothing).
            i += 1
            let nameStart = i
            while i < end, b[i] != 0x3E { i += 1 }
            endTag(b, nameStart..<i, spans: &spans)
            return i < end ? i + 1 : i
        }
        if WebVTTBytes.isDigit(first) {
            let valueStart = i
            while i < end, b[i] != 0x3E { i += 1 }
            timestamp(b, valueStart..<i, cueStart: cueStart, cueEnd: cueEnd)
            return i < end ? i + 1 : i
        }
        // Start tag: name, then `.class` parts, then a whitespace-introduced annotation.
        let nameStart = i
        while i < end, !isTagNameEnd(b[i]) { i += 1 }
        let name = nameStart..<i
        var classes: [String] = []
        var hasAnnotation = false
        annotation.removeAll(keepingCapacity: true)
        if i < end, b[i] == 0x2E {
            i += 1
            while true {
                let classStart = i
                while i < end, !isTagNameEnd(b[i]) { i += 1 }
                if i > classStart { classes.append(WebVTTBytes.string(b, classStart..<i)) }  // empty classes are dropped
                if i < end, b[i] == 0x2E { i += 1; continue }
                break
            }
        }
        if i < end, b[i] != 0x3E {
            // Whitespace: the annotation runs to `>`, with character references decoded.
            hasAnnotation = true
            i += 1
            while i < end, b[i] != 0x3E {
                if b[i] == 0x26, let (decoded, consumed) = CharacterReferences.decode(b, at: i, end: end) {
                    annotation.append(contentsOf: decoded.utf8)
                    i += consumed
                } else {
                    annotation.append(b[i])
                    i += 1
                }
            }
        }
        startTag(b, name, classes: classes, annotation: hasAnnotation ? collapsedAnnotation() : "", spans: &spans)
        return i < end ? i + 1 : i
    }

    /// Tab, LF, form feed and space end a tag name or class (starting the annotation); so do `.` and `>`.
    @inline(__always)
    private func isTagNameEnd(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0C || c == 0x2E || c == 0x3E
    }

    /// The annotation with leading and trailing whitespace removed and inner runs collapsed to one space.
    private func collapsedAnnotation() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(annotation.count)
        var pendingSpace = false
        for c in annotation {
            if WebVTTBytes.isWhitespace(c) {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(0x20); pendingSpace = false }
                out.append(c)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - Tree construction, as spans

    private mutating func startTag(_ b: UnsafeBufferPointer<UInt8>, _ name: Range<Int>, classes: [String], annotation: String,
                                   spans: inout [TextSpan]) {
        let kind: NodeKind
        let spanKind: TextSpan.Kind
        switch name.count {
        case 1:
            switch b[name.lowerBound] {
            case UInt8(ascii: "c"): kind = .c; spanKind = .classes(classes)
            case UInt8(ascii: "i"): kind = .i; spanKind = .italic
            case UInt8(ascii: "b"): kind = .b; spanKind = .bold
            case UInt8(ascii: "u"): kind = .u; spanKind = .underline
            case UInt8(ascii: "v"): kind = .v; spanKind = .voice(annotation)
            default: return
            }
        case 2 where WebVTTBytes.equals(b, name, "rt"):
            // Ruby text only directly inside ruby.
            guard open.last?.kind == .ruby else { return }
            kind = .rt; spanKind = .rubyText
        case 4 where WebVTTBytes.equals(b, name, "ruby"):
            kind = .ruby; spanKind = .ruby
        case 4 where WebVTTBytes.equals(b, name, "lang"):
            kind = .lang; spanKind = .language(annotation)
        default:
            return  // unknown tags are ignored; their text stays
        }
        let offset = plain.count
        spans.append(TextSpan(start: offset, end: -1, kind: spanKind))
        var node = OpenNode(kind: kind, span: spans.count - 1, classSpan: -1)
        if kind != .c, !classes.isEmpty {
            spans.append(TextSpan(start: offset, end: -1, kind: .classes(classes)))
            node.classSpan = spans.count - 1
        }
        open.append(node)
    }

    private mutating func endTag(_ b: UnsafeBufferPointer<UInt8>, _ name: Range<Int>, spans: inout [TextSpan]) {
        guard let current = open.last?.kind else { return }
        let matches: Bool
        switch name.count {
        case 1:
            switch b[name.lowerBound] {
            case UInt8(ascii: "c"): matches = current == .c
            case UInt8(ascii: "i"): matches = current == .i
            case UInt8(ascii: "b"): matches = current == .b
            case UInt8(ascii: "u"): matches = current == .u
            case UInt8(ascii: "v"): matches = current == .v
            default: matches = false
            }
        case 2: matches = current == .rt && WebVTTBytes.equals(b, name, "rt")
        case 4:
            if WebVTTBytes.equals(b, name, "lang") {
                matches = current == .lang
            } else if WebVTTBytes.equals(b, name, "ruby") {
                // `</ruby>` inside ruby text closes both.
                if current == .rt { closeSpan(&spans); closeSpan(&spans); return }
                matches = current == .ruby
            } else {
                matches = false
            }
        default: matches = false
        }
        if matches { closeSpan(&spans) }
    }

    private mutating func closeSpan(_ spans: inout [TextSpan]) {
        guard let node = open.popLast() else { return }
        spans[node.span].end = plain.count
        if node.classSpan >= 0 { spans[node.classSpan].end = plain.count }
    }

    private mutating func timestamp(_ b: UnsafeBufferPointer<UInt8>, _ value: Range<Int>, cueStart: Milliseconds, cueEnd: Milliseconds) {
        var i = value.lowerBound
        guard let time = WebVTTTimestamp.collect(b, &i, end: value.upperBound), i == value.upperBound else { return }
        guard time >= cueStart, time <= cueEnd, time >= (stamps.last?.time ?? cueStart) else { return }
        stamps.append((plain.count, time))
    }

    // MARK: - Words

    /// Each timestamp starts the text after it (the text before the first starts at the cue start) and
    /// runs until the next timestamp (the last until the cue end). A stretch holding one word gives it
    /// that time; several whitespace-separated words share it evenly and are marked interpolated; a
    /// stretch with no word (two timestamps in a row, or one at the end) marks where the previous word ended.
    private func makeWords(spans: [TextSpan], cueStart: Milliseconds, cueEnd: Milliseconds) -> [Word] {
        var words: [Word] = []
        var tokens: [Range<Int>] = []
        for k in -1..<stamps.count {
            let from = k < 0 ? 0 : stamps[k].offset
            let to = k + 1 < stamps.count ? stamps[k + 1].offset : plain.count
            let t0 = k < 0 ? cueStart : stamps[k].time
            let t1 = k + 1 < stamps.count ? stamps[k + 1].time : cueEnd
            tokens.removeAll(keepingCapacity: true)
            var i = from
            while i < to {
                while i < to, WebVTTBytes.isWhitespace(plain[i]) { i += 1 }
                let wordStart = i
                while i < to, !WebVTTBytes.isWhitespace(plain[i]) { i += 1 }
                if i > wordStart { tokens.append(wordStart..<i) }
            }
            let n = tokens.count
            for (j, token) in tokens.enumerated() {
                let start = n == 1 ? t0 : t0 + (t1 - t0) * j / n
                let end = n == 1 ? t1 : t0 + (t1 - t0) * (j + 1) / n
                words.append(Word(text: String(decoding: plain[token], as: UTF8.self), start: start, end: end,
                                  interpolated: n > 1, speaker: speaker(at: token.lowerBound, spans)))
            }
        }
        return words
    }

    /// The innermost voice span around a plain-text offset (later spans nest inside earlier ones).
    private func speaker(at offset: Int, _ spans: [TextSpan]) -> String? {
        var name: String?
        for span in spans where span.start <= offset && offset < span.end {
            if case .voice(let v) = span.kind { name = v }
        }
        return name
    }
}
