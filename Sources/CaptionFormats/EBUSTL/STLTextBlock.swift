/// A TTI block: 128 bytes, one subtitle or one part of one (Tech 3264 section 3). Binary fields;
/// the subtitle number is little-endian.
struct STLTextBlock: Sendable, Hashable {
    static let size = 128
    static let textFieldSize = 112
    /// EBN of a subtitle's last (or only) block; 0x00-0xEF number the blocks before it, 0xF0-0xFD are
    /// reserved and 0xFE holds user data.
    static let lastExtension: UInt8 = 0xFF
    /// The byte that fills a text field after its text.
    static let unusedSpace: UInt8 = 0x8F

    /// Subtitle group number.
    var group: UInt8 = 0
    /// Subtitle number: the blocks of one subtitle share it.
    var number: UInt16 = 0
    /// Extension block number.
    var extensionNumber: UInt8 = lastExtension
    /// Cumulative status: 0 not part of a cumulative set, 1 its first subtitle, 2 one in between, 3 its last.
    var cumulativeStatus: UInt8 = 0
    var timeIn = STLTimecode(hours: 0, minutes: 0, seconds: 0, frames: 0)
    var timeOut = STLTimecode(hours: 0, minutes: 0, seconds: 0, frames: 0)
    /// Vertical position: the teletext row (1-23) of the first row of text.
    var verticalPosition: UInt8 = 0
    /// Justification code: 0 unchanged, 1 left, 2 centred, 3 right.
    var justification: UInt8 = 2
    /// Comment flag: 1 for a comment block, which is not for display.
    var comment: UInt8 = 0
    /// The text field, with its trailing 0x8F fill.
    var text: [UInt8] = []

    init() {}

    /// The block at the start of `bytes` (which must hold at least `size` bytes).
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        group = bytes[0]
        number = UInt16(bytes[1]) | UInt16(bytes[2]) << 8
        extensionNumber = bytes[3]
        cumulativeStatus = bytes[4]
        timeIn = STLTimecode(hours: bytes[5], minutes: bytes[6], seconds: bytes[7], frames: bytes[8])
        timeOut = STLTimecode(hours: bytes[9], minutes: bytes[10], seconds: bytes[11], frames: bytes[12])
        verticalPosition = bytes[13]
        justification = bytes[14]
        comment = bytes[15]
        text = Array(bytes[16..<Self.size])
    }

    var isUserData: Bool { extensionNumber >= 0xF0 && extensionNumber < Self.lastExtension }
    var isLast: Bool { extensionNumber == Self.lastExtension }

    /// The text field without the 0x8F fill at either end (ttconv trims both ends before joining a
    /// subtitle's blocks; fill inside the text ends it).
    var trimmedText: ArraySlice<UInt8> {
        var slice = text[...]
        while slice.first == Self.unusedSpace { slice = slice.dropFirst() }
        while slice.last == Self.unusedSpace { slice = slice.dropLast() }
        return slice
    }

    /// The 128 bytes, the text field filled with 0x8F after `text` (at most 112 bytes of it).
    var bytes: [UInt8] {
        var out: [UInt8] = [group, UInt8(number & 0xFF), UInt8(number >> 8), extensionNumber, cumulativeStatus,
                            timeIn.hours, timeIn.minutes, timeIn.seconds, timeIn.frames,
                            timeOut.hours, timeOut.minutes, timeOut.seconds, timeOut.frames,
                            verticalPosition, justification, comment]
        out += text.prefix(Self.textFieldSize)
        out += [UInt8](repeating: Self.unusedSpace, count: Self.size - out.count)
        return out
    }
}
