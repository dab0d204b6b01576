/// Text bytes that many events share one allocation for.
///
/// A reader of a 100,000-cue file appends every cue's text to a few large chunks through a
/// `TextArenaWriter`; each event then holds a 16-byte `StoredText` (chunk, offset, length) instead of
/// a String of its own, whose header and allocator rounding would cost more than the text.
/// Bytes are only ever appended to a chunk, never changed, so sharing is safe.
/// The price: `string` builds a String on each call (no allocation at 15 bytes or fewer), and one
/// surviving event keeps its whole chunk (64 KiB, `TextArenaWriter.chunkSize`) alive.
public struct StoredText: Sendable, Hashable, CustomStringConvertible {
    // ManagedBuffer is marked not Sendable; a chunk's written bytes are immutable (see TextChunk).
    @usableFromInline nonisolated(unsafe) let chunk: TextChunk?
    @usableFromInline let offset: UInt32
    public let utf8Count: Int32

    /// Text in an allocation of its own, exactly its size.
    public init(_ string: String) {
        let count = string.utf8.count
        guard count > 0 else { self.init(chunk: nil, offset: 0, count: 0); return }
        let chunk = TextChunk.create(capacity: count)
        var copy = string
        _ = copy.withUTF8 { chunk.append($0) }
        self.init(chunk: chunk, offset: 0, count: count)
    }

    fileprivate init(chunk: TextChunk?, offset: Int, count: Int) {
        self.chunk = chunk
        self.offset = UInt32(offset)
        self.utf8Count = Int32(count)
    }

    public static let empty = StoredText(chunk: nil, offset: 0, count: 0)

    public var isEmpty: Bool { utf8Count == 0 }

    /// A text that holds only its place in an input kept elsewhere (`TextArenaWriter.appendDetached`):
    /// reading it as it is gives nothing; its holder reads it with `OwnedBytes.withUTF8(of:)`.
    public var isDetached: Bool { chunk == nil && utf8Count > 0 }

    @inlinable
    public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        guard let chunk else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try chunk.withUnsafeMutablePointerToElements { base in
            try body(UnsafeBufferPointer(start: base + Int(offset), count: Int(utf8Count)))
        }
    }

    /// `withUTF8` of a text read in place (in storage the caller holds, such as an array of rows),
    /// without retaining its chunk: writers on every core reading rows that share chunks would
    /// otherwise spend more on the chunks' shared reference counts than on the bytes.
    @inlinable
    public static func withUTF8<R>(in text: UnsafePointer<StoredText>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let count = Int(text.pointee.utf8Count), offset = Int(text.pointee.offset)
        // The reference's bits, loaded as a pointer: loading it as a reference would retain it.
        guard let object = UnsafeRawPointer(text.pointer(to: \.chunk)!).load(as: UnsafeRawPointer?.self) else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try Unmanaged<TextChunk>.fromOpaque(object)._withUnsafeGuaranteedRef { chunk in
            try chunk.withUnsafeMutablePointerToElements { base in try body(UnsafeBufferPointer(start: base + offset, count: count)) }
        }
    }

    /// The text as a String (made anew on each call).
    public var string: String { withUTF8 { String(decoding: $0, as: UTF8.self) } }

    public var description: String { string }

    /// Equal when the UTF-8 bytes are equal. (Stricter than String's `==`, which also equates
    /// canonically equivalent spellings such as precomposed and decomposed "é": a caption file that
    /// changed its bytes has changed.)
    public static func == (a: StoredText, b: StoredText) -> Bool {
        guard a.utf8Count == b.utf8Count else { return false }
        if a.chunk === b.chunk && a.offset == b.offset { return true }
        return a.withUTF8 { x in b.withUTF8 { y in x.elementsEqual(y) } }
    }

    public func hash(into hasher: inout Hasher) { withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) } }
}

/// A fixed-capacity run of UTF-8 bytes, appended to and never rewritten.
@usableFromInline final class TextChunk: ManagedBuffer<TextChunk.Header, UInt8> {
    // Shared across threads through StoredText: bytes below `used` never change after they are written, and only the one writer
    // that owns the chunk appends; readers only read ranges written before they were handed out.
    @usableFromInline struct Header { var capacity: Int; var used: Int }

    static func create(capacity: Int) -> TextChunk {
        let buffer = TextChunk.create(minimumCapacity: capacity) { _ in Header(capacity: capacity, used: 0) }
        return unsafeDowncast(buffer, to: TextChunk.self)
    }

    // The header is reached through its pointer: the `header` property is a class stored property,
    // and each access to it would pay for a dynamic exclusivity check.
    var room: Int { withUnsafeMutablePointerToHeader { $0.pointee.capacity - $0.pointee.used } }

    /// Appends bytes that fit (the caller checks `room`); returns their offset.
    @discardableResult
    func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        withUnsafeMutablePointers { header, base in
            let offset = header.pointee.used
            if let source = bytes.baseAddress, bytes.count > 0 {
                (base + offset).update(from: source, count: bytes.count)
            }
            header.pointee.used += bytes.count
            return offset
        }
    }
}

/// Appends texts into shared chunks and hands out `StoredText` for each.
public struct TextArenaWriter {
    // Not Sendable: one reader appends through it, then lets it go.
    /// Small enough to come from the allocator's heap (below glibc's 128 KiB mmap threshold), so chunks
    /// freed by one document are reused by the next instead of being mapped and zeroed anew; large
    /// enough that the per-chunk header and the unused tail are a rounding error.
    public static let chunkSize = 64 << 10
    private var chunk: TextChunk?
    private let chunkSize: Int
    /// Bytes texts are taken from without copying when they lie inside them (`init(sharing:)`).
    private var shared: (chunk: TextChunk, base: UnsafePointer<UInt8>, count: Int)?

    /// `chunkSize` 0 gives each text an allocation of exactly its size (a writer of one or two texts).
    public init(chunkSize: Int = TextArenaWriter.chunkSize) { self.chunkSize = chunkSize }

    /// A writer that hands out texts lying inside `input` as references into it (no copy), and copies
    /// any other text (one a reader rewrote) as usual.
    public init(sharing input: OwnedBytes?) {
        self.init()
        if let input { shared = (input.chunk, input.base, input.count) }
    }

    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> StoredText {
        guard bytes.count > 0 else { return .empty }
        if let offset = sharedOffset(bytes) { return StoredText(chunk: shared!.chunk, offset: offset, count: bytes.count) }
        guard bytes.count <= Int(UInt32.max) / 2 else { return StoredText(String(decoding: bytes, as: UTF8.self)) }
        if chunk == nil || chunk!.room < bytes.count {
            chunk = TextChunk.create(capacity: max(chunkSize, bytes.count))
        }
        let offset = chunk!.append(bytes)
        return StoredText(chunk: chunk, offset: offset, count: bytes.count)
    }

    /// `append`, except that a text inside the shared input comes back detached: its place in the
    /// input alone, holding no reference (`StoredText.isDetached`). For rows kept beside the input, read
    /// through `OwnedBytes.withUTF8(of:)` and made whole with `OwnedBytes.attached`: a reader on every
    /// core taking a reference to one input for each of its rows spends more on that shared count than
    /// on the row.
    public mutating func appendDetached(_ bytes: UnsafeBufferPointer<UInt8>) -> StoredText {
        guard let offset = sharedOffset(bytes) else { return append(bytes) }
        return StoredText(chunk: nil, offset: offset, count: bytes.count)
    }

    /// Where `bytes` start in the shared input, when they lie wholly inside it.
    private func sharedOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let shared, let start = bytes.baseAddress, bytes.count > 0,
              start >= shared.base, start + bytes.count <= shared.base + shared.count else { return nil }
        return start - shared.base
    }

    public mutating func append(_ bytes: [UInt8]) -> StoredText {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    public mutating func append(_ string: String) -> StoredText {
        var copy = string
        return copy.withUTF8 { append($0) }
    }
}

/// A whole input's bytes in memory the model owns, which the texts read from it can point into
/// (`TextArenaWriter(sharing:)`) instead of being copied out. Unlike a mapped file, nothing another
/// process does to the file later (truncating it, rewriting it in place) can reach these bytes.
/// Offsets into a chunk are 32-bit, so an input holds at most `maximumCount` bytes.
public struct OwnedBytes: @unchecked Sendable { // the bytes are written once, by `fill`, before any text is handed out
    public static let maximumCount = Int(UInt32.max)
    @usableFromInline let chunk: TextChunk
    public let base: UnsafePointer<UInt8>
    public let count: Int

    /// `count` bytes written by `fill` (given the room's start), which returns how many it wrote
    /// (fewer when the input turned out shorter); nil when `fill` fails or `count` is out of range.
    public init?(count: Int, fill: (UnsafeMutablePointer<UInt8>) -> Int?) {
        guard count > 0, count <= Self.maximumCount else { return nil }
        let chunk = TextChunk.create(capacity: count)
        let start = chunk.withUnsafeMutablePointerToElements { $0 }
        guard let written = fill(start), written >= 0, written <= count else { return nil }
        chunk.withUnsafeMutablePointerToHeader { $0.pointee.used = written }
        self.chunk = chunk
        base = UnsafePointer(start)
        self.count = written
    }

    /// `text` as a text of its own: one detached from these bytes (`TextArenaWriter.appendDetached`)
    /// given a reference to them, any other as it is.
    public func attached(_ text: StoredText) -> StoredText {
        text.isDetached ? StoredText(chunk: chunk, offset: Int(text.offset), count: Int(text.utf8Count)) : text
    }

    /// The bytes of a text kept in place (as `StoredText.withUTF8(in:)`), a detached one read from these
    /// bytes; neither retains anything.
    @inlinable
    public func withUTF8<R>(of text: UnsafePointer<StoredText>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        guard text.pointee.isDetached else { return try StoredText.withUTF8(in: text, body) }
        return try body(UnsafeBufferPointer(start: base + Int(text.pointee.offset), count: Int(text.pointee.utf8Count)))
    }
}

