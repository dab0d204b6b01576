import CaptionModel

/// A palette definition (PDS, 0x14): up to 256 entries of Y, Cr, Cb and alpha, in that order on disc.
/// The writer keeps index 0 as the transparent entry (runs of colour 0 have the shortest codes) and
/// the caption's colours at 1...255.
public struct PGSPalette: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var index: UInt8
        public var y: UInt8
        public var cr: UInt8
        public var cb: UInt8
        public var alpha: UInt8

        public init(index: UInt8, y: UInt8, cr: UInt8, cb: UInt8, alpha: UInt8) {
            self.index = index; self.y = y; self.cr = cr; self.cb = cb; self.alpha = alpha
        }
    }

    public var id: UInt8
    public var version: UInt8
    public var entries: [Entry]

    public init(id: UInt8 = 0, version: UInt8 = 0, entries: [Entry]) {
        self.id = id; self.version = version; self.entries = entries
    }

    /// The transparent entry at index 0: black at alpha 0 (decoders blend straight alpha, so its colour never shows).
    public static let transparent = Entry(index: 0, y: 16, cr: 128, cb: 128, alpha: 0)

    /// The entry for a straight-alpha sRGB colour, in limited range through `matrix` (BT.709 for HD,
    /// BT.601 for SD: `PGSPalette.matrix(videoHeight:)`). The colour must be straight, not premultiplied:
    /// a PGS decoder blends the entry's colour by its alpha, so a premultiplied colour would be darkened twice.
    public static func entry(index: UInt8, _ color: RGBAColor, matrix: ColorMatrix) -> Entry {
        let c = matrix.yuv(color.red, color.green, color.blue)
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
        return Entry(index: index, y: byte(c.y), cr: byte(c.v), cb: byte(c.u), alpha: color.alpha)
    }

    /// The matrix players convert a PGS palette with: BT.709 above 576 lines (HD), BT.601 at and below
    /// (SD, as ffmpeg's pgssubdec decides from the PCS's video height), limited range. For HDR video the
    /// caller passes the video's own `ColorMatrix` (BT.2020 with its transfer), which places SDR white
    /// at reference white as the burn does.
    public static func matrix(videoHeight: Int) -> ColorMatrix {
        ColorMatrix(standard: videoHeight > 576 ? .bt709 : .bt601, fullRange: false)
    }

    public var payload: [UInt8] {
        var bytes: [UInt8] = [id, version]
        for e in entries { bytes += [e.index, e.y, e.cr, e.cb, e.alpha] }
        return bytes
    }
}
