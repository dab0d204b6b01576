import CaptionRender

/// One window of a window definition segment (WDS, 0x17): the rectangle of the graphics plane a
/// composition may draw into (the decoder clears and copies whole windows, so they are kept tight).
public struct PGSWindow: Sendable, Equatable {
    public var id: UInt8
    public var rect: PixelRect

    public init(id: UInt8, rect: PixelRect) { self.id = id; self.rect = rect }

    /// A WDS payload holding `windows` (the format allows at most two).
    public static func payload(_ windows: [PGSWindow]) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(windows.count)]
        for w in windows {
            bytes.append(w.id)
            for v in [w.rect.x, w.rect.y, w.rect.width, w.rect.height] { bytes.appendBigEndian(UInt32(v), bytes: 2) }
        }
        return bytes
    }
}
