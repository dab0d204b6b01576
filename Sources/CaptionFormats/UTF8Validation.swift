import CaptionModel

/// Finds the first byte of an input that is not part of a well-formed UTF-8 sequence: every file read
/// as UTF-8 is checked whole before it is parsed, so a large one is checked in parts, one per core.
enum UTF8Validation {
    /// Below this, one part: splitting costs more than it saves.
    static let minimumPartSize = 4 << 20

    /// The offset of the first ill-formed byte, or nil. Pages already checked are released as it goes
    /// (see `InputBytes.releasePages`). `parts` (tests) asks for that many parts whatever the size.
    static func firstInvalidOffset(_ bytes: InputBytes, parts wanted: Int? = nil) -> Int? {
        bytes.withUnsafeBufferPointer { p -> Int? in
            let count = wanted ?? min(Cores.count, 8, p.count / minimumPartSize)
            guard count > 1, p.count > 0 else { return firstInvalidOffset(p, 0..<p.count, releasing: bytes) }
            // Cuts at the start of a sequence (a byte that is not a continuation byte), unless three
            // continuation bytes lie before it: then the byte at the cut is ill-formed wherever the
            // sequences before it start, and the part after the cut reports it. Every part then
            // walks exactly the sequences one walk from the start would, so the first ill-formed
            // byte of the first part that has one is the input's.
            var cuts = [0]
            for k in 1..<count {
                let target = p.count * k / count
                var cut = target
                while cut > 0, target - cut < 3, p[cut] & 0xC0 == 0x80 { cut -= 1 }
                if p[cut] & 0xC0 == 0x80 { cut = target }
                cuts.append(max(cut, cuts.last!))
            }
            cuts.append(p.count)
            let shared = SharedBytes(bytes: p)
            let found = ParallelSlots.map(count) { [cuts] k in firstInvalidOffset(shared.bytes, cuts[k]..<cuts[k + 1], releasing: bytes) }
            return found.lazy.compactMap { $0 }.first
        }
    }

    /// The input's bytes, read by every part (and written by none) while `bytes` holds them.
    private struct SharedBytes: @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
    }

    /// The first ill-formed byte of the sequences that start in `range` (the last may end after it).
    static func firstInvalidOffset(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, releasing input: InputBytes) -> Int? {
        guard let base = p.baseAddress else { return nil }
        var i = range.lowerBound
        let end = range.upperBound, n = p.count
        var nextRelease = i + (1 << 20)
        while i < end {
            if i >= nextRelease {
                input.releasePages(from: range.lowerBound, before: i - 8)
                nextRelease += 1 << 20
            }
            // ASCII fast path: 32 bytes at a time, then 8.
            let high: UInt64 = 0x8080_8080_8080_8080
            while i + 32 <= end {
                let raw = UnsafeRawPointer(base + i)
                let any = raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                if any & high != 0 { break }
                i += 32
            }
            while i + 8 <= end, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & high == 0 { i += 8 }
            guard i < end else { break }
            let b = p[i]
            if b < 0x80 { i += 1; continue }
            let length: Int, minimum: UInt32
            var scalar: UInt32
            switch b {
            case 0xC2...0xDF: length = 2; scalar = UInt32(b & 0x1F); minimum = 0x80
            case 0xE0...0xEF: length = 3; scalar = UInt32(b & 0x0F); minimum = 0x800
            case 0xF0...0xF4: length = 4; scalar = UInt32(b & 0x07); minimum = 0x10000
            default: return i
            }
            guard i + length <= n else { return i }
            for k in 1..<length {
                let c = p[i + k]
                guard c & 0xC0 == 0x80 else { return i }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return i }
            i += length
        }
        return nil
    }
}
