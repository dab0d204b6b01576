/// Which CEA-608 caption channels (CC1...CC4) a stream of caption bytes addresses. Field 1 carries
/// CC1 and CC2, field 2 CC3 and CC4; within a field, every control code (a first byte 0x10-0x1F after
/// the parity bit is dropped) names its data channel by bit 3 (0x14 is channel 1, 0x1C channel 2).
/// Text bytes belong to the channel the last control code named, so the control codes alone tell
/// which channels are present. Padding (0x80 0x80) and XDS (field 2, first byte 0x01-0x0F) name none;
/// nor does a control code whose first byte fails its odd parity (damaged on the way: decoders ignore
/// the pair, as CEA-608 asks and ffmpeg's decoder does), so a bit error cannot invent a channel.
public struct CEA608Channels: Sendable {
    public private(set) var present: Set<Int> = []

    public init() {}

    /// The channels found, in order: `["CC1", "CC3"]`.
    public var names: [String] { present.sorted().map { "CC\($0)" } }

    /// One byte pair of `field` (1 or 2), parity bits included.
    public mutating func add(field: Int, _ first: UInt8, _ second: UInt8) {
        let a = first & 0x7F, b = second & 0x7F
        // A control code is a pair 0x10-0x1F, 0x20-0x7F; anything else is text, padding or XDS.
        guard (0x10...0x1F).contains(a), (0x20...0x7F).contains(b), first.nonzeroBitCount % 2 == 1 else { return }
        let channel = (a & 0x08 == 0 ? 1 : 2) + (field == 2 ? 2 : 0)
        present.insert(channel)
    }

    /// ATSC A/53 `cc_data`: three bytes per construct, `marker/valid/type` then the pair. Types 0
    /// and 1 are 608 fields 1 and 2; 2 and 3 are CEA-708 (DTVCC) packets, not 608 channels.
    public mutating func add(ccData bytes: some Collection<UInt8>) {
        Self.forEachPair(ccData: bytes) { field, _, first, second in add(field: field, first, second) }
    }

    /// Every valid 608 pair of A/53 `cc_data`: its field, its place among that field's pairs in these
    /// bytes (0, 1, ...), and the two bytes.
    public static func forEachPair(ccData bytes: some Collection<UInt8>, _ body: (_ field: Int, _ index: Int, UInt8, UInt8) -> Void) {
        var counts = [0, 0]
        var iterator = bytes.makeIterator()
        while let header = iterator.next(), let first = iterator.next(), let second = iterator.next() {
            guard header & 0x04 != 0, header & 0x03 < 2 else { continue } // cc_valid, and a 608 field
            let field = Int(header & 0x03) + 1
            body(field, counts[field - 1], first, second)
            counts[field - 1] += 1
        }
    }

    /// Every pair of an `eia_608` packet, as `forEachPair(quickTimeSample:)` or `forEachPair(ccData:)`.
    public static func forEachPair(eia608Packet bytes: [UInt8], _ body: (_ field: Int, _ index: Int, UInt8, UInt8) -> Void) {
        if isQuickTimeSample(bytes) { forEachPair(quickTimeSample: bytes, body) } else { forEachPair(ccData: bytes, body) }
    }

    /// A QuickTime `c608` sample: atoms `cdat` (field 1 pairs) and `cdt2` (field 2 pairs), each a
    /// 32-bit big-endian size (header included) and a four-letter type.
    public mutating func add(quickTimeSample bytes: [UInt8]) {
        Self.forEachPair(quickTimeSample: bytes) { field, _, first, second in add(field: field, first, second) }
    }

    /// Every byte pair of a QuickTime `c608` sample: its field (1 for `cdat`, 2 for `cdt2`), its
    /// place among that atom's pairs (0, 1, ...), and the two bytes. A damaged atom ends the sample.
    public static func forEachPair(quickTimeSample bytes: [UInt8], _ body: (_ field: Int, _ index: Int, UInt8, UInt8) -> Void) {
        var offset = 0
        while offset + 8 <= bytes.count {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard size >= 8, offset + size <= bytes.count else { return }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let field = type == "cdat" ? 1 : type == "cdt2" ? 2 : 0
            if field != 0 {
                var i = offset + 8, k = 0
                while i + 1 < offset + size { body(field, k, bytes[i], bytes[i + 1]); i += 2; k += 1 }
            }
            offset += size
        }
    }

    /// Whether an `eia_608` packet is a QuickTime sample (atoms) rather than A/53 `cc_data` triplets
    /// (what the SCC and MCC demuxers give).
    static func isQuickTimeSample(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 8 && ["cdat", "cdt2"].contains(String(decoding: bytes[4..<8], as: UTF8.self))
    }

    /// Caption bytes as a demuxer gives them for an `eia_608` stream: QuickTime atoms when the
    /// sample starts with one, else A/53 `cc_data` triplets (the SCC and MCC demuxers).
    public mutating func add(eia608Packet bytes: [UInt8]) {
        Self.forEachPair(eia608Packet: bytes) { field, _, first, second in add(field: field, first, second) }
    }
}
