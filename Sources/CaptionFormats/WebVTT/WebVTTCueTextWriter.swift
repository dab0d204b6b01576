import CaptionModel

/// A cue's text as WebVTT markup: plain text escaped, spans as tags, word timings as inline timestamps,
/// chosen so that `WebVTTCueTextParser` gives back the same plain text, spans and words.
enum WebVTTCueTextWriter {
    /// A span the format can say, with its tags.
    private struct Tag {
        var start: Int
        var end: Int
        var open: String
        var close: String
    }

    /// `voice`: a speaker name (ASS's Name field) written as `<v voice>` around the whole text.
    static func write(_ event: CaptionEvent, wordTimestamps: Bool, voice: String? = nil, _ w: inout WebVTTOutput) {
        if event.isPlain {
            // The common case, without making a String: nothing to escape, no tags, no empty lines.
            let written = event.plainText.withUTF8 { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
                guard isSafe(bytes) else { return false }
                if !bytes.isEmpty { w.put(bytes); w.put(0x0A) }
                return true
            }
            if written { return }
        }
        let text = event.text
        if text.spans.isEmpty, voice == nil, !(wordTimestamps && !event.words.isEmpty), isSafe(text.plain.utf8) {
            // The common case: nothing to escape, no tags, no empty lines.
            if !text.plain.isEmpty { w.put(text.plain); w.put("\n") }
            return
        }
        let plain = Array(text.plain.utf8)
        var tags = makeTags(text.spans, plain, &w)
        if let voice, !plain.isEmpty {
            // First, so it opens before (outside) every span starting with the text.
            tags.insert(Tag(start: 0, end: plain.count, open: startTag("v", classes: [], annotation: voice, &w), close: "</v>"), at: 0)
        }
        let stamps = wordTimestamps ? inlineTimestamps(event, plain, &w) : []
        guard !plain.isEmpty || !tags.isEmpty else { return }
        var emitter = Emitter(plain: plain)

        // Visit every offset where a tag starts or ends or a timestamp goes, in order. At each: the text
        // up to it, then closing tags, then timestamps, then opening tags (in span order: first is outermost).
        var boundaries = Set<Int>([0, plain.count])
        for tag in tags { boundaries.insert(tag.start); boundaries.insert(tag.end) }
        for stamp in stamps { boundaries.insert(stamp.offset) }
        let starts = tags.indices.sorted { (tags[$0].start, $0) < (tags[$1].start, $1) }
        var nextStart = 0, nextStamp = 0
        var stack: [Int] = []
        for k in boundaries.sorted() {
            emitter.text(upTo: k)
            if let lowest = stack.firstIndex(where: { tags[$0].end <= k }) {
                // Close from the innermost down to the first span ending here. A span above it that goes on
                // overlaps rather than nests (possible from other formats): it is closed and reopened.
                let popped = Array(stack[lowest...])
                stack.removeSubrange(lowest...)
                for t in popped.reversed() { emitter.markup(tags[t].close) }
                for t in popped where tags[t].end > k { emitter.markup(tags[t].open); stack.append(t) }
            }
            while nextStamp < stamps.count, stamps[nextStamp].offset == k {
                var stamp = "<"
                WebVTTTimestamp.append(stamps[nextStamp].time, to: &stamp)
                stamp += ">"
                emitter.markup(stamp)
                nextStamp += 1
            }
            while nextStart < starts.count, tags[starts[nextStart]].start == k {
                let t = starts[nextStart]
                emitter.markup(tags[t].open)
                if tags[t].end == k { emitter.markup(tags[t].close) } else { stack.append(t) }
                nextStart += 1
            }
        }
        emitter.finish()
        emitter.out.withUnsafeBufferPointer { w.put($0) }
        w.put("\n")
    }

    /// True when the plain text can be written as it is: no `&`, `<`, `>` or CR, and no empty line.
    /// Text that can be written as it is: no `&`, `<`, `>` or CR, and no empty line (no line break at
    /// either end or two in a row). Bytes checked eight at a time.
    static func isSafe(_ plain: UnsafeBufferPointer<UInt8>) -> Bool {
        guard ByteScan.hasNone(of: (0x26, 0x3C, 0x3E, 0x0D), in: plain) else { return false }
        guard let first = plain.first, let last = plain.last else { return true }
        if first == 0x0A || last == 0x0A { return false }
        var i = 0
        while let k = ByteScan.first(0x0A, in: plain, from: i) {
            if k + 1 < plain.count, plain[k + 1] == 0x0A { return false }
            i = k + 1
        }
        return true
    }

    private static func isSafe<Bytes: Collection<UInt8>>(_ plain: Bytes) -> Bool {
        var previous: UInt8 = 0x0A
        for c in plain {
            switch c {
            case 0x26, 0x3C, 0x3E, 0x0D: return false
            case 0x0A where previous == 0x0A: return false
            default: previous = c
            }
        }
        return previous != 0x0A || plain.isEmpty
    }

    // MARK: - Tags

    private static func makeTags(_ spans: [TextSpan], _ plain: [UInt8], _ w: inout WebVTTOutput) -> [Tag] {
        var tags: [Tag] = []
        for span in spans {
            let open: String, close: String
            switch span.kind {
            case .bold: (open, close) = ("<b>", "</b>")
            case .italic: (open, close) = ("<i>", "</i>")
            case .underline: (open, close) = ("<u>", "</u>")
            case .ruby: (open, close) = ("<ruby>", "</ruby>")
            case .rubyText: (open, close) = ("<rt>", "</rt>")
            case .classes(let classes): (open, close) = (startTag("c", classes: classes, annotation: nil, &w), "</c>")
            case .voice(let name): (open, close) = (startTag("v", classes: [], annotation: name, &w), "</v>")
            case .language(let tag): (open, close) = (startTag("lang", classes: [], annotation: tag, &w), "</lang>")
            case .strikethrough: w.note("strikethrough", lost: true); continue
            case .color: w.note("text colours (use classes and a STYLE block)", lost: true); continue
            case .fontFace: w.note("font faces", lost: true); continue
            case .fontScale: w.note("font sizes", lost: true); continue
            }
            let start = boundary(span.start, plain)
            let end = max(start, boundary(span.end, plain))
            tags.append(Tag(start: start, end: end, open: open, close: close))
        }
        return tags
    }

    /// An offset clamped into the text and moved back to the start of a character.
    private static func boundary(_ offset: Int, _ plain: [UInt8]) -> Int {
        var k = min(max(0, offset), plain.count)
        while k > 0, k < plain.count, plain[k] & 0xC0 == 0x80 { k -= 1 }
        return k
    }

    /// `<name.class1.class2 annotation>`. Class names cannot hold whitespace, `.` or `>` (they end the
    /// class); those characters are dropped. The annotation is escaped and its whitespace collapsed,
    /// as the reader collapses it. A tag whose text ends in "--" gets a space before `>`, so that no
    /// line of the cue contains "-->".
    private static func startTag(_ name: String, classes: [String], annotation: String?, _ w: inout WebVTTOutput) -> String {
        var tag = "<" + name
        for cls in classes {
            let clean = String(String.UnicodeScalarView(cls.unicodeScalars.filter { s in
                !(s.isASCII && (WebVTTBytes.isWhitespace(UInt8(s.value)) || s == "." || s == ">"))
            }))
            if clean != cls { w.note("class names with spaces, '.' or '>' (those characters dropped)", lost: true) }
            if !clean.isEmpty { tag += "." + clean }
        }
        if let annotation {
            var text = ""
            var pendingSpace = false
            for s in annotation.unicodeScalars {
                if s.isASCII, WebVTTBytes.isWhitespace(UInt8(s.value)) { pendingSpace = !text.isEmpty; continue }
                if pendingSpace { text += " "; pendingSpace = false }
                switch s {
                case "&": text += "&amp;"
                case "<": text += "&lt;"
                case ">": text += "&gt;"
                default: text.unicodeScalars.append(s)
                }
            }
            if !text.isEmpty { tag += " " + text }
        }
        if tag.hasSuffix("--") { tag += " " }
        return tag + ">"
    }

    // MARK: - Words

    /// Where the inline timestamps go so that the reader rebuilds `event.words`. Words are found in the
    /// plain text in order. Each group of words that the reader will see as one stretch gets a timestamp
    /// before it (not needed for a first group starting at the cue start); a group whose end is not the
    /// next group's start also gets one after it. Interpolated words whose times are the reader's even
    /// split of their group are written as one stretch, so they read back as interpolated.
    private static func inlineTimestamps(_ event: CaptionEvent, _ plain: [UInt8], _ w: inout WebVTTOutput) -> [(offset: Int, time: Milliseconds)] {
        let words = event.words
        guard !words.isEmpty else { return [] }
        var places: [Range<Int>] = []
        places.reserveCapacity(words.count)
        var cursor = 0
        for word in words {
            guard let place = find(Array(word.text.utf8), in: plain, from: cursor) else {
                w.note("word timings whose words are not in the cue text, in order (cue written without them)", lost: true)
                return []
            }
            places.append(place)
            cursor = place.upperBound
        }
        var previousStart = event.start
        for word in words {
            guard word.start >= previousStart, word.start <= event.end, word.end >= word.start, word.end <= event.end else {
                w.note("word timings that are out of order or outside their cue (cue written without them)", lost: true)
                return []
            }
            previousStart = word.start
        }
        func onlyWhitespace(_ from: Int, _ to: Int) -> Bool {
            for k in from..<max(from, to) where !WebVTTBytes.isWhitespace(plain[k]) { return false }
            return true
        }
        // A word's end as it can be written: not past the next word's start.
        func end(_ i: Int) -> Milliseconds { i + 1 < words.count ? min(words[i].end, words[i + 1].start) : words[i].end }
        func evenlySplit(_ group: Range<Int>) -> Bool {
            let t0 = words[group.lowerBound].start, t1 = end(group.upperBound - 1), n = group.count
            for (j, i) in group.enumerated() {
                guard words[i].start == t0 + (t1 - t0) * j / n, end(i) == t0 + (t1 - t0) * (j + 1) / n else { return false }
            }
            return true
        }

        // Split runs of interpolated words (contiguous in time, only whitespace between) into groups the
        // reader will split evenly. Several partitions can fit by coincidence of integer rounding (words of
        // 15-15, 15-16 and 16-17 ms are also an even split of 15..17 over three), and a greedy choice can
        // strand a word; so when a run can be cut entirely into even groups of two or more, such a cut is
        // taken (longest groups first); otherwise each word that fits no group is written on its own.
        var groups: [Range<Int>] = []
        var i = 0
        while i < words.count {
            guard words[i].interpolated else { groups.append(i..<(i + 1)); i += 1; continue }
            var runEnd = i + 1
            while runEnd < words.count, words[runEnd].interpolated, words[runEnd].start == end(runEnd - 1),
                  onlyWhitespace(places[runEnd - 1].upperBound, places[runEnd].lowerBound) { runEnd += 1 }
            groups += partition(i..<runEnd, evenlySplit)
            i = runEnd
        }
        var stamps: [(offset: Int, time: Milliseconds)] = []
        for (g, group) in groups.enumerated() {
            let first = group.lowerBound, last = group.upperBound - 1
            if !(g == 0 && words[first].start == event.start && onlyWhitespace(0, places[first].lowerBound)) {
                stamps.append((places[first].lowerBound, words[first].start))
            }
            let next = g + 1 < groups.count ? words[groups[g + 1].lowerBound].start : event.end
            if end(last) != next { stamps.append((places[last].upperBound, end(last))) }
        }
        // Words are only read from cues with a timestamp: one word group covering the whole cue still
        // needs its start written.
        if stamps.isEmpty { stamps.append((places[0].lowerBound, words[0].start)) }
        return stamps
    }

    /// Groups of two or more words covering `run`, each accepted by `fits`: a complete cover when one
    /// exists (searched from the end, so each start knows whether the rest can be covered), else greedy.
    private static func partition(_ run: Range<Int>, _ fits: (Range<Int>) -> Bool) -> [Range<Int>] {
        var groups: [Range<Int>] = []
        if run.count <= 128 {
            // coverable[k - run.lowerBound]: the words k..<run.upperBound can be cut into fitting groups.
            var coverable = [Bool](repeating: false, count: run.count + 1)
            coverable[run.count] = true
            for k in stride(from: run.upperBound - 2, through: run.lowerBound, by: -1) {
                coverable[k - run.lowerBound] = (k + 2...run.upperBound).contains { coverable[$0 - run.lowerBound] && fits(k..<$0) }
            }
            if coverable[0] {
                var k = run.lowerBound
                while k < run.upperBound {
                    let j = stride(from: run.upperBound, through: k + 2, by: -1).first { coverable[$0 - run.lowerBound] && fits(k..<$0) }!
                    groups.append(k..<j)
                    k = j
                }
                return groups
            }
        }
        var k = run.lowerBound
        while k < run.upperBound {
            let j = k + 2 <= run.upperBound ? stride(from: run.upperBound, through: k + 2, by: -1).first { fits(k..<$0) } : nil
            groups.append(k..<(j ?? k + 1))
            k = j ?? k + 1
        }
        return groups
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Range<Int>? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var i = start
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0], haystack[i..<(i + needle.count)].elementsEqual(needle) { return i..<(i + needle.count) }
            i += 1
        }
        return nil
    }

    // MARK: - Output

    /// Escaped text and tags, line by line; a line that would be empty gets `<>` so the cue goes on.
    private struct Emitter {
        let plain: [UInt8]
        var out: [UInt8] = []
        var cursor = 0
        var lineHasContent = false

        init(plain: [UInt8]) {
            self.plain = plain
            out.reserveCapacity(plain.count + 16)
        }

        mutating func text(upTo end: Int) {
            while cursor < end {
                let c = plain[cursor]
                switch c {
                case 0x0A:
                    if !lineHasContent { out.append(contentsOf: "<>".utf8) }
                    out.append(0x0A)
                    lineHasContent = false
                    cursor += 1
                    continue
                case 0x26: out.append(contentsOf: "&amp;".utf8)
                case 0x3C: out.append(contentsOf: "&lt;".utf8)
                case 0x3E: out.append(contentsOf: "&gt;".utf8)
                case 0x0D: out.append(contentsOf: "&#13;".utf8)
                default: out.append(c)
                }
                lineHasContent = true
                cursor += 1
            }
        }

        mutating func markup(_ tag: String) {
            out.append(contentsOf: tag.utf8)
            lineHasContent = true
        }

        mutating func finish() {
            text(upTo: plain.count)
            if !lineHasContent { out.append(contentsOf: "<>".utf8) }
        }
    }
}
