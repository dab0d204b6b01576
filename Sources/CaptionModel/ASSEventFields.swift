/// The fields of an ASS Dialogue line the caption model has no other place for.
public struct ASSEventFields: Sendable, Hashable {
    /// Higher layers are drawn over lower ones, and collide only with their own layer.
    public var layer: Int = 0
    /// The Name (Actor) field: the speaker in most scripts.
    public var name: String = ""
    /// Per-event margins in script pixels; 0 means the style's.
    public var marginLeft: Int = 0
    public var marginRight: Int = 0
    public var marginVertical: Int = 0
    /// `Banner;...`, `Scroll up;...`, `Scroll down;...`, or anything a script keeps there (templater).
    public var effect: String = ""
    /// A digest of what the event's text said when it was read (plain text, spans, word times relative
    /// to the start, placement). While the event still says that, its Text field is written back as it
    /// was read (`CaptionEvent.sourceText`), override tags and all; an edit of the text or the words
    /// changes the digest, and the writer then builds the Text field from the model.
    public var textDigest: Int = 0

    public init() {}
}

extension CaptionEvent {
    /// The digest `ASSEventFields.textDigest` keeps: what the event's text says, with word times relative
    /// to the event's start (a shift keeps it; scaling the words or editing the text changes it).
    public var assTextDigest: Int {
        Self.assTextDigest(plain: plainText, spans: spans, placement: placement, words: words, start: start)
    }

    /// The same digest from the parts of an event (what a reader has in hand before making it).
    ///
    /// Cheap, as it runs twice for every event of a script read and written back: bytes and integers
    /// mixed into 64 bits eight bytes at a time (the text's bytes once, each word's bytes once),
    /// enumerations as small numbers, no String hashed. It is an in-process digest, never stored, and
    /// only tells an event's own edits apart (nobody chooses texts to collide with it); texts that differ
    /// only in how their bytes spell the same characters count as different (they were written
    /// differently).
    public static func assTextDigest(plain: StoredText, spans: [TextSpan], placement: CuePlacement?, words: [Word],
                                     start: Milliseconds) -> Int {
        var hasher = TextDigest()
        plain.withUTF8 { hasher.combine(bytes: $0) }
        hasher.combine(spans.count)
        for span in spans {
            hasher.combine(span.start)
            hasher.combine(span.end)
            switch span.kind {
            case .bold: hasher.combine(0 as UInt8)
            case .italic: hasher.combine(1 as UInt8)
            case .underline: hasher.combine(2 as UInt8)
            case .strikethrough: hasher.combine(3 as UInt8)
            case .color(let c): hasher.combine(4 as UInt8); combine(c, into: &hasher)
            case .fontFace(let f): hasher.combine(5 as UInt8); combine(f, into: &hasher)
            case .voice(let v): hasher.combine(6 as UInt8); combine(v, into: &hasher)
            case .classes(let classes):
                hasher.combine(7 as UInt8)
                hasher.combine(classes.count)
                for c in classes { combine(c, into: &hasher) }
            case .language(let l): hasher.combine(8 as UInt8); combine(l, into: &hasher)
            case .ruby: hasher.combine(9 as UInt8)
            case .rubyText: hasher.combine(10 as UInt8)
            case .fontScale(let k): hasher.combine(11 as UInt8); hasher.combine(k)
            }
        }
        if let p = placement {
            hasher.combine(1 as UInt8)
            combine(p.vertical.rawValue, into: &hasher)
            switch p.line {
            case .auto: hasher.combine(0 as UInt8)
            case .number(let n): hasher.combine(1 as UInt8); hasher.combine(n)
            case .percent(let n): hasher.combine(2 as UInt8); hasher.combine(n)
            }
            // The string-valued settings by their names (a few bytes, and only for placed events).
            combine(p.lineAlign.rawValue, into: &hasher)
            hasher.combine(p.position)
            combine(p.positionAlign.rawValue, into: &hasher)
            hasher.combine(p.size)
            combine(p.align.rawValue, into: &hasher)
            if let region = p.region { hasher.combine(1 as UInt8); combine(region, into: &hasher) } else { hasher.combine(0 as UInt8) }
            hasher.combine(p.anchor)
            if let point = p.point { hasher.combine(1 as UInt8); hasher.combine(point.x); hasher.combine(point.y) } else { hasher.combine(0 as UInt8) }
            if let r = p.rect { hasher.combine(1 as UInt8); hasher.combine(r.x1); hasher.combine(r.x2); hasher.combine(r.y1); hasher.combine(r.y2) } else { hasher.combine(0 as UInt8) }
        } else {
            hasher.combine(0 as UInt8)
        }
        hasher.combine(words.count)
        for word in words {
            combine(word.text, into: &hasher)
            hasher.combine(word.start - start)
            hasher.combine(word.end - start)
        }
        return hasher.finalize()
    }

    /// A String's UTF-8 bytes (and their count, so that two strings in a row cannot run together).
    private static func combine(_ s: String, into hasher: inout TextDigest) {
        var s = s
        s.withUTF8 { hasher.combine(bytes: $0) }
    }

    private static func combine(_ c: RGBAColor, into hasher: inout TextDigest) {
        hasher.combine(UInt32(c.red) << 24 | UInt32(c.green) << 16 | UInt32(c.blue) << 8 | UInt32(c.alpha))
    }
}

/// A 64-bit mix (multiply, xor-shift) of integers and bytes, for `assTextDigest`.
struct TextDigest {
    private var state: UInt64 = 0x243F_6A88_85A3_08D3

    @inline(__always) private mutating func mix(_ value: UInt64) {
        state = (state ^ value) &* 0xBF58_476D_1CE4_E5B9
        state ^= state >> 29
    }

    @inline(__always) mutating func combine(_ value: Int) { mix(UInt64(bitPattern: Int64(value))) }
    @inline(__always) mutating func combine(_ value: UInt32) { mix(UInt64(value)) }
    @inline(__always) mutating func combine(_ value: UInt8) { mix(UInt64(value)) }
    /// Equal doubles mix equally (-0 as 0).
    @inline(__always) mutating func combine(_ value: Double) { mix(value == 0 ? 0 : value.bitPattern) }
    @inline(__always) mutating func combine(_ value: Double?) {
        if let value { mix(1); combine(value) } else { mix(0) }
    }
    @inline(__always) mutating func combine(_ value: Int?) {
        if let value { mix(1); combine(value) } else { mix(0) }
    }

    /// The bytes, eight at a time, then their count.
    mutating func combine(bytes: UnsafeBufferPointer<UInt8>) {
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            var i = 0
            while i + 8 <= bytes.count {
                mix(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
            if i < bytes.count {
                var tail: UInt64 = 0
                var shift: UInt64 = 0
                while i < bytes.count { tail |= UInt64(base[i]) << shift; shift += 8; i += 1 }
                mix(tail)
            }
        }
        mix(UInt64(bytes.count))
    }

    func finalize() -> Int {
        var x = state
        x ^= x >> 33
        x = x &* 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        return Int(Int64(bitPattern: x))
    }
}
