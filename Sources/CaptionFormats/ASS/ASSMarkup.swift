import CaptionModel
#if canImport(Glibc)
import Glibc
#endif

/// ASS colours: `&HAABBGGRR` where AA is transparency (0 opaque), the opposite of alpha.
/// Every conversion between `RGBAColor` and ASS colour text happens here (the ASS writer and the
/// preset compiler in CaptionASS both call it).
public enum ASSColor {
    /// `&HAABBGGRR` (style rows) or, with `inline`, `&HBBGGRR&` (the `\c` tag, which has no alpha).
    public static func string(_ c: RGBAColor, inline: Bool = false) -> String {
        let digits = Array("0123456789ABCDEF")
        func hex(_ v: UInt8) -> String { String([digits[Int(v >> 4)], digits[Int(v & 15)]]) }
        let bgr = hex(c.blue) + hex(c.green) + hex(c.red)
        return inline ? "&H" + bgr + "&" : "&H" + hex(255 - c.alpha) + bgr
    }

    /// `&H` + transparency as an `\alpha`-style tag argument (`&H80&`).
    public static func transparency(_ c: RGBAColor) -> String { transparency(alpha: c.alpha) }

    /// The same for an alpha alone (`\1a`-`\4a`, `\alpha`).
    public static func transparency(alpha: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        let t = 255 - alpha
        return "&H" + String([digits[Int(t >> 4)], digits[Int(t & 15)]]) + "&"
    }

    /// Parses `&HAABBGGRR`, `&HBBGGRR&`, `H...` or a decimal number (SSA v4 styles write
    /// `65535` and signed values such as `-2147483640`).
    public static func parse<S: StringProtocol>(_ text: S) -> RGBAColor? {
        var s = Substring(text.assTrimming(" \t"))
        let value: UInt32
        if s.hasPrefix("&H") || s.hasPrefix("&h") || s.hasPrefix("H") || s.hasPrefix("h") {
            s = s.drop { $0 == "&" || $0 == "H" || $0 == "h" }
            while s.last == "&" { s = s.dropLast() }
            guard !s.isEmpty, s.count <= 8, let v = UInt32(s, radix: 16) else { return nil }
            value = v
        } else if let v = Int64(s) {
            value = UInt32(truncatingIfNeeded: v)
        } else {
            return nil
        }
        return RGBAColor(red: UInt8(value & 255), green: UInt8((value >> 8) & 255),
                         blue: UInt8((value >> 16) & 255), alpha: 255 - UInt8(value >> 24))
    }
}

/// SSA (v4) alignment: 1-3 bottom, +4 top, +8 middle. Also the `\a` tag's numbering.
func numpadAlignment(legacy a: Int) -> Int? {
    let column = a & 3
    guard column != 0, a >= 1, a <= 11 else { return nil }
    if a & 4 != 0 { return 6 + column }
    if a & 8 != 0 { return 3 + column }
    return column
}

/// An event's Text field understood: plain text, spans, karaoke words, placement.
struct ASSParsedText {
    var plain = ""
    var spans: [TextSpan] = []
    var words: [Word] = []
    var anchor: Int?
    var point: CuePlacement.Point?
    var hadDrawing = false
}

/// Parses the Text field of a Dialogue line. Override blocks `{...}` are removed from the plain text
/// and the common tags understood; unknown tags are ignored. The work is `ASSTextScanner`'s, on bytes.
enum ASSTextParser {
    /// Tag names, longest first where one is a prefix of another (`\blur` before `\b`). The first that
    /// begins a tag names it; `ASSTextScanner` dispatches on the same first match.
    static let tagNames: [String] = [
        "alpha", "iclip", "xbord", "ybord", "xshad", "yshad", "blur", "bord", "clip", "fade", "fscx", "fscy", "shad", "move",
        "org", "pos", "fad", "fax", "fay", "frx", "fry", "frz", "fsp", "pbo",
        "1c", "2c", "3c", "4c", "1a", "2a", "3a", "4a", "an", "be", "fe", "fn", "fr", "fs", "kf", "ko", "kt",
        "b", "i", "u", "s", "c", "a", "k", "K", "p", "q", "r", "t",
    ]

    static func parse(_ text: String, eventStart: Milliseconds) -> ASSParsedText {
        var scanner = ASSTextScanner()
        var text = text
        text.withUTF8 { scanner.parse($0, eventStart: eventStart) }
        return ASSParsedText(plain: String(decoding: scanner.out, as: UTF8.self), spans: scanner.spans, words: scanner.words,
                             anchor: scanner.anchor, point: scanner.point, hadDrawing: scanner.hadDrawing)
    }

    static func trimmed(_ s: String) -> String {
        var slice = Substring(s)
        while let c = slice.first, c.isWhitespace { slice = slice.dropFirst() }
        while let c = slice.last, c.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}

/// The Text field parser on bytes, with buffers kept from one event to the next (a reader makes one
/// and parses every event with it).
///
/// A tag whose bytes are all ASCII is dispatched on its first byte or two, and only the tags the model
/// holds (`b i u s c 1c fn an a pos k K kf ko p r`) have their arguments read; in ASCII every byte is a
/// Character (CR LF aside, which no tag name or number contains), so this is what reading the tag as
/// Characters gives. A tag with any other byte is read as Characters (`characterTag`), as it always was:
/// there a combining mark after a name's last letter makes another character of it, and U+212A KELVIN
/// SIGN is `K`.
struct ASSTextScanner {
    /// The plain text's UTF-8 bytes.
    private(set) var out: [UInt8] = []
    private(set) var spans: [TextSpan] = []
    private(set) var words: [Word] = []
    private(set) var anchor: Int?
    private(set) var point: CuePlacement.Point?
    private(set) var hadDrawing = false

    /// The spans a tag opens, one of each at a time.
    private enum Key: Int { case b, i, u, s, c, fn }
    private struct Open { var start: Int; var seq: Int; var kind: TextSpan.Kind }
    private var open: [Open?] = Array(repeating: nil, count: 6)
    private var anyOpen = false
    private var closed: [(span: TextSpan, seq: Int)] = []
    private var seq = 0
    private var drawing = false
    private var karaoke: [(offset: Int, startCS: Int, durationCS: Int)] = []
    private var karaokeCS = 0

    init() { out.reserveCapacity(512) }

    /// Parses `bytes` (valid UTF-8): afterwards `out`, `spans`, `words`, `anchor`, `point` and
    /// `hadDrawing` describe it.
    mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>, eventStart: Milliseconds) {
        out.removeAll(keepingCapacity: true)
        closed.removeAll(keepingCapacity: true)
        karaoke.removeAll(keepingCapacity: true)
        spans = []
        words = []
        anchor = nil
        point = nil
        hadDrawing = false
        seq = 0
        drawing = false
        karaokeCS = 0
        if anyOpen { for k in 0..<6 { open[k] = nil }; anyOpen = false }
        guard let p = bytes.baseAddress, bytes.count > 0 else { return }
        let n = bytes.count

        var i = 0
        while i < n {
            // A run of text up to the next brace or backslash, copied at once.
            var j = i
            while j < n, p[j] != 0x7B, p[j] != 0x5C { j += 1 }
            if j > i {
                if !drawing { out.append(contentsOf: UnsafeBufferPointer(start: p + i, count: j - i)) }
                i = j
                guard i < n else { break }
            }
            let b = p[i]
            if b == 0x7B {
                if let found = memchr(p + i + 1, 0x7D, n - i - 1) { // {...}
                    let end = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - p
                    block(p, i + 1, end)
                    i = end + 1
                    continue
                }
            } else if i + 1 < n {
                let c = p[i + 1]
                switch c {
                case 0x4E, 0x6E: if !drawing { out.append(0x0A) }; i += 2; continue       // \N \n
                case 0x68: if !drawing { out.append(0xC2); out.append(0xA0) }; i += 2; continue // \h
                case 0x7B, 0x7D: if !drawing { out.append(c) }; i += 2; continue            // \{ \}
                default: break
                }
            }
            if !drawing { out.append(b) }
            i += 1
        }
        if anyOpen { for k in 0..<6 { close(Key(rawValue: k)!) } }
        if !closed.isEmpty {
            if closed.count > 1 { closed.sort { ($0.span.start, $0.seq) < ($1.span.start, $1.seq) } }
            spans = closed.map(\.span)
        }
        if !karaoke.isEmpty { makeWords(eventStart) }
    }

    private mutating func makeWords(_ eventStart: Milliseconds) {
        words.reserveCapacity(karaoke.count)
        for k in 0..<karaoke.count {
            let mark = karaoke[k]
            let end = k + 1 < karaoke.count ? karaoke[k + 1].offset : out.count
            let text: String? = out.withUnsafeBufferPointer { o in
                var a = mark.offset, z = end
                var ascii = true
                for x in a..<z where o[x] >= 0x80 { ascii = false; break }
                guard ascii else {
                    let word = ASSTextParser.trimmed(String(decoding: UnsafeBufferPointer(rebasing: o[a..<z]), as: UTF8.self))
                    return word.isEmpty ? nil : word
                }
                // Character.isWhitespace in ASCII: tab, LF, VT, FF, CR and space.
                while a < z, o[a] == 0x20 || (o[a] >= 0x09 && o[a] <= 0x0D) { a += 1 }
                while z > a, o[z - 1] == 0x20 || (o[z - 1] >= 0x09 && o[z - 1] <= 0x0D) { z -= 1 }
                return a < z ? String(decoding: UnsafeBufferPointer(rebasing: o[a..<z]), as: UTF8.self) : nil
            }
            guard let text else { continue }
            let start = eventStart + mark.startCS * 10
            words.append(Word(text: text, start: start, end: start + mark.durationCS * 10))
        }
    }

    private mutating func close(_ key: Key) {
        guard let o = open[key.rawValue] else { return }
        open[key.rawValue] = nil
        if out.count > o.start { closed.append((TextSpan(start: o.start, end: out.count, kind: o.kind), o.seq)) }
    }

    private mutating func openSpan(_ key: Key, _ kind: TextSpan.Kind) {
        if let existing = open[key.rawValue] {
            if existing.kind == kind { return }
            close(key)
        }
        open[key.rawValue] = Open(start: out.count, seq: seq, kind: kind)
        anyOpen = true
        seq += 1
    }

    private mutating func flag(_ key: Key, _ kind: TextSpan.Kind, _ on: Bool) { if on { openSpan(key, kind) } else { close(key) } }

    /// The tags of an override block `p[lo..<hi]`; text in a block without a tag is a comment.
    private mutating func block(_ p: UnsafePointer<UInt8>, _ lo: Int, _ hi: Int) {
        var i = lo
        while i < hi {
            guard p[i] == 0x5C else { i += 1; continue }
            var j = i + 1, depth = 0
            while j < hi {
                let b = p[j]
                if b == 0x28 { depth += 1 } else if b == 0x29 { depth = max(0, depth - 1) } else if b == 0x5C && depth == 0 { break }
                j += 1
            }
            tag(p, i + 1, j)
            i = j
        }
    }

    @inline(__always)
    private static func has(_ p: UnsafePointer<UInt8>, _ lo: Int, _ hi: Int, _ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        guard hi - lo >= count else { return false }
        let s = name.utf8Start
        for k in 0..<count where p[lo + k] != s[k] { return false }
        return true
    }

    /// One tag, `p[lo..<hi]` after its backslash.
    private mutating func tag(_ p: UnsafePointer<UInt8>, _ lo: Int, _ hi: Int) {
        guard lo < hi else { return }
        for k in lo..<hi where p[k] >= 0x80 {
            characterTag(Substring(String(decoding: UnsafeBufferPointer(start: p + lo, count: hi - lo), as: UTF8.self)))
            return
        }
        // The first name in `ASSTextParser.tagNames` the tag begins with, for the names the model reads;
        // a tag named otherwise (or not at all) says nothing the model holds.
        switch p[lo] {
        case 0x61: // a
            if Self.has(p, lo, hi, "alpha") { return }
            if Self.has(p, lo, hi, "an") {
                if anchor == nil, let v = Self.int(p, Self.argument(p, lo + 2, hi)), (1...9).contains(v) { anchor = v }
            } else if anchor == nil, let v = Self.int(p, Self.argument(p, lo + 1, hi)), let a = numpadAlignment(legacy: v) {
                anchor = a
            }
        case 0x62: // b
            if Self.has(p, lo, hi, "blur") || Self.has(p, lo, hi, "bord") || Self.has(p, lo, hi, "be") { return }
            let v = Self.int(p, Self.argument(p, lo + 1, hi)) ?? 0
            flag(.b, .bold, v == 1 || v >= 600)
        case 0x69: // i
            if Self.has(p, lo, hi, "iclip") { return }
            flag(.i, .italic, (Self.int(p, Self.argument(p, lo + 1, hi)) ?? 0) != 0)
        case 0x75: // u
            flag(.u, .underline, (Self.int(p, Self.argument(p, lo + 1, hi)) ?? 0) != 0)
        case 0x73: // s
            if Self.has(p, lo, hi, "shad") { return }
            flag(.s, .strikethrough, (Self.int(p, Self.argument(p, lo + 1, hi)) ?? 0) != 0)
        case 0x63: // c
            if Self.has(p, lo, hi, "clip") { return }
            color(Self.color(p, Self.argument(p, lo + 1, hi)))
        case 0x31: // 1c (1a is not read)
            if Self.has(p, lo, hi, "1c") { color(Self.color(p, Self.argument(p, lo + 2, hi))) }
        case 0x66: // fn (the other f tags are not read)
            if Self.has(p, lo, hi, "fn") {
                let arg = Self.argument(p, lo + 2, hi)
                if arg.isEmpty { close(.fn) } else { openSpan(.fn, .fontFace(String(decoding: UnsafeBufferPointer(start: p + arg.lowerBound, count: arg.count), as: UTF8.self))) }
            }
        case 0x70: // p, pos (pbo is not read)
            if Self.has(p, lo, hi, "pos") {
                if point == nil { point = Self.point(p, Self.argument(p, lo + 3, hi)) }
            } else if !Self.has(p, lo, hi, "pbo") {
                drawing = (Self.int(p, Self.argument(p, lo + 1, hi)) ?? 0) > 0
                if drawing { hadDrawing = true }
            }
        case 0x6B: // k, kf, ko (kt is not read)
            if Self.has(p, lo, hi, "kf") || Self.has(p, lo, hi, "ko") {
                karaoke(Self.double(p, Self.argument(p, lo + 2, hi)))
            } else if !Self.has(p, lo, hi, "kt") {
                karaoke(Self.double(p, Self.argument(p, lo + 1, hi)))
            }
        case 0x4B: // K
            karaoke(Self.double(p, Self.argument(p, lo + 1, hi)))
        case 0x72: // r
            if anyOpen { for k in 0..<6 { close(Key(rawValue: k)!) } }
        default:
            break // \alpha, \fad, \t, \move, \fs, ...: understood as not text
        }
    }

    private mutating func color(_ color: RGBAColor?) {
        if let color {
            openSpan(.c, .color(RGBAColor(red: color.red, green: color.green, blue: color.blue)))
        } else {
            close(.c)
        }
    }

    private mutating func karaoke(_ value: Double?) {
        // Clamped before it becomes an Int: `\k1e300`, `\kinf` or `\knan` would trap, and a
        // day of centiseconds is longer than any karaoke syllable.
        let value = value ?? 0
        let cs = value.isNaN ? 0 : Int(min(max(value.rounded(), 0), 8_640_000))
        karaoke.append((out.count, karaokeCS, cs))
        karaokeCS += cs
    }

    /// `p[lo..<hi]` without leading and trailing spaces and tabs.
    @inline(__always)
    private static func argument(_ p: UnsafePointer<UInt8>, _ lo: Int, _ hi: Int) -> Range<Int> {
        var a = lo, z = hi
        while a < z, p[a] == 0x20 || p[a] == 0x09 { a += 1 }
        while z > a, p[z - 1] == 0x20 || p[z - 1] == 0x09 { z -= 1 }
        return a..<z
    }

    private static func string(_ p: UnsafePointer<UInt8>, _ r: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: p + r.lowerBound, count: r.count), as: UTF8.self)
    }

    /// `Int(String)`: an optional sign and decimal digits, nil for anything else or on overflow.
    private static func int(_ p: UnsafePointer<UInt8>, _ r: Range<Int>) -> Int? {
        var k = r.lowerBound
        var negative = false
        if k < r.upperBound, p[k] == 0x2B || p[k] == 0x2D { negative = p[k] == 0x2D; k += 1 }
        guard k < r.upperBound else { return nil }
        guard r.upperBound - k <= 18 else { return Int(string(p, r)) }
        var value = 0
        while k < r.upperBound {
            let d = p[k] &- 0x30
            guard d < 10 else { return nil }
            value = value * 10 + Int(d)
            k += 1
        }
        return negative ? -value : value
    }

    /// `Double(String)`: digits alone (at most 15, exact in a Double) here, anything else as Swift reads it.
    private static func double(_ p: UnsafePointer<UInt8>, _ r: Range<Int>) -> Double? {
        if !r.isEmpty, r.count <= 15 {
            var value = 0
            var k = r.lowerBound
            while k < r.upperBound {
                let d = p[k] &- 0x30
                if d >= 10 { break }
                value = value * 10 + Int(d)
                k += 1
            }
            if k == r.upperBound { return Double(value) }
        }
        return Double(string(p, r))
    }

    /// `ASSColor.parse`: `&H` and hexadecimal digits, or decimal digits, here; anything else through it.
    private static func color(_ p: UnsafePointer<UInt8>, _ r: Range<Int>) -> RGBAColor? {
        guard !r.isEmpty else { return nil }
        let first = p[r.lowerBound]
        var value: UInt32 = 0
        if first == 0x48 || first == 0x68 || (first == 0x26 && r.count > 1 && (p[r.lowerBound + 1] == 0x48 || p[r.lowerBound + 1] == 0x68)) {
            var a = r.lowerBound, z = r.upperBound
            while a < z, p[a] == 0x26 || p[a] == 0x48 || p[a] == 0x68 { a += 1 }
            while z > a, p[z - 1] == 0x26 { z -= 1 }
            guard z > a, z - a <= 8 else { return nil }
            for k in a..<z {
                let c = p[k]
                let digit: UInt8
                switch c {
                case 0x30...0x39: digit = c - 0x30
                case 0x41...0x46: digit = c - 0x41 + 10
                case 0x61...0x66: digit = c - 0x61 + 10
                default: return ASSColor.parse(string(p, r))
                }
                value = value << 4 | UInt32(digit)
            }
        } else {
            guard r.count <= 18 else { return ASSColor.parse(string(p, r)) }
            var v: Int64 = 0
            for k in r {
                let d = p[k] &- 0x30
                guard d < 10 else { return ASSColor.parse(string(p, r)) }
                v = v * 10 + Int64(d)
            }
            value = UInt32(truncatingIfNeeded: v)
        }
        return RGBAColor(red: UInt8(value & 255), green: UInt8((value >> 8) & 255),
                         blue: UInt8((value >> 16) & 255), alpha: 255 - UInt8(value >> 24))
    }

    /// `\pos`'s argument: parentheses, spaces and tabs trimmed, split at commas (empty parts dropped),
    /// two numbers.
    private static func point(_ p: UnsafePointer<UInt8>, _ r: Range<Int>) -> CuePlacement.Point? {
        var a = r.lowerBound, z = r.upperBound
        func trimmed(_ c: UInt8) -> Bool { c == 0x28 || c == 0x29 || c == 0x20 || c == 0x09 }
        while a < z, trimmed(p[a]) { a += 1 }
        while z > a, trimmed(p[z - 1]) { z -= 1 }
        var parts: (Range<Int>, Range<Int>) = (0..<0, 0..<0)
        var count = 0
        var start = a
        var k = a
        while k <= z {
            if k == z || p[k] == 0x2C {
                if k > start {
                    if count == 0 { parts.0 = start..<k } else if count == 1 { parts.1 = start..<k }
                    count += 1
                    if count > 2 { return nil }
                }
                start = k + 1
            }
            k += 1
        }
        guard count == 2, let x = coordinate(p, argument(p, parts.0.lowerBound, parts.0.upperBound)),
              let y = coordinate(p, argument(p, parts.1.lowerBound, parts.1.upperBound)) else { return nil }
        return CuePlacement.Point(x: x, y: y)
    }

    /// `Double(String)`, with a minus sign before digits read here too (but for -0, which is -0.0).
    private static func coordinate(_ p: UnsafePointer<UInt8>, _ r: Range<Int>) -> Double? {
        if r.count > 1, r.count <= 16, p[r.lowerBound] == 0x2D {
            var value = 0
            var k = r.lowerBound + 1
            while k < r.upperBound {
                let d = p[k] &- 0x30
                if d >= 10 { break }
                value = value * 10 + Int(d)
                k += 1
            }
            if k == r.upperBound, value != 0 { return -Double(value) }
        }
        return double(p, r)
    }

    /// A tag with bytes beyond ASCII, read as Characters (the parser's reading before it scanned bytes).
    private mutating func characterTag(_ raw: Substring) {
        guard let name = ASSTextParser.tagNames.first(where: { raw.hasPrefix($0) }) else { return }
        let arg = raw.dropFirst(name.count).assTrimming(" \t")
        switch name {
        case "b":
            let v = Int(arg) ?? 0
            flag(.b, .bold, v == 1 || v >= 600)
        case "i": flag(.i, .italic, (Int(arg) ?? 0) != 0)
        case "u": flag(.u, .underline, (Int(arg) ?? 0) != 0)
        case "s": flag(.s, .strikethrough, (Int(arg) ?? 0) != 0)
        case "c", "1c": color(ASSColor.parse(arg))
        case "fn": if arg.isEmpty { close(.fn) } else { openSpan(.fn, .fontFace(arg)) }
        case "an": if anchor == nil, let v = Int(arg), (1...9).contains(v) { anchor = v }
        case "a": if anchor == nil, let v = Int(arg), let n = numpadAlignment(legacy: v) { anchor = n }
        case "pos":
            let inner = arg.assTrimming("() \t")
            let parts = inner.split(separator: ",").map { Double($0.assTrimming(" \t")) }
            if point == nil, parts.count == 2, let x = parts[0], let y = parts[1] { point = .init(x: x, y: y) }
        case "p":
            drawing = (Int(arg) ?? 0) > 0
            if drawing { hadDrawing = true }
        case "k", "K", "kf", "ko": karaoke(Double(arg))
        case "r": if anyOpen { for k in 0..<6 { close(Key(rawValue: k)!) } }
        default: break
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing characters from `set`.
    func assTrimming(_ set: String) -> String {
        var slice = Substring(self)
        while let c = slice.first, set.contains(c) { slice = slice.dropFirst() }
        while let c = slice.last, set.contains(c) { slice = slice.dropLast() }
        return String(slice)
    }
}
