/// What the ASS writer writes for each value of one of a run's fields (Style, Name, Effect): the value
/// made field-safe (`ASSWriter.fieldSafe`), as bytes, made on first use. A script names a handful of
/// styles and speakers thousands of times over; each row then costs a copy of a few bytes, not a String.
struct ASSFieldBytes {
    private var bytes: [UInt8] = []
    /// Each value's bytes in `bytes`, by index; a negative start until made.
    private var spans: [(start: Int32, count: Int32)]
    private let strings: ASSFieldStrings

    init(_ strings: ASSFieldStrings) {
        self.strings = strings
        spans = Array(repeating: (-1, 0), count: strings.values.count)
    }

    /// The field-safe bytes of value `index`, made on first use.
    mutating func withBytes<R>(_ index: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let k = Int(index)
        if spans[k].start < 0 {
            let start = bytes.count
            bytes += ASSWriter.fieldSafe(strings[index] ?? "").utf8
            spans[k] = (Int32(clamping: start), Int32(clamping: bytes.count - start))
        }
        let span = spans[k]
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(span.start)..<Int(span.start + span.count)])) }
    }
}
