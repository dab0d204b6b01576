/// Splits UTF-8 bytes into lines at LF, CRLF or a bare CR, without copying.
/// Line numbers are 1-based, as diagnostics print them.
struct LineScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position = 0
    private(set) var lineNumber = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { position >= bytes.count }

    /// The next line's byte range (terminator excluded), or nil at the end of input.
    mutating func next() -> Range<Int>? {
        guard position < bytes.count else { return nil }
        let start = position
        var i = start
        let count = bytes.count
        while i < count {
            let b = bytes[i]
            if b == 0x0A || b == 0x0D { break }
            i += 1
        }
        let end = i
        if i < count {
            if bytes[i] == 0x0D && i + 1 < count && bytes[i + 1] == 0x0A { i += 2 } else { i += 1 }
        }
        position = i
        lineNumber += 1
        return start..<end
    }

    /// The next line without consuming it.
    func peek() -> Range<Int>? {
        var copy = self
        return copy.next()
    }
}

extension UnsafeBufferPointer<UInt8> {
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: self[range]), as: UTF8.self)
    }

    /// True when every byte in the range is a space or tab (or the range is empty).
    func isBlank(_ range: Range<Int>) -> Bool {
        for i in range where self[i] != 0x20 && self[i] != 0x09 { return false }
        return true
    }

    func hasPrefix(_ prefix: StaticString, in range: Range<Int>) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard range.count >= count else { return false }
        return prefix.withUTF8Buffer { p in
            for k in 0..<count where self[range.lowerBound + k] != p[k] { return false }
            return true
        }
    }
}
