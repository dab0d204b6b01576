#if canImport(Glibc)
import Glibc
#endif

/// The Strings of an event field's last few distinct values (Style, Name, Effect): a script names a
/// few styles and speakers many times over, usually in turn, so one remembered value misses at every
/// change of speaker and each miss makes a String (and frees the one it replaces).
struct ASSFieldStrings {
    private static let capacity = 8
    /// A value of up to 16 bytes as two words (zero-padded) and its length, compared without a call.
    private struct Key: Equatable {
        var low: UInt64 = 0, high: UInt64 = 0, count = 0

        /// The field at `range` in `b`: two loads and masks when 16 bytes can be read from its start.
        @inline(__always)
        init?(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
            guard range.count <= 16, let base = b.baseAddress else { return nil }
            count = range.count
            if range.lowerBound + 16 <= b.count {
                let p = UnsafeRawPointer(base + range.lowerBound)
                let lowBytes = min(count, 8), highBytes = count - lowBytes
                low = p.loadUnaligned(as: UInt64.self) & (lowBytes == 8 ? ~0 : (1 << (8 * lowBytes)) - 1)
                high = highBytes == 0 ? 0 : p.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & (highBytes == 8 ? ~0 : (1 << (8 * highBytes)) - 1)
                return
            }
            for i in 0..<count {
                let byte = UInt64(base[range.lowerBound + i])
                if i < 8 { low |= byte << (8 * i) } else { high |= byte << (8 * (i - 8)) }
            }
        }
    }
    private var keys: [Key] = []
    private var values: [String?] = []
    /// The entry the next new value replaces once all are in use.
    private var next = 0

    /// The String `make` makes of the bytes in `range`, made once per distinct value remembered;
    /// values longer than 16 bytes are made each time.
    mutating func value(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                        _ make: (UnsafeBufferPointer<UInt8>, Range<Int>) -> String?) -> String? {
        guard let key = Key(b, range) else { return make(b, range) }
        for k in keys.indices where keys[k] == key { return values[k] }
        let value = make(b, range)
        if keys.count < Self.capacity {
            keys.append(key)
            values.append(value)
        } else {
            keys[next] = key
            values[next] = value
            next = (next + 1) % Self.capacity
        }
        return value
    }
}
