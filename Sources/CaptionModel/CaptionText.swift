/// An event's text: plain text (markup removed, entities decoded, line breaks as `\n`) and the
/// spans of styling over it. Flat runs for layout come from `runs`.
///
/// Plain text plus spans (rather than a tree of runs) keeps a cue without markup to one string,
/// shared with its source text, which is what makes parsing 100,000 cues cheap in memory.
public struct CaptionText: Sendable, Hashable {
    public var plain: String
    public var spans: [TextSpan]

    public init(plain: String, spans: [TextSpan] = []) {
        self.plain = plain; self.spans = spans
    }

    public var isEmpty: Bool { plain.isEmpty }

    /// The text as runs in reading order: each run of text carries the attributes of every span that
    /// covers it; a `\n` becomes `.lineBreak`.
    public var runs: [TextRun] {
        let utf8 = Array(plain.utf8)
        var cuts = Set<Int>([0, utf8.count])
        for span in spans { cuts.insert(max(0, min(span.start, utf8.count))); cuts.insert(max(0, min(span.end, utf8.count))) }
        for (i, byte) in utf8.enumerated() where byte == 0x0A { cuts.insert(i); cuts.insert(i + 1) }
        let boundaries = cuts.sorted()
        var runs: [TextRun] = []
        for (a, b) in zip(boundaries, boundaries.dropFirst()) where a < b {
            if b - a == 1 && utf8[a] == 0x0A { runs.append(.lineBreak); continue }
            var attributes = TextAttributes()
            for span in spans where span.start <= a && span.end >= b { attributes.apply(span.kind) }
            let text = String(decoding: utf8[a..<b], as: UTF8.self)
            if case .text(let previous, let previousAttributes)? = runs.last, previousAttributes == attributes {
                runs[runs.count - 1] = .text(previous + text, attributes)
            } else {
                runs.append(.text(text, attributes))
            }
        }
        return runs
    }
}

public enum TextRun: Sendable, Hashable {
    case text(String, TextAttributes)
    case lineBreak
}

/// The styling in effect on a run: the union of the spans covering it (inner spans win for values).
public struct TextAttributes: Sendable, Hashable {
    public var bold = false
    public var italic = false
    public var underline = false
    public var strikethrough = false
    public var color: RGBAColor?
    public var fontFace: String?
    /// Relative to the cue's size (`TextSpan.Kind.fontScale`); nested scales multiply.
    public var fontScale: Double?
    public var voice: String?
    public var classes: [String] = []
    public var language: String?
    public var isRubyBase = false
    public var isRubyText = false

    public init() {}

    mutating func apply(_ kind: TextSpan.Kind) {
        switch kind {
        case .bold: bold = true
        case .italic: italic = true
        case .underline: underline = true
        case .strikethrough: strikethrough = true
        case .color(let c): color = c
        case .fontFace(let f): fontFace = f
        case .fontScale(let k): fontScale = (fontScale ?? 1) * k
        case .voice(let v): voice = v
        case .classes(let c): classes += c
        case .language(let l): language = l
        case .ruby: isRubyBase = true
        case .rubyText: isRubyText = true
        }
    }
}
