#if canImport(Glibc)
import Glibc
#endif

/// The Strings of an event field's last few distinct values (Style, Name, Effect): a script names a
/// few styles and speakers many times over, usually in turn, so one remembered value misses at every
/// change of speaker and each miss makes a String (and frees the one it replaces).
struct ASSFieldStrings {
    private static let capacity = 8
    private var bytes: [[UInt8]] = []
    private var values: [String?] = []
    /// The entry the next new value replaces once all are in use.
    private var next = 0

    /// The String `make` makes of the bytes in `range`, made once per distinct value remembered.
    mutating func value(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                        _ make: (UnsafeBufferPointer<UInt8>, Range<Int>) -> String?) -> String? {
        let field = UnsafeBufferPointer(rebasing: b[range])
        for k in bytes.indices where bytes[k].count == field.count {
            let same = field.isEmpty || bytes[k].withUnsafeBufferPointer { memcmp($0.baseAddress!, field.baseAddress!, field.count) == 0 }
            if same { return values[k] }
        }
        let value = make(b, range)
        if bytes.count < Self.capacity {
            bytes.append(Array(field))
            values.append(value)
        } else {
            bytes[next] = Array(field)
            values[next] = value
            next = (next + 1) % Self.capacity
        }
        return value
    }
}
