import CaptionModel

/// Writes LRC: ID tags from the document's metadata, then one `[mm:ss.xx]` line per caption in time
/// order, with enhanced-LRC word times (`<mm:ss.xx>word `, a closing tag after the last word) when the
/// caption has words. Times are hundredths rounded from each absolute time (never summed durations).
///
/// LRC has starts only; a line ends where the next begins. The writer keeps ends anyway where it can:
/// when a caption ends before the next starts (or the last one ends other than a reader would guess)
/// it writes an empty time tag at the end, which ends the line before it. What LRC cannot carry:
/// overlapping captions, line breaks inside a caption (joined with a space), styling, placement,
/// speakers, and precision below 10 ms. Each is reported once.
enum LRCWriter {
    static func write(_ document: CaptionDocument) -> WriteResult {
        var out = ""
        var lost = LostFeatures()
        var dropped: [String] = []
        for entry in document.metadata {
            // Times are written as they are: an offset would move them again on reading.
            if entry.key.lowercased() == "offset" { continue }
            if isIDTagKey(entry.key) {
                out += "[" + entry.key + ":" + entry.value.split(whereSeparator: \.isNewline).joined(separator: " ") + "]\n"
            } else {
                dropped.append(entry.key)
            }
        }
        if !dropped.isEmpty { lost.note("metadata other than LRC ID tags (\(dropped.joined(separator: ", ")))") }
        let length = document.metadata.last { $0.key.lowercased() == "length" }.flatMap { LRCTime.parse($0.value) }

        // Every metadata key is reported above when it is not an ID tag: ASS's [Script Info] keys too.
        ASSFeatureLoss.noteScript(document, keptKeys: Set(document.metadata.map { $0.key.lowercased() }), holds: [.wordTimes], into: &lost)
        let ass = ASSFeatureLoss(document)
        let sorted = document.events.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
        let events = sorted.map(\.element), indices = sorted.map(\.offset)
        var k = 0
        while k < events.count {
            // Captions starting together (after rounding) are written together; one line ends them all.
            let start = LRCTime.rounded(events[k].start)
            var group = k
            while group + 1 < events.count, LRCTime.rounded(events[group + 1].start) == start { group += 1 }
            for (event, index) in zip(events[k...group], indices[k...group]) {
                lost.event = index
                note(event, &lost)
                if let fields = event.ass { ass.note(event, fields, holds: [.wordTimes], into: &lost) }
                out += "[" + LRCTime.format(event.start) + "]" + line(event, &lost) + "\n"
            }
            lost.event = indices[k]
            let ends = Set(events[k...group].map { LRCTime.rounded($0.end) })
            if ends.count > 1 { lost.note("captions starting together with different ends", instead: "ended at the first's end") }
            let end = LRCTime.rounded(events[k].end)
            let nextStart = group + 1 < events.count ? LRCTime.rounded(events[group + 1].start) : nil
            // Where a reader would end the line without help.
            let implied: Milliseconds
            if let nextStart {
                implied = nextStart
            } else if let last = events[k].words.last {
                implied = max(LRCTime.rounded(last.end), start)
            } else {
                var fallback = start + LRCTimeline.lastLineDuration
                if let length, length > start { fallback = min(fallback, length) }
                implied = fallback
            }
            if end != implied {
                if let nextStart, end > nextStart {
                    lost.note("overlapping captions", instead: "ended where the next begins")
                } else if end <= start {
                    lost.note("captions without duration")
                } else {
                    out += "[" + LRCTime.format(end) + "]\n"
                }
            }
            k = group + 1
        }
        return WriteResult(text: out, diagnostics: lost.diagnostics(format: "LRC"))
    }

    private static func note(_ event: CaptionEvent, _ lost: inout LostFeatures) {
        if event.start < 0 || event.end < 0 { lost.note("negative times", instead: "written as 00:00.00") }
        if !event.text.spans.isEmpty { lost.note("styling (bold, italic, colour...)") }
        if event.placement != nil || event.settings != nil { lost.note("placement") }
        if event.words.contains(where: { $0.speaker != nil }) { lost.note("speakers") }
    }

    /// The line's text after its time tag, with word times when the caption has words.
    static func line(_ event: CaptionEvent, _ lost: inout LostFeatures) -> String {
        var text = event.text.plain
        if text.contains(where: \.isNewline) {
            lost.note("line breaks inside a caption", instead: "joined with a space")
            text = text.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
                .joined(separator: " ")
        }
        let words = event.words
        guard !words.isEmpty else { return text }
        let separators = separators(words.map(\.text), in: text) ?? {
            lost.note("caption text that differs from its words", instead: "written as the words")
            return Array(repeating: " ", count: words.count)
        }()
        var out = ""
        for (i, word) in words.enumerated() {
            out += "<" + LRCTime.format(word.start) + ">" + word.text
            if i + 1 < words.count {
                // A pause between two words: a tag with nothing after it ends the word before it.
                if LRCTime.rounded(word.end) != LRCTime.rounded(words[i + 1].start) { out += "<" + LRCTime.format(word.end) + ">" }
                out += separators[i]
            } else {
                // The closing tag of the A2 format: "last word <mm:ss.xx>" (no space between CJK words).
                out += (words.count == 1 || separators[i - 1].contains(" ") ? " " : "") + "<" + LRCTime.format(word.end) + ">"
            }
        }
        return out
    }

    /// The whitespace after each word up to the next, when the text is exactly the words in order
    /// with only whitespace around them; nil otherwise.
    static func separators(_ words: [String], in text: String) -> [String]? {
        var rest = Substring(text)
        var result: [String] = []
        for (i, word) in words.enumerated() {
            let gap = rest.prefix { $0.isWhitespace }
            if i > 0 { result.append(String(gap)) }
            rest = rest.dropFirst(gap.count)
            guard !word.isEmpty, rest.hasPrefix(word) else { return nil }
            rest = rest.dropFirst(word.count)
        }
        guard rest.allSatisfy(\.isWhitespace) else { return nil }
        result.append(" ")
        return result
    }

    /// LRC ID tags are short lower-case words (`ar`, `ti`, `length`, `#`); keys of other formats'
    /// headers (WebVTT's `Kind`, ASS's `PlayResX`) are not written as tags players would misread.
    static func isIDTagKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, key.unicodeScalars.count <= 16 else { return false }
        guard ("a"..."z").contains(first) || first == "#" else { return false }
        return key.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "#" || $0 == "_" }
    }
}
