import CaptionModel

#if canImport(Glibc)
import Glibc
#endif

/// The values of one event field (Style, Name or Effect) of the rows a reader read, each row holding
/// an index into them rather than a String of its own: a String is 16 bytes in every row, and rows
/// are most of the fresh memory a long script is read into. A script names a few styles and speakers
/// many times over, usually in turn, so a value is looked for among the last few distinct ones; a
/// value seen longer ago is added again (the list only grows, so rows read earlier keep their index).
struct ASSFieldStrings: Sendable {
    private static let capacity = 8
    /// Every value added, by index.
    private(set) var values: [String?] = []
    /// The recent values: each one's bytes, length, first eight bytes as a word (zeros past its end:
    /// two words compare for less than a call to memcmp) and index. Parallel arrays, not one array of
    /// entries: the lookup walks lengths and words only, and an array of entries that hold their bytes
    /// read 1-3 ms slower on the bench script.
    private var bytes: [[UInt8]] = []
    private var counts: [Int] = []
    private var words: [UInt64] = []
    private var indices: [UInt32] = []
    /// The recent entry the next new value replaces once all are in use.
    private var next = 0

    subscript(index: UInt32) -> String? { values[Int(index)] }

    /// The index of the String `make` makes of the bytes in `range`, made once per distinct recent value.
    mutating func index(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                        _ make: (UnsafeBufferPointer<UInt8>, Range<Int>) -> String?) -> UInt32 {
        let field = UnsafeBufferPointer(rebasing: b[range])
        let word = Self.word(b, range)
        // The entries' lengths and words read in place: through the arrays each read is a bounds
        // check, and a line looks up three fields.
        let found = counts.withUnsafeBufferPointer { counts in
            words.withUnsafeBufferPointer { words -> Int? in
                for k in 0..<counts.count where counts[k] == field.count && words[k] == word {
                    if field.count <= 8
                        || bytes[k].withUnsafeBufferPointer({ memcmp($0.baseAddress! + 8, field.baseAddress! + 8, field.count - 8) == 0 }) {
                        return k
                    }
                }
                return nil
            }
        }
        if let found { return indices[found] }
        let index = UInt32(values.count)
        values.append(make(b, range))
        if bytes.count < Self.capacity {
            bytes.append(Array(field))
            counts.append(field.count)
            words.append(word)
            indices.append(index)
        } else {
            bytes[next] = Array(field)
            counts[next] = field.count
            words[next] = word
            indices[next] = index
            next = (next + 1) % Self.capacity
        }
        return index
    }

    /// The index of `value`, added without looking for it (a field read on the String path).
    mutating func add(_ value: String?) -> UInt32 {
        values.append(value)
        return UInt32(values.count - 1)
    }

    /// The first eight bytes of `range` (fewer when it is shorter) as a word, zeros after them.
    @inline(__always)
    private static func word(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        let n = min(range.count, 8)
        guard n > 0, let base = b.baseAddress else { return 0 }
        // One load where eight bytes are there to read (the rest of the line nearly always is).
        if range.lowerBound + 8 <= b.count {
            let all = UnsafeRawPointer(base + range.lowerBound).loadUnaligned(as: UInt64.self)
            return n == 8 ? all : all & ((1 << (UInt64(n) * 8)) - 1)
        }
        var word: UInt64 = 0
        for k in 0..<n { word |= UInt64(base[range.lowerBound + k]) << (UInt64(k) * 8) }
        return word
    }
}

/// The Style, Name and Effect values the rows of a run index, and the input their Text fields lie in.
struct ASSRowFields: Sendable {
    var styles = ASSFieldStrings(), names = ASSFieldStrings(), effects = ASSFieldStrings()
    /// The script's bytes when the reader owns them: the rows' texts are then detached, their places in
    /// it (`TextArenaWriter.appendDetached`); nil when the texts were copied.
    var source: OwnedBytes?

    /// The row's Text field as a text of its own.
    func text(_ row: ASSEventRow) -> StoredText { source?.attached(row.text) ?? row.text }

    func style(_ row: ASSEventRow) -> String? { styles[row.style] }
    func name(_ row: ASSEventRow) -> String { names[row.name] ?? "" }
    func effect(_ row: ASSEventRow) -> String { effects[row.effect] ?? "" }
}
