/// One of the four CEA-608 caption channels: CC1 and CC2 travel in field 1, CC3 and CC4 in field 2.
/// Within a field, control codes name their data channel by bit 3 of the first byte (0x14 for data
/// channel 1, 0x1C for data channel 2), so CC2 and CC4 use the 0x18-0x1F first bytes.
public enum CEA608Channel: Int, Sendable, CaseIterable, CustomStringConvertible {
    case cc1 = 1, cc2, cc3, cc4

    /// The line-21 field that carries the channel (1 or 2).
    public var field: Int { rawValue <= 2 ? 1 : 2 }
    /// The data channel within the field (1 or 2).
    public var dataChannel: Int { rawValue % 2 == 1 ? 1 : 2 }
    /// Bit 3 of a control code's first byte for this channel (0x00 or 0x08).
    public var controlBit: UInt8 { dataChannel == 1 ? 0x00 : 0x08 }

    public var description: String { "CC\(rawValue)" }

    /// `CC1`...`CC4` (any case), or nil.
    public init?(name: String) {
        let upper = name.uppercased()
        guard upper.count == 3, upper.hasPrefix("CC"), let n = Int(upper.dropFirst(2)), let channel = CEA608Channel(rawValue: n) else { return nil }
        self = channel
    }
}

/// How a CEA-608 writer shows captions (CTA-608-E section 4): pop-on builds each caption off screen and
/// swaps it in whole at its start (EOC); roll-up writes rows at the bottom that scroll up; paint-on
/// writes characters straight onto the screen as they arrive.
public enum CEA608Mode: String, Sendable, CaseIterable {
    case popOn = "pop-on", rollUp = "roll-up", paintOn = "paint-on"
}
