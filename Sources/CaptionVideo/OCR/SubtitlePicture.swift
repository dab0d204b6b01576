/// One picture of a bitmap subtitle as its decoder gave it: where it sits on the subtitle plane, and its
/// pixels as straight (not premultiplied) RGBA. PGS, VobSub and DVB decoders all give palette pictures;
/// they are expanded here so that what comes after needs no palette.
struct SubtitlePicture: Sendable, Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    /// `width * height * 4` bytes, row by row.
    var rgba: [UInt8]

    /// A palette picture: one byte per pixel indexing `palette` (libavcodec's 0xAARRGGBB words).
    init(x: Int, y: Int, width: Int, height: Int, indices: UnsafePointer<UInt8>, stride: Int, palette: UnsafePointer<UInt32>, colors: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            for column in 0..<width {
                let index = Int(indices[row * stride + column])
                guard index < colors else { continue }
                let argb = palette[index]
                let p = (row * width + column) * 4
                rgba[p] = UInt8(truncatingIfNeeded: argb >> 16)
                rgba[p + 1] = UInt8(truncatingIfNeeded: argb >> 8)
                rgba[p + 2] = UInt8(truncatingIfNeeded: argb)
                rgba[p + 3] = UInt8(truncatingIfNeeded: argb >> 24)
            }
        }
        self.rgba = rgba
    }

    init(x: Int, y: Int, width: Int, height: Int, rgba: [UInt8]) {
        self.x = x; self.y = y; self.width = width; self.height = height; self.rgba = rgba
    }
}
