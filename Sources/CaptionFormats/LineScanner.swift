#if canImport(Glibc)
import Glibc
#endif

/// Splits UTF-8 bytes into lines at LF, CRLF or a bare CR, without copying.
/// Line numbers are 1-based, as diagnostics print them.
///
/// Lines are found with `memchr` for LF; carriage returns are looked for ahead of the lines returned,
/// a window at a time, stopping at a bare CR (one not followed by LF, a line end of its own). So a
/// reader that stops early (a header, then a hand-over to parts) never looks at the rest, and a file
/// of bare CRs (old Mac line ends) costs no more than one of LFs. Given the input it scans, the
/// scanner also releases the pages it has passed (see `InputBytes.releasePages`).
struct LineScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next line starts.
    var position: Int { cursor.position }
    private(set) var lineNumber = 0
    /// True when no CR has been seen in the bytes looked at so far, which include every line returned.
    var hasNoCR: Bool { !cursor.sawCR }
    private let input: InputBytes?
    /// Where `bytes` starts in `input`: a scanner of one part releases only that part's pages.
    private let inputOffset: Int
    /// Pages are released every `releaseInterval` bytes: often enough that several scanners reading
    /// parts of one file in parallel hold little of it at once, rarely enough that `madvise` is free.
    static let releaseInterval = 128 << 10
    /// How far ahead of a line carriage returns are looked for at once.
    static let crWindow = 64 << 10
    private var nextRelease = LineScanner.releaseInterval
    private var cursor = Cursor()
    /// The line `peek()` found and the scanner's state after it, so `next()` need not find it again.
    private var peeked: (line: Range<Int>, after: Cursor)?

    /// Where scanning stands.
    private struct Cursor {
        var position = 0
        /// Every CR before this has been looked at.
        var crScanned = 0
        var sawCR = false
        /// The first bare CR at or after `position`, once looking for CRs has reached it (scanning
        /// stops there until the line that ends at it has been returned); else Int.max.
        var bareCR = Int.max
        /// The first LF at or after `position` once found (the byte count when there is none).
        var lf = -1
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>, releasing input: InputBytes? = nil, at inputOffset: Int = 0) {
        self.bytes = bytes
        self.input = input
        self.inputOffset = inputOffset
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
            cursor = after
            lineNumber += 1
            return line
        }
        let count = bytes.count
        guard cursor.position < count, let base = bytes.baseAddress else { return nil }
        if cursor.position >= nextRelease, let input {
            // Keep recent lines: readers look back at them.
            input.releasePages(from: inputOffset, before: inputOffset + cursor.position - (64 << 10))
            nextRelease += LineScanner.releaseInterval
        }
        let start = cursor.position
        lineNumber += 1
        if cursor.lf < start {
            // Not past a bare CR already found: a file of bare CRs would look for its one LF at every line.
            let limit = min(count, cursor.bareCR)
            if let lf = memchr(base + start, 0x0A, limit - start) {
                cursor.lf = UnsafePointer<UInt8>(lf.assumingMemoryBound(to: UInt8.self)) - base
            } else {
                cursor.lf = limit == count ? count : -1
            }
        }
        // The line ends at its LF, unless a bare CR comes first.
        let lf = cursor.lf >= start ? cursor.lf : count
        lookForCR(through: min(lf + 1, count))
        if cursor.bareCR < lf {
            let cr = cursor.bareCR
            cursor.bareCR = Int.max
            cursor.position = cr + 1
            return start..<cr
        }
        cursor.position = min(lf + 1, count)
        return start..<(lf > start && bytes[lf - 1] == 0x0D ? lf - 1 : lf)
    }

    /// Looks for carriage returns up to `limit` (and a window beyond), stopping at a bare CR.
    private mutating func lookForCR(through limit: Int) {
        guard cursor.bareCR == Int.max, cursor.crScanned < limit, let base = bytes.baseAddress else { return }
        let count = bytes.count
        let end = min(count, max(limit, cursor.crScanned + LineScanner.crWindow))
        var p = cursor.crScanned
        while p < end, let found = memchr(base + p, 0x0D, end - p) {
            let cr = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            cursor.sawCR = true
            if cr + 1 >= count || base[cr + 1] != 0x0A {
                cursor.bareCR = cr
                cursor.crScanned = cr + 1
                return
            }
            p = cr + 1
        }
        cursor.crScanned = end
    }

    /// The next line without consuming it.
    mutating func peek() -> Range<Int>? {
        if let peeked { return peeked.line }
        var copy = self
        copy.nextRelease = Int.max
        guard let line = copy.next() else { return nil }
        peeked = (line, copy.cursor)
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

    /// True when the range starts with `prefix` (lower-case ASCII) in any case: each byte with the
    /// 0x20 bit set is the prefix's byte.
    func hasPrefixFoldingCase(_ prefix: StaticString, in range: Range<Int>) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard range.count >= count else { return false }
        return prefix.withUTF8Buffer { p in
            for k in 0..<count where self[range.lowerBound + k] | 0x20 != p[k] { return false }
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
