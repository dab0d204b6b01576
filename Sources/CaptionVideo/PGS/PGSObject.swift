/// An object definition: a run-length-coded bitmap carried by one or more ODS segments (0x15). The
/// first ODS carries the flag 0x80, the data length (3 bytes, counting the 4 bytes of width and height
/// that follow it) and the size; the last carries 0x40; one that is both carries 0xC0. An object is
/// split when its data would overflow a segment's 65535-byte payload.
public struct PGSObject: Sendable, Equatable {
    public static let firstInSequence: UInt8 = 0x80
    public static let lastInSequence: UInt8 = 0x40

    public var id: UInt16
    public var version: UInt8
    public var bitmap: PGSIndexedBitmap

    public init(id: UInt16, version: UInt8 = 0, bitmap: PGSIndexedBitmap) {
        self.id = id; self.version = version; self.bitmap = bitmap
    }

    /// The payloads of the ODS segments carrying this object, in order.
    public var payloads: [[UInt8]] {
        let data = PGSRunLength.encode(bitmap)
        precondition(data.count + 4 <= 0xFF_FFFF, "a PGS object's data length is a 24-bit field")
        var payloads: [[UInt8]] = []
        var offset = 0
        repeat {
            var bytes: [UInt8] = []
            bytes.appendBigEndian(UInt32(id), bytes: 2)
            bytes.append(version)
            let first = offset == 0
            let room = PGSSegment.maximumPayload - (first ? 11 : 4)
            let end = min(data.count, offset + room)
            bytes.append((first ? Self.firstInSequence : 0) | (end == data.count ? Self.lastInSequence : 0))
            if first {
                bytes.appendBigEndian(UInt32(data.count + 4), bytes: 3)
                bytes.appendBigEndian(UInt32(bitmap.width), bytes: 2)
                bytes.appendBigEndian(UInt32(bitmap.height), bytes: 2)
            }
            bytes += data[offset..<end]
            payloads.append(bytes)
            offset = end
        } while offset < data.count
        return payloads
    }
}
