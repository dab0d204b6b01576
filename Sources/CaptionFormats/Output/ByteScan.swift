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

    /// The first index at or after `start` whose byte `isSpecial` says so, skipping the 8-byte words
    /// `mayHold` says hold no such byte. Inlined into each scan below with its own tests, so each
    /// compiles to its own loop.
    @inline(__always)
    private static func firstIndex(in b: UnsafeBufferPointer<UInt8>, from start: Int,
                                   mayHold: (UInt64) -> Bool, isSpecial: (UInt8) -> Bool) -> Int? {
        var i = start
        if let base = b.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 8 <= b.count {
                if mayHold(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) { break }
                i += 8
            }
        }
        while i < b.count {
            if isSpecial(b[i]) { return i }
            i += 1
        }
        return nil
    }

    /// Whether none of the four bytes occurs.
    static func hasNone(of bytes: (UInt8, UInt8, UInt8, UInt8), in b: UnsafeBufferPointer<UInt8>) -> Bool {
        firstIndex(in: b, from: 0, mayHold: { has($0, bytes.0) || has($0, bytes.1) || has($0, bytes.2) || has($0, bytes.3) },
                   isSpecial: { $0 == bytes.0 || $0 == bytes.1 || $0 == bytes.2 || $0 == bytes.3 }) == nil
    }

    /// The first index at or after `start` holding `byte`.
    static func first(_ byte: UInt8, in b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < b.count, let base = b.baseAddress,
              let found = memchr(base + start, Int32(byte), b.count - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// The first index at or after `start` whose byte JSON must escape (a control character, `"`, `\`).
    static func firstJSONSpecial(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        firstIndex(in: b, from: start, mayHold: { hasLess($0, 0x20) || has($0, 0x22) || has($0, 0x5C) },
                   isSpecial: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C })
    }

    /// The first index at or after `start` of a line break, a brace or a backslash (ASCII text in ASS).
    static func firstASSSpecial(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        firstIndex(in: b, from: start, mayHold: { has($0, 0x0A) || has($0, 0x0D) || has($0, 0x7B) || has($0, 0x7D) || has($0, 0x5C) },
                   isSpecial: { $0 == 0x0A || $0 == 0x0D || $0 == 0x7B || $0 == 0x7D || $0 == 0x5C })
    }

    /// Whether every byte is ASCII.
    static func isASCII(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        firstIndex(in: b, from: 0, mayHold: { $0 & highs != 0 }, isSpecial: { $0 >= 0x80 }) == nil
    }
}
