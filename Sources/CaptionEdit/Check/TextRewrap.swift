import CaptionModel

/// Styling spans carried across a re-break: the text's words are the same bytes in the same order,
/// only the whitespace between them changed, so each offset moves with the word it is in (an offset
/// in whitespace goes to the start of the new separator).
enum TextRewrap {
    static func moveSpans(_ spans: [TextSpan], from old: String, to new: String) -> [TextSpan]? {
        guard !spans.isEmpty else { return [] }
        let a = Array(old.utf8), b = Array(new.utf8)
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D }
        // map[i]: the new offset of old offset i (0...a.count).
        var map = [Int](repeating: 0, count: a.count + 1)
        var i = 0, j = 0
        while i < a.count {
            if isSpace(a[i]) {
                // Whitespace (or none, at the ends) in the new text at this point.
                let start = j
                while j < b.count, isSpace(b[j]) { j += 1 }
                while i < a.count, isSpace(a[i]) { map[i] = start; i += 1 }
                continue
            }
            while j < b.count, isSpace(b[j]) { j += 1 }
            guard j < b.count, a[i] == b[j] else { return nil }
            map[i] = j
            i += 1; j += 1
        }
        map[a.count] = b.count
        return spans.map { TextSpan(start: map[max(0, min($0.start, a.count))], end: map[max(0, min($0.end, a.count))], kind: $0.kind) }
    }
}
