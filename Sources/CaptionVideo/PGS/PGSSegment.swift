/// One HDMV presentation-graphics segment as it sits in a `.sup` file: the "PG" magic, PTS and DTS
/// on the 90 kHz clock (32 bits each, big-endian), the type byte, the payload length (16 bits) and the
/// payload. A `.sup` is these segments back to back; a display set runs from a PCS to its END.
public struct PGSSegment: Sendable, Equatable {
    public enum Kind: UInt8, Sendable {
        case palette = 0x14       // PDS
        case object = 0x15        // ODS
        case composition = 0x16   // PCS
        case window = 0x17        // WDS
        case end = 0x80           // END
    }

    /// The payload of one segment cannot exceed its 16-bit length field.
    public static let maximumPayload = 0xFFFF
    public static let headerSize = 13

    public var kind: Kind
    /// Presentation and decoding times in 90 kHz ticks (the field is 32 bits: 13.25 hours).
    public var pts: UInt32
    public var dts: UInt32
    public var payload: [UInt8]

    public init(_ kind: Kind, pts: UInt32, dts: UInt32, payload: [UInt8]) {
        precondition(payload.count <= Self.maximumPayload, "a PGS segment payload is at most 65535 bytes")
        self.kind = kind; self.pts = pts; self.dts = dts; self.payload = payload
    }

    public func append(to bytes: inout [UInt8]) {
        bytes += [0x50, 0x47]
        bytes.appendBigEndian(pts, bytes: 4)
        bytes.appendBigEndian(dts, bytes: 4)
        bytes.append(kind.rawValue)
        bytes.appendBigEndian(UInt32(payload.count), bytes: 2)
        bytes += payload
    }

    /// A `.sup` file's bytes: the segments one after another, each with its header.
    public static func file(_ segments: [PGSSegment]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segments.reduce(0) { $0 + headerSize + $1.payload.count })
        for segment in segments { segment.append(to: &bytes) }
        return bytes
    }

    /// Milliseconds to 90 kHz ticks (exact: 90 ticks per millisecond).
    public static func ticks(milliseconds: Int) -> UInt32 {
        UInt32(clamping: max(0, milliseconds) * 90)
    }
}

extension [UInt8] {
    /// The low `bytes` bytes of `value`, most significant first (every PGS field is big-endian).
    mutating func appendBigEndian(_ value: UInt32, bytes: Int) {
        for shift in stride(from: (bytes - 1) * 8, through: 0, by: -8) { append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }
}
