/// A presentation composition segment (PCS, 0x16): the video size, the composition number and state,
/// the palette to use (and whether this display set only updates that palette), and where each object
/// is placed in which window. No objects means "clear the screen".
import CaptionRender

public struct PGSComposition: Sendable, Equatable {
    public struct Placement: Sendable, Equatable {
        public var objectID: UInt16
        public var windowID: UInt8
        public var x: Int
        public var y: Int
        /// A part of the object to show instead of all of it (x, y, width, height inside the object).
        public var crop: PixelRect?

        public init(objectID: UInt16, windowID: UInt8, x: Int, y: Int, crop: PixelRect? = nil) {
            self.objectID = objectID; self.windowID = windowID; self.x = x; self.y = y; self.crop = crop
        }
    }

    public var width: Int
    public var height: Int
    /// The frame-rate code: players ignore it, and every disc authoring tool writes 0x10.
    public var frameRateCode: UInt8 = 0x10
    public var number: UInt16
    public var state: PGSCompositionState
    /// True when the display set changes only the palette (the objects stay as decoded).
    public var paletteUpdateOnly: Bool
    public var paletteID: UInt8
    public var placements: [Placement]

    public init(width: Int, height: Int, number: UInt16, state: PGSCompositionState, paletteUpdateOnly: Bool = false,
                paletteID: UInt8 = 0, placements: [Placement]) {
        self.width = width; self.height = height; self.number = number; self.state = state
        self.paletteUpdateOnly = paletteUpdateOnly; self.paletteID = paletteID; self.placements = placements
    }

    public var payload: [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendBigEndian(UInt32(width), bytes: 2)
        bytes.appendBigEndian(UInt32(height), bytes: 2)
        bytes.append(frameRateCode)
        bytes.appendBigEndian(UInt32(number), bytes: 2)
        bytes.append(state.rawValue)
        bytes.append(paletteUpdateOnly ? 0x80 : 0x00)
        bytes.append(paletteID)
        bytes.append(UInt8(placements.count))
        for p in placements {
            bytes.appendBigEndian(UInt32(p.objectID), bytes: 2)
            bytes.append(p.windowID)
            bytes.append(p.crop == nil ? 0x00 : 0x40)
            bytes.appendBigEndian(UInt32(p.x), bytes: 2)
            bytes.appendBigEndian(UInt32(p.y), bytes: 2)
            if let c = p.crop {
                for v in [c.x, c.y, c.width, c.height] { bytes.appendBigEndian(UInt32(v), bytes: 2) }
            }
        }
        return bytes
    }
}
