/// One CEA-608 byte pair read as what it tells a decoder (CTA-608-E section 6), and how each command
/// is written: the one vocabulary of the decoder and the encoder.
///
/// Codes are given for data channel 1 of field 1; `pair(channel:)` sets bit 3 of the first byte for
/// data channel 2 (0x14 -> 0x1C) and moves the miscellaneous codes of field 2 to 0x15/0x1D, as
/// CTA-608-E asks (decoders accept 0x14 there too).
public enum CEA608Command: Sendable, Hashable {
    /// One or two standard characters (second nil for a pair whose second byte is 0x00 padding).
    case characters(UInt8, UInt8?)
    /// A special character (0x11 0x30-0x3F): the second byte.
    case special(UInt8)
    /// An extended character (0x12/0x13 0x20-0x3F), which replaces the character before it.
    case extended(first: UInt8, second: UInt8)
    /// Preamble address code: the row (1-15), then either an indent (column, a multiple of 4) in
    /// white or a colour/italics attribute at column 0, and underline.
    case preamble(row: Int, indent: Int, attribute: Attribute, underline: Bool)
    /// Mid-row code (0x11 0x20-0x2F): a new attribute from here on; it takes a column as a space does.
    case midRow(attribute: Attribute, underline: Bool)
    /// Tab offset 1-3 (0x17 0x21-0x23): moves the cursor right.
    case tabOffset(Int)
    case misc(Misc)
    /// Background attributes (0x10 0x20-0x2F, 0x17 0x2D-0x2F), which this toolkit does not draw.
    case background
    /// Padding (0x00 0x00 once parity is removed), XDS (field 2, 0x01-0x0F) or an unassigned code.
    case ignored

    /// Foreground attributes of PACs and mid-row codes.
    public enum Attribute: Int, Sendable, Hashable {
        case white, green, blue, cyan, red, yellow, magenta, italics
    }

    /// Miscellaneous control codes (second byte 0x20-0x2F after 0x14/0x1C or 0x15/0x1D).
    public enum Misc: UInt8, Sendable, Hashable, CaseIterable {
        /// Resume caption loading: pop-on mode, characters go to the off-screen memory.
        case rcl = 0x20
        /// Backspace.
        case bs = 0x21
        case aof = 0x22, aon = 0x23
        /// Delete to end of row.
        case der = 0x24
        /// Roll-up with 2, 3 or 4 rows.
        case ru2 = 0x25, ru3 = 0x26, ru4 = 0x27
        /// Flash on.
        case fon = 0x28
        /// Resume direct captioning: paint-on mode.
        case rdc = 0x29
        /// Text restart, resume text display (text mode, not captions).
        case tr = 0x2A, rtd = 0x2B
        /// Erase displayed memory: the screen clears.
        case edm = 0x2C
        /// Carriage return: roll-up rows move up one.
        case cr = 0x2D
        /// Erase non-displayed memory.
        case enm = 0x2E
        /// End of caption: swap the off-screen memory onto the screen.
        case eoc = 0x2F
    }

    /// First bytes (channel 1) of the preamble address codes for rows 1-15, and whether the row uses
    /// the second bytes 0x60-0x7F (else 0x40-0x5F).
    static let rowCodes: [(first: UInt8, high: Bool)] = [
        (0x11, false), (0x11, true), (0x12, false), (0x12, true), (0x15, false), (0x15, true), (0x16, false), (0x16, true),
        (0x17, false), (0x17, true), (0x10, false), (0x13, false), (0x13, true), (0x14, false), (0x14, true),
    ]

    /// Reads a pair, parity bits removed (`first & 0x7F`). Returns the command and, for control
    /// codes, the data channel (1 or 2) it addresses; characters address the channel last named.
    public static func decode(_ first: UInt8, _ second: UInt8) -> (command: CEA608Command, dataChannel: Int?) {
        let a = first & 0x7F, b = second & 0x7F
        if a >= 0x20 { return (.characters(a, b >= 0x20 ? b : nil), nil) }
        guard (0x10...0x1F).contains(a) else { return (.ignored, nil) }
        let dataChannel = a & 0x08 == 0 ? 1 : 2
        let base = a & 0xF7 // channel 1's first byte
        if b >= 0x40 {
            let high = b >= 0x60
            guard let index = rowCodes.firstIndex(where: { $0.first == base && $0.high == high }) else { return (.ignored, dataChannel) }
            let low = b & 0x1F
            if low < 0x10 {
                let attribute = Attribute(rawValue: Int(low >> 1))!
                return (.preamble(row: index + 1, indent: 0, attribute: attribute, underline: low & 1 == 1), dataChannel)
            }
            return (.preamble(row: index + 1, indent: Int((low & 0x0E) >> 1) * 4, attribute: .white, underline: low & 1 == 1), dataChannel)
        }
        guard b >= 0x20 else { return (.ignored, dataChannel) }
        switch base {
        case 0x11 where b < 0x30:
            return (.midRow(attribute: Attribute(rawValue: Int((b & 0x0F) >> 1))!, underline: b & 1 == 1), dataChannel)
        case 0x11:
            return (.special(b), dataChannel)
        case 0x12, 0x13:
            return (.extended(first: base, second: b), dataChannel)
        case 0x14, 0x15:
            guard b < 0x30, let misc = Misc(rawValue: b) else { return (.ignored, dataChannel) }
            return (.misc(misc), dataChannel)
        case 0x17 where (0x21...0x23).contains(b):
            return (.tabOffset(Int(b - 0x20)), dataChannel)
        case 0x17 where b >= 0x2D, 0x10 where b < 0x30:
            return (.background, dataChannel)
        default:
            return (.ignored, dataChannel)
        }
    }

    /// The pair that sends this command on `channel`, parity bits set; nil for `.ignored` and
    /// `.background`, which an encoder never sends.
    public func pair(channel: CEA608Channel) -> (UInt8, UInt8)? {
        let bit = channel.controlBit
        func control(_ a: UInt8, _ b: UInt8) -> (UInt8, UInt8) {
            (CEA608Characters.withOddParity(a | bit), CEA608Characters.withOddParity(b))
        }
        switch self {
        case .characters(let a, let b):
            return (CEA608Characters.withOddParity(a), CEA608Characters.withOddParity(b ?? 0x00))
        case .special(let b):
            return control(0x11, b)
        case .extended(let first, let second):
            return control(first, second)
        case .preamble(let row, let indent, let attribute, let underline):
            guard (1...15).contains(row) else { return nil }
            let code = Self.rowCodes[row - 1]
            // An indent is always white; column 0 carries the attribute instead.
            let low: UInt8 = indent > 0 ? 0x10 | UInt8(min(indent, 28) / 4) << 1 : UInt8(attribute.rawValue) << 1
            return control(code.first, (code.high ? 0x60 : 0x40) | low | (underline ? 1 : 0))
        case .midRow(let attribute, let underline):
            return control(0x11, 0x20 | UInt8(attribute.rawValue) << 1 | (underline ? 1 : 0))
        case .tabOffset(let n):
            guard (1...3).contains(n) else { return nil }
            return control(0x17, 0x20 + UInt8(n))
        case .misc(let misc):
            return control(channel.field == 2 ? 0x15 : 0x14, misc.rawValue)
        case .background, .ignored:
            return nil
        }
    }
}
