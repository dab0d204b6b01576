#if canImport(Glibc)
import Glibc
#endif

/// Splits UTF-8 bytes into lines at LF, CRLF or a bare CR, without copying.
/// Line numbers are 1-based, as diagnostics print them.
///
/// Files whose line ends are all LF or all CRLF (nearly every file) are split with `memchr`; only a
/// file with a bare CR falls back to looking at every byte. Given the input it scans, the scanner
/// also releases the pages it has passed (see `InputBytes.releasePages`).
struct LineScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position = 0
    private(set) var lineNumber = 0
    /// True when the input has no carriage return at all.
    let hasNoCR: Bool
    private let bareCR: Bool
    /// True when the input has a CR not followed by LF (a line end of its own).
    var hasBareCR: Bool { bareCR }
    private let input: InputBytes?
    /// Where `bytes` starts in `input`: a scanner of one part releases only that part's pages.
    private let inputOffset: Int
    /// Pages are released every `releaseInterval` bytes: often enough that several scanners reading
    /// parts of one file in parallel hold little of it at once, rarely enough that `madvise` is free.
    static let releaseInterval = 128 << 10
    private var nextRelease = LineScanner.releaseInterval
    /// The line `peek()` found and the position after it, so `next()` need not find it again.
    private var peeked: (line: Range<Int>, position: Int)?

    init(_ bytes: UnsafeBufferPointer<UInt8>, releasing input: InputBytes? = nil, at inputOffset: Int = 0) {
        self.bytes = bytes
        self.input = input
        self.inputOffset = inputOffset
        let cr = Self.carriageReturns(in: bytes)
        (hasNoCR, bareCR) = (!cr.any, cr.bare)
    }

    /// Whether the bytes hold a CR at all, and a CR not followed by LF (a bare CR, which ends a line
    /// by itself). One memchr pass, stopping at the first bare CR.
    static func carriageReturns(in bytes: UnsafeBufferPointer<UInt8>) -> (any: Bool, bare: Bool) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return (false, false) }
        var sawCR = false
        var p = UnsafeRawPointer(base)
        let end = UnsafeRawPointer(base + bytes.count)
        while p < end, let cr = memchr(p, 0x0D, end - p) {
            sawCR = true
            let next = cr + 1
            if next >= end || next.load(as: UInt8.self) != 0x0A { return (true, true) }
            p = UnsafeRawPointer(next)
        }
        return (sawCR, false)
    }

    /// The next line's byte range (terminator excluded), or nil at the end of input.
    mutating func next() -> Range<Int>? {
        if let (line, after) = peeked {
            peeked = nil
            position = after
            lineNumber += 1
            return line
        }
        let count = bytes.count
        guard position < count else { return nil }
        if position >= nextRelease, let input {
            // Keep recent lines: readers look back at them.
            input.releasePages(from: inputOffset, before: inputOffset + position - (64 << 10))
            nextRelease += LineScanner.releaseInterval
        }
        let start = position
        lineNumber += 1
        if !bareCR {
            let base = bytes.baseAddress!
            guard let lf = memchr(base + start, 0x0A, count - start) else {
                position = count
                return start..<(hasNoCR || bytes[count - 1] != 0x0D ? count : count - 1)
            }
            let end = UnsafePointer<UInt8>(lf.assumingMemoryBound(to: UInt8.self)) - base
            position = end + 1
            return start..<(end > start && bytes[end - 1] == 0x0D ? end - 1 : end)
        }
        var i = start
        while i < count {
            let b = bytes[i]
            if b == 0x0A || b == 0x0D { break }
            i += 1
        }
        let end = i
        if i < count {
            if bytes[i] == 0x0D && i + 1 < count && bytes[i + 1] == 0x0A { i += 2 } else { i += 1 }
        }
        position = i
        return start..<end
    }

    /// The next line without consuming it.
    mutating func peek() -> Range<Int>? {
        if let peeked { return peeked.line }
        var copy = self
        copy.nextRelease = Int.max
        guard let line = copy.next() else { return nil }
        peeked = (line, copy.position)
        return line
    }
}

extension UnsafeBufferPointer<UInt8> {
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: self[range]), as: UTF8.self)
    }

    /// True when every byte in the range is a space or tab (or the range is empty).
    func isBlank(_ range: Range<Int>) -> Bool {
        for i in range where self[i] != 0x20 && self[i] != 0x09 { return false }
        return true
    }

    func hasPrefix(_ prefix: StaticString, in range: Range<Int>) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard range.count >= count else { return false }
        return prefix.withUTF8Buffer { p in
            for k in 0..<count where self[range.lowerBound + k] != p[k] { return false }
            return true
        }
    }

    /// True when the range holds any of the three bytes. Looks at eight bytes at a time: for
    /// each byte `c`, a zero byte in `word ^ (c * 0x01..01)` marks a match.
    func containsAny(_ a: UInt8, _ b: UInt8, _ c: UInt8, in range: Range<Int>) -> Bool {
        guard let base = baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let pa = UInt64(a) &* ones, pb = UInt64(b) &* ones, pc = UInt64(c) &* ones
        @inline(__always) func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        var i = range.lowerBound
        while i + 8 <= range.upperBound {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            if hasZero(word ^ pa) || hasZero(word ^ pb) || hasZero(word ^ pc) { return true }
            i += 8
        }
        while i < range.upperBound {
            let x = base[i]
            if x == a || x == b || x == c { return true }
            i += 1
        }
        return false
    }

    /// True when the range holds `-->`.
    func containsArrow(in range: Range<Int>) -> Bool {
        guard let base = baseAddress, range.count >= 3 else { return false }
        var p = UnsafeRawPointer(base + range.lowerBound + 2)
        let end = UnsafeRawPointer(base + range.upperBound)
        while p < end, let gt = memchr(p, 0x3E, end - p) {
            let q = gt.assumingMemoryBound(to: UInt8.self)
            if (q - 1).pointee == 0x2D && (q - 2).pointee == 0x2D { return true }
            p = UnsafeRawPointer(gt + 1)
        }
        return false
    }

    /// Counts occurrences of `-->`, jumping between `>` with memchr, releasing the pages it has
    /// passed when given the input they belong to.
    func countArrows(releasing input: InputBytes? = nil, at inputOffset: Int = 0) -> Int {
        guard let base = baseAddress, count >= 3 else { return 0 }
        var n = 0
        var p = UnsafeRawPointer(base + 2)
        let end = UnsafeRawPointer(base + count)
        var nextRelease = UnsafeRawPointer(base) + LineScanner.releaseInterval
        while p < end, let gt = memchr(p, 0x3E, end - p) {
            let q = gt.assumingMemoryBound(to: UInt8.self)
            if (q - 1).pointee == 0x2D && (q - 2).pointee == 0x2D { n += 1 }
            p = UnsafeRawPointer(gt + 1)
            if p > nextRelease, let input {
                input.releasePages(from: inputOffset, before: inputOffset + (p - UnsafeRawPointer(base)) - 8)
                nextRelease += LineScanner.releaseInterval
            }
        }
        return n
    }
}
