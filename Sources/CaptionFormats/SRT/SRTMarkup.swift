import CaptionModel

/// SRT cue text markup: the HTML-like tags players understand (`<b> <i> <u> <s> <font color face size>`,
/// `<br>`), ASS override blocks (`{\an8}`, `{\pos(x,y)}`, `{\i1}`...) and character references.
/// Anything else that looks like a tag stays literal text, so "a <3 b" survives.
enum SRTMarkup {
    struct Result {
        /// The plain text's UTF-8 bytes.
        var plain: [UInt8]
        var spans: [TextSpan]
        var placement: CuePlacement?
    }

    /// True when the bytes hold a `<`, `{` or `&`: without them, a cue's plain text is its source text.
    static func mayContainMarkup(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        b.containsAny(0x3C, 0x7B, 0x26, in: range)
    }

    /// The size players give a plain SRT line, in the 288-line script they read an SRT into (ffmpeg's
    /// and libass's SRT style): `<font size="N">` is N/16 of the cue's size.
    static let normalFontSize = 16.0

    /// `<font size>`'s value for a size relative to the cue's.
    static func sizeAttribute(_ scale: Double) -> String { NumberText.plain((scale * normalFontSize * 100).rounded() / 100) }

    /// Parses cue text (lines joined by `\n`) into plain text, spans and placement.
    static func parse(_ b: UnsafeBufferPointer<UInt8>) -> Result {
        var parser = Parser(b: b)
        parser.run()
        return Result(plain: parser.plain, spans: parser.finishedSpans(), placement: parser.placement)
    }

    private enum Tag: Equatable { case bold, italic, underline, strike, font, color }

    private struct Parser {
        let b: UnsafeBufferPointer<UInt8>
        var plain: [UInt8] = []
        var spans: [TextSpan] = []
        /// Open tags, innermost last, with the index of the span each opened.
        var open: [(tag: Tag, index: Int)] = []
        var placement: CuePlacement?
        /// How many spans each open `<font>` opened (colour and face are separate spans).
        var fontGroups: [Int] = []

        init(b: UnsafeBufferPointer<UInt8>) {
            self.b = b
            plain.reserveCapacity(b.count)
        }

        mutating func run() {
            var i = 0
            while i < b.count {
                switch b[i] {
                case 0x3C: if let next = htmlTag(at: i) { i = next; continue }
                case 0x7B: if let next = overrideBlock(at: i) { i = next; continue }
                case 0x26:
                    if let (text, length) = CharacterReferences.decode(b, at: i, end: b.count) {
                        plain.append(contentsOf: text.utf8)
                        i += length
                        continue
                    }
                default: break
                }
                plain.append(b[i])
                i += 1
            }
        }

        func finishedSpans() -> [TextSpan] {
            spans.compactMap { span in
                var span = span
                if span.end < 0 { span.end = plain.count }
                return span.end > span.start ? span : nil
            }
        }

        mutating func openSpan(_ tag: Tag, _ kind: TextSpan.Kind) {
            open.append((tag, spans.count))
            spans.append(TextSpan(start: plain.count, end: -1, kind: kind))
        }

        mutating func closeSpan(_ tag: Tag) {
            guard let k = open.lastIndex(where: { $0.tag == tag }) else { return }
            spans[open[k].index].end = plain.count
            open.remove(at: k)
        }

        /// `<b>`, `</i>`, `<font color="red">`, `<br/>`: returns the index after `>`, or nil if not a known tag.
        mutating func htmlTag(at start: Int) -> Int? {
            var i = start + 1
            var closing = false
            if i < b.count, b[i] == 0x2F { closing = true; i += 1 }
            let nameStart = i
            while i < b.count, isLetter(b[i]) { i += 1 }
            let name = Self.packedName(b, nameStart..<i)
            guard let close = firstIndex(of: 0x3E, from: i), close - start < 512 else { return nil }
            // After the name only attributes may follow, separated by a space.
            guard i == close || b[i] == 0x20 || b[i] == 0x09 || (b[i] == 0x2F && i + 1 == close) else { return nil }
            switch (name, closing) {
            case (Name.b, false): openSpan(.bold, .bold)
            case (Name.b, true): closeSpan(.bold)
            case (Name.i, false): openSpan(.italic, .italic)
            case (Name.i, true): closeSpan(.italic)
            case (Name.u, false): openSpan(.underline, .underline)
            case (Name.u, true): closeSpan(.underline)
            case (Name.s, false): openSpan(.strike, .strikethrough)
            case (Name.s, true): closeSpan(.strike)
            case (Name.br, _): plain.append(0x0A)
            case (Name.font, true):
                for _ in 0..<(fontGroups.popLast() ?? 0) { closeSpan(.font) }
            case (Name.font, false):
                // A <font> may carry colour and face; each becomes a span closed by the same </font>.
                let attributes = HTMLAttributes.parse(b, i..<close)
                var opened = 0
                if let value = attributes["color"], let color = RGBAColor(parsing: value) {
                    openSpan(.font, .color(color)); opened += 1
                }
                if let face = attributes["face"], !face.isEmpty { openSpan(.font, .fontFace(face)); opened += 1 }
                // A size players can draw (VSFilter and ffmpeg take a number of script pixels).
                if let text = attributes["size"], let size = Double(text.trimmingCharacters(in: .whitespaces)), size > 0, size <= 1000 {
                    openSpan(.font, .fontScale(size / SRTMarkup.normalFontSize)); opened += 1
                }
                fontGroups.append(opened)
            default:
                return nil
            }
            return close + 1
        }

        /// `{\an8\i1}`: returns the index after `}`, or nil when this `{` does not open an override block.
        mutating func overrideBlock(at start: Int) -> Int? {
            guard start + 1 < b.count, b[start + 1] == 0x5C, let close = firstIndex(of: 0x7D, from: start + 1) else { return nil }
            var i = start + 1
            while i < close {
                guard b[i] == 0x5C else { i += 1; continue }
                var j = i + 1
                while j < close, b[j] != 0x5C { j += 1 }
                overrideTag(i + 1..<j)
                i = j
            }
            return close + 1
        }

        mutating func overrideTag(_ r: Range<Int>) {
            let tag = b.string(r)
            func number(after prefix: Int) -> Int? { Int(tag.dropFirst(prefix)) }
            if tag.hasPrefix("an"), let n = number(after: 2), (1...9).contains(n) {
                setPlacement { $0.anchor = n }
            } else if tag.hasPrefix("a"), let n = number(after: 1), let anchor = legacyAlignment(n) {
                setPlacement { $0.anchor = anchor }
            } else if tag.hasPrefix("pos(") {
                let numbers = tag.dropFirst(4).prefix { $0 != ")" }.split(separator: ",").compactMap { Double($0.trimmingSpaces) }
                if numbers.count == 2 { setPlacement { $0.point = .init(x: numbers[0], y: numbers[1]) } }
            } else if let (kind, tagKind) = toggle(tag) {
                if tag.hasSuffix("0") || tag == "b400" { closeSpan(tagKind) } else { openSpan(tagKind, kind) }
            } else if tag.hasPrefix("c&H") || tag.hasPrefix("1c&H") {
                closeSpan(.color)
                let hex = tag.drop { $0 != "H" }.dropFirst().prefix { $0 != "&" }
                if let v = UInt32(hex, radix: 16) {
                    openSpan(.color, .color(RGBAColor(red: UInt8(v & 255), green: UInt8((v >> 8) & 255), blue: UInt8((v >> 16) & 255))))
                }
            }
        }

        func toggle(_ tag: String) -> (TextSpan.Kind, Tag)? {
            guard let first = tag.first, tag.count >= 2, tag.dropFirst().allSatisfy(\.isNumber) else { return nil }
            switch first {
            case "b": return (.bold, .bold)
            case "i": return (.italic, .italic)
            case "u": return (.underline, .underline)
            case "s": return (.strikethrough, .strike)
            default: return nil
            }
        }

        /// SSA's `\aN` numbering: 1-3 bottom, 5-7 top, 9-11 middle.
        func legacyAlignment(_ n: Int) -> Int? {
            switch n {
            case 1, 2, 3: n
            case 5, 6, 7: n + 2
            case 9, 10, 11: n - 5
            default: nil
            }
        }

        mutating func setPlacement(_ change: (inout CuePlacement) -> Void) {
            var p = placement ?? CuePlacement()
            change(&p)
            placement = p
        }

        func firstIndex(of byte: UInt8, from: Int) -> Int? {
            var i = from
            while i < b.count { if b[i] == byte { return i }; i += 1 }
            return nil
        }

        /// Tag names, lower-cased ASCII packed into an integer, so matching a tag makes no String.
        enum Name {
            static let b: UInt32 = 0x62, i: UInt32 = 0x69, u: UInt32 = 0x75, s: UInt32 = 0x73
            static let br: UInt32 = 0x6272, font: UInt32 = 0x666F_6E74
        }

        /// The name packed as in `Name`; 0 for a name longer than four letters (none we know).
        static func packedName(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> UInt32 {
            guard r.count <= 4 else { return 0 }
            var key: UInt32 = 0
            for k in r { key = key << 8 | UInt32(b[k] | 0x20) }
            return key
        }

        func isLetter(_ c: UInt8) -> Bool { (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) }
    }
}

/// `name="value" name='value' name=value` inside an HTML-like tag; names lower-cased.
enum HTMLAttributes {
    static func parse(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [String: String] {
        var result: [String: String] = [:]
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            while i < end, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x2F { i += 1 }
            let nameStart = i
            while i < end, b[i] != 0x3D, b[i] != 0x20 { i += 1 }
            let name = b.string(nameStart..<i).lowercased()
            guard i < end, b[i] == 0x3D else { continue }
            i += 1
            var value = ""
            if i < end, b[i] == 0x22 || b[i] == 0x27 {
                let quote = b[i]
                let valueStart = i + 1
                i = valueStart
                while i < end, b[i] != quote { i += 1 }
                value = b.string(valueStart..<i)
                i += 1
            } else {
                let valueStart = i
                while i < end, b[i] != 0x20 { i += 1 }
                value = b.string(valueStart..<i)
            }
            if !name.isEmpty { result[name] = value }
        }
        return result
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
