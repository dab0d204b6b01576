import CaptionModel

/// Turns an adapter's `Transcript` into caption events: one event per segment, carrying its words.
///
/// - Word text is trimmed; a word with no text left is dropped.
/// - A time that is NaN, infinite or negative is reported (naming the word) and treated as missing.
/// - An end before its start is reported and treated as missing.
/// - A start earlier than the previous word's start is reported and moved up to it, so words stay in order.
/// - Missing times are interpolated: a run of words without times shares evenly the gap its timed
///   neighbours leave (WhisperX's numerals), and such words are marked `interpolated`.
/// - With `startsOnly`, each word ends where the next word starts, or at its segment's end.
enum TranscriptBuilder {
    static func events(from transcript: Transcript, issues: inout TranscriptIssues) -> [CaptionEvent] {
        var events: [CaptionEvent] = []
        for (n, segment) in transcript.segments.enumerated() {
            let next = transcript.segments.dropFirst(n + 1).first { !$0.words.isEmpty }
            let words = timedWords(segment, nextStart: next?.start ?? next?.words.first?.start,
                                   startsOnly: transcript.startsOnly, issues: &issues)
            guard let first = words.first, let last = words.last else { continue }
            let text = words.map(\.text).joined(separator: " ")
            events.append(CaptionEvent(start: first.start, end: max(last.end, first.start), text: CaptionText(plain: text), words: words))
        }
        return events
    }

    private struct Slot {
        var text: String
        var start: Double?
        var end: Double?
        var speaker: String?
    }

    static func timedWords(_ rawSegment: Transcript.Segment, nextStart: Double?, startsOnly: Bool,
                           issues: inout TranscriptIssues) -> [Word] {
        // Segment bounds feed interpolation: only usable ones count.
        var segment = rawSegment
        segment.start = segment.start.flatMap(usable)
        segment.end = segment.end.flatMap(usable)
        let nextStart = nextStart.flatMap(usable)
        var slots: [Slot] = []
        slots.reserveCapacity(segment.words.count)
        var previousStart = -Double.infinity
        for raw in segment.words {
            let text = raw.text.trimmingWhitespace
            guard !text.isEmpty else { continue }
            var start = valid(raw.start, "start", raw, &issues)
            var end = valid(raw.end, "end", raw, &issues)
            if let s = start, let e = end, e < s {
                issues.warn(raw.path, "'\(text)' ends (\(format(e))) before it starts (\(format(s))); its end is interpolated")
                end = nil
            }
            if let s = start, s < previousStart {
                issues.warn(raw.path, "'\(text)' starts (\(format(s))) before the word before it (\(format(previousStart))); moved to keep words in order")
                start = previousStart
                if let e = end, e < previousStart { end = previousStart }
            }
            if let s = start { previousStart = s }
            slots.append(Slot(text: text, start: start, end: end, speaker: raw.speaker))
        }
        if startsOnly {
            let segmentEnd = segment.end ?? nextStart
            // Only words with a start get their end this way; words without one are interpolated below.
            for k in slots.indices where slots[k].end == nil && slots[k].start != nil {
                slots[k].end = slots[(k + 1)...].first(where: { $0.start != nil })?.start ?? segmentEnd ?? slots[k].start
            }
        }
        return interpolate(slots, segmentStart: segment.start, segmentEnd: segment.end)
    }

    /// Fills missing starts and ends from the nearest known times around each run of untimed words.
    private static func interpolate(_ slots: [Slot], segmentStart: Double?, segmentEnd: Double?) -> [Word] {
        var words: [Word] = []
        words.reserveCapacity(slots.count)
        var k = 0
        while k < slots.count {
            let slot = slots[k]
            if let s = slot.start, let e = slot.end {
                words.append(Word(text: slot.text, start: ms(s), end: ms(e), speaker: slot.speaker))
                k += 1
                continue
            }
            // A run of words missing a time: from the last known time before it to the first after it.
            var runEnd = k
            while runEnd < slots.count, slots[runEnd].start == nil || slots[runEnd].end == nil { runEnd += 1 }
            let before = slots[k].start ?? words.last.map { Double($0.end) } ?? segmentStart ?? 0
            let after = (runEnd < slots.count ? slots[runEnd].start : nil) ?? slots[runEnd - 1].end ?? segmentEnd ?? before
            let from = min(before, after), span = max(0, after - from)
            let count = Double(runEnd - k)
            for (j, index) in (k..<runEnd).enumerated() {
                let slot = slots[index]
                // A word that has only its end never starts after it.
                let start = slot.start ?? min(from + span * Double(j) / count, slot.end ?? .infinity)
                let end = slot.end ?? max(start, from + span * Double(j + 1) / count)
                words.append(Word(text: slot.text, start: ms(start), end: ms(end), interpolated: true, speaker: slot.speaker))
            }
            k = runEnd
        }
        return words
    }

    private static func valid(_ value: Double?, _ field: String, _ raw: RawWord, _ issues: inout TranscriptIssues) -> Double? {
        guard let value else { return nil }
        guard value.isFinite else {
            issues.warn(raw.path, "'\(raw.text.trimmingWhitespace)' has \(field) \(value); interpolated instead")
            return nil
        }
        guard value >= 0 else {
            issues.warn(raw.path, "'\(raw.text.trimmingWhitespace)' has a negative \(field) (\(format(value))); interpolated instead")
            return nil
        }
        guard value < 1e13 else {
            issues.warn(raw.path, "'\(raw.text.trimmingWhitespace)' has \(field) \(format(value)), beyond any media; interpolated instead")
            return nil
        }
        return value
    }

    private static func usable(_ value: Double) -> Double? {
        value.isFinite && value >= 0 && value < 1e13 ? value : nil
    }

    private static func ms(_ value: Double) -> Milliseconds {
        CaptionTime.milliseconds(fromSeconds: value / 1000) ?? 0
    }

    private static func format(_ ms: Double) -> String {
        guard ms.isFinite, abs(ms) < 1e15 else { return "\(ms / 1000) s" }
        return String(format3: ms / 1000) + " s"
    }
}

extension String {
    /// Seconds with three decimals, without Foundation.
    init(format3 value: Double) {
        let ms = Int((value * 1000).rounded())
        let sign = ms < 0 ? "-" : ""
        let a = abs(ms)
        let fraction = String(a % 1000)
        self = sign + String(a / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    var trimmingWhitespace: String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s = s.dropFirst() }
        while let c = s.last, c.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
