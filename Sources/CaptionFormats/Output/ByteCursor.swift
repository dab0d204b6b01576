/// Writes bytes through a raw pointer into room a `ByteSink` reserved (`ByteSink.append(atMost:)`), for
/// a writer that knows a bound on one line's size: one capacity check for the line instead of one per
/// field and per byte, which cost a 100,000-line ASS file more than formatting it.
struct ByteCursor {
    private(set) var p: UnsafeMutablePointer<UInt8>

    init(_ p: UnsafeMutablePointer<UInt8>) { self.p = p }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        p.pointee = byte
        p += 1
    }

    @inline(__always)
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        p.update(from: source, count: bytes.count)
        p += bytes.count
    }

    @inline(__always)
    mutating func put(_ text: StaticString) {
        text.withUTF8Buffer { put($0) }
    }

    /// `value` in decimal, zero-padded to at least `width` digits (a minus sign before the padding):
    /// at most 1 + max(19, width) bytes.
    @inline(__always)
    mutating func putDecimal(_ value: Int, width: Int = 1) {
        if value >= 0, value < 10, width <= 1 { put(0x30 &+ UInt8(truncatingIfNeeded: value)); return }
        if value < 0 { put(0x2D) }
        var magnitude = value.magnitude
        var digits = 1
        var probe = magnitude
        while probe >= 10 { probe /= 10; digits += 1 }
        digits = max(digits, width)
        var q = p + digits
        p = q
        for _ in 0..<digits {
            q -= 1
            q.pointee = 0x30 &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        }
    }

    /// ASS's `h:mm:ss.cc` of centiseconds (`cs` >= 0): at most 30 bytes.
    @inline(__always)
    mutating func putClock(centiseconds cs: Int) {
        putDecimal(cs / 360_000)
        putClockFields(minutes: cs / 6000 % 60, seconds: cs / 100 % 60, fraction: cs % 100)
    }

    /// `:MM:SS.FF` (9 bytes), each field below 100.
    @inline(__always)
    mutating func putClockFields(minutes: Int, seconds: Int, fraction: Int) {
        p[0] = 0x3A
        p[1] = 0x30 &+ UInt8(truncatingIfNeeded: minutes / 10); p[2] = 0x30 &+ UInt8(truncatingIfNeeded: minutes % 10)
        p[3] = 0x3A
        p[4] = 0x30 &+ UInt8(truncatingIfNeeded: seconds / 10); p[5] = 0x30 &+ UInt8(truncatingIfNeeded: seconds % 10)
        p[6] = 0x2E
        p[7] = 0x30 &+ UInt8(truncatingIfNeeded: fraction / 10); p[8] = 0x30 &+ UInt8(truncatingIfNeeded: fraction % 10)
        p += 9
    }
}
