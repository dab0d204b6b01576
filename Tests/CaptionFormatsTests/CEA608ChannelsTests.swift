import CaptionFormats
import CaptionExpectations
import Testing

/// Which CEA-608 channels caption bytes address, by value: A/53 `cc_data` triplets and QuickTime
/// `c608` atoms, with the bytes as they travel (bit 7 is the odd-parity bit: 0x14 is sent as 0x94).
@Suite struct CEA608ChannelsTests {
    /// `cc_data` constructs: marker bits, cc_valid (0x04) and cc_type (0 field 1, 1 field 2, 2-3 DTVCC).
    static let field1: UInt8 = 0xFC, field2: UInt8 = 0xFD, notValid: UInt8 = 0xF8, dtvccData: UInt8 = 0xFE, dtvccStart: UInt8 = 0xFF

    static func channels(ccData bytes: [UInt8]) -> [String] {
        var found = CEA608Channels()
        found.add(ccData: bytes)
        return found.names
    }

    /// The byte with its parity bit set so that it has an odd number of ones.
    static func odd(_ byte: UInt8) -> UInt8 { byte.nonzeroBitCount % 2 == 1 ? byte : byte | 0x80 }

    @Test func theParityBitsOfTheControlCodesUsedHere() {
        // Written out, so the tests below send the bytes a caption encoder sends.
        expectTrue(Self.odd(0x14) == 0x94 && Self.odd(0x2C) == 0x2C && Self.odd(0x1C) == 0x1C && Self.odd(0x15) == 0x15
                && Self.odd(0x1D) == 0x9D && Self.odd(0x20) == 0x20 && Self.odd(0x01) == 0x01 && Self.odd(0x03) == 0x83)
    }

    @Test func eachControlCodeNamesItsChannel() {
        // EDM (erase displayed memory, 0x14 0x2C / 0x1C 0x2C) and RCL (0x14 0x20) in each field.
        expectEqual(Self.channels(ccData: [Self.field1, 0x94, 0x2C]), ["CC1"])
        expectEqual(Self.channels(ccData: [Self.field1, 0x94, 0x20]), ["CC1"])
        expectEqual(Self.channels(ccData: [Self.field1, 0x1C, 0x2C]), ["CC2"])
        expectEqual(Self.channels(ccData: [Self.field2, 0x94, 0x2C]), ["CC3"])
        // 0x15: the same commands on field 2's second set (0x15 0x2C is EDM too).
        expectEqual(Self.channels(ccData: [Self.field2, 0x15, 0x2C]), ["CC3"])
        expectEqual(Self.channels(ccData: [Self.field2, 0x9D, 0x2C]), ["CC4"])
        // A PAC (row 15, 0x14 0x70 sent as 0x94 0x70) and a mid-row code (0x11 0x2E, italics, sent 0x91 0xAE).
        expectEqual(Self.channels(ccData: [Self.field1, 0x94, 0x70]), ["CC1"])
        expectEqual(Self.channels(ccData: [Self.field1, 0x91, 0xAE]), ["CC1"])
        expectEqual(Self.channels(ccData: [Self.field1, 0x19, 0xAE]), ["CC2"])
    }

    @Test func channelsAreListedOnceInOrder() {
        let bytes: [UInt8] = [Self.field2, 0x9D, 0x2C, Self.field1, 0x1C, 0x2C, Self.field1, 0x94, 0x2C, Self.field1, 0x94, 0x2C]
        expectEqual(Self.channels(ccData: bytes), ["CC1", "CC2", "CC4"])
    }

    @Test func paddingTextAndXDSNameNoChannel() {
        expectEqual(Self.channels(ccData: [Self.field1, 0x80, 0x80, Self.field2, 0x80, 0x80]), [])
        // "He" with parity bits: text belongs to the last channel named, and names none itself.
        expectEqual(Self.channels(ccData: [Self.field1, 0xC8, 0xE5]), [])
        // XDS (field 2, first byte 0x01-0x0F): programme information, not a caption channel.
        expectEqual(Self.channels(ccData: [Self.field2, 0x01, 0x83, Self.field2, 0x8F, 0x80]), [])
        expectEqual(Self.channels(ccData: []), [])
    }

    @Test func invalidTripletsAreIgnored() {
        // cc_valid clear; DTVCC (CEA-708) constructs; a trailing incomplete triplet.
        expectEqual(Self.channels(ccData: [Self.notValid, 0x94, 0x2C]), [])
        expectEqual(Self.channels(ccData: [0xF9, 0x1C, 0x2C]), [])
        expectEqual(Self.channels(ccData: [Self.dtvccStart, 0x94, 0x2C, Self.dtvccData, 0x1C, 0x2C]), [])
        expectEqual(Self.channels(ccData: [Self.field1, 0x94]), [])
        // A valid one after invalid ones still counts.
        expectEqual(Self.channels(ccData: [Self.notValid, 0x1C, 0x2C, Self.field2, 0x9D, 0x2C]), ["CC4"])
    }

    /// A control code whose first byte arrives with even parity was damaged on the way: it names no
    /// channel (CEA-608 has decoders ignore such a pair; ffmpeg's decoder drops it too). Without the
    /// check, 0x14 (even) would count as channel 1.
    @Test func aControlCodeWithAParityErrorNamesNoChannel() {
        expectEqual(Self.channels(ccData: [Self.field1, 0x14, 0x2C]), [])
        expectEqual(Self.channels(ccData: [Self.field1, 0x9C, 0x2C]), [])
        expectEqual(Self.channels(ccData: [Self.field2, 0x1D, 0x2C]), [])
        // Bad parity only in the second byte: the first still names the channel.
        expectEqual(Self.channels(ccData: [Self.field1, 0x94, 0xAC]), ["CC1"])
    }

    /// QuickTime `c608` samples: `cdat` atoms carry field 1 pairs, `cdt2` atoms field 2 pairs.
    @Test func quickTimeAtoms() {
        func atom(_ type: String, _ pairs: [UInt8]) -> [UInt8] {
            let size = 8 + pairs.count
            return [0, 0, UInt8(size >> 8), UInt8(size & 0xFF)] + Array(type.utf8) + pairs
        }
        var found = CEA608Channels()
        found.add(quickTimeSample: atom("cdat", [0x80, 0x80, 0x94, 0x2C]))
        expectEqual(found.names, ["CC1"])
        found.add(quickTimeSample: atom("cdt2", [0x9D, 0x2C]))
        expectEqual(found.names, ["CC1", "CC4"])

        var both = CEA608Channels()
        both.add(eia608Packet: atom("cdat", [0x1C, 0x2C]) + atom("cdt2", [0x94, 0x20]))
        expectEqual(both.names, ["CC2", "CC3"])

        // Another atom type, a size past the end, a size under a header: nothing read, nothing crashes.
        var other = CEA608Channels()
        other.add(quickTimeSample: atom("free", [0x94, 0x2C]))
        other.add(quickTimeSample: Array(atom("cdat", [0x94, 0x2C, 0x1C, 0x2C]).dropLast(2)))
        other.add(quickTimeSample: [0, 0, 0, 4] + Array("cdat".utf8) + [0x94, 0x2C])
        expectEqual(other.names, [])

        // Not atoms: the bytes are cc_data triplets (the SCC and MCC demuxers' packets).
        var triplets = CEA608Channels()
        triplets.add(eia608Packet: [Self.field1, 0x94, 0x2C, Self.field2, 0x15, 0x2C])
        expectEqual(triplets.names, ["CC1", "CC3"])
    }
}
