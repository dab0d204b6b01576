import CaptionModel
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The bytes of an input, either in memory or mapped from a file. A mapped file lets a reader that
/// walks it front to back hand parsed pages back to the kernel (`releasePages(before:)`), so reading a
/// large file costs memory for the captions kept, not for the file as well.
public struct InputBytes: RandomAccessCollection, Sendable {
    private let storage: Storage
    /// Where this view starts in the storage (after a byte-order mark, say).
    private let offset: Int

    public init(_ bytes: [UInt8]) { storage = .array(bytes); offset = 0 }

    /// Maps a regular file read-only; nil when it cannot be mapped (empty, a pipe, a special file).
    public init?(mappingFile path: String) {
        guard let mapped = MappedFile(path: path) else { return nil }
        storage = .mapped(mapped)
        offset = 0
    }

    /// Reads a regular file into memory of its own (`OwnedBytes`), in parallel parts when it is
    /// large, if `accept` takes its first 4 KiB; nil when it does not, or when the file cannot be read
    /// that way (not a regular file, empty, too large, changed while read).
    public init?(readingFile path: String, when accept: ([UInt8]) -> Bool) {
        guard let owned = OwnedFileRead.read(path, when: accept) else { return nil }
        storage = .owned(owned)
        offset = 0
    }

    /// The bytes when they are the model's own, for texts to point into (`TextArenaWriter(sharing:)`).
    public var owned: OwnedBytes? {
        if case .owned(let o) = storage { return o }
        return nil
    }

    private init(storage: Storage, offset: Int) { self.storage = storage; self.offset = offset }

    /// The same bytes without the first `n` (no copy).
    public func droppingPrefix(_ n: Int) -> InputBytes { InputBytes(storage: storage, offset: offset + Swift.min(n, count)) }

    private enum Storage: Sendable {
        case array([UInt8])
        case mapped(MappedFile)
        case owned(OwnedBytes)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .array(let a): a.count - offset
        case .mapped(let m): m.count - offset
        case .owned(let o): o.count - offset
        }
    }

    public subscript(position: Int) -> UInt8 {
        withUnsafeBufferPointer { $0[position] }
    }

    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        switch storage {
        case .array(let a): return try a.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[offset...])) }
        case .mapped(let m): return try body(UnsafeBufferPointer(start: m.base + offset, count: m.count - offset))
        case .owned(let o): return try body(UnsafeBufferPointer(start: o.base + offset, count: o.count - offset))
        }
    }

    /// Tells the kernel the pages before `offset` are not needed now. They stay readable: touching
    /// them again reads them back from the page cache. A no-op for bytes in memory.
    public func releasePages(before offset: Int) {
        if case .mapped(let m) = storage { m.release(from: 0, before: self.offset + offset) }
    }

    /// The same for the pages wholly inside `start..<end` only: a reader of one part of the input
    /// (one of several reading in parallel) leaves the other parts alone.
    public func releasePages(from start: Int, before end: Int) {
        if case .mapped(let m) = storage { m.release(from: self.offset + start, before: self.offset + end) }
    }

    public var asArray: [UInt8] {
        if case .array(let a) = storage, offset == 0 { return a }
        return withUnsafeBufferPointer { Array($0) }
    }
}

/// A read-only private mapping of a whole file, unmapped when the last reference goes.
final class MappedFile: @unchecked Sendable { // immutable after init; the mapping is never written
    let base: UnsafePointer<UInt8>
    let count: Int

    init?(path: String) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else { return nil }
        base = UnsafePointer(address.assumingMemoryBound(to: UInt8.self))
        count = size
    }

    /// Drops the whole pages inside `start..<end` (`start` 0 or the input's start: from the first page).
    func release(from start: Int, before end: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let first = start == 0 ? 0 : (start + page - 1) / page * page, last = min(end, count) / page * page
        guard last > first else { return }
        madvise(UnsafeMutableRawPointer(mutating: base + first), last - first, Int32(MADV_DONTNEED))
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), count) }
}

/// A regular file read into `OwnedBytes`.
enum OwnedFileRead {
    /// Larger files are mapped instead (their pages released as a reader passes them).
    static let maximumSize = 1 << 30
    /// From this size the file is read by one thread per core, each its own range.
    static let parallelSize = 4 << 20

    static func read(_ path: String, when accept: ([UInt8]) -> Bool) -> OwnedBytes? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0, info.st_size <= maximumSize else { return nil }
        let size = Int(info.st_size)
        var head = [UInt8](repeating: 0, count: min(size, 4096))
        guard head.withUnsafeMutableBytes({ pread(fd, $0.baseAddress, $0.count, 0) }) == head.count, accept(head) else { return nil }
        return OwnedBytes(count: size) { start in
            adviseHugePages(start, size)
            let parts = size >= parallelSize ? min(Cores.count, 8) : 1
            // Each part writes only its own range and its own flag.
            nonisolated(unsafe) let done = UnsafeMutableBufferPointer<Bool>.allocate(capacity: parts)
            defer { done.deallocate() }
            done.initialize(repeating: false)
            nonisolated(unsafe) let start = start
            let fill = { @Sendable (k: Int) in
                var at = size * k / parts
                let end = size * (k + 1) / parts
                while at < end {
                    let n = pread(fd, start + at, end - at, off_t(at))
                    if n < 0, errno == EINTR { continue }
                    guard n > 0 else { return } // an error, or the file shrank
                    at += n
                }
                done[k] = true
            }
            if parts == 1 { fill(0) } else { DispatchQueue.concurrentPerform(iterations: parts, execute: fill) }
            return done.allSatisfy { $0 } ? size : nil
        }
    }

    /// Asks for 2 MiB pages where the room holds whole ones: on a virtual machine every 4 KiB page
    /// first touched costs microseconds, and a 12 MiB script would touch three thousand of them.
    private static func adviseHugePages(_ start: UnsafeMutablePointer<UInt8>, _ count: Int) {
        let huge = 2 << 20
        let first = (Int(bitPattern: start) + huge - 1) / huge * huge, last = (Int(bitPattern: start) + count) / huge * huge
        guard last > first else { return }
        madvise(UnsafeMutableRawPointer(bitPattern: first), last - first, Int32(MADV_HUGEPAGE))
    }
}
