import CaptionModel

/// Where writers put their output: UTF-8 bytes appended to one buffer, which either grows (output kept
/// in memory) or is handed to a destination whenever it passes `chunkSize` (output streamed to a file),
/// so writing a 100,000-cue file never holds the whole output, and no String is made per cue.
///
/// A destination's failure (disk full) is kept, not thrown: writers stay simple, later bytes are
/// dropped, and the caller checks `failure` when the writer is done.
public final class ByteSink {
    public typealias Destination = (UnsafeRawBufferPointer) -> String?

    public static let chunkSize = 1 << 20
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    private let destination: Destination?
    /// Why the destination refused bytes, if it did.
    public private(set) var failure: String?

    /// Output kept in memory (read it with `bytes` or `string`).
    public init(capacity: Int = 4096) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
        destination = nil
    }

    /// Output handed to `destination` in chunks; it returns an error message, or nil when it took them.
    public init(destination: @escaping Destination) {
        capacity = Self.chunkSize + 4096
        base = .allocate(capacity: capacity)
        self.destination = destination
    }

    deinit { base.deallocate() }

    public var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Forgets what an in-memory sink holds, keeping its buffer (for scratch output reused per cue).
    public func removeAll() { count = 0 }

    /// The bytes held so far (in memory, or not yet handed to the destination).
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Hands everything buffered to the destination (a no-op for output kept in memory).
    public func flush() {
        guard let destination, count > 0 else { return }
        if failure == nil { failure = destination(UnsafeRawBufferPointer(start: base, count: count)) }
        count = 0
    }

    /// Bytes handed straight to the destination, after what is buffered, without copying them into the
    /// buffer (for large runs made elsewhere); appended when the output is kept in memory.
    public func write(through bytes: UnsafeBufferPointer<UInt8>) {
        guard let destination else { append(bytes); return }
        flush()
        if failure == nil, !bytes.isEmpty { failure = destination(UnsafeRawBufferPointer(bytes)) }
    }

    @inline(__always)
    private func reserve(_ n: Int) {
        if count + n <= capacity { return }
        if destination != nil {
            flush()
            if n <= capacity { return }
        }
        var grown = capacity * 2
        while grown < count + n { grown *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = grown
    }

    @inline(__always)
    public func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
        if destination != nil, count >= Self.chunkSize { flush() }
    }

    @inline(__always)
    public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
        if destination != nil, count >= Self.chunkSize { flush() }
    }

    /// Room for at most `bound` bytes, filled by `body` through a cursor; the bytes it wrote are kept.
    @inline(__always)
    func append(atMost bound: Int, _ body: (inout ByteCursor) -> Void) {
        reserve(bound)
        var cursor = ByteCursor(base + count)
        body(&cursor)
        count = cursor.p - base
        if destination != nil, count >= Self.chunkSize { flush() }
    }

    @inline(__always)
    public func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// A String's bytes. (Named apart from `append(_: StaticString)`, which literals should take: with two
    /// `append` overloads a literal would become a String.)
    public func appendString(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    public func append(_ text: StoredText) {
        text.withUTF8 { append($0) }
    }

    /// `value` in decimal, zero-padded to at least `width` digits (a minus sign before the padding).
    public func appendDecimal(_ value: Int, width: Int = 1) {
        // A sign and at most 20 digits (a UInt64's 20, or the width asked, up to 20).
        append(atMost: 21) { $0.putDecimal(value, width: min(width, 20)) }
    }

    /// `HH:MM:SS<separator>mmm` (more hour digits when needed): SRT's `00:00:01,500`, WebVTT's
    /// `00:00:01.500`. Negative times are written as zero.
    public func appendTimestamp(_ ms: Milliseconds, separator: UInt8) {
        let t = max(0, ms)
        let hours = t / 3_600_000
        guard hours < 100 else {
            appendDecimal(hours, width: 2)
            append(0x3A)
            appendTimestampBelowAnHour(t % 3_600_000, separator: separator)
            return
        }
        reserve(12)
        base[count] = 0x30 + UInt8(hours / 10)
        base[count + 1] = 0x30 + UInt8(hours % 10)
        base[count + 2] = 0x3A
        count += 3
        appendTimestampBelowAnHour(t % 3_600_000, separator: separator)
    }

    /// `:MM:SS.cc`, the rest of an ASS clock time after its hours.
    public func appendClockFields(minutes: Int, seconds: Int, fraction: Int) {
        append(atMost: 9) { $0.putClockFields(minutes: minutes, seconds: seconds, fraction: fraction) }
    }

    /// `MM:SS<separator>mmm`.
    private func appendTimestampBelowAnHour(_ t: Int, separator: UInt8) {
        reserve(9)
        let minutes = t / 60_000, seconds = t / 1000 % 60, millis = t % 1000
        let p = base + count
        p[0] = 0x30 + UInt8(minutes / 10); p[1] = 0x30 + UInt8(minutes % 10); p[2] = 0x3A
        p[3] = 0x30 + UInt8(seconds / 10); p[4] = 0x30 + UInt8(seconds % 10); p[5] = separator
        p[6] = 0x30 + UInt8(millis / 100); p[7] = 0x30 + UInt8(millis / 10 % 10); p[8] = 0x30 + UInt8(millis % 10)
        count += 9
        if destination != nil, count >= Self.chunkSize { flush() }
    }
}
