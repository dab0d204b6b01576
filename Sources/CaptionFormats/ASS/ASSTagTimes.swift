import CaptionModel

/// Times inside an ASS event's override tags moved with the event's timeline.
///
/// `\t`, `\move`, `\fade`, `\fad` and karaoke times are relative to the event's start (or, for the
/// fade-out of `\fad`, to its end), so when a file's timeline is remapped (`retime --fps`, a two-point
/// sync, piecewise segments) the event's Start and End move and these relative times must follow, or
/// a fade or a karaoke wipe drifts against the speech.
///
/// The text is read the way libass reads it (`ass_parse_tags` in `ass_parse.c`, `parse_events` in
/// `ass_render.c`), so that the times rewritten are exactly the times libass would have used:
/// - A block is a `{` with a later `}`, up to the first `}`; a `{` with none is text. Outside blocks
///   `\{` and `\}` are escaped braces (they open and close nothing), except in drawing mode (`\p1`), where
///   drawing commands run up to the next `{` and know no escapes.
/// - In a block a tag is `\`, optional spaces, a name running to the next `(` or `\`, and then, when a
///   `(` follows, arguments split at commas (spaces around each trimmed, empty ones dropped, at most
///   eight kept); from an argument holding a `\` to the next `)` is one argument (the tags of `\t`).
///   A simple tag's argument is the rest of its name (`\k50`), after any parenthesised ones.
/// - A name is the first of libass's names, in libass's order, that begins it: `\kt` before `\kf` and
///   `\K`, then `\ko`, then `\k`; `\fade` and `\fad` are one tag told apart by their count of arguments
///   (2: in and out, 7: alphas and four times); any name beginning with `t` is `\t`; `\pos` and `\pbo`
///   come before `\p`.
/// - The tags inside `\t(...)` are parsed too (libass applies them, `\k` and `\fad` included).
/// - Numbers are read as libass reads them: `strtoll` where libass reads an integer (`\move`, `\fad`,
///   `\fade`, four-argument `\t`, so `0.5` there is 0) and its own `strtod`, truncated to milliseconds,
///   elsewhere (three-argument `\t`, karaoke). No `inf`, `nan` or hex. Written back whole.
public enum ASSTagTimes {
    /// `text` (an ASS Dialogue Text field, exactly as written) with every time inside its override
    /// tags moved through `map`, a monotonic map of ABSOLUTE times in milliseconds. The event ran from
    /// `start` to `end` (absolute ms) before the map. Everything other than the rewritten numbers is kept
    /// byte for byte; a map that is a pure shift (map(t) = t + c) returns `text` unchanged (==).
    ///
    /// With S = map(start) and E = map(end):
    /// - `\t(t1,t2[,accel],\tags)`, `\move(x1,y1,x2,y2,t1,t2)` and `\fade(a1,a2,a3,t1,t2,t3,t4)`: each
    ///   time t becomes map(start + t) - S, since libass measures them from the event's start.
    /// - `\fad(in,out)`: in as above; out becomes E - map(end - out), since libass starts the fade-out
    ///   `out` before the event's end (Duration - out).
    /// - Karaoke (`\k`, `\K`, `\kf`, `\ko`, centiseconds) is one clock running through the whole text
    ///   (libass adds each duration to the previous ones), so the cumulative boundaries are moved and
    ///   each new duration is the difference of rounded boundaries: rounding never accumulates and the
    ///   last boundary is the scaled total. `\kt(t)` sets that clock to t and is moved like a boundary.
    ///   A bare `\k` is 100 cs to libass; it is given its new duration when that differs.
    ///
    /// A number is rewritten only when the time libass reads from it changes (so a shift, or `0.5` read
    /// as 0, keeps the text). A tag whose times cannot be read, or lie beyond ±10 days, is left as it is;
    /// so are text outside blocks, escaped braces and drawings. Nothing here traps on hostile input.
    public static func retimed(_ text: String, start: Milliseconds, end: Milliseconds,
                               map: (Milliseconds) -> Milliseconds) -> String {
        let edited: [UInt8]?? = text.utf8.withContiguousStorageIfAvailable { bytes in
            retimed(bytes, start: start, end: end, map: map)
        }
        let result: [UInt8]?
        if let edited {
            result = edited
        } else {
            result = Array(text.utf8).withUnsafeBufferPointer { retimed($0, start: start, end: end, map: map) }
        }
        guard let result else { return text }
        return String(decoding: result, as: UTF8.self)
    }

    /// The retimed bytes, or nil when nothing changed (no tag times, or a map that moved none).
    static func retimed(_ bytes: UnsafeBufferPointer<UInt8>, start: Milliseconds, end: Milliseconds,
                        map: (Milliseconds) -> Milliseconds) -> [UInt8]? {
        guard bytes.contains(ASCII.openBrace) else { return nil }
        return withoutActuallyEscaping(map) { map in
            var scanner = Scanner(bytes: bytes, start: start, end: end, map: map)
            scanner.scanEvent()
            return scanner.output()
        }
    }

    /// Parsed times beyond this (10 days, in ms) are hostile or broken: their tag is left as written.
    static let limit = 864_000_000
    /// libass reads every time as an `int32_t`: a written time is kept within that.
    static let writable = Int(Int32.max)
}

private enum ASCII {
    static let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D, backslash: UInt8 = 0x5C
    static let openParen: UInt8 = 0x28, closeParen: UInt8 = 0x29, comma: UInt8 = 0x2C
    static let space: UInt8 = 0x20, tab: UInt8 = 0x09, minus: UInt8 = 0x2D, plus: UInt8 = 0x2B, dot: UInt8 = 0x2E
    static let zero: UInt8 = 0x30, nine: UInt8 = 0x39

    static func isDigit(_ b: UInt8) -> Bool { b >= zero && b <= nine }
    /// libass's `skip_spaces` and `rskip_spaces` (around tag names and arguments).
    static func isBlank(_ b: UInt8) -> Bool { b == space || b == tab }
    /// C `isspace` (what `strtoll` and libass's `ass_strtod` skip before a number).
    static func isSpace(_ b: UInt8) -> Bool { b == space || (b >= 0x09 && b <= 0x0D) }
}

/// A number at the start of an argument, as libass reads it.
private struct NumberToken {
    /// What `strtod` consumes (after leading spaces): the bytes a rewritten value replaces.
    var span: Range<Int>
    /// `strtoll(…, 10)` clamped to `int32_t` (libass's `argtoi32`); nil when it reads no digit (`.5`).
    var integer: Int?
    /// `ass_strtod`: finite or infinite, never NaN.
    var real: Double
}

/// One rewritten number: `range` (empty for an insertion) replaced by `value` in decimal.
private struct Edit {
    var range: Range<Int>
    var value: Int
}

private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let start: Milliseconds
    let end: Milliseconds
    let map: (Milliseconds) -> Milliseconds
    var edits: [Edit] = []
    /// `\p` above 0: text is drawing commands up to the next `{`.
    var drawing = false
    /// The karaoke clock in ms from the event's start, as written (libass's) and as rewritten so far.
    var clockBefore = 0
    var clockAfter = 0
    /// libass's argument list for the tag being read (reused; at most 8, as `MAX_VALID_NARGS + 1`).
    var args: [Range<Int>] = []
    private var mappedStart: Milliseconds?
    private var mappedEnd: Milliseconds?

    init(bytes: UnsafeBufferPointer<UInt8>, start: Milliseconds, end: Milliseconds, map: @escaping (Milliseconds) -> Milliseconds) {
        self.bytes = bytes
        self.start = start
        self.end = end
        self.map = map
    }

    // MARK: The event text (ass_render.c, parse_events)

    mutating func scanEvent() {
        let n = bytes.count
        var i = 0
        while i < n {
            let b = bytes[i]
            if b == ASCII.openBrace {
                // A `{` with no later `}` is text, and so is everything after it: no block can follow.
                guard let close = index(of: ASCII.closeBrace, in: (i + 1)..<n) else { return }
                parseTags(i + 1, close)
                i = close + 1
            } else if !drawing, b == ASCII.backslash, i + 1 < n,
                      bytes[i + 1] == ASCII.openBrace || bytes[i + 1] == ASCII.closeBrace {
                i += 2 // `\{`, `\}`: a brace shown, not a block
            } else {
                i += 1
            }
        }
    }

    func index(of byte: UInt8, in range: Range<Int>) -> Int? {
        var i = range.lowerBound
        while i < range.upperBound {
            if bytes[i] == byte { return i }
            i += 1
        }
        return nil
    }

    // MARK: Tags in a block (ass_parse.c, ass_parse_tags)

    /// The tags in `bytes[from..<to]`, where `to` is a block's `}` or, inside `\t`, the end of its tags.
    mutating func parseTags(_ from: Int, _ to: Int) {
        var p = from
        while p < to {
            while p < to, bytes[p] != ASCII.backslash { p += 1 }
            guard p < to else { return }
            p += 1
            while p < to, ASCII.isBlank(bytes[p]) { p += 1 }
            var q = p
            while q < to, bytes[q] != ASCII.openParen, bytes[q] != ASCII.backslash { q += 1 }
            if q == p { continue }
            let nameEnd = q
            args.removeAll(keepingCapacity: true)
            var hasBackslashArgument = false
            if q < to, bytes[q] == ASCII.openParen {
                q += 1
                while true {
                    while q < to, ASCII.isBlank(bytes[q]) { q += 1 }
                    var r = q
                    while r < to, bytes[r] != ASCII.comma, bytes[r] != ASCII.backslash, bytes[r] != ASCII.closeParen { r += 1 }
                    if r < to, bytes[r] == ASCII.comma {
                        push(q, r)
                        q = r + 1
                        continue
                    }
                    if r < to, bytes[r] == ASCII.backslash { // `\t`'s tags: one argument up to the `)`
                        hasBackslashArgument = true
                        r = index(of: ASCII.closeParen, in: r..<to) ?? to
                    }
                    push(q, r)
                    q = r < to ? r + 1 : to // the `)` may be missing
                    break
                }
            }
            tag(name: p, nameEnd: nameEnd, hasBackslashArgument: hasBackslashArgument)
            p = q
        }
    }

    /// libass's `push_arg`: trailing blanks trimmed, empty arguments dropped, at most 8 kept.
    mutating func push(_ from: Int, _ to: Int) {
        guard args.count < 8 else { return }
        var e = to
        while e > from, ASCII.isBlank(bytes[e - 1]) { e -= 1 }
        if e > from { args.append(from..<e) }
    }

    func nameStarts(_ p: Int, _ nameEnd: Int, with name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        guard nameEnd - p >= count else { return false }
        let s = name.utf8Start
        for k in 0..<count where bytes[p + k] != s[k] { return false }
        return true
    }

    mutating func tag(name p: Int, nameEnd: Int, hasBackslashArgument: Bool) {
        switch bytes[p] {
        case 0x6D: // m
            if nameStarts(p, nameEnd, with: "move") { move() }
        case 0x66: // f: no earlier libass name begins with "fad"
            if nameStarts(p, nameEnd, with: "fad") { fade() }
        case 0x74: // t: libass tests "t" alone, so `\tx(...)` is `\t` too
            transform(hasBackslashArgument: hasBackslashArgument)
        case 0x6B, 0x4B: // k, K
            if nameStarts(p, nameEnd, with: "kt") {
                push(p + 2, nameEnd)
                karaokeClock(bare: p + 2)
            } else {
                let length = nameStarts(p, nameEnd, with: "kf") || nameStarts(p, nameEnd, with: "ko") ? 2 : 1
                push(p + length, nameEnd)
                karaoke(bare: p + length)
            }
        case 0x70: // p
            if nameStarts(p, nameEnd, with: "pos") || nameStarts(p, nameEnd, with: "pbo") { return }
            push(p + 1, nameEnd)
            // `argtoi32`: no number is 0.
            let scale = args.first.flatMap { number(in: $0)?.integer } ?? 0
            drawing = scale > 0
        default:
            break
        }
    }

    // MARK: Each tag with times

    /// `\move(x1,y1,x2,y2,t1,t2)`. (libass: both times at most 0 mean the whole event, so a positive
    /// time is not let fall to 0.)
    mutating func move() {
        guard args.count == 6, let t1 = time(args[4], integer: true), let t2 = time(args[5], integer: true) else { return }
        var n1 = fromStart(t1.value), n2 = fromStart(t2.value)
        if t1.value > 0, n1 <= 0 { n1 = 1 }
        if t2.value > 0, n2 <= 0 { n2 = 1 }
        write(t1, n1)
        write(t2, n2)
    }

    /// `\fad(in,out)` or `\fade(a1,a2,a3,t1,t2,t3,t4)`, told apart by count as libass does. The 7-argument
    /// form with t1 = t4 = -1 is libass's `\fad`: t2 from the start, t3 back from the end.
    mutating func fade() {
        if args.count == 2 {
            guard let fadeIn = time(args[0], integer: true), let fadeOut = time(args[1], integer: true) else { return }
            write(fadeIn, fromStart(fadeIn.value))
            write(fadeOut, fromEnd(fadeOut.value))
        } else if args.count == 7 {
            var times: [(span: Range<Int>, value: Int)] = []
            for k in 3..<7 {
                guard let t = time(args[k], integer: true) else { return }
                times.append(t)
            }
            if times[0].value == -1, times[3].value == -1 {
                write(times[1], fromStart(times[1].value))
                write(times[2], fromEnd(times[2].value))
            } else {
                for t in times { write(t, fromStart(t.value)) }
            }
        }
    }

    /// `\t(t1,t2,accel,\tags)` reads its times as integers, `\t(t1,t2,\tags)` as decimals (libass, for
    /// VSFilter); `\t(\tags)` and `\t(accel,\tags)` have none. t2 = 0 means the event's end to libass,
    /// so a nonzero t2 is not let fall to 0. The tags inside are then read like any others.
    mutating func transform(hasBackslashArgument: Bool) {
        let count = args.count - 1
        guard (0...3).contains(count) else { return } // libass ignores such a `\t`, tags and all
        let inner = args[count]
        if count >= 2, let t1 = time(args[0], integer: count == 3), let t2 = time(args[1], integer: count == 3) {
            var n2 = fromStart(t2.value)
            if t2.value != 0, n2 == 0 { n2 = t2.value > 0 ? 1 : -1 }
            write(t1, fromStart(t1.value))
            write(t2, n2)
        }
        if hasBackslashArgument { parseTags(inner.lowerBound, inner.upperBound) }
    }

    /// `\k`, `\K`, `\kf`, `\ko`: the next boundary is the clock plus this duration (100 cs when bare).
    /// The boundary is moved, and the duration becomes the distance from the clock as rewritten to it,
    /// so each boundary lands within 5 ms of its moved time whatever came before.
    mutating func karaoke(bare: Int) {
        guard let argument = args.first else {
            clockBefore = clampedAdd(clockBefore, 1000)
            let after = karaokeBoundary(clockBefore, from: clockAfter, written: 1000)
            if let cs = after.centiseconds { edits.append(Edit(range: bare..<bare, value: cs)) }
            clockAfter = clampedAdd(clockAfter, after.ms)
            return
        }
        guard let token = number(in: argument) else { return } // libass reads 0: the clock stands
        let ms = token.real * 10
        guard ms.isFinite, abs(ms) <= Double(ASSTagTimes.limit) else {
            // Left as written; the clock still moves (as far as the limit) so later boundaries stay apart.
            let clamped = ms.isNaN ? 0 : ms > 0 ? ASSTagTimes.limit : -ASSTagTimes.limit
            clockBefore = clampedAdd(clockBefore, clamped)
            clockAfter = clampedAdd(clockAfter, clamped)
            return
        }
        let duration = Int(ms) // libass's dtoi32: towards zero
        clockBefore = clampedAdd(clockBefore, duration)
        let after = karaokeBoundary(clockBefore, from: clockAfter, written: duration)
        if let cs = after.centiseconds { edits.append(Edit(range: token.span, value: cs)) }
        clockAfter = clampedAdd(clockAfter, after.ms)
    }

    /// `\kt(t)`: the clock set to t cs (bare: 0), moved like a boundary.
    mutating func karaokeClock(bare: Int) {
        guard let argument = args.first else {
            clockBefore = 0
            clockAfter = 0
            return
        }
        guard let token = number(in: argument) else { // libass reads 0
            clockBefore = 0
            clockAfter = 0
            return
        }
        let ms = token.real * 10
        guard ms.isFinite, abs(ms) <= Double(ASSTagTimes.limit) else {
            let clamped = ms.isNaN ? 0 : ms > 0 ? ASSTagTimes.limit : -ASSTagTimes.limit
            clockBefore = clamped
            clockAfter = clamped
            return
        }
        clockBefore = Int(ms)
        let after = karaokeBoundary(clockBefore, from: 0, written: clockBefore)
        if let cs = after.centiseconds { edits.append(Edit(range: token.span, value: cs)) }
        clockAfter = after.ms
    }

    /// The new value for a karaoke number that takes the rewritten clock from `from` to the boundary at
    /// `boundary` (old clock) moved: nil centiseconds when `written` (ms) already lands there or rounds
    /// to the same, else the centiseconds to write. `ms` is how far the clock then moves.
    mutating func karaokeBoundary(_ boundary: Int, from: Int, written: Int) -> (centiseconds: Int?, ms: Int) {
        let target = fromStart(boundary)
        let wanted = Self.writable(clampedSub(target, from))
        if wanted == written { return (nil, written) }
        let cs = Self.roundedTenth(wanted)
        let ms = cs * 10
        return ms == written ? (nil, written) : (cs, ms)
    }

    // MARK: Numbers

    /// A time argument read as libass reads it (`argtoi32`, or `dtoi32(argtod)`), when it is a number
    /// within ±10 days.
    func time(_ argument: Range<Int>, integer: Bool) -> (span: Range<Int>, value: Int)? {
        guard let token = number(in: argument) else { return nil }
        let value: Int
        if integer {
            guard let v = token.integer else { return nil }
            value = v
        } else {
            guard token.real.isFinite, abs(token.real) <= Double(ASSTagTimes.limit) else { return nil }
            value = Int(token.real) // towards zero, as dtoi32
        }
        guard abs(value) <= ASSTagTimes.limit else { return nil }
        return (token.span, value)
    }

    /// libass's `strtoll` and `ass_strtod` at the start of `argument`: optional C spaces, an optional
    /// sign, digits with at most one `.`, an optional exponent. Nil when no digit is read (`nan`, `inf`,
    /// `.`, `-`, text), which libass reads as 0.
    func number(in argument: Range<Int>) -> NumberToken? {
        let to = argument.upperBound
        var i = argument.lowerBound
        while i < to, ASCII.isSpace(bytes[i]) { i += 1 }
        let tokenStart = i
        var negative = false
        if i < to, bytes[i] == ASCII.minus || bytes[i] == ASCII.plus {
            negative = bytes[i] == ASCII.minus
            i += 1
        }
        // At most 18 significant digits (ass_strtod ignores the rest); `scale` is the power of ten.
        var significand: UInt64 = 0, significantDigits = 0, scale = 0
        var integerDigits = 0, fractionDigits = 0
        var integerMagnitude = 0 // saturates well above Int32.max
        func digit(_ d: Int, fraction: Bool) {
            if significand == 0, d == 0 {
                if fraction { scale -= 1 }
            } else if significantDigits < 18 {
                significand = significand * 10 + UInt64(d)
                significantDigits += 1
                if fraction { scale -= 1 }
            } else if !fraction {
                scale += 1
            }
        }
        while i < to, ASCII.isDigit(bytes[i]) {
            let d = Int(bytes[i] - ASCII.zero)
            digit(d, fraction: false)
            integerMagnitude = min(integerMagnitude * 10 + d, 1 << 40)
            integerDigits += 1
            i += 1
        }
        if i < to, bytes[i] == ASCII.dot {
            var j = i + 1
            while j < to, ASCII.isDigit(bytes[j]) {
                digit(Int(bytes[j] - ASCII.zero), fraction: true)
                fractionDigits += 1
                j += 1
            }
            if integerDigits + fractionDigits > 0 { i = j }
        }
        guard integerDigits + fractionDigits > 0 else { return nil }
        if i < to, bytes[i] == 0x65 || bytes[i] == 0x45 { // e, E (only with a digit after it)
            var j = i + 1
            var exponentNegative = false
            if j < to, bytes[j] == ASCII.minus || bytes[j] == ASCII.plus {
                exponentNegative = bytes[j] == ASCII.minus
                j += 1
            }
            if j < to, ASCII.isDigit(bytes[j]) {
                var exponent = 0
                while j < to, ASCII.isDigit(bytes[j]) {
                    exponent = min(exponent * 10 + Int(bytes[j] - ASCII.zero), 100_000)
                    j += 1
                }
                scale += exponentNegative ? -exponent : exponent
                i = j
            }
        }
        var real = Self.scaled(significand, scale)
        if negative { real = -real }
        var integer: Int?
        if integerDigits > 0 {
            let v = negative ? -integerMagnitude : integerMagnitude
            integer = min(max(v, Int(Int32.min)), Int(Int32.max))
        }
        return NumberToken(span: tokenStart..<i, integer: integer, real: real)
    }

    /// Exact in a `Double` up to 10^22, so one multiplication or division by one of them rounds once.
    static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

    /// `significand` × 10^`scale`, exact for the usual short decimals, infinite or 0 far out.
    static func scaled(_ significand: UInt64, _ scale: Int) -> Double {
        if significand == 0 { return 0 }
        var value = Double(significand)
        if scale > 400 { return .infinity }
        if scale < -400 { return 0 }
        var remaining = scale
        while remaining > 0 {
            let step = min(remaining, 22)
            value *= powersOfTen[step]
            remaining -= step
        }
        while remaining < 0 {
            let step = min(-remaining, 22)
            value /= powersOfTen[step]
            remaining += step
        }
        return value
    }

    // MARK: Moving times

    mutating func mappedEventStart() -> Milliseconds {
        if let mappedStart { return mappedStart }
        let s = map(start)
        mappedStart = s
        return s
    }

    /// A time measured from the event's start: map(start + t) - map(start).
    mutating func fromStart(_ t: Int) -> Int {
        let s = mappedEventStart()
        return Self.writable(clampedSub(map(clampedAdd(start, t)), s))
    }

    /// A time measured back from the event's end: map(end) - map(end - t).
    mutating func fromEnd(_ t: Int) -> Int {
        let e: Milliseconds
        if let mappedEnd { e = mappedEnd } else { e = map(end); mappedEnd = e }
        return Self.writable(clampedSub(e, map(clampedSub(end, t))))
    }

    mutating func write(_ time: (span: Range<Int>, value: Int), _ new: Int) {
        if new != time.value { edits.append(Edit(range: time.span, value: new)) }
    }

    static func writable(_ v: Int) -> Int { min(max(v, -ASSTagTimes.writable), ASSTagTimes.writable) }

    /// `v / 10` rounded to nearest, halves away from zero.
    static func roundedTenth(_ v: Int) -> Int {
        let q = v / 10, r = v % 10
        if r >= 5 { return q + 1 }
        if r <= -5 { return q - 1 }
        return q
    }

    // MARK: Output

    /// The text with the edits made, or nil when there are none.
    func output() -> [UInt8]? {
        guard !edits.isEmpty else { return nil }
        let sorted = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8 * sorted.count)
        var copied = 0
        for edit in sorted where edit.range.lowerBound >= copied {
            out.append(contentsOf: bytes[copied..<edit.range.lowerBound])
            Self.appendDecimal(edit.value, to: &out)
            copied = edit.range.upperBound
        }
        out.append(contentsOf: bytes[copied...])
        return out
    }

    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(ASCII.minus) }
        let first = out.count
        var magnitude = value.magnitude
        repeat {
            out.append(ASCII.zero + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        out[first...].reverse()
    }
}

private func clampedAdd(_ a: Int, _ b: Int) -> Int {
    let (r, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b > 0 ? .max : .min) : r
}

private func clampedSub(_ a: Int, _ b: Int) -> Int {
    let (r, overflow) = a.subtractingReportingOverflow(b)
    return overflow ? (b < 0 ? .max : .min) : r
}
