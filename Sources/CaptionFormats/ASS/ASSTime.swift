import CaptionModel

/// ASS clock times, which have centisecond precision. Every boundary is rounded from its absolute
/// time on its own, so rounding never accumulates (karaoke durations are differences of rounded
/// absolute times). The ASS writer and the preset compiler in CaptionASS both use this.
public enum ASSTime {
    /// An absolute time in whole centiseconds, halves up; negative times are 0.
    public static func centiseconds(_ ms: Milliseconds) -> Int { ms <= 0 ? 0 : (ms + 5) / 10 }

    /// `h:mm:ss.cc` from centiseconds.
    public static func clock(centiseconds cs: Int) -> String {
        let h = cs / 360_000, m = cs / 6000 % 60, s = cs / 100 % 60, c = cs % 100
        return "\(h):\(m < 10 ? "0" : "")\(m):\(s < 10 ? "0" : "")\(s).\(c < 10 ? "0" : "")\(c)"
    }

    /// `h:mm:ss.cc` (any number of fraction digits) to milliseconds; nil for anything else. What the ASS
    /// reader reads, and what `mux` reads a compiled script's Dialogue lines with.
    public static func milliseconds(_ text: Substring) -> Milliseconds? {
        // At most nine digits a field, as the SRT reader allows: the sum then stays far inside `Int`
        // (a 15-digit hour once overflowed it).
        func field(_ s: Substring) -> Int? { s.utf8.count <= 9 ? Int(s).flatMap { $0 >= 0 ? $0 : nil } : nil }
        let hms = text.assTrimming(" \t").split(separator: ":", omittingEmptySubsequences: false)
        guard hms.count == 3, let h = field(hms[0]), let m = field(hms[1]) else { return nil }
        let secParts = hms[2].split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(secParts.count), let s = field(secParts[0]) else { return nil }
        var fraction = 0
        if secParts.count == 2 {
            let digits = secParts[1]
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let f = field(digits) else { return nil }
            fraction = CaptionTime.milliseconds(fraction: f, digits: digits.count)
        }
        return ((h * 60 + m) * 60 + s) * 1000 + fraction
    }

    /// `milliseconds` of `bytes[range]` (valid UTF-8), read on bytes: the ASS reader's, for every event.
    /// A field with bytes beyond ASCII is read by the String version, whose trimming is by Characters.
    static func milliseconds(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Milliseconds? {
        var a = range.lowerBound, z = range.upperBound
        // `h:mm:ss.cc` with one to nine hour digits, as nearly every script writes it.
        if z - a >= 10, z - a <= 18, bytes[z - 3] == 0x2E, bytes[z - 6] == 0x3A, bytes[z - 9] == 0x3A {
            @inline(__always) func digit(_ k: Int) -> Int? {
                let d = bytes[k] &- 0x30
                return d < 10 ? Int(d) : nil
            }
            var h = 0
            var k = a
            while k < z - 9, let d = digit(k) { h = h * 10 + d; k += 1 }
            if k == z - 9, let m1 = digit(z - 8), let m2 = digit(z - 7), let s1 = digit(z - 5), let s2 = digit(z - 4),
               let c1 = digit(z - 2), let c2 = digit(z - 1) {
                return ((h * 60 + m1 * 10 + m2) * 60 + s1 * 10 + s2) * 1000 + (c1 * 10 + c2) * 10
            }
        }
        for k in a..<z where bytes[k] >= 0x80 {
            return milliseconds(Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)))
        }
        while a < z, bytes[a] == 0x20 || bytes[a] == 0x09 { a += 1 }
        while z > a, bytes[z - 1] == 0x20 || bytes[z - 1] == 0x09 { z -= 1 }
        // `Int(s)` of at most nine bytes, not negative (`-0` is 0).
        func field(_ lo: Int, _ hi: Int) -> Int? {
            guard hi - lo <= 9 else { return nil }
            var k = lo
            var negative = false
            if k < hi, bytes[k] == 0x2B || bytes[k] == 0x2D { negative = bytes[k] == 0x2D; k += 1 }
            guard k < hi else { return nil }
            var value = 0
            while k < hi {
                let d = bytes[k] &- 0x30
                guard d < 10 else { return nil }
                value = value * 10 + Int(d)
                k += 1
            }
            return negative && value != 0 ? nil : value
        }
        var firstColon = -1, secondColon = -1
        for k in a..<z where bytes[k] == 0x3A {
            if firstColon < 0 { firstColon = k } else if secondColon < 0 { secondColon = k } else { return nil }
        }
        guard secondColon >= 0, let h = field(a, firstColon), let m = field(firstColon + 1, secondColon) else { return nil }
        var dot = -1
        for k in (secondColon + 1)..<z where bytes[k] == 0x2E {
            guard dot < 0 else { return nil }
            dot = k
        }
        guard let s = field(secondColon + 1, dot < 0 ? z : dot) else { return nil }
        var fraction = 0
        if dot >= 0 {
            guard dot + 1 < z, let f = field(dot + 1, z) else { return nil }
            fraction = CaptionTime.milliseconds(fraction: f, digits: z - dot - 1)
        }
        return ((h * 60 + m) * 60 + s) * 1000 + fraction
    }

    /// `h:mm:ss.cc` from milliseconds rounded to the nearest centisecond.
    public static func clock(_ ms: Milliseconds) -> String { clock(centiseconds: centiseconds(ms)) }
}
