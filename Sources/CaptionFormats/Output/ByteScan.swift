import Foundation

/// Finding the first byte a writer must escape, eight bytes at a time: caption text is mostly bytes
/// that are copied as they are, so a word with none of the special bytes is skipped whole (the
/// "has a zero byte" test from Bit Twiddling Hacks, exact as a yes/no for a whole word).
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    @inline(__always)
    private static func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }

    @inline(__always)
    private static func has(_ v: UInt64, _ byte: UInt8) -> Bool { hasZero(v ^ (ones &* UInt64(byte))) }

    /// Whether any byte of the word is below `n` (n at most 128).
    @inline(__always)
    private static func hasLess(_ v: UInt64, _ n: UInt8) -> Bool { (v &- ones &* UInt64(n)) & ~v & highs != 0 }

    /// Whether none of the four bytes occurs.
    static func hasNone(of bytes: (UInt8, UInt8, UInt8, UInt8), in b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        if let base = b.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 8 <= b.count {
                let v = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if has(v, bytes.0) || has(v, bytes.1) || has(v, bytes.2) || has(v, bytes.3) { return false }
                i += 8
            }
        }
        while i < b.count {
            let c = b[i]
            if c == bytes.0 || c == bytes.1 || c == bytes.2 || c == bytes.3 { return false }
            i += 1
        }
        return true
    }

    /// The first index at or after `start` holding `byte`.
    static func first(_ byte: UInt8, in b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < b.count, let base = b.baseAddress,
              let found = memchr(base + start, Int32(byte), b.count - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// The first index at or after `start` whose byte JSON must escape (a control character, `"`, `\`).
    static func firstJSONSpecial(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start
        if let base = b.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 8 <= b.count {
                let v = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if hasLess(v, 0x20) || has(v, 0x22) || has(v, 0x5C) { break }
                i += 8
            }
        }
        while i < b.count {
            let c = b[i]
            if c < 0x20 || c == 0x22 || c == 0x5C { return i }
            i += 1
        }
        return nil
    }

    /// The first index at or after `start` of a line break, a brace or a backslash (ASCII text in ASS).
    static func firstASSSpecial(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start
        if let base = b.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 8 <= b.count {
                let v = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if has(v, 0x0A) || has(v, 0x0D) || has(v, 0x7B) || has(v, 0x7D) || has(v, 0x5C) { break }
                i += 8
            }
        }
        while i < b.count {
            let c = b[i]
            if c == 0x0A || c == 0x0D || c == 0x7B || c == 0x7D || c == 0x5C { return i }
            i += 1
        }
        return nil
    }

    /// Whether every byte is ASCII.
    static func isASCII(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        if let base = b.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 8 <= b.count {
                if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & highs != 0 { return false }
                i += 8
            }
        }
        while i < b.count { if b[i] >= 0x80 { return false }; i += 1 }
        return true
    }
}
