/// Cuts SAMI's HTML into tags and text the way browsers forgive it: tag names and attribute names
/// in any case, attribute values quoted or not and spaces around `=` (`<SYNC Start = 1000>`), no
/// closing tags required, comments (`<!-- -->`) dropped wherever they are, a `<` that does not begin
/// a tag kept as text. The `<STYLE>` element's content is handed over whole: its CSS is usually
/// wrapped in a comment, which must not hide it.
struct SAMITokenizer {
    enum Token {
        case text(Range<Int>)
        case tag(Tag)
        case styleSheet(String)
    }

    struct Tag {
        /// Upper-cased: `SYNC`, `P`, `BR`.
        var name: String
        var isEnd: Bool
        /// Names lower-cased, values with character references decoded.
        var attributes: [String: String]
        /// As written, for messages.
        var written: String
        var line: Int
    }

    let b: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var line = 1
    private var countedTo = 0

    init(_ b: UnsafeBufferPointer<UInt8>) { self.b = b }

    /// The 1-based line of the token `next()` returned last.
    private(set) var tokenLine = 1

    mutating func next() -> Token? {
        while i < b.count {
            tokenLine = lineNumber(at: i)
            guard b[i] == 0x3C, i + 1 < b.count, startsTag(b[i + 1]) else {
                let start = i
                i += 1
                while i < b.count, !(b[i] == 0x3C && i + 1 < b.count && startsTag(b[i + 1])) { i += 1 }
                return .text(start..<i)
            }
            if hasPrefix("<!--", at: i) {
                i = find("-->", from: i + 4).map { $0 + 3 } ?? b.count
                continue
            }
            let close = tagEnd(from: i + 1)
            let tag = parseTag((i + 1)..<close)
            i = min(close + 1, b.count)
            if tag.name == "STYLE", !tag.isEnd {
                let end = findCaseInsensitive("</style", from: i) ?? b.count
                let css = b.string(i..<end)
                i = end
                return .styleSheet(css)
            }
            return .tag(tag)
        }
        return nil
    }

    /// `<` then a letter, `/`, `!` or `?` begins a tag; anything else is text (`a < b`).
    private func startsTag(_ c: UInt8) -> Bool {
        (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || c == 0x2F || c == 0x21 || c == 0x3F
    }

    /// The index of the `>` that ends the tag (quotes respected), or the end of input.
    private func tagEnd(from start: Int) -> Int {
        var k = start
        var quote: UInt8?
        while k < b.count {
            let c = b[k]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == 0x22 || c == 0x27 {
                // A quote only opens a value right after `=` (an apostrophe in text-like junk does not).
                var p = k - 1
                while p > start, b[p] == 0x20 || b[p] == 0x09 { p -= 1 }
                if b[p] == 0x3D { quote = c }
            } else if c == 0x3E {
                return k
            }
            k += 1
        }
        return b.count
    }

    private func parseTag(_ range: Range<Int>) -> Tag {
        var k = range.lowerBound
        let isEnd = k < range.upperBound && b[k] == 0x2F
        if isEnd { k += 1 }
        let nameStart = k
        while k < range.upperBound, !isSpace(b[k]), b[k] != 0x2F, b[k] != 0x3E { k += 1 }
        let name = b.string(nameStart..<k).uppercased()
        var end = range.upperBound
        if end > k, b[end - 1] == 0x2F { end -= 1 } // `<br/>`
        let written = "<" + b.string(range.lowerBound..<min(range.upperBound, b.count)) + ">"
        return Tag(name: name, isEnd: isEnd, attributes: attributes(k..<end), written: written, line: tokenLine)
    }

    /// `name = value`, `name="value"`, `name='value'`, bare `name`.
    private func attributes(_ range: Range<Int>) -> [String: String] {
        var result: [String: String] = [:]
        var k = range.lowerBound
        let end = range.upperBound
        while k < end {
            while k < end, isSpace(b[k]) || b[k] == 0x2F { k += 1 }
            let nameStart = k
            while k < end, b[k] != 0x3D, !isSpace(b[k]) { k += 1 }
            let name = b.string(nameStart..<k).lowercased()
            while k < end, isSpace(b[k]) { k += 1 }
            guard k < end, b[k] == 0x3D else {
                if !name.isEmpty { result[name] = "" }
                continue
            }
            k += 1
            while k < end, isSpace(b[k]) { k += 1 }
            var value = ""
            if k < end, b[k] == 0x22 || b[k] == 0x27 {
                let quote = b[k]
                let valueStart = k + 1
                k = valueStart
                while k < end, b[k] != quote { k += 1 }
                value = SRV3Scanner.decode(b, valueStart..<k)
                k += 1
            } else {
                let valueStart = k
                while k < end, !isSpace(b[k]) { k += 1 }
                value = SRV3Scanner.decode(b, valueStart..<k)
            }
            if !name.isEmpty { result[name] = value }
        }
        return result
    }

    private func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    private func hasPrefix(_ s: StaticString, at k: Int) -> Bool { b.hasPrefix(s, in: k..<b.count) }

    private func find(_ s: StaticString, from start: Int) -> Int? {
        var k = start
        while k < b.count {
            if hasPrefix(s, at: k) { return k }
            k += 1
        }
        return nil
    }

    /// `needle` is lower-case ASCII.
    private func findCaseInsensitive(_ needle: StaticString, from start: Int) -> Int? {
        var k = start
        while k < b.count {
            if b.hasPrefixFoldingCase(needle, in: k..<b.count) { return k }
            k += 1
        }
        return nil
    }

    /// Counts line ends forward from the last question (offsets only grow).
    private mutating func lineNumber(at offset: Int) -> Int {
        if offset > countedTo {
            for k in countedTo..<min(offset, b.count) where b[k] == 0x0A { line += 1 }
            countedTo = offset
        }
        return line
    }
}
