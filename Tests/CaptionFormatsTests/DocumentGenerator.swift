import CaptionModel
import Foundation
import CaptionTestSupport

/// A seeded generator of caption documents for write-then-read property tests: reproducible from
/// the seed a failure prints.
struct DocumentGenerator {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed &+ 0x9E37_79B9_7F4A_7C15) }

    mutating func next() -> UInt64 { random.next() }

    mutating func int(_ range: ClosedRange<Int>) -> Int { random.int(range) }

    mutating func chance(_ p: Double) -> Bool { Double(next() % 10_000) / 10_000 < p }

    mutating func pick<T>(_ items: [T]) -> T { random.pick(items) }

    /// Characters that stress escaping: markup openers, entities, braces, backslashes, non-ASCII.
    static let alphabet: [String] = Array("abcdefghij klmnop QRSTU 0123456789 .,!?'\"").map(String.init)
        + ["<", ">", "&", "{", "}", "\\", "é", "日本", "🎬", "ß", "&amp;", "<b>", "{\\an8}", ";", "#", "-"]

    /// A line that is not blank and never reads as a timing line (`-->`).
    mutating func line() -> String {
        var s = ""
        for _ in 0..<int(1...24) { s += pick(Self.alphabet) }
        while s.contains("-->") { s = s.replacingOccurrences(of: "-->", with: "->") }
        if s.allSatisfy({ $0 == " " }) { s = "x" + s }
        return s
    }

    mutating func text(lines: ClosedRange<Int> = 1...3) -> String {
        (0..<int(lines)).map { _ in line() }.joined(separator: "\n")
    }

    /// Non-empty spans on character boundaries; spans of one kind never overlap each other, and
    /// spans are in order of their start (the order a reader reports opening tags in).
    mutating func spans(for plain: String, kinds: [TextSpan.Kind]) -> [TextSpan] {
        var offsets: [Int] = [0]
        var total = 0
        for c in plain { total += c.utf8.count; offsets.append(total) }
        guard offsets.count > 2 else { return [] }
        var spans: [TextSpan] = []
        for _ in 0..<int(0...3) {
            let kind = pick(kinds)
            let a = int(0...(offsets.count - 2)), b = int((a + 1)...(offsets.count - 1))
            let span = TextSpan(start: offsets[a], end: offsets[b], kind: kind)
            let sameFamily = spans.contains { family($0.kind) == family(kind) && $0.start < span.end && span.start < $0.end }
            if !sameFamily { spans.append(span) }
        }
        return spans.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }

    private func family(_ kind: TextSpan.Kind) -> String {
        switch kind {
        case .color, .fontFace, .fontScale: "font"
        default: "\(kind)"
        }
    }
}

